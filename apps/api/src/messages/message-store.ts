import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { orders, outbox } from '../db/schema';
import type { Tx } from '../db/transactions';
import type { StoredMessage } from '../notify/message';

const givenUp = isNotNull(outbox.failedAt);

/** A page of the messages the outbox gave up on, the latest given up first, with their order. */
export async function pageOfUndelivered(db: Db, page: number, pageSize: number) {
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: outbox.id,
        message: outbox.message,
        attempts: outbox.attempts,
        failedAt: outbox.failedAt,
        lastError: outbox.lastError,
        createdAt: outbox.createdAt,
        order: { id: orders.id, reference: orders.reference },
      })
      .from(outbox)
      .leftJoin(orders, sql`${orders.id}::text = ${outbox.message}->>'aboutOrder'`)
      .where(givenUp)
      .orderBy(desc(outbox.failedAt), desc(outbox.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    countUndelivered(db),
  ]);
  return { rows, total: counted };
}

/** How many messages the outbox gave up on. */
export async function countUndelivered(db: Db): Promise<number> {
  const [counted] = await db.select({ n: count() }).from(outbox).where(givenUp);
  return counted?.n ?? 0;
}

/** The message given up on, locked until `tx` ends; undefined when none (sent again, dismissed). */
export async function lockUndelivered(
  tx: Tx,
  id: number,
): Promise<{ id: number; message: StoredMessage } | undefined> {
  const [row] = await tx
    .select({ id: outbox.id, message: outbox.message })
    .from(outbox)
    .where(and(eq(outbox.id, id), givenUp))
    .for('update');
  return row;
}

/** Makes the message due now, addressed to `to`, with its attempts and failure cleared. */
export async function rearm(tx: Tx, id: number, to: string): Promise<void> {
  await tx
    .update(outbox)
    .set({
      message: sql`jsonb_set(${outbox.message}, '{to}', to_jsonb(${to}::text))`,
      attempts: 0,
      nextAttemptAt: sql`now()`,
      failedAt: null,
      lastError: null,
    })
    .where(eq(outbox.id, id));
}

export async function deleteMessage(tx: Tx, id: number): Promise<void> {
  await tx.delete(outbox).where(eq(outbox.id, id));
}

/** Where the message is now: sent, waiting for a retry, or given up again. */
export async function messageState(db: Db, id: number) {
  const [row] = await db
    .select({ sentAt: outbox.sentAt, failedAt: outbox.failedAt, lastError: outbox.lastError })
    .from(outbox)
    .where(eq(outbox.id, id));
  return row;
}
