import { useState, type ReactNode } from 'react';
import { CartActionsContext, type CartActions } from '../src/features/cart';

/**
 * Test helper: cart actions with a cart behind them. Add to cart resolves to `adds`; when it
 * adds, the number is in the cart a moment after the call has resolved, as with the signed-in
 * cart (its query tells the page after the add's answer).
 */
export function CartWithActions({
  adds = true,
  children,
}: {
  adds?: boolean;
  children: ReactNode;
}) {
  const [ids, setIds] = useState<readonly number[]>([]);
  const actions: CartActions = {
    addToCart: async (product) => {
      if (adds) setTimeout(() => setIds((now) => [...now, product.id]));
      return adds;
    },
    addPack: () => Promise.resolve(false),
    isInCart: (id) => ids.includes(id),
    buyNow: () => {},
  };
  return <CartActionsContext.Provider value={actions}>{children}</CartActionsContext.Provider>;
}
