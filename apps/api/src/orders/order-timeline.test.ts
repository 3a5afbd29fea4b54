import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '@store/domain';
import { checkStep, nextStep, timelineLabel, UTR_SUBMITTED_NOTE } from './order-timeline';
import { newOrderReference } from './order-reference';

const paidAt = new Date();
const at = (status: OrderStatus, paid = status !== 'pending_payment') => ({
  status,
  paidAt: paid ? paidAt : null,
});

describe('the order timeline rules', () => {
  it('goes forward one step at a time', () => {
    expect(nextStep('pending_payment')).toBe('paid');
    expect(nextStep('paid')).toBe('upc_sent');
    expect(nextStep('upc_sent')).toBe('porting_in_progress');
    expect(nextStep('porting_in_progress')).toBe('ported');
    expect(nextStep('ported')).toBe('completed');
    expect(nextStep('completed')).toBeUndefined();
    expect(nextStep('cancelled')).toBeUndefined();
    expect(checkStep(at('paid'), 'upc_sent')).toEqual({ ok: true });
    expect(checkStep(at('ported'), 'completed')).toEqual({ ok: true });
  });

  it('refuses skipping, going back, and paid as a bare step', () => {
    expect(checkStep(at('paid'), 'porting_in_progress')).toMatchObject({
      ok: false,
      status: 409,
      message: 'This order is at "Paid": the next step is "UPC sent".',
    });
    expect(checkStep(at('ported'), 'upc_sent')).toMatchObject({ ok: false, status: 409 });
    expect(checkStep(at('upc_sent'), 'pending_payment')).toMatchObject({ ok: false, status: 409 });
    expect(checkStep(at('pending_payment'), 'paid')).toMatchObject({
      ok: false,
      code: 'USE_PAYMENT_CONFIRMATION',
    });
    expect(checkStep(at('pending_payment'), 'upc_sent')).toMatchObject({ ok: false, status: 409 });
    expect(checkStep(at('completed'), 'completed')).toMatchObject({ ok: false, status: 409 });
  });

  it('cancels with a reason before completion, and refunds with a reason once paid', () => {
    for (const status of [
      'pending_payment',
      'paid',
      'upc_sent',
      'porting_in_progress',
      'ported',
    ] as const) {
      expect(checkStep(at(status), 'cancelled', 'reason')).toEqual({ ok: true });
      expect(checkStep(at(status), 'cancelled')).toMatchObject({
        ok: false,
        status: 400,
        code: 'REASON_REQUIRED',
      });
    }
    expect(checkStep(at('completed'), 'cancelled', 'reason')).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(checkStep(at('cancelled'), 'cancelled', 'reason')).toMatchObject({
      ok: false,
      status: 409,
    });

    for (const status of [
      'paid',
      'upc_sent',
      'porting_in_progress',
      'ported',
      'completed',
    ] as const) {
      expect(checkStep(at(status), 'refunded', 'reason')).toEqual({ ok: true });
    }
    expect(checkStep(at('refunded', true), 'refunded', 'reason')).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(checkStep(at('pending_payment'), 'refunded', 'reason')).toMatchObject({
      ok: false,
      status: 409,
    });
    // A cancelled order whose payment came in may be refunded; an unpaid one may not.
    expect(checkStep(at('cancelled', true), 'refunded', 'reason')).toEqual({ ok: true });
    expect(checkStep(at('cancelled', false), 'refunded', 'reason')).toMatchObject({ ok: false });
    expect(checkStep(at('refunded', true), 'upc_sent')).toMatchObject({ ok: false, status: 409 });
    // A further payment that arrived after the refund (flagged needsRefund) is refunded too.
    expect(checkStep({ ...at('refunded', true), needsRefund: true }, 'refunded', 'reason')).toEqual(
      { ok: true },
    );
  });
});

describe('newOrderReference', () => {
  it('gives VN-, the date in India and 8 base32 characters, and differs each time', () => {
    const reference = newOrderReference(new Date('2026-11-22T20:00:00Z'));
    expect(reference).toMatch(/^VN-20261123-[0-9A-HJKMNP-TV-Z]{8}$/);
    const many = new Set(Array.from({ length: 1000 }, () => newOrderReference()));
    expect(many.size).toBe(1000);
  });
});

describe('timelineLabel', () => {
  const note = `${UTR_SUBMITTED_NOTE}412345678901; the number is held until 2 Dec 2026, 10:00 am.`;

  it("heads the buyer's payment reference as the order's status reads then", () => {
    expect(timelineLabel({ status: 'pending_payment', byBuyer: true, note })).toBe(
      'Payment submitted',
    );
  });

  it("keeps every other step's status label", () => {
    expect(
      timelineLabel({ status: 'pending_payment', byBuyer: true, note: 'Order placed; …' }),
    ).toBe('Awaiting payment');
    // Not the buyer's: a staff step is headed by its status whatever its note says.
    expect(timelineLabel({ status: 'pending_payment', byBuyer: false, note })).toBe(
      'Awaiting payment',
    );
    expect(timelineLabel({ status: 'paid', byBuyer: false, note: null })).toBe('Paid');
  });
});
