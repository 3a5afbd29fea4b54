import { describe, expect, it } from 'vitest';
import { nextPortingStatus, normalizeUpc, portingStatuses, previousPortingStatus } from './porting';

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
