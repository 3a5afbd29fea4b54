/** The number catalogue as other features see it: the listing, the cards and the search. */
export { useNumbers } from './api/get-numbers';
export { listingAddress, searchFromListingParams } from './listing-params';
export { HighlightedNumber, NumberCard, NumberCardSkeleton } from './number-card';
export { PhraseSearch } from './phrase-search';
export { NumberListing } from './number-listing/number-listing';
export { Pagination } from './number-listing/pagination';
export { listingPageContext, servedListing, type ListingPageData } from './listing-page-context';
