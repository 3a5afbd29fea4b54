import { useSyncExternalStore } from 'react';
import { emptyGuestCart, GUEST_CART_KEY, parseGuestCart, type GuestCart } from './guest-cart';

/**
 * The guest cart in local storage as an external store: every tab sees the same cart (the
 * `storage` event), and a browser that refuses storage still keeps the cart for the visit.
 */

const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedCart: GuestCart = emptyGuestCart;
/** Used when storage cannot be read or written (private modes, full quota). */
let memoryRaw: string | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readRaw(): string | null {
  try {
    return storage()?.getItem(GUEST_CART_KEY) ?? memoryRaw;
  } catch {
    return memoryRaw;
  }
}

export function readGuestCart(): GuestCart {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedCart = parseGuestCart(raw);
  }
  return cachedCart;
}

export function writeGuestCart(cart: GuestCart) {
  const raw = cart.items.length === 0 ? null : JSON.stringify({ items: cart.items });
  memoryRaw = raw;
  try {
    if (raw === null) storage()?.removeItem(GUEST_CART_KEY);
    else storage()?.setItem(GUEST_CART_KEY, raw);
  } catch {
    // Storage refused: the in-memory copy keeps the cart for this visit.
  }
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === GUEST_CART_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The guest cart; empty while prerendering and hydrating. */
export function useGuestCart(): GuestCart {
  return useSyncExternalStore(subscribe, readGuestCart, () => emptyGuestCart);
}
