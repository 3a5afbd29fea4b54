import { describe, expect, it } from 'vitest';
import { replacedReferences, replacesNote } from './replaced-orders';

describe("a new order's record of the orders its checkout replaced", () => {
  const placed = 'Order placed; the numbers are held until 30 Nov 2026, 9:45 am IST.';

  it('reads back the references its first note names, one or several', () => {
    for (const references of [
      ['VN-20261130-5G1V4C1S'],
      ['VN-20261130-5G1V4C1S', 'VN-20261129-KTKAQZHF', 'VN-20261129-0000ZZZZ'],
    ]) {
      const note = `${placed}${replacesNote(references)}`;
      expect(replacedReferences([{ note }, { note: 'Payment submitted' }])).toEqual(references);
    }
    expect(`${placed}${replacesNote(['VN-20261130-5G1V4C1S', 'VN-20261129-KTKAQZHF'])}`).toBe(
      `${placed} It replaces orders VN-20261130-5G1V4C1S and VN-20261129-KTKAQZHF, now cancelled.`,
    );
  });

  it('finds none in an order that replaced none, or in a later note', () => {
    expect(replacesNote([])).toBe('');
    expect(replacedReferences([{ note: placed }])).toEqual([]);
    expect(replacedReferences([])).toEqual([]);
    expect(
      replacedReferences([
        { note: placed },
        { note: 'Payment VN-20261130-5G1V4C1S It replaces order VN-20261129-KTKAQZHF' },
      ]),
    ).toEqual([]);
  });
});
