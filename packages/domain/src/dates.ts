let indiaDateTime: Intl.DateTimeFormat | undefined;

/**
 * A moment as people in India read it, `22 Nov 2026, 2:35 pm IST` (order e-mails and pages).
 * Its formatter, like indiaDay's, is made on first use: making one with a time zone costs tens
 * of milliseconds on a phone, and every storefront page loads this module.
 */
export function formatIndiaDateTime(moment: Date | string): string {
  indiaDateTime ??= new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  });
  return `${indiaDateTime.format(typeof moment === 'string' ? new Date(moment) : moment)} IST`;
}

let indiaDate: Intl.DateTimeFormat | undefined;

/** The calendar day in India, `2026-11-22` (the formatter is made on first use). */
export function indiaDay(moment: Date = new Date()): string {
  indiaDate ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return indiaDate.format(moment);
}

/** `day` (YYYY-MM-DD) plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The moment a calendar day (YYYY-MM-DD) begins in India: its midnight, UTC+5:30 all year. */
export const indiaDayStart = (day: string): Date => new Date(`${day}T00:00:00+05:30`);
