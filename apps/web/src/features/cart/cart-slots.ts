import { createContext, useContext } from 'react';
import type { CartProduct } from './cart-types';

/**
 * What other features read of the cart, provided by CartProvider (root.tsx mounts it): the
 * number cards' Add to cart (useCartActions), the header badge (useCartCount) and the buyer's
 * order awaiting payment (useOpenOrder). Outside the
 * provider (a component's own tests) the defaults do nothing and count nothing.
 */

export interface CartActions {
  /**
   * Adds the product and tells the user (toasts of spec §8); resolves to whether it was added
   * (the button shows busy until then). It should not reject: failures are shown as toasts.
   */
  addToCart(product: CartProduct): Promise<boolean>;
  /**
   * A family pack, all or none (told in a toast, a gone number named); resolves to whether it
   * was added.
   */
  addPack(products: readonly CartProduct[]): Promise<boolean>;
  /** Whether the product with this id is already in the cart. */
  isInCart(id: CartProduct['id']): boolean;
  /**
   * Buy now: an order for this product alone, then its order page (a guest is asked to sign
   * in); the cart is left as it was. Failures are shown as toasts.
   */
  buyNow(product: CartProduct): Promise<void> | void;
}

const noCartActions: CartActions = {
  addToCart: () => Promise.resolve(false),
  addPack: () => Promise.resolve(false),
  isInCart: () => false,
  buyNow: () => {},
};

export const CartActionsContext = createContext<CartActions>(noCartActions);
CartActionsContext.displayName = 'CartActionsContext';

export function useCartActions(): CartActions {
  return useContext(CartActionsContext);
}

/** Number of items in the cart, for the header badge. */
export const CartCountContext = createContext<number>(0);
CartCountContext.displayName = 'CartCountContext';

export function useCartCount(): number {
  return useContext(CartCountContext);
}

/** The signed-in buyer's order awaiting payment, with the numbers it holds; null when none. */
export interface OpenOrderSlot {
  id: string;
  reference: string;
  productIds: readonly number[];
}

export const OpenOrderContext = createContext<OpenOrderSlot | null>(null);
OpenOrderContext.displayName = 'OpenOrderContext';

export function useOpenOrder(): OpenOrderSlot | null {
  return useContext(OpenOrderContext);
}
