import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config';
import type { Database } from '../db/database';
import {
  cartItems,
  carts,
  numbers,
  orderEvents,
  orderItems,
  orders,
  webhookEvents,
} from '../db/schema';
import { notFound } from '../http/app-error';
import type { Notifier } from '../notify/notifier';
import { orderPaidMessages, refundDueMessages, sendAll } from '../orders/order-messages';
import type { Billing } from '../orders/order-view';
import {
  databaseNow,
  inTransaction,
  lockNumbers,
  releaseOrderNumbers,
  type Tx,
} from '../orders/transactions';
import type { OrderRow } from './payment-provider';

export interface SalesDeps {
  config: Config;
  database: Database;
  notifier: Notifier;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * - paid: the order is paid now (its numbers sold, the buyer's cart emptied of them);
 * - already_paid: it was paid (or refunded) before: nothing changed;
 * - refund_due: the money came after the hold ended and a number had gone to someone else:
 *   the order is cancelled and flagged needs_refund;
 * - duplicate_event: this webhook event was handled before: nothing changed.
 */
export type MarkPaidOutcome = 'paid' | 'already_paid' | 'refund_due' | 'duplicate_event';

export interface MarkPaidInput {
  /** manual or razorpay */
  provider: string;
  /** The UPI/bank reference or the Razorpay payment id. */
  reference: string;
  /** The staff member who confirmed a manual payment. */
  staffUserId?: string | null;
  /** A webhook's event id: recorded in the same transaction, so a repeat is a no-op. */
  webhookEventId?: string;
}

function paidNote(input: MarkPaidInput, late: boolean): string {
  const how =
    input.provider === 'razorpay'
      ? `Paid online through Razorpay (payment ${input.reference})`
      : `Payment confirmed by support (reference ${input.reference})`;
  return late ? `${how}, after the hold had ended; the numbers were still free.` : `${how}.`;
}

/**
 * The one mark-paid, idempotent, behind every way a payment arrives: the staff confirmation of
 * a manual payment, Razorpay's browser callback and Razorpay's webhook.
 *
 * One transaction: the buyer's cart row, then the order, then its numbers (ascending id) are
 * locked. A payment while the hold is live (or after it lapsed, when every number is still free
 * or still held by this order) sells the numbers and marks the order paid. When a number has
 * meanwhile gone to someone else, nothing is sold: the order is cancelled with needs_refund set
 * and the payment reference kept, so support refunds it. Notifications go after the commit.
 */
async function wasCancelledByStaff(tx: Tx, orderId: string): Promise<boolean> {
  const [event] = await tx
    .select({ staffUserId: orderEvents.staffUserId })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, 'cancelled')))
    .orderBy(desc(orderEvents.createdAt), desc(orderEvents.id))
    .limit(1);
  return Boolean(event?.staffUserId);
}

export async function markPaid(
  deps: SalesDeps,
  orderId: string,
  input: MarkPaidInput,
): Promise<{ outcome: MarkPaidOutcome; order: OrderRow }> {
  const { database } = deps;
  const [peek] = await database.db
    .select({ userId: orders.userId })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!peek) throw notFound('Order not found.');

  const result = await inTransaction(database, async (tx) => {
    if (input.webhookEventId) {
      const fresh = await tx
        .insert(webhookEvents)
        .values({ id: input.webhookEventId, provider: input.provider })
        .onConflictDoNothing()
        .returning({ id: webhookEvents.id });
      if (fresh.length === 0) {
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
        return { outcome: 'duplicate_event' as const, order: order!, numbers: [] };
      }
    }
    const [cart] = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(eq(carts.userId, peek.userId))
      .for('update');
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('Order not found.');
    if (order.paidAt || (order.status !== 'pending_payment' && order.status !== 'cancelled')) {
      return { outcome: 'already_paid' as const, order, numbers: [] };
    }

    const items = await tx
      .select({ numberId: orderItems.numberId, number: orderItems.number, price: orderItems.price })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    const ids = items.map((item) => item.numberId);
    const rows = await lockNumbers(tx, ids);
    const ours = (row: (typeof rows)[number]) =>
      row.available || (row.status === 'reserved' && row.orderId === order.id);
    const takeable = rows.length === ids.length && rows.every(ours);
    const late =
      order.status !== 'pending_payment' ||
      order.holdExpiresAt.getTime() <= (await databaseNow(tx)).getTime();
    // The store lets a lapsed or replaced order come back when its money arrives; an order that
    // staff cancelled stays cancelled, and the money goes back.
    const cancelledByStaff =
      order.status === 'cancelled' && (await wasCancelledByStaff(tx, order.id));

    if (takeable && !cancelledByStaff) {
      await tx
        .update(numbers)
        .set({ status: 'sold', reservedUntil: null, orderId: order.id })
        .where(inArray(numbers.id, ids));
      const [paid] = await tx
        .update(orders)
        .set({
          status: 'paid',
          paidAt: sql`now()`,
          paymentReference: input.reference,
          needsRefund: false,
        })
        .where(eq(orders.id, order.id))
        .returning();
      await tx.insert(orderEvents).values({
        orderId: order.id,
        status: 'paid',
        note: paidNote(input, late),
        staffUserId: input.staffUserId ?? null,
      });
      if (cart) {
        await tx
          .delete(cartItems)
          .where(and(eq(cartItems.cartId, cart.id), inArray(cartItems.numberId, ids)));
      }
      return { outcome: 'paid' as const, order: paid!, numbers: items };
    }

    const gone = rows.filter((row) => !ours(row)).map((row) => row.number);
    await releaseOrderNumbers(tx, order.id);
    const [flagged] = await tx
      .update(orders)
      .set({
        status: 'cancelled',
        paidAt: sql`now()`,
        paymentReference: input.reference,
        needsRefund: true,
      })
      .where(eq(orders.id, order.id))
      .returning();
    await tx.insert(orderEvents).values({
      orderId: order.id,
      status: 'cancelled',
      note: cancelledByStaff
        ? `Payment ${input.reference} arrived for an order our team had cancelled. A full refund is due.`
        : `Payment ${input.reference} arrived after the hold had ended, and ${gone.join(', ') || 'a number'} had meanwhile gone to another buyer. A full refund is due.`,
      staffUserId: input.staffUserId ?? null,
    });
    return { outcome: 'refund_due' as const, order: flagged!, numbers: items };
  });

  const contact = result.order.billing as Billing;
  if (result.outcome === 'paid') {
    await sendAll(deps, orderPaidMessages(deps.config, contact, result.order, result.numbers));
  } else if (result.outcome === 'refund_due') {
    deps.log.warn(
      { orderId, reference: result.order.reference },
      'late payment for numbers sold to someone else: refund due',
    );
    await sendAll(deps, refundDueMessages(deps.config, contact, result.order));
  }
  return { outcome: result.outcome, order: result.order };
}
