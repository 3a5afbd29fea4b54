import { describe, expect, it } from 'vitest';
import { formatCount, formatIndianDate } from './format';

describe('formatCount', () => {
  it('groups digits as Intl.NumberFormat("en-IN") does', () => {
    for (const value of [0, 7, 999, 1000, 1080, 12345, 123456, 1234567, 123456789, -45678]) {
      expect(formatCount(value)).toBe(new Intl.NumberFormat('en-IN').format(value));
    }
  });
});

describe('formatIndianDate', () => {
  it('writes a calendar date as toLocaleDateString("en-IN") does in UTC', () => {
    for (const iso of ['2026-03-04', '2026-11-01', '2025-12-31', '2024-02-29']) {
      expect(formatIndianDate(iso)).toBe(
        new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-IN', {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          timeZone: 'UTC',
        }),
      );
    }
  });

  it('formats times in India whatever the browser time zone', () => {
    expect(formatIndianDate('2026-11-22T09:05:00.000Z', { month: 'short', time: true })).toBe(
      '22 Nov 2026, 2:35 pm IST',
    );
    // 8:00 pm UTC is already the next day in India.
    expect(formatIndianDate('2026-11-22T20:00:00.000Z', { month: 'short' })).toBe('23 Nov 2026');
  });

  it('gives the text of Intl.DateTimeFormat("en-IN") in Asia/Kolkata at every hour of the year', () => {
    const dateTime = new Intl.DateTimeFormat('en-IN', {
      timeZone: 'Asia/Kolkata',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    });
    const date = new Intl.DateTimeFormat('en-IN', {
      timeZone: 'Asia/Kolkata',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    for (let month = 0; month < 12; month += 1) {
      for (let hour = 0; hour < 24; hour += 1) {
        const at = new Date(Date.UTC(2026, month, 1 + hour, hour, hour * 2 + 1));
        const iso = at.toISOString();
        expect(formatIndianDate(iso, { month: 'short', time: true })).toBe(
          `${dateTime.format(at)} IST`,
        );
        expect(formatIndianDate(iso, { month: 'short' })).toBe(date.format(at));
      }
    }
  });

  it('returns anything else unchanged', () => {
    expect(formatIndianDate('soon')).toBe('soon');
  });
});
