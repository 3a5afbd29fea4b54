import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ToastApi } from '../../components/toast';
import type { AuthUser } from '../auth';
import { setServerCart } from './api/get-cart';
import { useSyncCart } from './api/sync-cart';
import { CART_MESSAGES } from './cart-messages';
import { recalculate, toSyncPayload, type GuestCart } from './guest-cart';
import { readGuestCart, writeGuestCart } from './guest-cart-store';

function listNumbers(numbers: readonly string[]): string {
  return numbers.length <= 3
    ? numbers.join(', ')
    : `${numbers.slice(0, 3).join(', ')} and ${numbers.length - 3} more`;
}

/**
 * Spec §4: at sign-in a non-empty guest cart is synced, then emptied. This also picks up a guest
 * cart filled while the session was still being confirmed. Gone numbers are named in a warning.
 * A failed sync leaves the guest cart as it was and is tried again when the phone comes back
 * online or the tab back into view, or on `retry` (`failed` meanwhile, for the cart to say so).
 */
export function useGuestCartSync(user: AuthUser | null, guest: GuestCart, toast: ToastApi) {
  const queryClient = useQueryClient();
  const { mutateAsync: syncCart } = useSyncCart();
  const syncTried = useRef<string | null>(null);
  const [failed, setFailed] = useState(false);
  /** Counts the tries asked for after a failure: each one runs the sync again. */
  const [tries, setTries] = useState(0);
  const retry = useCallback(() => {
    setFailed(false);
    setTries((count) => count + 1);
  }, []);

  useEffect(() => {
    if (!failed) return;
    const again = () => {
      if (document.visibilityState === 'visible') retry();
    };
    window.addEventListener('online', again);
    window.addEventListener('focus', again);
    return () => {
      window.removeEventListener('online', again);
      window.removeEventListener('focus', again);
    };
  }, [failed, retry]);

  useEffect(() => {
    if (!user || guest.productIds.length === 0 || syncTried.current === user.id) return;
    syncTried.current = user.id;
    const synced = new Set(guest.productIds);
    syncCart(toSyncPayload(guest)).then(
      ({ cart }) => {
        // Only what was sent leaves the guest cart: a number added meanwhile syncs next.
        const now = readGuestCart();
        const left = now.items.filter((item) => !synced.has(item.product.id));
        const leftIdOnly = now.idOnly.filter((item) => !synced.has(item.product));
        writeGuestCart(recalculate(left, leftIdOnly));
        if (left.length + leftIdOnly.length > 0) syncTried.current = null;
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
        syncTried.current = null;
        setFailed(true);
        toast.error(CART_MESSAGES.syncFailed);
      },
    );
  }, [user, guest, syncCart, queryClient, toast, tries]);

  useEffect(() => {
    if (!user) syncTried.current = null;
  }, [user]);

  return { failed: failed && user !== null && guest.productIds.length > 0, retry };
}
