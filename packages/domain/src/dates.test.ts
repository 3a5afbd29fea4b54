import { describe, expect, it, vi } from 'vitest';
import { addDays, formatIndiaDateTime, indiaDay, indiaDayStart } from './dates';

describe('formatIndiaDateTime', () => {
  it('writes the time in India (UTC+5:30) with the day, short month and IST', () => {
    expect(formatIndiaDateTime(new Date('2026-11-22T09:05:00Z'))).toBe('22 Nov 2026, 2:35 pm IST');
  });

  it('takes an ISO string as well, and moves past midnight into the next day', () => {
    expect(formatIndiaDateTime('2026-11-22T19:00:00.000Z')).toBe('23 Nov 2026, 12:30 am IST');
  });
});

describe('indiaDay and addDays', () => {
  it('gives the calendar day in India, which starts five and a half hours before UTC', () => {
    expect(indiaDay(new Date('2026-11-22T18:29:00Z'))).toBe('2026-11-22');
    expect(indiaDay(new Date('2026-11-22T18:30:00Z'))).toBe('2026-11-23');
  });

  it('adds calendar days across months and years', () => {
    expect(addDays('2026-11-28', 4)).toBe('2026-12-02');
    expect(addDays('2026-12-31', 30)).toBe('2027-01-30');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('indiaDayStart', () => {
  it("is India's midnight of the day: a moment before it is the day before there", () => {
    const start = indiaDayStart('2026-11-01');
    expect(start.toISOString()).toBe('2026-10-31T18:30:00.000Z');
    expect(indiaDay(start)).toBe('2026-11-01');
    expect(indiaDay(new Date(start.getTime() - 1))).toBe('2026-10-31');
  });
});

describe('the formatters', () => {
  it('are made on first use, not when the module loads (every storefront page loads it)', async () => {
    const Original = Intl.DateTimeFormat;
    let made = 0;
    Intl.DateTimeFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        made += 1;
      }
    } as typeof Intl.DateTimeFormat;
    try {
      vi.resetModules();
      const dates = await import('./dates');
      expect(made).toBe(0);
      dates.formatIndiaDateTime(new Date('2026-11-22T09:05:00Z'));
      dates.formatIndiaDateTime(new Date('2026-11-23T09:05:00Z'));
      dates.indiaDay(new Date('2026-11-22T09:05:00Z'));
      expect(made).toBe(2);
    } finally {
      Intl.DateTimeFormat = Original;
    }
  });
});
