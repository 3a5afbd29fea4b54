import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterWorkingDays,
  overdueInWords,
  portingOverdue,
  timeAgo,
  type PortingClock,
} from './porting-deadlines';

const at = (iso: string) => new Date(iso);
const clock = (fields: Partial<PortingClock>): PortingClock => ({
  status: 'awaiting_upc',
  paidAt: null,
  upcExpiresOn: null,
  portingStartedAt: null,
  state: 'Maharashtra',
  ...fields,
});
const MS = 1;

describe('upc_late', () => {
  const paid = clock({ paidAt: at('2026-12-01T04:30:00Z') });

  it('is not overdue at 24 h after payment, and is a moment later', () => {
    expect(portingOverdue(paid, at('2026-12-02T04:30:00Z'))).toBeNull();
    expect(portingOverdue(paid, new Date(at('2026-12-02T04:30:00Z').getTime() + MS))).toEqual({
      reason: 'upc_late',
      from: at('2026-12-01T04:30:00Z'),
      since: at('2026-12-02T04:30:00Z'),
      promise: 'within 24 h',
    });
  });

  it('says so in words', () => {
    const now = at('2026-12-02T07:30:00Z');
    expect(overdueInWords(portingOverdue(paid, now)!, now)).toBe(
      'UPC not sent: paid 27 h ago, promised within 24 h',
    );
  });

  it('needs a payment', () => {
    expect(portingOverdue(clock({}), at('2030-01-01T00:00:00Z'))).toBeNull();
  });
});

describe('upc_expired', () => {
  const sent = clock({
    status: 'upc_sent',
    paidAt: at('2026-11-20T04:30:00Z'),
    upcExpiresOn: '2026-12-03',
  });

  it('holds through the last valid day in India and is overdue after it', () => {
    // 3 Dec 23:59:59.999 IST is 18:29:59.999 UTC.
    expect(portingOverdue(sent, at('2026-12-03T18:29:59.999Z'))).toBeNull();
    expect(portingOverdue(sent, at('2026-12-03T18:30:00Z'))).toBeNull();
    expect(portingOverdue(sent, at('2026-12-03T18:30:00.001Z'))).toMatchObject({
      reason: 'upc_expired',
      since: at('2026-12-03T18:30:00Z'),
    });
  });

  it('says so in words', () => {
    const now = at('2026-12-04T20:30:00Z');
    expect(overdueInWords(portingOverdue(sent, now)!, now)).toBe(
      'UPC expired 26 h ago (valid till 3 Dec 2026) and porting has not started: send a new one, free',
    );
  });
});

describe('porting_slow', () => {
  // Tuesday 1 Dec 2026, 10:00 am IST.
  const started = at('2026-12-01T04:30:00Z');
  const porting = (state: string | null) =>
    clock({ status: 'porting_in_progress', paidAt: started, portingStartedAt: started, state });

  it('counts 5 working days, Monday to Saturday: Tuesday to the next Monday', () => {
    // Wed, Thu, Fri, Sat, (Sunday skipped), Mon 7 Dec at 10:00 am IST.
    expect(portingOverdue(porting('Maharashtra'), at('2026-12-07T04:30:00Z'))).toBeNull();
    expect(portingOverdue(porting('Maharashtra'), at('2026-12-07T04:30:00.001Z'))).toMatchObject({
      reason: 'porting_slow',
      since: at('2026-12-07T04:30:00Z'),
      promise: 'within 5 working days',
    });
  });

  it('gives 15 calendar days in Assam, J&K and the North-East', () => {
    for (const state of ['Assam', 'Jammu & Kashmir', 'Tripura']) {
      expect(portingOverdue(porting(state), at('2026-12-16T04:30:00Z'))).toBeNull();
      expect(portingOverdue(porting(state), at('2026-12-16T04:30:00.001Z'))).toMatchObject({
        since: at('2026-12-16T04:30:00Z'),
        promise: `within 15 days in ${state}`,
      });
    }
  });

  it('takes 5 working days where the state is not known', () => {
    expect(portingOverdue(porting(null), at('2026-12-07T05:00:00Z'))?.reason).toBe('porting_slow');
  });

  it('says so in words', () => {
    const now = at('2026-12-09T04:30:00Z');
    expect(overdueInWords(portingOverdue(porting('Delhi'), now)!, now)).toBe(
      'Porting slow: started 8 days ago, promised within 5 working days',
    );
  });
});

it('a ported number is never overdue', () => {
  const ported = clock({
    status: 'ported',
    paidAt: at('2026-01-01T00:00:00Z'),
    portingStartedAt: at('2026-01-02T00:00:00Z'),
  });
  expect(portingOverdue(ported, at('2030-01-01T00:00:00Z'))).toBeNull();
});

it('a working day counted from a Saturday or a Sunday lands on Monday', () => {
  expect(afterWorkingDays(at('2026-12-05T04:30:00Z'), 1)).toEqual(at('2026-12-07T04:30:00Z'));
  expect(afterWorkingDays(at('2026-12-06T04:30:00Z'), 1)).toEqual(at('2026-12-07T04:30:00Z'));
});

it('5 working days are 5 or 6 calendar days later, never ending on a Sunday in India', () => {
  fc.assert(
    fc.property(
      fc.date({
        min: at('2020-01-01T00:00:00Z'),
        max: at('2035-01-01T00:00:00Z'),
        noInvalidDate: true,
      }),
      (start) => {
        const due = afterWorkingDays(start, 5);
        const days = (due.getTime() - start.getTime()) / 86_400_000;
        const indiaWeekday = new Date(due.getTime() + 5.5 * 3_600_000).getUTCDay();
        return (days === 5 || days === 6) && indiaWeekday !== 0;
      },
    ),
  );
});

it('once overdue, a number stays overdue for the same deadline as time passes, and never before 24 h', () => {
  fc.assert(
    fc.property(
      fc.constantFrom('awaiting_upc', 'upc_sent', 'porting_in_progress') as fc.Arbitrary<
        PortingClock['status']
      >,
      fc.date({
        min: at('2024-01-01T00:00:00Z'),
        max: at('2030-01-01T00:00:00Z'),
        noInvalidDate: true,
      }),
      fc.integer({ min: 0, max: 40 * 86_400_000 }),
      fc.integer({ min: 0, max: 40 * 86_400_000 }),
      fc.constantFrom('Assam', 'Delhi', null),
      (status, start, elapsed, later, state) => {
        const number = clock({
          status,
          paidAt: start,
          portingStartedAt: start,
          upcExpiresOn: start.toISOString().slice(0, 10),
          state,
        });
        const first = portingOverdue(number, new Date(start.getTime() + elapsed));
        const then = portingOverdue(number, new Date(start.getTime() + elapsed + later));
        // Every promise gives at least 24 h from its clock's start (a UPC its day's end).
        const tooSoon = status !== 'upc_sent' && elapsed <= 86_400_000 && first !== null;
        return !tooSoon && (first === null || then?.since.getTime() === first.since.getTime());
      },
    ),
  );
});

it('timeAgo says minutes, then hours, then days', () => {
  const now = at('2026-12-10T00:00:00Z');
  expect(timeAgo(at('2026-12-09T23:35:00Z'), now)).toBe('25 min');
  expect(timeAgo(at('2026-12-08T00:00:01Z'), now)).toBe('47 h');
  expect(timeAgo(at('2026-12-08T00:00:00Z'), now)).toBe('2 days');
  expect(timeAgo(at('2026-12-09T00:00:00Z'), now)).toBe('24 h');
});
