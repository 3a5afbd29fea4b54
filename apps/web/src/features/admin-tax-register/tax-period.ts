import { addDays, indiaDay } from '@store/domain';
import type { TaxPeriod } from './api/get-tax-register';

/** The India days of a month (YYYY-MM), its first to its last. */
export function monthPeriod(month: string): TaxPeriod {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next =
    monthNumber === 12
      ? `${year + 1}-01-01`
      : `${year}-${String(monthNumber + 1).padStart(2, '0')}-01`;
  return { from: `${month}-01`, to: addDays(next, -1) };
}

/** Last month in India (the month before `now`'s there): the month an accountant files. */
export function lastMonth(now = new Date()): string {
  return addDays(`${indiaDay(now).slice(0, 7)}-01`, -1).slice(0, 7);
}

/** The month a period is, when it is one whole month; else undefined. */
export function monthOf(period: TaxPeriod): string | undefined {
  const month = period.from.slice(0, 7);
  const whole = monthPeriod(month);
  return whole.from === period.from && whole.to === period.to ? month : undefined;
}
