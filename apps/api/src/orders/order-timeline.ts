import { orderStatusLabel, orderStatusLabels, type OrderStatus } from '@store/domain';

/**
 * How the timeline note of a buyer's payment reference ("I have paid") begins. The event keeps
 * the order's status then (pending_payment); its heading is told from this note, which the store
 * has written since before the by_buyer column (migration 0020 reads it too).
 */
export const UTR_SUBMITTED_NOTE = 'Payment submitted with UTR ';

/**
 * A timeline entry's heading: its status's label, except that the buyer's payment reference reads
 * "Payment submitted" (as the order's status does then), not "Awaiting payment" (QA pass 32, F6).
 */
export function timelineLabel(event: {
  status: OrderStatus;
  byBuyer: boolean;
  note: string | null;
}): string {
  const utrSubmitted = event.byBuyer && (event.note?.startsWith(UTR_SUBMITTED_NOTE) ?? false);
  return orderStatusLabel(event.status, utrSubmitted);
}

/** The porting steps after payment, in order (design.md, "The sale, end to end", step 5). */
const forwardSteps = [
  'pending_payment',
  'paid',
  'upc_sent',
  'porting_in_progress',
  'ported',
  'completed',
] as const satisfies readonly OrderStatus[];

/** The step after `status` on the porting path, or undefined at its end or off it. */
export function nextStep(status: OrderStatus): OrderStatus | undefined {
  const index = (forwardSteps as readonly OrderStatus[]).indexOf(status);
  return index >= 0 && index < forwardSteps.length - 1 ? forwardSteps[index + 1] : undefined;
}

export interface TimelineOrder {
  status: OrderStatus;
  /** When money was received (also set for a late payment that is due a refund). */
  paidAt: Date | null;
  /** Money received is due back (a late or wrong payment, a further payment after a refund). */
  needsRefund?: boolean;
}

export type StepCheck =
  { ok: true } | { ok: false; status: 400 | 409; code: string; message: string };

/**
 * The staff's timeline rules (docs/decisions/0004):
 * - forward one step at a time: paid -> upc_sent -> porting_in_progress -> ported -> completed;
 *   `paid` itself only through the payment confirmation (mark-paid), never as a bare step;
 * - cancelled, with a reason, from any step before completed (pending_payment included);
 * - refunded, with a reason, from any step once money was received (paid to completed, or a
 *   cancelled order whose payment came in), and again when a further payment arrived after the
 *   refund (needsRefund);
 * - cancelled and refunded end the timeline (a cancelled order that was paid may still be
 *   refunded); no skipping, no going back.
 */
export function checkStep(order: TimelineOrder, target: OrderStatus, note?: string): StepCheck {
  const from = orderStatusLabels[order.status];
  if (target === 'paid') {
    return {
      ok: false,
      status: 409,
      code: 'USE_PAYMENT_CONFIRMATION',
      message:
        'A payment is recorded through the payment confirmation (POST /api/v1/admin/orders/{id}/payments with its reference), not as a timeline step.',
    };
  }
  if (target === 'cancelled' || target === 'refunded') {
    if (!note || note.trim().length === 0) {
      return {
        ok: false,
        status: 400,
        code: 'REASON_REQUIRED',
        message: `A reason is required to mark an order ${orderStatusLabels[target].toLowerCase()}.`,
      };
    }
    if (target === 'cancelled') {
      if (
        order.status === 'cancelled' ||
        order.status === 'refunded' ||
        order.status === 'completed'
      ) {
        return {
          ok: false,
          status: 409,
          code: 'INVALID_STEP',
          message: `This order is ${from.toLowerCase()}; it can no longer be cancelled.`,
        };
      }
      return { ok: true };
    }
    // A further payment that arrived after the refund is refunded as well (it set needsRefund).
    if (order.status === 'refunded' && !order.needsRefund) {
      return {
        ok: false,
        status: 409,
        code: 'INVALID_STEP',
        message: 'This order has already been refunded.',
      };
    }
    if (!order.paidAt) {
      return {
        ok: false,
        status: 409,
        code: 'INVALID_STEP',
        message: 'No payment was received for this order, so there is nothing to refund.',
      };
    }
    return { ok: true };
  }
  const expected = nextStep(order.status);
  if (target === expected) return { ok: true };
  if (!expected) {
    return {
      ok: false,
      status: 409,
      code: 'INVALID_STEP',
      message: `This order is ${from.toLowerCase()}; its timeline cannot move forward.`,
    };
  }
  if (expected === 'paid') {
    return {
      ok: false,
      status: 409,
      code: 'INVALID_STEP',
      message: `This order is awaiting payment: the next step is "Paid", recorded through the payment confirmation.`,
    };
  }
  return {
    ok: false,
    status: 409,
    code: 'INVALID_STEP',
    message: `This order is at "${from}": the next step is "${orderStatusLabels[expected]}".`,
  };
}
