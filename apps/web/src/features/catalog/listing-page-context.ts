import { createContext, type RouterContextProvider } from 'react-router';
import type { NumberPage } from './api/get-numbers';

/**
 * What the server hands a listing page (/premium-numbers, /offer-zone, a state's or a city's
 * page) when it renders it on request with its numbers (the API's plugins/listing-pages.ts,
 * through the entry.server export; decision 0044): the query it was rendered for
 * (`category=mirror-numbers&page=2`) and the first page of numbers, as GET /numbers answers it.
 */
export interface ListingPageData {
  search: string;
  page: NumberPage;
}

export const listingPageContext = createContext<ListingPageData | null>(null);

/**
 * A listing route's `loader`: the numbers the server rendered it with, or null (prerendered at
 * build time: the listing reads its address and its numbers in the browser).
 */
export function servedListing(context: Readonly<RouterContextProvider>): ListingPageData | null {
  return context.get(listingPageContext);
}
