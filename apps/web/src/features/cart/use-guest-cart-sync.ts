import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ToastApi } from '../../components/toast';
import type { AuthUser } from '../auth';
import { setServerCart } from './api/get-cart';
import { useSyncCart } from './api/sync-cart';
import { CART_MESSAGES } from './cart-messages';
import { recalculate, toPayload, type GuestCart } from './guest-cart';
import { readGuestCart, writeGuestCart } from './guest-cart-store';

function listNumbers(numbers: readonly string[]): string {
  return numbers.length <= 3
    ? numbers.join(', ')
    : `${numbers.slice(0, 3).join(', ')} and ${numbers.length - 3} more`;
}

/**
 * Spec §4: at sign-in a non-empty guest cart is synced, then emptied. This also picks up a guest
 * cart filled while the session was still being confirmed. Gone numbers are named in a warning.
 */
export function useGuestCartSync(user: AuthUser | null, guest: GuestCart, toast: ToastApi) {
  const queryClient = useQueryClient();
  const { mutateAsync: syncCart } = useSyncCart();
  const syncTried = useRef<string | null>(null);

  useEffect(() => {
    if (!user || guest.items.length === 0 || syncTried.current === user.id) return;
    syncTried.current = user.id;
    const synced = new Set(guest.productIds);
    syncCart(toPayload(guest)).then(
      ({ cart }) => {
        // Only what was sent leaves the guest cart: a number added meanwhile syncs next.
        const left = readGuestCart().items.filter((item) => !synced.has(item.product.id));
        writeGuestCart(recalculate(left));
        if (left.length > 0) syncTried.current = null;
        setServerCart(queryClient, cart);
        toast.success(CART_MESSAGES.synced);
        const gone = cart.dropped.filter((item) => item.reason !== 'cart_full');
        if (gone.length > 0) {
          // The server answers ids only: the digits come from the guest cart that was sent.
          const digits = new Map(guest.items.map((item) => [item.product.id, item.product.number]));
          const numbers = gone.map((item) => digits.get(item.productId) ?? `#${item.productId}`);
          toast.warning(
            `${gone.length === 1 ? 'This number is' : 'These numbers are'} no longer available and ${gone.length === 1 ? 'was' : 'were'} removed: ${listNumbers(numbers)}`,
            { duration: 8000 },
          );
        }
      },
      () => {
        toast.error(CART_MESSAGES.syncFailed);
      },
    );
  }, [user, guest, syncCart, queryClient, toast]);

  useEffect(() => {
    if (!user) syncTried.current = null;
  }, [user]);
}
