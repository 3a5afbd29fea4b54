import { createContext, useContext } from 'react';
import type { NumberItem } from './numbers-api';

/**
 * The cart slot for shared UI. A number card adds to the cart through this context without
 * importing the cart feature; root.tsx wires the cart feature in:
 * `<CartActionsProvider value={{ addToCart, isInCart }}>`.
 *
 * The default does nothing (and says no number is in the cart), so cards render and their
 * button is safe to press before the cart is wired, in tests and while prerendering.
 */

/** What the cart needs of a product: spec §3, id and pricing.nwFinalPrice (a NumberItem fits). */
export type CartProduct = NumberItem;

export interface CartActions {
  /**
   * Adds the product and tells the user (toasts of spec §8). May return a promise; the card
   * shows a busy button until it settles. It should not reject: failures are shown as toasts.
   */
  addToCart(product: CartProduct): Promise<void> | void;
  /** Whether the product with this id is already in the cart. */
  isInCart(id: CartProduct['id']): boolean;
}

export const noCartActions: CartActions = {
  addToCart: () => {},
  isInCart: () => false,
};

export const CartActionsContext = createContext<CartActions>(noCartActions);
CartActionsContext.displayName = 'CartActionsContext';

export const CartActionsProvider = CartActionsContext.Provider;

export function useCartActions(): CartActions {
  return useContext(CartActionsContext);
}
