import { bigint } from 'drizzle-orm/pg-core';

/**
 * An amount of money in paise that can pass ₹2.147 crore (int4's limit in paise): an order's
 * totals, and what is paid, refunded or invoiced for it. A number's own price is capped below
 * that (MAX_PRICE_RUPEES) and stays an integer column; sums of prices with GST are not capped.
 * Read as a JavaScript number: exact up to ₹90 lakh crore.
 */
export const paise = (name: string) => bigint(name, { mode: 'number' });
