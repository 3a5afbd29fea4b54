import { useEffect, useRef } from 'react';
import type { ToastApi } from '../../components/toast';
import { isApiError } from '../../lib/api-client';
import { useAddToCart } from './api/add-to-cart';
import { CART_MESSAGES } from './cart-messages';
import { completeGuestItem, removeFromGuestCart, type GuestCart } from './guest-cart';
import { readGuestCart, writeGuestCart } from './guest-cart-store';

/**
 * Spec §3 lets a cart item's product be only an id; spec §7: guests fetch a number's product
 * with POST /cart/add/{id}. Each id-only item of a guest's cart is completed that way once,
 * which also validates it: a new price is adopted (and told), a number gone (404, 409) leaves
 * the cart with the validation's warning. A failed call is tried again at the cart's next change.
 * Only while `guest` is known to be a guest: signed in, the same call would add to the account.
 */
export function useCompleteGuestCart(isGuest: boolean, guest: GuestCart, toast: ToastApi) {
  const { mutateAsync: fetchProduct } = useAddToCart();
  const asked = useRef(new Set<number>());

  useEffect(() => {
    if (!isGuest) return;
    for (const { id, product: productId } of guest.idOnly) {
      if (asked.current.has(productId)) continue;
      asked.current.add(productId);
      fetchProduct(productId).then(
        ({ product }) => {
          const { cart, repriced } = completeGuestItem(readGuestCart(), product);
          writeGuestCart(cart);
          if (repriced) toast.info(CART_MESSAGES.pricesChanged);
        },
        (error: unknown) => {
          const gone = isApiError(error) && (error.status === 404 || error.status === 409);
          if (!gone) {
            asked.current.delete(productId);
            return;
          }
          const cart = readGuestCart();
          if (cart.productIds.includes(productId)) writeGuestCart(removeFromGuestCart(cart, id));
          toast.warning(CART_MESSAGES.unavailable);
        },
      );
    }
  }, [isGuest, guest.idOnly, fetchProduct, toast]);
}
