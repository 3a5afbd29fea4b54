import {
  categoryFromQuery,
  digitMatches,
  MAX_PHRASE_LENGTH,
  MAX_PRICE,
  numberSorts,
  normalizeMobile,
  numerologyRanges,
  type DigitMatch,
  type NumberSort,
  type SearchFilters,
} from '@store/domain';

/**
 * The listing parameters as they appear in a page address. The page address uses the same
 * parameter names as the API (`/premium-numbers?category=mirror-numbers&q=786&match=end&page=2`),
 * so a search can be shared, bookmarked and walked with Back.
 */

export const DEFAULT_MATCH: DigitMatch = 'anywhere';
export const DEFAULT_SORT: NumberSort = 'newest';
/** The API's default page size (divides into rows of 2, 3 and 4 cards). */
const DEFAULT_PAGE_SIZE = 24;
const MAX_PAGE_SIZE = 100;

/**
 * Listing filters (the domain's SearchFilters), sort and page. Absent means the default: no
 * filter, newest first, page 1, DEFAULT_PAGE_SIZE. Every present value is valid
 * (listingParamsFromSearch drops the rest).
 */
export interface ListingParams extends SearchFilters {
  /** What the buyer typed in plain words (the API reads it; the other filters win over it). */
  text?: string;
  /** `coming_soon`: the numbers shown before they go on sale, with Notify me. */
  status?: 'coming_soon';
  /** From 1; absent: 1. */
  page?: number;
  /** 1..100; absent: DEFAULT_PAGE_SIZE. */
  pageSize?: number;
}

// ---------------------------------------------------------------------------------------------
// Parsing single values. Each returns undefined for an absent or invalid value.

/**
 * Digits typed by a person: spaces and hyphens are ignored; 1 to 10 digits. A whole mobile number
 * written with +91, 91 or 0 before it ("+91 90924 90924", "090924 90924") is its 10 digits, as
 * domain.md §6 normalises one (decision 0096).
 */
export function parseDigits(input: string | null | undefined): string | undefined {
  const digits = normalizeMobile(input ?? '') ?? (input ?? '').replace(/[\s-]+/g, '');
  return /^\d{1,10}$/.test(digits) ? digits : undefined;
}

/** Words typed in the search box: spaces tidied, at most MAX_PHRASE_LENGTH characters. */
export function parseText(input: string | null | undefined): string | undefined {
  const text = (input ?? '').trim().replace(/\s+/g, ' ').slice(0, MAX_PHRASE_LENGTH).trim();
  return text || undefined;
}

/** `2,4,8`, `248` or `2 4 8` -> ['2', '4', '8'] (unique, sorted); anything else undefined. */
export function parseDigitList(input: string | null | undefined): string[] | undefined {
  const compact = (input ?? '').replace(/[\s,]+/g, '');
  if (!/^\d{1,10}$/.test(compact)) return undefined;
  return [...new Set(compact)].sort();
}

/** A 10-place mask; `x`, `*` and `_` also mean any digit. All wildcards: no filter. */
export function parseMask(input: string | null | undefined): string | undefined {
  const mask = (input ?? '').trim().replace(/[xX*_]/g, '?');
  return /^[\d?]{10}$/.test(mask) && /\d/.test(mask) ? mask : undefined;
}

