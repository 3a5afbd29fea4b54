import { describe, expect, it } from 'vitest';
import { replacesNote } from './replaced-orders';

describe("a new order's timeline note naming the orders its checkout replaced", () => {
  const placed = 'Order placed; the numbers are held until 30 Nov 2026, 9:45 am IST.';

  it('names one or several, and nothing when it replaced none', () => {
    expect(`${placed}${replacesNote(['VN-20261130-5G1V4C1S'])}`).toBe(
      `${placed} It replaces order VN-20261130-5G1V4C1S, now cancelled.`,
    );
    expect(`${placed}${replacesNote(['VN-20261130-5G1V4C1S', 'VN-20261129-KTKAQZHF'])}`).toBe(
      `${placed} It replaces orders VN-20261130-5G1V4C1S and VN-20261129-KTKAQZHF, now cancelled.`,
    );
    expect(replacesNote([])).toBe('');
  });
});
