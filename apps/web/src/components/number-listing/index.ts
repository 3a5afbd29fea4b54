export { NumberListing, type NumberListingProps } from './number-listing';
export { useListingParams, withFilter, type ListingLocation } from './use-listing-params';
export { activeFilters, type ActiveFilter } from './active-filters';
export { budgets } from './advanced-filters';
export { pageWindow } from './pagination';
export { sortLabels } from './sort-select';
export { matchLabels } from './listing-filters';
