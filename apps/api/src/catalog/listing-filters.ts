import { isCategorySlug, toPaise, type SearchFilters } from '@store/domain';
import type { NumberListQuery } from './catalog-schemas';
import type { NumberFilters } from './listing-store';

/** The filter fields a listing query carries (the storefront's, and the console's with more). */
type FilterQuery = Omit<NumberListQuery, 'text' | 'sort' | 'page' | 'pageSize' | 'status'>;

/** The filters a query gives as parameters of their own: absent ones left out, `all` as absent. */
export function explicitFilters(query: FilterQuery): SearchFilters {
  const filters: SearchFilters = {
    category:
      query.category && query.category !== 'all' && isCategorySlug(query.category)
        ? query.category
        : undefined,
    offer: query.offer || undefined,
    q: query.q,
    match: query.q ? query.match : undefined,
    mustContain: query.mustContain,
    notContain: query.notContain,
    mask: query.mask,
    sum: query.sum,
    mid: query.mid,
    total: query.total,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
  };
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined),
  ) as SearchFilters;
}

/** Filters normalised for the queries: prices in paise, the sort left to the caller. */
export function toNumberFilters({ sort: _sort, ...filters }: SearchFilters): NumberFilters {
  return {
    ...filters,
    minPrice: filters.minPrice === undefined ? undefined : toPaise(filters.minPrice),
    maxPrice: filters.maxPrice === undefined ? undefined : toPaise(filters.maxPrice),
  };
}
