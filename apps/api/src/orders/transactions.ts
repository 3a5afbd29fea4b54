import { and, eq, inArray, sql } from 'drizzle-orm';
import { availableSql } from '../catalog/availability';
import type { Database, Db } from '../db/database';
import { numbers, orderEvents, orderItems, orders } from '../db/schema';
import { AppError } from '../http/app-error';

/** A drizzle transaction: every statement of a transaction must go through it, never `db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** PostgreSQL codes worth running the whole transaction again for: deadlock, serialization. */
const retryable = new Set(['40P01', '40001']);

function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    if (current instanceof AppError) return undefined;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Runs `work` in one transaction (READ COMMITTED), again from the start if PostgreSQL aborted it
 * as a deadlock victim or a serialization failure. Locks are always taken in one order (the
 * buyer's cart row, then order rows, then numbers by ascending id), so deadlocks should not
 * happen; the retry is a second line of defence.
 *
 * Never wait on anything outside the database inside `work` (no payment provider, no e-mail).
 */
export async function inTransaction<T>(
  database: Database,
  work: (tx: Tx) => Promise<T>,
  attempts = 4,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await database.db.transaction(work);
    } catch (error) {
      const state = sqlState(error);
      if (attempt < attempts && state && retryable.has(state)) continue;
      throw error;
    }
  }
}

/** The state of a number row as a sale needs it; `available` is catalog/availability.ts's rule. */
export interface LockedNumber {
  id: number;
  number: string;
  basePrice: number;
  finalPrice: number;
  category: string;
  status: 'available' | 'reserved' | 'sold' | 'hidden';
  reservedUntil: Date | null;
  orderId: string | null;
  available: boolean;
}

/**
 * Locks the numbers' rows in ascending id order (`select ... order by id for update`) and returns
 * them. Every transaction that changes several numbers locks them through here first, all of them
 * at once, so two transactions never wait on each other's rows in opposite orders.
 */
export async function lockNumbers(tx: Tx, ids: readonly number[]): Promise<LockedNumber[]> {
  if (ids.length === 0) return [];
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return tx
    .select({
      id: numbers.id,
      number: numbers.number,
      basePrice: numbers.basePrice,
      finalPrice: numbers.finalPrice,
      category: numbers.category,
      status: numbers.status,
      reservedUntil: numbers.reservedUntil,
      orderId: numbers.orderId,
      available: sql<boolean>`${availableSql}`,
    })
    .from(numbers)
    .where(inArray(numbers.id, sorted))
    .orderBy(numbers.id)
    .for('update');
}

/**
 * Puts back on sale the numbers an order still holds (reserved by it); numbers another order has
 * taken since, or that were sold, are left alone. The caller has locked them.
 */
export async function releaseOrderNumbers(tx: Tx, orderId: string): Promise<number> {
  const released = await tx
    .update(numbers)
    .set({ status: 'available', reservedUntil: null, orderId: null })
    .where(and(eq(numbers.orderId, orderId), eq(numbers.status, 'reserved')))
    .returning({ id: numbers.id });
  return released.length;
}

/** The timeline note of an order cancelled because its hold ended unpaid. */
export const HOLD_EXPIRED_NOTE = 'Payment not received before the hold expired';

/**
 * Cancels open (`pending_payment`) orders, which the caller has locked (`lockOpenOrders`), and
 * puts back on sale what they still hold: the one cancel-and-release of a buyer's open order,
 * for checkout (a changed cart replaces it) and for the cart calls (a number removed, the cart
 * emptied, an empty cart checked out). The numbers of these orders and `alsoLock` (numbers the
 * caller changes next in the same transaction) are locked first, all at once in ascending id
 * order. Each order gets the event `cancelled` with `note`, or HOLD_EXPIRED_NOTE when its hold
 * had already ended. Returns how many numbers went back on sale; when some did, the caller
 * calls invalidateCatalogCache after the commit, so listings show them at once.
 */
export async function cancelOpenOrders(
  tx: Tx,
  open: readonly (typeof orders.$inferSelect)[],
  note: string,
  alsoLock: readonly number[] = [],
): Promise<number> {
  const held =
    open.length > 0
      ? await tx
          .select({ numberId: orderItems.numberId })
          .from(orderItems)
          .where(
            inArray(
              orderItems.orderId,
              open.map((order) => order.id),
            ),
          )
      : [];
  await lockNumbers(tx, [...alsoLock, ...held.map((item) => item.numberId)]);
  let released = 0;
  for (const order of open) {
    released += await releaseOrderNumbers(tx, order.id);
    await tx.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id));
    const lapsed = order.holdExpiresAt.getTime() <= Date.now();
    await tx
      .insert(orderEvents)
      .values({ orderId: order.id, status: 'cancelled', note: lapsed ? HOLD_EXPIRED_NOTE : note });
  }
  return released;
}

/** The buyer's orders still waiting for payment, locked (`for update`). */
export function lockOpenOrders(tx: Tx, userId: string) {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending_payment')))
    .orderBy(orders.id)
    .for('update');
}

/** The database clock, which holds and availability are measured against. */
export async function databaseNow(tx: Tx | Db): Promise<Date> {
  const [row] = await tx
    .select({ ms: sql<number>`(extract(epoch from now()) * 1000)::float8` })
    .from(sql`(select 1) as one`);
  return new Date(Number(row!.ms));
}
