import { findCategory, type CategorySlug } from './categories';
import { formatInr } from './money';

/** Where the digits `q` must appear in a number. */
export const digitMatches = ['anywhere', 'start', 'end'] as const;
export type DigitMatch = (typeof digitMatches)[number];

/** The orders of a listing, as a buyer is offered them. */
export const numberSorts = ['newest', 'price_asc', 'price_desc'] as const;
export type NumberSort = (typeof numberSorts)[number];

/**
 * The listing filters of `GET /api/v1/numbers`, by the query's names and ranges. Absent means no
 * filter. Prices are whole rupees, as in the query.
 */
export interface SearchFilters {
  category?: CategorySlug;
  /** Numbers on offer only. */
  offer?: boolean;
  /** 1 to 10 digits, found where `match` says. */
  q?: string;
  /** Where `q` must appear; only with `q`. */
  match?: DigitMatch;
  /** Single digits (sorted, unique) that must all appear. */
  mustContain?: string[];
  /** Single digits (sorted, unique) that must not appear. */
  notContain?: string[];
  /** 10 places, each a digit or `?`, at least one digit. */
  mask?: string;
  /** Plain digit sum, 1..90. */
  sum?: number;
  /** Digit sum of the sum, 1..18. */
  mid?: number;
  /** 1..9 the root, 10..90 the plain sum. */
  total?: number;
  /** Whole rupees, 0..MAX_PRICE, not above maxPrice. */
  minPrice?: number;
  maxPrice?: number;
  sort?: NumberSort;
}

/** A filter a buyer sees as one chip; `match` goes with `q`. */
export type FilterKey = Exclude<keyof SearchFilters, 'match'>;

/** The query's highest price. */
export const MAX_PRICE = 1_000_000_000;

export const numerologyRanges = {
  sum: { min: 1, max: 90 },
  mid: { min: 1, max: 18 },
  total: { min: 1, max: 90 },
} as const;

export const sortLabels: Record<NumberSort, string> = {
  newest: 'Newest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};

const digitPlaceLabels = { anywhere: 'Contains', start: 'Starts with', end: 'Ends with' } as const;

export const digitsLabel = (digits: string, where: DigitMatch) =>
  `${digitPlaceLabels[where]} ${digits}`;

type Labellers = { [K in FilterKey]: (value: NonNullable<SearchFilters[K]>) => string };

/** Chip labels, worded as the listing's own chips. */
export const filterLabels: Labellers = {
  category: (slug) => findCategory(slug)?.name ?? slug,
  offer: () => 'On offer',
  q: (digits) => digitsLabel(digits, 'anywhere'),
  mustContain: (digits) => `Must contain ${digits.join(', ')}`,
  notContain: (digits) => `Without ${digits.join(', ')}`,
  mask: (mask) => `Pattern ${mask}`,
  sum: (value) => `Sum ${value}`,
  mid: (value) => `Mid ${value}`,
  total: (value) => `Total ${value}`,
  minPrice: (rupees) => `From ${formatInr(rupees)}`,
  maxPrice: (rupees) => `Up to ${formatInr(rupees)}`,
  sort: (value) => sortLabels[value],
};

/** Every filter a chip can show, in the order chips are shown. */
export const filterKeys = [
  'category',
  'offer',
  'q',
  'mustContain',
  'notContain',
  'mask',
  'sum',
  'mid',
  'total',
  'minPrice',
  'maxPrice',
  'sort',
] as const satisfies readonly FilterKey[];

function labelOf<K extends FilterKey>(filters: SearchFilters, key: K): string | undefined {
  const value = filters[key];
  if (value === undefined) return undefined;
  if (key === 'q') return digitsLabel(value as string, filters.match ?? 'anywhere');
  return filterLabels[key](value as NonNullable<SearchFilters[K]>);
}

/** One chip label per filter set, in the order of the query. */
export function describeFilters(filters: SearchFilters): { filter: FilterKey; label: string }[] {
  return filterKeys.flatMap((key) => {
    const label = labelOf(filters, key);
    return label === undefined ? [] : [{ filter: key, label }];
  });
}

/**
 * The filters as query parameters of `GET /api/v1/numbers` and of the listing pages' addresses
 * (digit lists comma-separated, `match` only with `q`).
 */
export function searchFiltersToQuery(filters: SearchFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of filterKeys) {
    const value = filters[key];
    if (value === undefined) continue;
    query[key] = Array.isArray(value) ? value.join(',') : String(value);
    if (key === 'q') query.match = filters.match ?? 'anywhere';
  }
  return query;
}
