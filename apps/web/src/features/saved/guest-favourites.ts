import { createLocalStore } from '../../lib/local-store';

/**
 * A guest's favourites in local storage (id and digits of each number), shared by every tab;
 * merged into the account at sign-in.
 */

interface GuestFavourite {
  id: number;
  number: string;
}

export const GUEST_FAVOURITES_KEY = 'vip-favourites';

const none: GuestFavourite[] = [];

/** Only well-formed entries: storage is anyone's to edit. */
function parse(raw: string | null): GuestFavourite[] {
  try {
    const list: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(list)) return none;
    return list.filter(
      (item): item is GuestFavourite =>
        Number.isSafeInteger(item?.id) && /^\d{10}$/.test(String(item?.number)),
    );
  } catch {
    return none;
  }
}

const store = createLocalStore<GuestFavourite[]>({
  key: GUEST_FAVOURITES_KEY,
  empty: none,
  parse,
  serialize: (list) => (list.length === 0 ? null : JSON.stringify(list)),
});

export const readGuestFavourites = store.read;
export const writeGuestFavourites = store.write;

/** The guest's favourites; none while prerendering and hydrating. */
export const useGuestFavourites = store.useValue;
