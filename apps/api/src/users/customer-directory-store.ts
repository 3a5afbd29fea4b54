import { normalizeMobile } from '@store/domain';
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { likeEscaped } from '../db/like-pattern';
import { addresses, consentRecords, orders, users } from '../db/schema';

export interface CustomerFilter {
  accountType?: 'Individual' | 'Corporate';
  /** The buyer's name or company (any part), e-mail (whole), mobile, or GSTIN (whole). */
  q?: string;
}

/**
 * What a search finds, by the orders search's conventions (runs of spaces count as one): the
 * name or company name containing it in any case, the whole e-mail in any case, the mobile
 * (+91, 0 and spaces allowed), the whole GSTIN in any case, or the e-mail or mobile an order of
 * the account was billed to. A closed account keeps none of these (decision 0055): its old
 * contacts no longer find it.
 */
function searchCondition(q: string): SQL | undefined {
  const text = q.trim().replace(/\s+/g, ' ');
  if (text === '') return undefined;
  const anywhere = `%${likeEscaped(text)}%`;
  const found: SQL[] = [
    ilike(users.name, anywhere),
    ilike(users.companyName, anywhere),
    eq(users.gstinNo, text.toUpperCase()),
  ];
  if (text.includes('@')) {
    const email = text.toLowerCase();
    found.push(eq(users.email, email), billedTo(sql`lower(o.billing->>'email') = ${email}`));
  }
  const mobile = normalizeMobile(text);
  if (mobile) found.push(eq(users.mobile, mobile), billedTo(sql`o.billing->>'mobile' = ${mobile}`));
  return or(...found);
}

/**
 * An open account with an order billed to a contact: a buyer who has changed theirs since quotes
 * the one on their invoice (decision 0066). A closed account's paid orders keep their billing,
 * but its old contacts no longer find it.
 */
function billedTo(contact: SQL): SQL {
  // Tables named, as in the figures below.
  return sql`(users.closed_at is null and exists (select 1 from orders o
    where o.user_id = users.id and ${contact}))`;
}

/**
 * The figures of each row: its orders, what they paid, and when it last signed in. Written out
 * with the tables named, as drizzle leaves a column's table out in a query of one table.
 */
const figures = {
  orderCount: sql<number>`(select count(*) from orders o where o.user_id = users.id)`.mapWith(
    Number,
  ),
  // Orders with a confirmed payment; refunds are not taken off (refundedTotal has them).
  paidTotal: sql<number>`(select coalesce(sum(o.total_amount), 0) from orders o
    where o.user_id = users.id and o.paid_at is not null)`.mapWith(Number),
  // Refunds paid out (done) of the money paidTotal counts: the payment that paid for the order
  // (applied, or the one a cancel turned into money due back). A further payment the order did
  // not need is in neither figure (decision 0062).
  refundedTotal: sql<number>`(select coalesce(sum(r.amount), 0) from refunds r
    join orders o on o.id = r.order_id join payments p on p.id = r.payment_id
    where o.user_id = users.id and o.paid_at is not null and r.status = 'done'
      and (p.applied or p.reference = o.payment_reference))`.mapWith(Number),
  // A sign-in starts a session (a refresh-token family); rotations within it are not sign-ins.
  // Sessions are deleted 30 days after they end (decision 0056), so older sign-ins are unknown.
  lastSignInAt: sql<string | null>`(select max(started) from (
    select min(t.created_at) as started from refresh_tokens t
    where t.user_id = users.id group by t.family_id) as sessions)`,
};

/** One page of buyers' accounts (staff left out), newest first, and how many match in all. */
export async function pageOfCustomers(
  db: Db,
  filter: CustomerFilter,
  page: number,
  pageSize: number,
) {
  const conditions: SQL[] = [eq(users.role, 'customer')];
  if (filter.accountType) conditions.push(eq(users.accountType, filter.accountType));
  const search = filter.q === undefined ? undefined : searchCondition(filter.q);
  if (search) conditions.push(search);
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ user: users, ...figures })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** One buyer's account with its figures and address; undefined for none (or a staff account). */
export async function findCustomer(db: Db, id: string) {
  const [row] = await db
    .select({ user: users, ...figures, address: addresses })
    .from(users)
    .leftJoin(addresses, eq(addresses.userId, users.id))
    .where(and(eq(users.id, id), eq(users.role, 'customer')));
  return row;
}

/** The account's orders, newest first. */
export function ordersOfCustomer(db: Db, userId: string) {
  return db
    .select({
      id: orders.id,
      reference: orders.reference,
      status: orders.status,
      totalAmount: orders.totalAmount,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      paymentSubmittedAt: orders.paymentSubmittedAt,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** The account's consent records, newest first. */
export function consentsOfCustomer(db: Db, userId: string) {
  return db
    .select()
    .from(consentRecords)
    .where(eq(consentRecords.userId, userId))
    .orderBy(desc(consentRecords.at), desc(consentRecords.id));
}
