import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useHydrated } from '../../../lib/use-hydrated';
import {
  listingParamsFromSearch,
  searchFromListingParams,
  type ListingParams,
} from '../listing-params';

/**
 * `params` with `patch` applied. A filter change starts again at page 1 unless the patch sets
 * the page itself. Keys set to undefined in the patch are removed.
 */
export function withFilter(params: ListingParams, patch: Partial<ListingParams>): ListingParams {
  const next: ListingParams = { ...params, ...patch };
  if (!('page' in patch)) delete next.page;
  return next;
}

export interface ListingLocation {
  /** The listing parameters of the address; `{}` while prerendering and hydrating. */
  params: ListingParams;
  /**
   * False while prerendering and hydrating a page served without its numbers: the address is not
   * read yet, nothing is fetched. True from the start on a page served with them (`served`).
   */
  hydrated: boolean;
  /** The page was served with the numbers of this address (`served` names the same listing). */
  served: boolean;
  /** The current page's path with `params` as its query string. */
  hrefFor: (params: ListingParams) => string;
  /** Goes to `params` (a new history entry, so Back returns; nothing when unchanged). */
  setParams: (params: ListingParams, options?: { replace?: boolean }) => void;
  /** Applies a filter change (page back to 1): `update({ sort: 'price_asc' })`. */
  update: (patch: Partial<ListingParams>) => void;
}

/** The query of the listing the parameters of `search` name, written one way. */
const listingQuery = (search: string) =>
  searchFromListingParams(listingParamsFromSearch(new URLSearchParams(search))).toString();

/**
 * The listing's filters, sort and page, kept in the address's query string. The prerendered
 * HTML has no query string, so the address is read only after hydration; a page the server
 * rendered with its numbers for this address (`servedSearch`, the query it was rendered for:
 * decision 0044) reads it from the first render, as the server did.
 */
export function useListingParams(servedSearch?: string): ListingLocation {
  const [searchParams] = useSearchParams();
  // Prerendering renders `/premium-numbers/`; links use the path without the trailing slash.
  const pathname = useLocation().pathname.replace(/(.)\/+$/, '$1');
  const navigate = useNavigate();
  const address = searchParams.toString();
  const served = servedSearch !== undefined && listingQuery(servedSearch) === listingQuery(address);
  const hydrated = useHydrated() || served;

  const search = hydrated ? address : '';
  const params = useMemo(() => listingParamsFromSearch(new URLSearchParams(search)), [search]);
  const current = useMemo(() => searchFromListingParams(params).toString(), [params]);

  const hrefFor = useCallback(
    (next: ListingParams) => {
      const query = searchFromListingParams(next).toString();
      return query ? `${pathname}?${query}` : pathname;
    },
    [pathname],
  );

  const setParams = useCallback(
    (next: ListingParams, { replace = false }: { replace?: boolean } = {}) => {
      if (searchFromListingParams(next).toString() === current) return;
      void navigate(hrefFor(next), { replace, preventScrollReset: true });
    },
    [current, hrefFor, navigate],
  );

  const update = useCallback(
    (patch: Partial<ListingParams>) => setParams(withFilter(params, patch)),
    [params, setParams],
  );

  return { params, hydrated, served, hrefFor, setParams, update };
}
