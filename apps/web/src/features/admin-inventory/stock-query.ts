import type { BulkPriceChange } from './stock-types';

/**
 * The inventory's filters, sort and page live in the page's URL (shareable, and Back works):
 * the storefront's filters plus status, as the API's query parameters take them.
 */
export const FILTER_KEYS = [
  'q',
  'match',
  'status',
  'category',
  'offer',
  'mustContain',
  'notContain',
  'mask',
  'sum',
  'mid',
  'total',
  'minPrice',
  'maxPrice',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The filters in force (only the keys with a value), as the API takes them. */
export type StockFilter = BulkPriceChange['filter'];

const SORTS = [
  'newest',
  'oldest',
  'number_asc',
  'number_desc',
  'price_asc',
  'price_desc',
  'category_asc',
  'category_desc',
  'status_asc',
  'status_desc',
] as const;
export type StockSort = (typeof SORTS)[number];

export const PAGE_SIZE = 50;

export interface StockQuery {
  filter: StockFilter;
  sort: StockSort;
  page: number;
}

export function stockQueryFrom(search: URLSearchParams): StockQuery {
  const filter: StockFilter = {};
  for (const key of FILTER_KEYS) {
    const value = search.get(key)?.trim();
    // Checked by the API, which answers 400 with the reason for a value it does not take.
    if (value) filter[key] = value as never;
  }
  const sort = search.get('sort');
  const page = Number(search.get('page'));
  return {
    filter,
    sort: SORTS.includes(sort as StockSort) ? (sort as StockSort) : 'newest',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The query as URL search parameters (defaults left out). */
export function searchOf({ filter, sort, page }: StockQuery): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filter[key];
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  if (sort !== 'newest') search.set('sort', sort);
  if (page > 1) search.set('page', String(page));
  return search;
}
