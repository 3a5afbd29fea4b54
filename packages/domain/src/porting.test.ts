import { describe, expect, it } from 'vitest';
import {
  nextPortingStatus,
  normalizePaymentReference,
  normalizeUpc,
  REFUND_REFERENCE_SHAPE,
  portingStatuses,
  previousPortingStatus,
} from './porting';

describe('porting steps', () => {
  it('go forward one at a time and end at ported', () => {
    expect(portingStatuses.map(nextPortingStatus)).toEqual([
      'upc_sent',
      'porting_in_progress',
      'ported',
      undefined,
    ]);
  });

  it('go back one at a time and start at awaiting_upc', () => {
    expect(portingStatuses.map(previousPortingStatus)).toEqual([
      undefined,
      'awaiting_upc',
      'upc_sent',
      'porting_in_progress',
    ]);
  });
});

describe('normalizeUpc', () => {
  it.each([
    ['AB12CD34', 'AB12CD34'],
    ['ab12cd34', 'AB12CD34'],
    [' AB12 CD34 ', 'AB12CD34'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeUpc(input)).toBe(expected);
  });

  it.each(['', 'AB12CD3', 'AB12CD345', 'AB12-CD34', 'AB12CD3Ä'])('refuses %j', (input) => {
    expect(normalizeUpc(input)).toBeNull();
  });
});

describe('normalizePaymentReference', () => {
  it('trims, upper-cases and drops every space', () => {
    expect(normalizePaymentReference('  utr 4321 0987\t6543 ')).toBe('UTR432109876543');
    expect(normalizePaymentReference('UPI-123')).toBe('UPI-123');
  });
});

describe('REFUND_REFERENCE_SHAPE', () => {
  it('takes a bank reference once normalised, 6 to 30 letters or digits', () => {
    const shaped = (typed: string) => REFUND_REFERENCE_SHAPE.test(normalizePaymentReference(typed));
    expect(shaped(' NEFT REF 1234567 ')).toBe(true);
    expect(shaped('imps 4455 6677 88')).toBe(true);
    expect(shaped('12345')).toBe(false);
    expect(shaped('NEFT-123456')).toBe(false);
    expect(shaped('A'.repeat(31))).toBe(false);
  });
});
