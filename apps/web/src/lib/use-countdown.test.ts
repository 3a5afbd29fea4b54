import { describe, expect, it } from 'vitest';
import { formatCountdown } from './use-countdown';

describe('formatCountdown', () => {
  it('shows minutes and seconds, and hours once there is an hour or more', () => {
    expect(formatCountdown(125)).toBe('2:05');
    expect(formatCountdown(125, { minuteDigits: 2 })).toBe('02:05');
    expect(formatCountdown(3_599, { minuteDigits: 2 })).toBe('59:59');
    expect(formatCountdown(3_600, { minuteDigits: 2 })).toBe('1:00:00');
    // A payment submitted: held for a day while staff verify it.
    expect(formatCountdown(86_376, { minuteDigits: 2 })).toBe('23:59:36');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});
