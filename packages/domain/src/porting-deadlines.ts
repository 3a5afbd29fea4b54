import { addDays, indiaDayStart } from './dates';
import { plural } from './plural';
import type { PortingStatus } from './porting';
import { isSlowPortingState } from './telecom-circles';

/**
 * The porting promises domain.md §4 makes to buyers, and how one sold number breaks them
 * (decision 0107): its UPC not sent within 24 hours of payment, its UPC expired before porting
 * started, or porting taking longer than 5 working days (15 days in J&K, Assam and the
 * North-East). Working days are Monday to Saturday in India, as the operators' stores port;
 * public holidays are not counted apart.
 */
export const overdueReasons = ['upc_late', 'upc_expired', 'porting_slow'] as const;
export type OverdueReason = (typeof overdueReasons)[number];

export const overdueReasonLabels: Record<OverdueReason, string> = {
  upc_late: 'UPC not sent',
  upc_expired: 'UPC expired',
  porting_slow: 'Porting slow',
};

export const PORTING_PROMISES = {
  /** The UPC is sent within this many hours of payment. */
  upcWithinHours: 24,
  /** The SIM is active within this many working days (Monday to Saturday) of porting's start. */
  portingWorkingDays: 5,
  /** ... or this many calendar days in the slow circles (isSlowPortingState). */
  slowPortingDays: 15,
} as const;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** India is UTC+5:30 all year (no summer time), so a day is always 24 hours there. */
const INDIA_OFFSET = 5.5 * HOUR;

/** What the promises are measured from, for one number of a paid order. */
export interface PortingClock {
  status: PortingStatus;
  /** When its order was paid. */
  paidAt: Date | null;
  /** The UPC's last valid day (YYYY-MM-DD, India), with upc_sent. */
  upcExpiresOn: string | null;
  /** When porting last started (its latest "Porting in progress" step). */
  portingStartedAt: Date | null;
  /** The buyer's state (the billing address's), which says whether porting is slow there. */
  state: string | null;
}

export interface PortingOverdue {
  reason: OverdueReason;
  /** When the promise was broken: the deadline that passed. */
  since: Date;
  /** When its clock started: the payment, the UPC's expiry, porting's start. */
  from: Date;
  /** The promise in words: "within 24 h", "valid till 3 Dec 2026", "within 5 working days". */
  promise: string;
}

const isSunday = (moment: Date) => new Date(moment.getTime() + INDIA_OFFSET).getUTCDay() === 0;

/** `days` working days after `start`, at the same time of day: each Sunday in India skipped. */
export function afterWorkingDays(start: Date, days: number): Date {
  let due = start;
  for (let left = days; left > 0;) {
    due = new Date(due.getTime() + DAY);
    if (!isSunday(due)) left -= 1;
  }
  return due;
}

let dayFormat: Intl.DateTimeFormat | undefined;
/** A day (YYYY-MM-DD) as `3 Dec 2026`. */
const dayInWords = (day: string) => {
  dayFormat ??= new Intl.DateTimeFormat('en-IN', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
};

/** The deadline this number's step is held to, and from when (undefined: no promise runs). */
function deadline(clock: PortingClock): PortingOverdue | undefined {
  if (clock.status === 'awaiting_upc' && clock.paidAt) {
    const hours = PORTING_PROMISES.upcWithinHours;
    return {
      reason: 'upc_late',
      from: clock.paidAt,
      since: new Date(clock.paidAt.getTime() + hours * HOUR),
      promise: `within ${hours} h`,
    };
  }
  if (clock.status === 'upc_sent' && clock.upcExpiresOn) {
    const expired = indiaDayStart(addDays(clock.upcExpiresOn, 1));
    return {
      reason: 'upc_expired',
      from: expired,
      since: expired,
      promise: `valid till ${dayInWords(clock.upcExpiresOn)}`,
    };
  }
  if (clock.status === 'porting_in_progress' && clock.portingStartedAt) {
    const start = clock.portingStartedAt;
    const slow = clock.state !== null && isSlowPortingState(clock.state);
    const { slowPortingDays, portingWorkingDays } = PORTING_PROMISES;
    return {
      reason: 'porting_slow',
      from: start,
      since: slow
        ? new Date(start.getTime() + slowPortingDays * DAY)
        : afterWorkingDays(start, portingWorkingDays),
      promise: slow
        ? `within ${slowPortingDays} days in ${clock.state}`
        : `within ${portingWorkingDays} working days`,
    };
  }
  return undefined;
}

/**
 * Whether this number is overdue at `now`, and why: once its step's deadline has passed. A
 * number awaiting its UPC is late 24 h after payment; one at "UPC sent" once its UPC's last
 * valid day has ended in India; one porting once 5 working days (15 days in a slow state) have
 * passed since porting last started. A ported number, or one whose clock is not known, never.
 */
export function portingOverdue(clock: PortingClock, now: Date): PortingOverdue | null {
  const due = deadline(clock);
  return due && now.getTime() > due.since.getTime() ? due : null;
}

/** How long ago `moment` was: "25 min", "27 h", "3 days". */
export function timeAgo(moment: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - moment.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  const days = Math.floor(hours / 24);
  return `${days} ${plural(days, 'day', 'days')}`;
}

/**
 * The overdue number's reason in plain words for the console: "UPC not sent: paid 27 h ago,
 * promised within 24 h".
 */
export function overdueInWords(overdue: PortingOverdue, now: Date): string {
  const label = overdueReasonLabels[overdue.reason];
  switch (overdue.reason) {
    case 'upc_late':
      return `${label}: paid ${timeAgo(overdue.from, now)} ago, promised ${overdue.promise}`;
    case 'upc_expired':
      return `${label} ${timeAgo(overdue.since, now)} ago (${overdue.promise}) and porting has not started: send a new one, free`;
    case 'porting_slow':
      return `${label}: started ${timeAgo(overdue.from, now)} ago, promised ${overdue.promise}`;
  }
}
