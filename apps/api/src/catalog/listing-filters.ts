import { isCategorySlug, toPaise } from '@store/domain';
import type { NumberListQuery } from './catalog-schemas';
import type { NumberFilters } from './listing-store';

/** The filter fields a listing query carries (the storefront's, and the console's with more). */
type FilterQuery = Omit<NumberListQuery, 'sort' | 'page' | 'pageSize'>;

/** A listing query's filters, normalised for the queries (prices in paise, `all` as absent). */
export function toNumberFilters(query: FilterQuery): NumberFilters {
  return {
    category:
      query.category && query.category !== 'all' && isCategorySlug(query.category)
        ? query.category
        : undefined,
    offer: query.offer || undefined,
    q: query.q,
    match: query.match,
    mustContain: query.mustContain,
    notContain: query.notContain,
    mask: query.mask,
    sum: query.sum,
    mid: query.mid,
    total: query.total,
    minPrice: query.minPrice === undefined ? undefined : toPaise(query.minPrice),
    maxPrice: query.maxPrice === undefined ? undefined : toPaise(query.maxPrice),
  };
}
