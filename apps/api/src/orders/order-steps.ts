import type { OrderStatus } from '@store/domain';
import { inTransaction, type Tx } from '../db/transactions';
import { AppError, conflict, notFound } from '../http/app-error';
import { displayNumber } from '../catalog/catalog-service';
import {
  enqueueForBuyer,
  orderStepMessages,
  sentUpcs,
  voidedUpcsNote,
  type CancelRefund,
} from './order-messages';
import {
  insertOrderEvent,
  lockOrder,
  moveOrderItems,
  orderNumberIds,
  readOrderItems,
  updateOrder,
} from './order-store';
import { checkStep } from './order-timeline';
import {
  numbersBeingRefunded,
  portingStepOfOrder,
  recordPortingSteps,
  settleOrder,
} from './porting';
import { refundOrder } from './refunds';
import type { OrderDeps, OrderItemRow, OrderRow } from './order-types';

/**
 * What the cancel of a paid order will pay back (decision 0067): the order's total less its
 * numbers refunded alone before (decision 0039; the later refund pays back the same) and those
 * whose refund alone was asked of Razorpay and is not confirmed yet (on its way, finished by
 * refunding the number again, decision 0071), those numbers with their refund, and the UPCs sent
 * for the numbers it cancels.
 */
async function cancelRefund(
  deps: Pick<OrderDeps, 'payments'>,
  tx: Tx,
  order: OrderRow,
  items: readonly OrderItemRow[],
): Promise<CancelRefund> {
  const payments = (await deps.payments.forOrders([order.id], tx)).get(order.id) ?? [];
  const lineRefunds = payments.flatMap((payment) => payment.lineRefunds);
  const refunds = new Map(lineRefunds.map((refund) => [refund.id, refund]));
  const refundedAlone = items.flatMap((item) => {
    const refund = item.refundId ? refunds.get(item.refundId) : undefined;
    return refund
      ? [
          {
            number: displayNumber(item.number),
            amount: refund.amount,
            at: refund.completedAt ?? refund.createdAt,
          },
        ]
      : [];
  });
  const onItsWay = items.flatMap((item) => {
    const refund = lineRefunds.find(
      (line) => line.numberId === item.numberId && line.status === 'requested',
    );
    return refund ? [{ number: displayNumber(item.number), amount: refund.amount }] : [];
  });
  return {
    amount: [...refundedAlone, ...onItsWay].reduce(
      (rest, line) => rest - line.amount,
      order.totalAmount,
    ),
    refundedAlone,
    onItsWay,
    upcs: sentUpcs(items.filter((item) => !item.refundId)),
  };
}

/**
 * A staff step of the whole order (rules in order-timeline.ts), POST /admin/orders/{id}/events:
 * - a porting step (upc_sent, porting_in_progress, ported) moves every number at the step
 *   before it (the order's status is its least advanced number's), recording each number's
 *   step without a UPC code; the order then follows its numbers (porting.ts: the last number
 *   ported completes it);
 * - completed: an order left at "ported" (before porting went per number) is completed;
 * - cancelled: an order awaiting payment releases its hold; a paid one is flagged for refund and
 *   its payments no longer pay for it (its numbers stay sold: relisting those no UPC went out
 *   for is an inventory decision, inventory-store.ts relistableSql);
 * - refunded: records a refund staff made themselves (refunds.ts, method manual).
 * One transaction with the order row locked, the step and the staff member recorded and
 * audited, the buyer's messages written to the outbox (sent once it commits).
 */
export async function advanceOrder(
  deps: OrderDeps,
  orderId: string,
  step: { status: OrderStatus; note?: string | null; staffUserId: string },
): Promise<OrderRow> {
  const note = step.note?.trim() || null;
  const { staffUserId } = step;
  if (step.status === 'refunded') {
    const { order } = await refundOrder(deps, orderId, {
      reason: note,
      method: 'manual',
      staffUserId,
    });
    return order;
  }
  const applyStep = async (tx: Tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound('Order not found.');
    const check = checkStep(order, step.status, note ?? undefined);
    if (!check.ok) throw new AppError(check.status, check.code, check.message);

    const from = portingStepOfOrder[order.status];
    const to = portingStepOfOrder[step.status];
    if (from && to) {
      if ((await numbersBeingRefunded(deps, tx, order.id)).size > 0) {
        throw conflict(
          'A number of this order is being refunded: the refund was requested and is not confirmed yet. Finish it from the payment panel first, or move the other numbers one by one.',
          'REFUND_IN_PROGRESS',
        );
      }
      const moved = await moveOrderItems(tx, order.id, from, to);
      await recordPortingSteps(
        deps,
        tx,
        moved.map((after) => ({ before: { ...after, portingStatus: from }, after })),
        staffUserId,
        note,
      );
      return { ...(await settleOrder(deps, tx, order, staffUserId, note)), refund: undefined };
    }

    if (step.status === 'cancelled' && order.status === 'pending_payment') {
      await deps.catalog.lock(tx, await orderNumberIds(tx, [order.id]));
      await deps.catalog.release(tx, order.id);
    }
    if (step.status === 'cancelled' && order.paidAt) await deps.payments.unapply(tx, order.id);
    const needsRefund = step.status === 'cancelled' && order.paidAt ? true : order.needsRefund;
    const row = await updateOrder(tx, order.id, { status: step.status, needsRefund });
    // The whole order's step: its messages name every number of it not refunded alone before.
    const items = await readOrderItems(tx, [order.id]);
    const refund =
      step.status === 'cancelled' && order.paidAt
        ? await cancelRefund(deps, tx, row, items)
        : undefined;
    // The timeline says which UPCs the cancel voided, as a refund's note does.
    const voided = refund ? voidedUpcsNote(refund.upcs).trim() : '';
    const eventNote = voided
      ? `${note ? `${note.replace(/[^.!?]$/, '$&.')} ` : ''}${voided}`
      : note;
    await insertOrderEvent(tx, {
      orderId: order.id,
      status: step.status,
      note: eventNote,
      staffUserId,
      ...(step.status === 'cancelled' && { cause: 'staff' as const }),
    });
    await deps.audit.record(tx, {
      actorId: staffUserId,
      action: 'order.status',
      entityType: 'order',
      entityId: order.id,
      orderId: order.id,
      before: { status: order.status, needsRefund: order.needsRefund },
      after: { status: row.status, needsRefund: row.needsRefund },
      note,
    });
    return { order: row, items: items.filter((item) => !item.refundId), completed: false, refund };
  };

  const { order, messageIds } = await inTransaction(deps.database, async (tx) => {
    const { order, items, completed, refund } = await applyStep(tx);
    // The step ported the last numbers: the order is complete as well, said in the same message.
    const messageIds = await enqueueForBuyer(deps, tx, order, (contact) =>
      orderStepMessages(deps.config, contact, order, items, step.status, note, {
        completes: completed && step.status !== 'completed',
        refund,
      }),
    );
    return { order, messageIds };
  });
  await deps.outbox.deliverNow(messageIds);
  return order;
}
