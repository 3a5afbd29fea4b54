import { and, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import { auditLog, orders, users } from '../db/schema';
import type { Tx } from '../db/transactions';

export type AuditInsert = typeof auditLog.$inferInsert;

export interface AuditFilter {
  actorId?: string;
  number?: string;
  orderId?: string;
  entityType?: string;
  entityId?: string;
  /** Only these actions. */
  action?: readonly string[];
  /** Only entries up to this id: the pages pinned to the newest entry the first page showed. */
  upTo?: number;
}

/**
 * An entry is timed when it is written, not when its transaction began (the column's default):
 * a long transaction, such as an import's apply waiting on locks, would otherwise put its changes
 * before changes it made later than them.
 */
const writtenAt = sql`clock_timestamp()`;

export async function insertAuditEntries(executor: Db | Tx, entries: AuditInsert[]) {
  if (entries.length > 0) {
    await executor.insert(auditLog).values(entries.map((entry) => ({ at: writtenAt, ...entry })));
  }
}

/** Inserts the rows a SELECT gives (actor_id, action, entity_type, entity_id, number, before, after, note). */
export async function insertSelectedAuditEntries(tx: Tx, rows: SQL) {
  await tx.execute(
    sql`insert into ${auditLog} (actor_id, action, entity_type, entity_id, number, before, after, note, at)
      select *, ${writtenAt} from (${rows}) as selected`,
  );
}

/**
 * Inserts `entry` unless the same staff member's entry of the same action on the same thing
 * was written in the last `repeatSeconds`: one statement, so a view costs one round trip.
 * Answers whether it was written.
 */
export async function insertUnlessRepeated(
  executor: Db | Tx,
  entry: AuditInsert & { actorId: string },
  repeatSeconds: number,
): Promise<boolean> {
  const result = (await executor.execute(
    sql`insert into ${auditLog} (actor_id, action, entity_type, entity_id, order_id, after, at)
      select ${entry.actorId}, ${entry.action}, ${entry.entityType}, ${entry.entityId},
        ${entry.orderId ?? null}, ${entry.after === undefined ? null : JSON.stringify(entry.after)}::jsonb,
        ${writtenAt}
      where not exists (
        select 1 from ${auditLog}
        where ${auditLog.actorId} = ${entry.actorId} and ${auditLog.action} = ${entry.action}
          and ${auditLog.entityType} = ${entry.entityType} and ${auditLog.entityId} = ${entry.entityId}
          and ${auditLog.at} > clock_timestamp() - ${repeatSeconds} * interval '1 second')`,
  )) as unknown as { rowCount: number | null };
  return (result.rowCount ?? 0) > 0;
}

/** The user an entry changed (a staff member invited, disabled, given a role). */
const subject = alias(users, 'subject');

/**
 * One page of entries, newest first, with the name of who made each, the reference of the
 * order it concerns, the name of the user it changed, the total, and the newest matching
 * entry's id (`upTo`: the filter's, else the newest now), which further pages are pinned to so
 * that entries written meanwhile do not shift them.
 */
export async function pageOfAuditEntries(
  db: Db,
  filter: AuditFilter,
  page: number,
  pageSize: number,
) {
  const conditions: SQL[] = [];
  if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
  if (filter.number) conditions.push(eq(auditLog.number, filter.number));
  if (filter.orderId) conditions.push(eq(auditLog.orderId, filter.orderId));
  if (filter.entityType) conditions.push(eq(auditLog.entityType, filter.entityType));
  if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
  if (filter.action) conditions.push(inArray(auditLog.action, [...filter.action]));
  if (filter.upTo !== undefined) conditions.push(lte(auditLog.id, filter.upTo));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        entry: auditLog,
        actorName: users.name,
        actorEmail: users.email,
        orderReference: orders.reference,
        subjectName: subject.name,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .leftJoin(orders, eq(orders.id, auditLog.orderId))
      .leftJoin(
        subject,
        and(eq(auditLog.entityType, 'user'), sql`${subject.id}::text = ${auditLog.entityId}`),
      )
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({
        n: sql<number>`count(*)::int`,
        // A bigint, read as text: ids may pass int's range.
        newest: sql<string | null>`max(${auditLog.id})`,
      })
      .from(auditLog)
      .where(where),
  ]);
  const newest = counted?.newest == null ? null : Number(counted.newest);
  return { rows, total: counted?.n ?? 0, upTo: filter.upTo ?? newest };
}

/** Who last made this change of this entity, and when, by its audit entries (decision 0043). */
export async function lastAuditedChange(
  tx: Tx,
  entityType: AuditInsert['entityType'],
  entityId: string,
  action: string,
): Promise<{ at: Date; by: string | null } | undefined> {
  const [row] = await tx
    .select({ at: auditLog.at, by: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.entityType, entityType),
        eq(auditLog.entityId, entityId),
        eq(auditLog.action, action),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  return row;
}
