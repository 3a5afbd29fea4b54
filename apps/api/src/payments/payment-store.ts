import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import { orders, payments, refunds, users, webhookEvents } from '../db/schema';
import type { Tx } from '../db/transactions';

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** Records a provider event id (or any once-only key); false when it was recorded before. */
export async function recordEventOnce(db: Db, id: string, provider: string): Promise<boolean> {
  const fresh = await db
    .insert(webhookEvents)
    .values({ id, provider })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return fresh.length > 0;
}

/** The live (not rejected) payment with this reference, and the reference of its order. */
export async function findPaymentByKey(db: Db, provider: string, referenceKey: string) {
  const [found] = await db
    .select({ payment: payments, orderReference: orders.reference })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.provider, provider),
        eq(payments.referenceKey, referenceKey),
        ne(payments.status, 'rejected'),
      ),
    );
  return found;
}

export async function insertPayment(
  tx: Tx,
  values: typeof payments.$inferInsert,
): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  return row!;
}

/** The order's payments stop paying for it (it was cancelled): they are due back. */
export async function unapplyPayments(tx: Tx, orderId: string): Promise<void> {
  await tx.update(payments).set({ applied: false }).where(eq(payments.orderId, orderId));
}

const confirmer = alias(users, 'confirmer');
const refunder = alias(users, 'refunder');

/** The payments of these orders, oldest first, with the name of the staff member who confirmed each. */
export function readPayments(db: Db, orderIds: readonly string[]) {
  return db
    .select({ payment: payments, confirmedByName: confirmer.name })
    .from(payments)
    .leftJoin(confirmer, eq(confirmer.id, payments.confirmedBy))
    .where(inArray(payments.orderId, [...orderIds]))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

/** The refunds of these orders, oldest first, with the name of the staff member who made each. */
export function readRefunds(db: Db, orderIds: readonly string[]) {
  return db
    .select({ refund: refunds, staffName: refunder.name })
    .from(refunds)
    .leftJoin(refunder, eq(refunder.id, refunds.staffUserId))
    .where(inArray(refunds.orderId, [...orderIds]))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

export async function insertRefund(
  tx: Tx,
  values: typeof refunds.$inferInsert,
): Promise<RefundRow> {
  const [row] = await tx.insert(refunds).values(values).returning();
  return row!;
}

export async function updateRefund(
  tx: Tx,
  id: string,
  changes: Partial<typeof refunds.$inferInsert>,
): Promise<RefundRow> {
  const [row] = await tx.update(refunds).set(changes).where(eq(refunds.id, id)).returning();
  return row!;
}