function parseInteger(
  input: string | null | undefined,
  min: number,
  max: number,
): number | undefined {
  const text = (input ?? '').trim();
  if (!/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= min && value <= max ? value : undefined;
}

/** Whole rupees, 0 to 1,000,000,000 (commas allowed: `15,000`). */
function parseRupees(input: string | null | undefined): number | undefined {
  return parseInteger((input ?? '').replace(/,/g, ''), 0, MAX_PRICE);
}

const numerologyKeys = ['sum', 'mid', 'total'] as const;

const isOneOf = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

// ---------------------------------------------------------------------------------------------
// The whole query string.

/** Listing parameters from a query string, dropping defaults and invalid values. */
export function listingParamsFromSearch(search: URLSearchParams): ListingParams {
  const params: ListingParams = {};

  const text = parseText(search.get('text'));
  if (text) params.text = text;

  const category = categoryFromQuery(search.get('category'));
  if (category) params.category = category.slug;

  const offer = search.get('offer');
  if (offer === 'true' || offer === '1') params.offer = true;
  if (search.get('status') === 'coming_soon') params.status = 'coming_soon';

  const q = parseDigits(search.get('q'));
  if (q) {
    params.q = q;
    const match = search.get('match');
    if (isOneOf(digitMatches, match) && match !== DEFAULT_MATCH) params.match = match;
  }

  const mustContain = parseDigitList(search.get('mustContain'));
  if (mustContain) params.mustContain = mustContain;
  const notContain = parseDigitList(search.get('notContain'));
  if (notContain) params.notContain = notContain;

  const mask = parseMask(search.get('mask'));
  if (mask) params.mask = mask;

  for (const key of numerologyKeys) {
    const { min, max } = numerologyRanges[key];
    const value = parseInteger(search.get(key), min, max);
    if (value !== undefined) params[key] = value;
  }

  const minPrice = parseRupees(search.get('minPrice'));
  const maxPrice = parseRupees(search.get('maxPrice'));
  // A reversed range is dropped whole: either bound alone would be a guess.
  if (minPrice === undefined || maxPrice === undefined || minPrice <= maxPrice) {
    if (minPrice !== undefined && minPrice > 0) params.minPrice = minPrice;
    if (maxPrice !== undefined) params.maxPrice = maxPrice;
  }

  const sort = search.get('sort');
  if (isOneOf(numberSorts, sort) && sort !== DEFAULT_SORT) params.sort = sort;

  const page = parseInteger(search.get('page'), 1, 100_000);
  if (page !== undefined && page > 1) params.page = page;

  const pageSize = parseInteger(search.get('pageSize'), 1, MAX_PAGE_SIZE);
  if (pageSize !== undefined && pageSize !== DEFAULT_PAGE_SIZE) params.pageSize = pageSize;

  return params;
}

/**
 * The query string for listing parameters, in a fixed order, without defaults:
 * `{ category: 'mirror-numbers', q: '786', match: 'end', page: 2 }` ->
 * `category=mirror-numbers&q=786&match=end&page=2`. Values are normalised the way
 * listingParamsFromSearch reads them, so `searchFromListingParams(listingParamsFromSearch(s))`
 * is the canonical form of `s`.
 */
export function searchFromListingParams(params: ListingParams): URLSearchParams {
  const search = new URLSearchParams();
  const set = (key: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') search.set(key, String(value));
  };

  set('text', parseText(params.text));
  set('category', categoryFromQuery(params.category)?.slug);
  const q = parseDigits(params.q);
  set('q', q);
  if (q && params.match && params.match !== DEFAULT_MATCH) set('match', params.match);
  set('mustContain', parseDigitList(params.mustContain?.join(','))?.join(','));
  set('notContain', parseDigitList(params.notContain?.join(','))?.join(','));
  set('mask', parseMask(params.mask));
  const inRange = (value: number | undefined, min: number, max: number) =>
    value !== undefined && Number.isInteger(value) && value >= min && value <= max
      ? value
      : undefined;
  for (const key of numerologyKeys) {
    const { min, max } = numerologyRanges[key];
    set(key, inRange(params[key], min, max));
  }
  const minPrice = inRange(params.minPrice, 1, MAX_PRICE);
  const maxPrice = inRange(params.maxPrice, 0, MAX_PRICE);
  if (minPrice === undefined || maxPrice === undefined || minPrice <= maxPrice) {
    set('minPrice', minPrice);
    set('maxPrice', maxPrice);
  }
  if (params.offer) set('offer', 'true');
  if (params.status === 'coming_soon') set('status', 'coming_soon');
  if (params.sort && params.sort !== DEFAULT_SORT) set('sort', params.sort);
  const page = inRange(params.page, 2, 100_000);
  set('page', page);
  const pageSize = inRange(params.pageSize, 1, MAX_PAGE_SIZE);
  if (pageSize !== DEFAULT_PAGE_SIZE) set('pageSize', pageSize);
  return search;
}

/** Whether any filter is set (sort, page and page size are not filters). */
export function hasListingFilters(params: ListingParams): boolean {
  const filters = { ...params, sort: undefined, page: undefined, pageSize: undefined };
  return searchFromListingParams(filters).toString() !== '';
}

/**
 * What a listing's address (its query) says in the page's metadata: its category; its page
 * number when that page is a page of its own (the listing's own order, no filter but the
 * category) and the title of that page (" - Page 2"); and, for a search in plain words, that it
 * is kept out of search results, its links followed.
 */
export function listingAddress(search: string) {
  const {
    category: slug,
    page,
    text,
    ...filters
  } = listingParamsFromSearch(new URLSearchParams(search));
  const ownPage = Object.keys(filters).length === 0 ? page : undefined;
  return {
    category: categoryFromQuery(slug),
    ownPage,
    pageTitle: (name: string) => (ownPage ? `${name} - Page ${ownPage}` : name),
    searched: text ? { noIndex: true, followLinks: true } : {},
  };
}
