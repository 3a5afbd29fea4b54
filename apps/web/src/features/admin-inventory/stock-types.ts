import type { ApiBody, ApiData } from '../../lib/api-types';

/** One page of the console's inventory, and a number in it. */
export type StockPage = ApiData<'/admin/numbers', 'get'>;
export type StockNumber = StockPage['numbers'][number];
export type StockStatus = StockNumber['status'];

/** The bodies of a new number, a new price, and a bulk price change. */
export type NewNumber = ApiBody<'/admin/numbers', 'post'>;
export type NewPrices = ApiBody<'/admin/numbers/{id}', 'patch'>;
export type BulkPriceChange = ApiBody<'/admin/numbers/bulk-price', 'post'>;
export type PriceChange = BulkPriceChange['change'];
export type BulkPricePreview = ApiData<'/admin/numbers/bulk-price/preview', 'post'>;

/** A number's status in words (the inventory's badge and its Status filter). */
export const stockStatusLabels: Record<StockStatus, string> = {
  available: 'Available',
  held: 'Held',
  sold: 'Sold',
  hidden: 'Hidden',
  coming_soon: 'Coming soon',
};
