import { describe, expect, it } from 'vitest';
import { formatIndiaDateTime } from './dates';

describe('formatIndiaDateTime', () => {
  it('writes the time in India (UTC+5:30) with the day, short month and IST', () => {
    expect(formatIndiaDateTime(new Date('2026-11-22T09:05:00Z'))).toBe('22 Nov 2026, 2:35 pm IST');
  });

  it('takes an ISO string as well, and moves past midnight into the next day', () => {
    expect(formatIndiaDateTime('2026-11-22T19:00:00.000Z')).toBe('23 Nov 2026, 12:30 am IST');
  });
});
