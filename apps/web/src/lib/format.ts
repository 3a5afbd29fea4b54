import { groupIndian } from '@store/domain';

/**
 * Number and date formatting for Indian English without Intl: the first Intl formatter a page
 * creates loads the locale data and costs tens of milliseconds on a phone, in the middle of
 * hydration. These give the same text as `Intl.NumberFormat('en-IN')` and
 * `toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' })`.
 */

/** `1080` -> `1,080`, `1234567` -> `12,34,567` (Indian grouping). Whole numbers. */
export function formatCount(value: number): string {
  const sign = value < 0 ? '-' : '';
  return sign + groupIndian(String(Math.trunc(Math.abs(value))));
}

const monthNames = [
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

/** `2026-03-04` -> `4 March 2026` (the calendar date as written, whatever the time zone). */
export function formatLongDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  const month = match ? monthNames[Number(match[2]) - 1] : undefined;
  if (!match || !month) return isoDate;
  return `${Number(match[3])} ${month} ${match[1]}`;
}
