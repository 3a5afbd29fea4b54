import type { ListingParams } from '../listing-params';

// What the listing shows of the "More filters" panel before the panel's code is loaded (it loads
// when first opened, advanced-filters.tsx): the budget bands the filter chips name, and the count
// on the panel's button.

/**
 * Budget bands (domain.md §3: most sales sit between ₹5,000 and ₹35,000), in whole rupees and
 * disjoint: each band starts one rupee above the end of the one before, so a price such as
 * ₹15,000 belongs to exactly one chip.
 */
export const budgets: readonly { label: string; minPrice?: number; maxPrice?: number }[] = [
  { label: 'Under ₹5,000', maxPrice: 4999 },
  { label: '₹5,000–15,000', minPrice: 5000, maxPrice: 15000 },
  { label: '₹15,001–35,000', minPrice: 15001, maxPrice: 35000 },
  { label: '₹35,001–1 lakh', minPrice: 35001, maxPrice: 100000 },
  { label: 'Above ₹1 lakh', minPrice: 100001 },
];

/** How many filters of the advanced panel are set (a price range counts once). */
export function advancedFilterCount(params: ListingParams): number {
  return [
    params.mustContain,
    params.notContain,
    params.mask,
    params.sum,
    params.mid,
    params.total,
    params.minPrice ?? params.maxPrice,
  ].filter((value) => value !== undefined).length;
}
