import { useSyncExternalStore } from 'react';

/**
 * A guest's favourites in local storage (id and digits of each number), shared by every tab;
 * merged into the account at sign-in. A browser that refuses storage keeps them for the visit.
 */

export interface GuestFavourite {
  id: number;
  number: string;
}

export const GUEST_FAVOURITES_KEY = 'vip-favourites';
const none: GuestFavourite[] = [];
const listeners = new Set<() => void>();
let memory: string | null = null;
let cached: { raw: string | null; list: GuestFavourite[] } = { raw: null, list: none };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

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

export function readGuestFavourites(): GuestFavourite[] {
  let raw: string | null;
  try {
    raw = storage()?.getItem(GUEST_FAVOURITES_KEY) ?? memory;
  } catch {
    raw = memory;
  }
  if (raw !== cached.raw) cached = { raw, list: parse(raw) };
  return cached.list;
}

export function writeGuestFavourites(list: GuestFavourite[]) {
  memory = list.length === 0 ? null : JSON.stringify(list);
  try {
    if (memory === null) storage()?.removeItem(GUEST_FAVOURITES_KEY);
    else storage()?.setItem(GUEST_FAVOURITES_KEY, memory);
  } catch {
    // Storage refused: the in-memory copy keeps them for this visit.
  }
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === GUEST_FAVOURITES_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The guest's favourites; none while prerendering and hydrating. */
export function useGuestFavourites(): GuestFavourite[] {
  return useSyncExternalStore(subscribe, readGuestFavourites, () => none);
}
