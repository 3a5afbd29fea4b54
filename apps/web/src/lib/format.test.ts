import { describe, expect, it } from 'vitest';
import { formatCount, formatLongDate } from './format';

describe('formatCount', () => {
  it('groups digits as Intl.NumberFormat("en-IN") does', () => {
    for (const value of [0, 7, 999, 1000, 1080, 12345, 123456, 1234567, 123456789, -45678]) {
      expect(formatCount(value)).toBe(new Intl.NumberFormat('en-IN').format(value));
    }
  });
});

describe('formatLongDate', () => {
  it('writes the date as toLocaleDateString("en-IN") does in UTC', () => {
    for (const iso of ['2026-03-04', '2026-11-01', '2025-12-31', '2024-02-29']) {
      expect(formatLongDate(iso)).toBe(
        new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-IN', {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          timeZone: 'UTC',
        }),
      );
    }
  });

  it('returns anything else unchanged', () => {
    expect(formatLongDate('soon')).toBe('soon');
  });
});
