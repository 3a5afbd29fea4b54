import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { numbers, orderEvents, orderItems, orders } from '../db/schema';
import type { SalesDeps } from '../payments/mark-paid';
import type { OrderRow } from '../payments/payment-provider';
import { holdExpiredMessages, sendAll } from './order-messages';
import type { Billing } from './order-view';
import { invalidateCatalogCache } from '../catalog/listing-cache';
import { HOLD_EXPIRED_NOTE, inTransaction, lockNumbers, releaseOrderNumbers } from './transactions';

export interface SweepResult {
  /** Ids of the orders cancelled because their hold lapsed unpaid. */
  cancelled: string[];
  /** Reserved numbers put back to available whose order was no longer waiting for payment. */
  tidied: number;
}

/**
 * Tidies lapsed holds. A lapsed hold already counts as available everywhere (the availability
 * rule reads reserved_until), so this only makes the rows say so: each pending order whose hold
 * ended is cancelled with the event "Payment not received before the hold expired" and the
 * numbers it still holds go back to available; then reserved numbers whose hold ended and whose
 * order is no longer pending are set available. One short transaction per order; rows another
 * transaction is working on are skipped until the next run.
 */
export async function sweepExpiredHolds(deps: SalesDeps, limit = 200): Promise<SweepResult> {
  const { database } = deps;
  const due = await database.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending_payment'), lt(orders.holdExpiresAt, sql`now()`)))
    .orderBy(asc(orders.holdExpiresAt))
    .limit(limit);

  const cancelled: OrderRow[] = [];
  for (const { id } of due) {
    const order = await inTransaction(database, async (tx) => {
      const [locked] = await tx
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.id, id),
            eq(orders.status, 'pending_payment'),
            lt(orders.holdExpiresAt, sql`now()`),
          ),
        )
        .for('update', { skipLocked: true });
      if (!locked) return undefined;
      const items = await tx
        .select({ numberId: orderItems.numberId })
        .from(orderItems)
        .where(eq(orderItems.orderId, id));
      await lockNumbers(
        tx,
        items.map((item) => item.numberId),
      );
      await releaseOrderNumbers(tx, id);
      const [updated] = await tx
        .update(orders)
        .set({ status: 'cancelled' })
        .where(eq(orders.id, id))
        .returning();
      await tx
        .insert(orderEvents)
        .values({ orderId: id, status: 'cancelled', note: HOLD_EXPIRED_NOTE });
      return updated;
    });
    if (order) cancelled.push(order);
  }

  const tidied = await inTransaction(database, async (tx) => {
    const stale = await tx
      .select({ id: numbers.id })
      .from(numbers)
      .where(
        and(
          eq(numbers.status, 'reserved'),
          lt(numbers.reservedUntil, sql`now()`),
          sql`not exists (select 1 from ${orders} where ${orders.id} = ${numbers.orderId} and ${orders.status} = 'pending_payment')`,
        ),
      )
      .orderBy(asc(numbers.id))
      .limit(1000)
      .for('update', { skipLocked: true });
    if (stale.length === 0) return 0;
    const updated = await tx
      .update(numbers)
      .set({ status: 'available', reservedUntil: null, orderId: null })
      .where(
        and(
          inArray(
            numbers.id,
            stale.map((row) => row.id),
          ),
          eq(numbers.status, 'reserved'),
        ),
      )
      .returning({ id: numbers.id });
    return updated.length;
  });

  // Listings show the released numbers at once (they already counted as available by time).
  if (cancelled.length > 0 || tidied > 0) invalidateCatalogCache(database);
  for (const order of cancelled) {
    await sendAll(deps, holdExpiredMessages(deps.config, order.billing as Billing, order));
  }
  if (cancelled.length > 0 || tidied > 0) {
    deps.log.info({ cancelled: cancelled.length, tidied }, 'lapsed holds swept');
  }
  return { cancelled: cancelled.map((order) => order.id), tidied };
}

/** Seconds between sweeps: HOLD_SWEEP_SECONDS, by default 60, or 0 (off) when NODE_ENV=test. */
export function sweepIntervalSeconds(config: SalesDeps['config']): number {
  return config.HOLD_SWEEP_SECONDS ?? (config.NODE_ENV === 'test' ? 0 : 60);
}

/** Runs the sweep once when the server is ready, then every HOLD_SWEEP_SECONDS; stops on close. */
export const holdSweep = fp(
  async (app) => {
    const seconds = sweepIntervalSeconds(app.config);
    if (seconds <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    const deps = (): SalesDeps => ({
      config: app.config,
      database: app.database,
      notifier: app.notifier,
      log: app.log,
    });
    const run = () => {
      if (running) return;
      running = sweepExpiredHolds(deps())
        .then(() => undefined)
        .catch((error: unknown) => app.log.error({ err: error }, 'hold sweep failed'))
        .finally(() => {
          running = undefined;
        });
    };
    app.addHook('onReady', async () => {
      timer = setInterval(run, seconds * 1000);
      timer.unref();
      run();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await running;
    });
  },
  { name: 'hold-sweep' },
);
