import { groupIndian, plural } from '@store/domain';

/**
 * Number and date formatting for Indian English without Intl: the first Intl formatter a page
 * creates loads the locale data and costs tens of milliseconds on a phone, in the middle of
 * hydration. These give the same text as `Intl.NumberFormat('en-IN')` and
 * `Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', ... })`.
 */

/** `1080` -> `1,080`, `1234567` -> `12,34,567` (Indian grouping). Whole numbers. */
export function formatCount(value: number): string {
  const sign = value < 0 ? '-' : '';
  return sign + groupIndian(String(Math.trunc(Math.abs(value))));
}

/** `1 number`, `1,080 numbers`: a count with its word. */
export function formatCountOf(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${plural(count, one, many)}`;
}

const longMonths = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
// As en-IN writes them ("Sept", not "Sep").
const shortMonths = longMonths.map((month) => (month === 'September' ? 'Sept' : month.slice(0, 3)));

/** India is five and a half hours ahead of UTC all year (no daylight saving time). */
const INDIA_OFFSET_MS = 330 * 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export interface IndianDateOptions {
  /** `long`: 4 March 2026 (default); `short`: 4 Mar 2026. */
  month?: 'long' | 'short';
  /** Adds the time in India: `22 Nov 2026, 2:35 pm IST`. */
  time?: boolean;
}

/**
 * The date (and time) in India of an ISO date or time: `2026-11-22T20:00:00Z` ->
 * `23 November 2026`. A bare date (`2026-03-04`) is that calendar day, whatever the time zone.
 * Anything unreadable is returned unchanged.
 */
export function formatIndianDate(iso: string, options: IndianDateOptions = {}): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  // Shifted by India's offset, the UTC fields of the date are the wall clock in India.
  const india = new Date(DATE_ONLY.test(iso) ? ms : ms + INDIA_OFFSET_MS);
  const months = options.month === 'short' ? shortMonths : longMonths;
  const date = `${india.getUTCDate()} ${months[india.getUTCMonth()]} ${india.getUTCFullYear()}`;
  if (!options.time) return date;
  const hours = india.getUTCHours();
  const minutes = String(india.getUTCMinutes()).padStart(2, '0');
  return `${date}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'am' : 'pm'} IST`;
}
