import { createLocalStore } from '../../lib/local-store';
import { emptyGuestCart, GUEST_CART_KEY, parseGuestCart, type GuestCart } from './guest-cart';

/** The guest cart in local storage, shared by every tab (lib/local-store.ts). */
const store = createLocalStore<GuestCart>({
  key: GUEST_CART_KEY,
  empty: emptyGuestCart,
  parse: parseGuestCart,
  serialize: (cart) =>
    cart.productIds.length === 0
      ? null
      : JSON.stringify({ items: [...cart.items, ...cart.idOnly] }),
});

export const readGuestCart = store.read;
export const writeGuestCart = store.write;

/** The guest cart; empty while prerendering and hydrating. */
export const useGuestCart = store.useValue;
