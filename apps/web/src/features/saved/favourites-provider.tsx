import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { displayMobile, listInWords } from '@store/domain';
import { useToast } from '../../components/toast';
import { isApiError } from '../../lib/api-client';
import { useAuth } from '../auth';
import {
  FAVOURITES_QUERY_KEY,
  mergeFavourites,
  setFavourite,
  useFavouritesQuery,
  type Favourite,
} from './api/favourites';
import { readGuestFavourites, useGuestFavourites, writeGuestFavourites } from './guest-favourites';

export interface FavouritesValue {
  /** False until the visitor's favourites are known (while prerendering, hydrating, loading). */
  ready: boolean;
  isFavourite: (id: number) => boolean;
  /** Adds or removes a number: in the account once signed in, in the browser for a guest. */
  toggle: (item: { id: number; number: string; display: string }) => Promise<void>;
}

const FavouritesContext = createContext<FavouritesValue>({
  ready: false,
  isFavourite: () => false,
  toggle: async () => {},
});

export const useFavourites = () => useContext(FavouritesContext);

/** Guest favourites the account did not keep: no longer for sale when the buyer signed in. */
const notKeptMessage = (displays: readonly string[]) =>
  `${listInWords(displays)} ${displays.length === 1 ? 'is' : 'are'} no longer for sale, so ${displays.length === 1 ? 'it was' : 'they were'} not kept in your account.`;

export const FAVOURITE_MESSAGES = {
  merged: 'The numbers you saved are now in your account.',
  failed: 'Your favourites could not be updated. Please try again.',
} as const;

/**
 * Favourites (the hearts on number cards): kept in the browser for a guest and merged into the
 * account at sign-in, as the guest cart is. Mounted once in root.tsx.
 */
export function FavouritesProvider({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const signedIn = status === 'authenticated';
  const queryClient = useQueryClient();
  const toast = useToast();
  const guest = useGuestFavourites();
  const server = useFavouritesQuery(signedIn);
  const merging = useRef<string | null>(null);

  useEffect(() => {
    if (!user || guest.length === 0 || merging.current === user.id) return;
    merging.current = user.id;
    const sent = new Set(guest.map((item) => item.id));
    mergeFavourites([...sent]).then(
      ({ items, skipped }) => {
        writeGuestFavourites(readGuestFavourites().filter((item) => !sent.has(item.id)));
        // The account's list, asked for at sign-in alongside the merge, may answer after it
        // with the list from before: it must not overwrite the merged one.
        void queryClient.cancelQueries({ queryKey: FAVOURITES_QUERY_KEY });
        queryClient.setQueryData<Favourite[]>(FAVOURITES_QUERY_KEY, items);
        if (skipped.length < sent.size) toast.success(FAVOURITE_MESSAGES.merged);
        // Named by the digits this browser kept: the store answers with ids only.
        const gone = guest.filter((item) => skipped.includes(item.id));
        if (gone.length > 0)
          toast.error(notKeptMessage(gone.map((item) => displayMobile(item.number))));
      },
      () => {
        merging.current = null;
      },
    );
  }, [user, guest, queryClient, toast]);

  const ids = useMemo(
    () => new Set(signedIn ? (server.data ?? []).map((item) => item.id) : guest.map((g) => g.id)),
    [signedIn, server.data, guest],
  );

  const toggle = useCallback<FavouritesValue['toggle']>(
    async (item) => {
      const on = !ids.has(item.id);
      if (!signedIn) {
        const rest = readGuestFavourites().filter((g) => g.id !== item.id);
        writeGuestFavourites(on ? [{ id: item.id, number: item.number }, ...rest] : rest);
        return;
      }
      try {
        // The first favourite starts the alert e-mails: say so now, with a one-tap way out
        // (loaded then: nothing of it in the page's first load).
        if (await setFavourite(item.id, on)) {
          void import('./alerts-notice').then((notice) =>
            notice.tellAlertsStarted(toast, queryClient),
          );
        }
      } catch (error) {
        toast.error(isApiError(error) ? error.message : FAVOURITE_MESSAGES.failed);
      }
      await queryClient.invalidateQueries({ queryKey: FAVOURITES_QUERY_KEY });
    },
    [ids, signedIn, queryClient, toast],
  );

  const value = useMemo<FavouritesValue>(
    () => ({
      ready: status === 'unauthenticated' || (signedIn && server.isSuccess),
      isFavourite: (id) => ids.has(id),
      toggle,
    }),
    [status, signedIn, server.isSuccess, ids, toggle],
  );
  return <FavouritesContext.Provider value={value}>{children}</FavouritesContext.Provider>;
}
