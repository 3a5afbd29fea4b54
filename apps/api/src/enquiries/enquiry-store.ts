import { and, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { enquiries, type enquiryStatuses } from '../db/schema';
import type { Tx } from '../db/transactions';
import type { EnquiryInput } from './enquiry-schemas';

export type EnquiryRow = typeof enquiries.$inferSelect;
type EnquiryStatus = (typeof enquiryStatuses)[number];

/** Serialises the enquiries of one client address, across server processes. */
export async function lockClientIp(tx: Tx, clientIp: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`enquiry:ip:${clientIp}`}))`);
}

/** How many enquiries came from this address since `since`, and when the oldest of them came. */
export async function countSince(tx: Tx, clientIp: string, since: Date) {
  const [row] = await tx
    .select({
      n: sql<number>`count(*)::int`,
      oldest: sql<number>`extract(epoch from min(${enquiries.createdAt}))::float8`,
    })
    .from(enquiries)
    .where(and(eq(enquiries.clientIp, clientIp), gt(enquiries.createdAt, since)));
  return { count: row?.n ?? 0, oldestSeconds: Number(row?.oldest) };
}

export async function insertEnquiry(
  tx: Tx,
  input: Omit<EnquiryInput, 'website'>,
  clientIp: string,
  now: Date,
): Promise<string> {
  const [inserted] = await tx
    .insert(enquiries)
    .values({
      name: input.name,
      mobile: input.mobile,
      email: input.email,
      topic: input.topic,
      message: input.message,
      pagePath: input.pagePath ?? null,
      clientIp,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: enquiries.id });
  return inserted!.id;
}

/** One page of enquiries, newest first, and how many match in all. */
export async function pageOfEnquiries(
  db: Db,
  filter: { status?: EnquiryStatus; topic?: EnquiryRow['topic'] },
  page: number,
  pageSize: number,
): Promise<{ rows: EnquiryRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(enquiries.status, filter.status));
  if (filter.topic) conditions.push(eq(enquiries.topic, filter.topic));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(enquiries)
    .where(where)
    .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [counted] = await db.select({ total: count() }).from(enquiries).where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function setEnquiryStatus(
  db: Db,
  id: string,
  status: EnquiryStatus,
): Promise<EnquiryRow | undefined> {
  const [row] = await db.update(enquiries).set({ status }).where(eq(enquiries.id, id)).returning();
  return row;
}
