import { normalizeMobile } from '@store/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  like,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../db/database';
import { likeEscaped } from '../db/like-pattern';
import { enquiries, enquiryReplies, numbers, users, type enquiryStatuses } from '../db/schema';
import type { Tx } from '../db/transactions';
import { idStartOf } from './enquiry-reference';
import type { EnquiryInput } from './enquiry-schemas';

export type EnquiryRow = typeof enquiries.$inferSelect;
type EnquiryStatus = (typeof enquiryStatuses)[number];

/** The statuses the console calls "open" (the rest, closed, is "answered"). */
export const OPEN_STATUSES: readonly EnquiryStatus[] = ['new', 'in_progress'];

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

/** The enquiry a client's Idempotency-Key made, with the fingerprint of its request. */
export async function findEnquiryByKey(tx: Tx, key: string) {
  const [row] = await tx
    .select({ id: enquiries.id, requestHash: enquiries.requestHash })
    .from(enquiries)
    .where(eq(enquiries.idempotencyKey, key));
  return row;
}

/** Whether the store has (or had) this number in its stock, in any status. */
export async function storeHasNumber(tx: Tx, number: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: numbers.id })
    .from(numbers)
    .where(eq(numbers.number, number))
    .limit(1);
  return row !== undefined;
}

/** The new enquiry's id; undefined when its idempotency key is taken (by a concurrent twin). */
export async function insertEnquiry(
  tx: Tx,
  input: Omit<EnquiryInput, 'website'>,
  clientIp: string,
  now: Date,
  key?: { idempotencyKey: string; requestHash: string },
): Promise<string | undefined> {
  const [inserted] = await tx
    .insert(enquiries)
    .values({
      name: input.name,
      mobile: input.mobile,
      email: input.email,
      topic: input.topic,
      message: input.message,
      pagePath: input.pagePath ?? null,
      number: input.number ?? null,
      clientIp,
      ...key,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: enquiries.idempotencyKey })
    .returning({ id: enquiries.id });
  return inserted?.id;
}

/**
 * The enquiries a console search finds: by reference (whole or its start), the sender's name
 * (any part, any case), e-mail (whole, any case), or mobile, which also finds enquiries about
 * that number.
 */
function searchCondition(q: string): SQL | undefined {
  const text = q.trim();
  if (text === '') return undefined;
  const found: SQL[] = [ilike(enquiries.name, `%${likeEscaped(text)}%`)];
  const idStart = idStartOf(text);
  if (idStart) found.push(like(sql`${enquiries.id}::text`, `${idStart}%`));
  if (text.includes('@')) found.push(eq(enquiries.email, text.toLowerCase()));
  const mobile = normalizeMobile(text);
  if (mobile) found.push(eq(enquiries.mobile, mobile), eq(enquiries.number, mobile));
  return or(...found);
}

/** One page of enquiries, newest first, and how many match in all. */
export async function pageOfEnquiries(
  db: Db,
  filter: {
    status?: EnquiryStatus;
    topic?: EnquiryRow['topic'];
    state?: 'open' | 'answered';
    q?: string;
    /** Sent from this e-mail or this mobile (a customer's enquiries). */
    sender?: { email: string; mobile: string };
  },
  page: number,
  pageSize: number,
): Promise<{ rows: EnquiryRow[]; total: number }> {
  const conditions: SQL[] = [];
  const search = filter.q === undefined ? undefined : searchCondition(filter.q);
  if (search) conditions.push(search);
  if (filter.sender) {
    conditions.push(
      or(eq(enquiries.email, filter.sender.email), eq(enquiries.mobile, filter.sender.mobile))!,
    );
  }
  if (filter.status) conditions.push(eq(enquiries.status, filter.status));
  if (filter.state === 'open') conditions.push(inArray(enquiries.status, [...OPEN_STATUSES]));
  if (filter.state === 'answered') conditions.push(eq(enquiries.status, 'closed'));
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

export async function findEnquiry(db: Db, id: string): Promise<EnquiryRow | undefined> {
  const [row] = await db.select().from(enquiries).where(eq(enquiries.id, id));
  return row;
}

/** The enquiry locked until the transaction ends. */
export async function lockEnquiry(tx: Tx, id: string): Promise<EnquiryRow | undefined> {
  const [row] = await tx.select().from(enquiries).where(eq(enquiries.id, id)).for('update');
  return row;
}

export async function updateEnquiry(
  tx: Tx,
  id: string,
  changes: { status?: EnquiryStatus; staffNote?: string | null },
): Promise<EnquiryRow> {
  const [row] = await tx.update(enquiries).set(changes).where(eq(enquiries.id, id)).returning();
  return row!;
}

export async function insertReply(tx: Tx, reply: typeof enquiryReplies.$inferInsert) {
  await tx.insert(enquiryReplies).values(reply);
}

/** The reply an Idempotency-Key sent to this enquiry, with the fingerprint of its request. */
export async function findReplyByKey(tx: Tx, enquiryId: string, key: string) {
  const [row] = await tx
    .select({ requestHash: enquiryReplies.requestHash })
    .from(enquiryReplies)
    .where(and(eq(enquiryReplies.enquiryId, enquiryId), eq(enquiryReplies.idempotencyKey, key)));
  return row;
}

/** The replies sent to an enquiry, oldest first, with who sent each. */
export function readReplies(db: Db, enquiryId: string) {
  return db
    .select({ reply: enquiryReplies, staffName: users.name })
    .from(enquiryReplies)
    .innerJoin(users, eq(users.id, enquiryReplies.staffUserId))
    .where(eq(enquiryReplies.enquiryId, enquiryId))
    .orderBy(asc(enquiryReplies.createdAt), asc(enquiryReplies.id));
}

/** Enquiries not yet answered (new or in progress). */
export async function countOpenEnquiries(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(enquiries)
    .where(inArray(enquiries.status, [...OPEN_STATUSES]));
  return row?.n ?? 0;
}
