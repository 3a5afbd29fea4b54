/** What other console areas use: making the inventory (and storefront listings) read again. */
export { invalidateStock } from './api/stock-keys';
