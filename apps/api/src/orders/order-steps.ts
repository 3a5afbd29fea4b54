import { eq } from 'drizzle-orm';
import { invalidateCatalogCache } from '../catalog/listing-cache';
import { orderEvents, orderItems, orders } from '../db/schema';
import { AppError, notFound } from '../http/app-error';
import type { SalesDeps } from '../payments/mark-paid';
import type { OrderRow } from '../payments/payment-provider';
import { orderStepMessages, sendAll } from './order-messages';
import { checkStep, type OrderStatus } from './order-timeline';
import type { Billing } from './order-view';
import { inTransaction, lockNumbers, releaseOrderNumbers } from './transactions';

/**
 * A staff step on the order's timeline (rules in order-timeline.ts): the order row is locked,
 * the step checked against its current status, the status changed and the event recorded with
 * the staff member, in one transaction; the buyer's e-mail and SMS go after the commit.
 * Cancelling an order that awaits payment releases its hold; cancelling a paid order flags it
 * for refund (its numbers stay sold: relisting them is an inventory decision); a refund clears
 * the flag.
 */
export async function advanceOrder(
  deps: SalesDeps,
  orderId: string,
  step: { status: OrderStatus; note?: string | null; staffUserId: string },
): Promise<OrderRow> {
  const note = step.note?.trim() || null;
  let released = 0;
  const updated = await inTransaction(deps.database, async (tx) => {
    released = 0;
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('Order not found.');
    const check = checkStep(order, step.status, note ?? undefined);
    if (!check.ok) throw new AppError(check.status, check.code, check.message);

    if (step.status === 'cancelled' && order.status === 'pending_payment') {
      const items = await tx
        .select({ numberId: orderItems.numberId })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id));
      await lockNumbers(
        tx,
        items.map((item) => item.numberId),
      );
      released = await releaseOrderNumbers(tx, order.id);
    }
    const needsRefund =
      step.status === 'refunded'
        ? false
        : step.status === 'cancelled' && order.paidAt
          ? true
          : order.needsRefund;
    const [row] = await tx
      .update(orders)
      .set({ status: step.status, needsRefund })
      .where(eq(orders.id, order.id))
      .returning();
    await tx.insert(orderEvents).values({
      orderId: order.id,
      status: step.status,
      note,
      staffUserId: step.staffUserId,
    });
    return row!;
  });
  // The released numbers are back on sale: listings show them at once.
  if (released > 0) invalidateCatalogCache(deps.database);
  await sendAll(
    deps,
    orderStepMessages(deps.config, updated.billing as Billing, updated, step.status, note),
  );
  return updated;
}
