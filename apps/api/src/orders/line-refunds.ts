import { formatInr, orderStatusLabels, shareByPrices, toRupees } from '@store/domain';
import { displayNumber } from '../catalog/catalog-service';
import { refundReference } from '../payments/payment-service';
import { conflict, notFound } from '../http/app-error';
import {
  enqueueForBuyer,
  orderStepMessages,
  refundMessages,
  sentUpcs,
  voidedUpcsNote,
} from './order-messages';
import { insertOrderEvent, readOrderItems, updateOrderItem } from './order-store';
import { portingStepOfOrder, settleOrder } from './porting';
import {
  auditedRefund,
  carryOutRefund,
  madeAlready,
  refundHow,
  resumeAsked,
  type RefundOutcome,
} from './refunds';
import type { OrderDeps } from './order-types';

export interface NumberRefundInput {
  reason: string;
  /** razorpay (a Razorpay payment's default): through Razorpay; manual: staff paid it back. */
  method?: 'razorpay' | 'manual';
  /** A manual refund's UTR / bank reference (decision 0054). */
  reference?: string;
  staffUserId: string;
}

const rupees = (paise: number) => formatInr(toRupees(paise));

/**
 * Refunds one number of a paid order (decision 0039; domain.md §4: a number that cannot be
 * ported is refunded), its share of what the buyer paid: the order's stored total split across
 * its numbers by their stored prices (shareByPrices), paid back from the payment that paid for
 * the order, through Razorpay or as staff paid it back, as refundOrder does (carryOutRefund:
 * idempotent, resumed, never made twice). Allowed while the order is paid and on its porting
 * path (not cancelled, refunded or completed), for a number of it not ported and not refunded,
 * and never for the last number still carried on (409 LAST_NUMBER: the order is refunded
 * whole instead). A refund asked of Razorpay and not confirmed is resumed whatever the order's
 * step, a cancel included (decision 0071). Once done: the number's item names the refund, the
 * order follows its other numbers (settleOrder: completed when they are all ported; a cancelled
 * order stays so), a credit note for the share, an event, an audit entry (order.number_refund)
 * and the buyer's messages.
 */
export async function refundNumber(
  deps: OrderDeps,
  orderId: string,
  numberId: number,
  input: NumberRefundInput,
): Promise<RefundOutcome> {
  const reason = input.reason.trim();
  return carryOutRefund(
    deps,
    orderId,
    { ...input, reason },
    {
      async prepare(tx, order, payments) {
        const items = await readOrderItems(tx, [order.id]);
        const index = items.findIndex((item) => item.numberId === numberId);
        if (index < 0) throw notFound('This number is not in this order.');
        const item = items[index]!;
        const number = displayNumber(item.number);
        // Asked of Razorpay and not confirmed: finished whatever came meanwhile, a cancel of the
        // order included (its messages said it is on its way, decision 0071); never made twice.
        const asked = payments.find((payment) =>
          payment.lineRefunds.some(
            (refund) => refund.numberId === numberId && refund.status === 'requested',
          ),
        );
        if (asked) {
          const resume = asked.lineRefunds.find((refund) => refund.numberId === numberId)!;
          return resumeAsked(deps, asked, resume, input.staffUserId, number);
        }
        // Refunded already: a retry by the same agent is answered 200, anyone else told who.
        const made = payments
          .flatMap((payment) => payment.lineRefunds.map((refund) => ({ payment, refund })))
          .find(({ refund }) => refund.numberId === numberId && refund.status === 'done');
        if (made) return madeAlready(made.payment, made.refund, { ...input, reason }, number);
        if (!portingStepOfOrder[order.status] || !order.paidAt) {
          throw conflict(
            order.status === 'pending_payment'
              ? 'This order is awaiting payment: there is nothing to refund.'
              : `This order is ${orderStatusLabels[order.status].toLowerCase()}: its numbers can no longer be refunded one by one.`,
            'INVALID_STEP',
          );
        }
        const target = payments.find(
          (payment) => payment.row.applied && payment.row.status === 'confirmed',
        );
        if (!target) {
          throw conflict(
            'No payment pays for this order: there is nothing to refund.',
            'INVALID_STEP',
          );
        }
        if (target.liveRefund) {
          throw conflict(
            'The payment of this order is being refunded as a whole.',
            'REFUND_IN_PROGRESS',
          );
        }
        if (item.portingStatus === 'ported') {
          throw conflict(`${number} is ported: it can no longer be refunded.`, 'NUMBER_PORTED');
        }
        const carriedOn = items.filter(
          (other) =>
            other !== item &&
            !other.refundId &&
            !target.lineRefunds.some((refund) => refund.numberId === other.numberId),
        );
        if (carriedOn.length === 0) {
          throw conflict(
            `${number} is the last number of this order still carried on: refund the whole order instead.`,
            'LAST_NUMBER',
          );
        }
        const shares = shareByPrices(
          order.totalAmount,
          items.map((line) => line.price),
        );
        return { target, amount: shares[index]!, numberId };
      },

      async apply(tx, order, _payments, target, refund) {
        const item = await updateOrderItem(tx, order.id, numberId, { refundId: refund.id });
        const number = displayNumber(item.number);
        const how = refundHow(refund);
        // updateOrderItem answers the item as it was sent: its UPC, if one went out.
        const cancelledUpcs = sentUpcs([item]);
        const note = `${number} refunded: ${rupees(refund.amount)}, its share of payment ${target.row.reference} (${how}). Reason: ${refund.reason}${voidedUpcsNote(cancelledUpcs)}`;
        await insertOrderEvent(tx, {
          orderId: order.id,
          status: order.status,
          note,
          staffUserId: input.staffUserId,
        });
        const creditNote = await deps.invoices.issueCreditNote(
          tx,
          { id: refund.id, orderId: order.id, amount: refund.amount },
          refund.completedAt ?? new Date(),
        );
        // The order follows the numbers still carried on: this one no longer holds it back. A
        // cancelled order (its refund finished after the cancel) stays cancelled.
        const settled = portingStepOfOrder[order.status]
          ? await settleOrder(
              deps,
              tx,
              order,
              input.staffUserId,
              `${number} refunded; the order follows its other numbers.`,
            )
          : { order, items: [], completed: false };
        await deps.audit.record(tx, {
          actorId: input.staffUserId,
          action: 'order.number_refund',
          entityType: 'order',
          entityId: order.id,
          orderId: order.id,
          number: item.number,
          before: { status: order.status, porting: item.portingStatus },
          after: {
            status: settled.order.status,
            refund: {
              numberId,
              payment: target.row.reference,
              ...auditedRefund(refund, creditNote),
            },
          },
          note: refund.reason,
        });
        const messageIds = await enqueueForBuyer(deps, tx, settled.order, (contact) => [
          ...refundMessages(
            deps.config,
            contact,
            settled.order,
            {
              amount: refund.amount,
              reference: target.row.reference,
              wholeOrder: false,
              number,
              cancelledUpcs,
              throughRazorpay: refund.method === 'razorpay',
              refundReference: refundReference(refund),
              ...(creditNote ? { creditNote: creditNote.serial } : {}),
            },
            refund.reason,
          ),
          ...(settled.completed
            ? orderStepMessages(
                deps.config,
                contact,
                settled.order,
                settled.items,
                'completed',
                null,
              )
            : []),
        ]);
        return { order: settled.order, messageIds };
      },
    },
  );
}
