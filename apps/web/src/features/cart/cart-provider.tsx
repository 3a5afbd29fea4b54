import { useEffect, useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { lazyPart, toastPartNotLoaded } from '../../components/lazy-part';
import { useToast } from '../../components/toast';
import { useAuth } from '../auth';
import { CART_QUERY_KEY, useServerCart } from './api/get-cart';
import { CartContext, type CartContextValue } from './cart-context';
import {
  CartActionsContext,
  CartCountContext,
  OpenOrderContext,
  type CartActions,
} from './cart-slots';
import { guestCartView, serverCartView } from './cart-view';
import { useGuestCart } from './guest-cart-store';
import { useCartChanges } from './use-cart-changes';
import { useCheckout } from './use-checkout';
import { useCompleteGuestCart } from './use-complete-guest-cart';
import { useGuestCartSync } from './use-guest-cart-sync';

/**
 * Buy now's billing step, loaded when first opened: public pages carry no forms or validation.
 * When it cannot be loaded the page stays, the toast says no response came, and the next tap
 * loads it again.
 */
const BuyNowDialog = lazyPart(
  () => import('./buy-now-dialog'),
  (module) => module.BuyNowDialog,
);

/**
 * The cart feature (spec §4 "Cart"): a guest cart in local storage, the server cart once signed
 * in, the sync between them at sign-in, validation and checkout. Mounted once in root.tsx; it
 * feeds the cart page (useCart), the number cards (useCartActions) and the header badge
 * (useCartCount).
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const { status: authStatus, user, address } = useAuth();
  const signedIn = authStatus === 'authenticated';
  const queryClient = useQueryClient();
  const toast = useToast();
  const guest = useGuestCart();
  const server = useServerCart(signedIn);

  // Forget the account's cart once signed out (the guest cart starts empty again).
  useEffect(() => {
    if (authStatus === 'unauthenticated') queryClient.removeQueries({ queryKey: CART_QUERY_KEY });
  }, [authStatus, queryClient]);

  const sync = useGuestCartSync(signedIn ? user : null, guest, toast);
  useCompleteGuestCart(authStatus === 'unauthenticated', guest, toast);
  const { addToCart, addPack, removeItem, clear, setTdsPercent } = useCartChanges(signedIn, toast);
  // Checkout asked for before sign-in goes on once the guest cart has reached the account's
  // (and the account's cart is known: with no guest cart to sync, it is read).
  const { steps, buyNow, buying, placeBuyNow, stopBuying } = useCheckout(
    signedIn,
    authStatus !== 'loading',
    toast,
    signedIn && guest.productIds.length === 0 && server.data !== undefined,
  );

  const value = useMemo<CartContextValue>(
    () => ({
      ...(signedIn ? serverCartView(server.data) : guestCartView(guest, authStatus === 'loading')),
      notSynced: signedIn && sync.failed ? guest.items.map((item) => item.product) : [],
      retrySync: sync.retry,
      removeItem,
      clear,
      setTdsPercent,
      ...steps,
    }),
    [
      signedIn,
      authStatus,
      server.data,
      guest,
      sync.failed,
      sync.retry,
      removeItem,
      clear,
      setTdsPercent,
      steps,
    ],
  );

  // The guest cart's numbers count as in the cart: signed in, those still on their way to the
  // account's; a guest's, those stored with only an id until their products arrive.
  const productIds = useMemo(
    () => new Set([...value.lines.map((line) => line.product.id), ...guest.productIds]),
    [value.lines, guest.productIds],
  );
  const actions = useMemo<CartActions>(
    () => ({ addToCart, addPack, isInCart: (id) => productIds.has(id), buyNow }),
    [addToCart, addPack, productIds, buyNow],
  );

  return (
    <CartContext.Provider value={value}>
      <CartActionsContext.Provider value={actions}>
        <CartCountContext.Provider value={productIds.size}>
          <OpenOrderContext.Provider value={value.openOrder}>
            {children}
            {buying && user ? (
              <BuyNowDialog
                product={buying}
                user={user}
                address={address}
                openOrder={value.openOrder}
                onClose={stopBuying}
                onSubmit={placeBuyNow}
                onLoadFailed={(again) => {
                  toastPartNotLoaded(toast, again);
                  stopBuying();
                }}
              />
            ) : null}
          </OpenOrderContext.Provider>
        </CartCountContext.Provider>
      </CartActionsContext.Provider>
    </CartContext.Provider>
  );
}
