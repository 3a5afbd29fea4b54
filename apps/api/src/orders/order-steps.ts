import type { OrderStatus } from '@store/domain';
import { inTransaction } from '../db/transactions';
import { AppError, notFound } from '../http/app-error';
import { orderStepMessages, sendAll } from './order-messages';
import { insertOrderEvent, lockOrder, orderNumberIds, updateOrder } from './order-store';
import { checkStep } from './order-timeline';
import type { Billing, OrderDeps, OrderRow } from './order-types';

/**
 * A staff step on the order's timeline (rules in order-timeline.ts): the order row is locked,
 * the step checked against its current status, the status changed and the event recorded with
 * the staff member, in one transaction; the buyer's e-mail and SMS go after the commit.
 * Cancelling an order that awaits payment releases its hold; cancelling a paid order flags it
 * for refund (its numbers stay sold: relisting them is an inventory decision); a refund clears
 * the flag.
 */
export async function advanceOrder(
  deps: OrderDeps,
  orderId: string,
  step: { status: OrderStatus; note?: string | null; staffUserId: string },
): Promise<OrderRow> {
  const note = step.note?.trim() || null;
  const updated = await inTransaction(deps.database, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound('Order not found.');
    const check = checkStep(order, step.status, note ?? undefined);
    if (!check.ok) throw new AppError(check.status, check.code, check.message);

    if (step.status === 'cancelled' && order.status === 'pending_payment') {
      await deps.catalog.lock(tx, await orderNumberIds(tx, [order.id]));
      await deps.catalog.release(tx, order.id);
    }
    const needsRefund =
      step.status === 'refunded'
        ? false
        : step.status === 'cancelled' && order.paidAt
          ? true
          : order.needsRefund;
    const row = await updateOrder(tx, order.id, { status: step.status, needsRefund });
    await insertOrderEvent(tx, {
      orderId: order.id,
      status: step.status,
      note,
      staffUserId: step.staffUserId,
    });
    return row;
  });
  await sendAll(
    deps,
    orderStepMessages(deps.config, updated.billing as Billing, updated, step.status, note),
  );
  return updated;
}
