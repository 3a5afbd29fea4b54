import { createContext, useContext } from 'react';

/**
 * Number of items in the cart, shown in the header badge. Defaults to 0; the cart feature
 * provides the real value with `<CartCountContext.Provider value={n}>` (or CartCountProvider).
 */
export const CartCountContext = createContext<number>(0);
CartCountContext.displayName = 'CartCountContext';

export const CartCountProvider = CartCountContext.Provider;

export function useCartCount(): number {
  return useContext(CartCountContext);
}
