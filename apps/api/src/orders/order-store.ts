import { normalizeMobile, normalizeUtr, type OrderStatus, type PortingStatus } from '@store/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import {
  numbers,
  orderEvents,
  orderItems,
  orders,
  payments,
  paymentScreenshots,
  portingSteps,
  taxDocuments,
  users,
} from '../db/schema';
import { likeEscaped } from '../db/like-pattern';
import type { Tx } from '../db/transactions';
import type { CancelCause, OrderItemRow, OrderRow } from './order-types';

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  return order;
}

/** The orders with these ids (in no order). */
export function readOrders(db: Db, ids: readonly string[]): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...ids]));
}

export async function findOrderByProviderOrderId(
  db: Db,
  providerOrderId: string,
): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId));
  return order;
}

/** The id of the order with this reference, if any. */
export async function findOrderIdByReference(db: Db, reference: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.reference, reference));
  return row?.id;
}

/** The order row locked until the transaction ends. */
export async function lockOrder(tx: Tx, id: string): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return order;
}

/**
 * An order waiting for the buyer's payment with none submitted yet: what the cart and checkout
 * may still replace or cancel. Once the buyer has given a payment's UTR ("I have paid") the
 * order is left to staff, who confirm or reject that payment.
 */
const openToBuyerSql = and(
  eq(orders.status, 'pending_payment'),
  isNull(orders.paymentSubmittedAt),
)!;

/** An order whose buyer submitted a payment (a UTR) that staff have yet to check. */
export const paymentToCheckSql = and(
  eq(orders.status, 'pending_payment'),
  isNotNull(orders.paymentSubmittedAt),
)!;

/** The buyer's open orders (waiting for payment, none submitted), locked (`for update`). */
export function lockOpenOrders(tx: Tx, userId: string): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), openToBuyerSql))
    .orderBy(orders.id)
    .for('update');
}

/**
 * The buyer's newest open order (waiting for payment, none submitted) with its hold live, and
 * the ids of the numbers it holds; undefined when there is none.
 */
export async function findLiveOpenOrder(
  db: Db,
  userId: string,
): Promise<{ order: OrderRow; numberIds: number[] } | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), openToBuyerSql, gt(orders.holdExpiresAt, sql`now()`)))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (!order) return undefined;
  const items = await readOrderItems(db, [order.id]);
  return { order, numberIds: items.map((item) => item.numberId) };
}

/** Ids of orders waiting for payment whose hold has ended, the longest ended first. */
export async function findLapsedOrderIds(db: Db, limit: number): Promise<string[]> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending_payment'), lt(orders.holdExpiresAt, sql`now()`)))
    .orderBy(asc(orders.holdExpiresAt))
    .limit(limit);
  return due.map((row) => row.id);
}

/**
 * Claims the reminder of up to `limit` orders whose hold ends within `minutes` and who were not
 * reminded yet: marked reminded in one statement, so each is reminded once however many sweeps
 * run. Answers the claimed orders.
 */
export async function claimHoldReminders(
  db: Db,
  minutes: number,
  limit: number,
): Promise<OrderRow[]> {
  const due = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending_payment'),
        isNull(orders.holdReminderSentAt),
        gt(orders.holdExpiresAt, sql`now()`),
        lt(orders.holdExpiresAt, sql`now() + make_interval(mins => ${minutes}::int)`),
      ),
    )
    .orderBy(asc(orders.holdExpiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(orders)
    .set({ holdReminderSentAt: sql`now()` })
    .where(inArray(orders.id, due))
    .returning();
}

/** The order locked, if it still waits for payment with its hold ended and no one else has it. */
export async function lockLapsedOrder(tx: Tx, id: string): Promise<OrderRow | undefined> {
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
  return locked;
}

export interface OrderFilter {
  userId?: string;
  /**
   * An order status, or `payment_submitted`: awaiting payment with a payment the buyer submitted
   * for staff to check. `pending_payment` is then the orders still awaiting the buyer's payment.
   */
  status?: OrderStatus | 'payment_submitted';
  needsRefund?: boolean;
  /** Only these orders (the overdue ones, overdue-porting.ts). */
  orderIds?: readonly string[];
  /**
   * The order reference as the buyer sees it (whole, its start or its random end), a UTR the
   * buyer submitted or a payment staff recorded, the buyer's name, company, e-mail or mobile
   * (the account's now, or those the order was billed to), or a number in the order.
   */
  q?: string;
}

/**
 * The orders a search finds (OrderFilter.q; runs of spaces count as one). Each subquery runs
 * once per search, by index for the buyers' e-mail and mobile, the payments' references and the
 * numbers; the buyers' names are a scan of users (no index serves "contains"). The orders themselves are read through, as
 * the reference's start and end have no index either (nor the billing's name, e-mail and mobile,
 * compared on the same pass): tens of thousands of rows, a few tens of milliseconds.
 */
function searchCondition(q: string): SQL | undefined {
  const text = q.trim().replace(/\s+/g, ' ');
  if (text === '') return undefined;
  const buyersWhere = (condition: SQL) =>
    sql`${orders.userId} in (select ${users.id} from ${users} where ${condition})`;
  const upper = likeEscaped(text.toUpperCase());
  const anywhere = `%${likeEscaped(text)}%`;
  // A manual payment's reference_key is normalised the same way (normalizeUtr).
  const utr = normalizeUtr(text);
  const found: SQL[] = [
    like(sql`upper(${orders.reference})`, `${upper}%`),
    like(sql`upper(${orders.reference})`, `%-${upper}`),
    buyersWhere(sql`${ilike(users.name, anywhere)} or ${ilike(users.companyName, anywhere)}`),
    // The name the order is billed to (its invoice's, and usually the payer's at the bank).
    ilike(sql`${orders.billing}->>'name'`, anywhere),
    ilike(sql`${orders.billing}->>'companyName'`, anywhere),
    eq(orders.submittedUtrKey, utr),
    // A UTR staff sent back: if the money turns up after all, the bank shows that reference.
    sql`${utr} = any(${orders.rejectedUtrKeys})`,
    // Not rejected: the rows of the unique index on (provider, reference_key).
    sql`${orders.id} in (select ${payments.orderId} from ${payments} where ${and(
      eq(payments.provider, 'manual'),
      eq(payments.referenceKey, utr),
      ne(payments.status, 'rejected'),
    )})`,
  ];
  // The account's contacts now, and those the order was billed to (its invoice's): a buyer who
  // changed them since quotes the invoice's (decision 0064).
  if (text.includes('@')) {
    const email = text.toLowerCase();
    found.push(buyersWhere(eq(users.email, email)));
    found.push(sql`lower(${orders.billing}->>'email') = ${email}`);
  }
  const mobile = normalizeMobile(text);
  if (mobile) {
    found.push(buyersWhere(eq(users.mobile, mobile)));
    found.push(sql`${orders.billing}->>'mobile' = ${mobile}`);
    found.push(
      sql`${orders.id} in (select ${orderItems.orderId} from ${orderItems} where ${eq(orderItems.number, mobile)})`,
    );
  }
  return or(...found);
}

/**
 * One page of orders, newest first, and how many match in all. For staff (no userId), orders
 * whose buyer submitted a payment to verify come first, the longest waiting first.
 */
export async function pageOfOrders(
  db: Db,
  filter: OrderFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: OrderRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.userId) conditions.push(eq(orders.userId, filter.userId));
  if (filter.status === 'payment_submitted') conditions.push(paymentToCheckSql);
  else if (filter.status === 'pending_payment') conditions.push(openToBuyerSql);
  else if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.needsRefund !== undefined) conditions.push(eq(orders.needsRefund, filter.needsRefund));
  if (filter.orderIds) {
    conditions.push(
      filter.orderIds.length > 0 ? inArray(orders.id, [...filter.orderIds]) : sql`false`,
    );
  }
  const search = filter.q === undefined ? undefined : searchCondition(filter.q);
  if (search) conditions.push(search);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(
        ...(filter.userId
          ? []
          : [
              sql`(${orders.paymentSubmittedAt} is null or ${orders.status} <> 'pending_payment')`,
              // Only the orders waiting for their payment to be checked, the longest waiting
              // first; every other order by when it was placed (a paid order keeps its UTR's time).
              sql`case when ${orders.status} = 'pending_payment' then ${orders.paymentSubmittedAt} end`,
            ]),
        desc(orders.createdAt),
        desc(orders.id),
      )
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * Orders waiting for staff: a submitted payment to check, paid with a number awaiting its UPC,
 * or money due back.
 */
export async function countOrdersNeedingAction(db: Db): Promise<number> {
  const [counted] = await db
    .select({ total: count() })
    .from(orders)
    .where(or(paymentToCheckSql, eq(orders.status, 'paid'), eq(orders.needsRefund, true)));
  return counted?.total ?? 0;
}

export async function insertOrder(tx: Tx, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [order] = await tx.insert(orders).values(values).returning();
  return order!;
}

export async function insertOrderItems(
  tx: Tx,
  items: (typeof orderItems.$inferInsert)[],
): Promise<void> {
  await tx.insert(orderItems).values(items);
}

export async function insertOrderEvent(
  tx: Tx,
  event: {
    orderId: string;
    status: OrderStatus;
    note: string | null;
    staffUserId?: string | null;
    byBuyer?: boolean;
    /** A cancellation's cause. */
    cause?: CancelCause;
  },
): Promise<void> {
  await tx.insert(orderEvents).values(event);
}

export async function updateOrder(
  tx: Tx,
  id: string,
  changes: PgUpdateSetSource<typeof orders>,
): Promise<OrderRow> {
  const [order] = await tx.update(orders).set(changes).where(eq(orders.id, id)).returning();
  return order!;
}

/** Money arrived and pays for the order: paid now (database clock) with this reference. */
export function setOrderPaid(tx: Tx, id: string, paymentReference: string): Promise<OrderRow> {
  return updateOrder(tx, id, {
    status: 'paid',
    paidAt: sql`now()`,
    paymentReference,
    needsRefund: false,
  });
}

/** Money arrived that cannot pay for the order: cancelled, and due back in full. */
export function setOrderRefundDue(tx: Tx, id: string, paymentReference: string): Promise<OrderRow> {
  return updateOrder(tx, id, {
    status: 'cancelled',
    paidAt: sql`now()`,
    paymentReference,
    needsRefund: true,
  });
}

/** Stores the provider's order id unless one is stored already; answers the id the order holds. */
export async function claimProviderOrderId(
  db: Db,
  orderId: string,
  providerOrderId: string,
): Promise<string | null> {
  const [stored] = await db
    .update(orders)
    .set({ providerOrderId })
    .where(and(eq(orders.id, orderId), isNull(orders.providerOrderId)))
    .returning({ providerOrderId: orders.providerOrderId });
  if (stored?.providerOrderId) return stored.providerOrderId;
  const [current] = await db
    .select({ providerOrderId: orders.providerOrderId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return current?.providerOrderId ?? null;
}

/** The items of these orders, by number id. */
export function readOrderItems(db: Db, orderIds: readonly string[]): Promise<OrderItemRow[]> {
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.numberId));
}

/** Changes one number of an order (its porting). */
export async function updateOrderItem(
  tx: Tx,
  orderId: string,
  numberId: number,
  changes: PgUpdateSetSource<typeof orderItems>,
): Promise<OrderItemRow> {
  const [item] = await tx
    .update(orderItems)
    .set(changes)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.numberId, numberId)))
    .returning();
  return item!;
}

/**
 * Moves every number of the order at porting step `from` to `to`, but those refunded alone;
 * answers those numbers.
 */
export function moveOrderItems(
  tx: Tx,
  orderId: string,
  from: PortingStatus,
  to: PortingStatus,
): Promise<OrderItemRow[]> {
  return tx
    .update(orderItems)
    .set({ portingStatus: to })
    .where(
      and(
        eq(orderItems.orderId, orderId),
        eq(orderItems.portingStatus, from),
        isNull(orderItems.refundId),
      ),
    )
    .returning();
}

export async function insertPortingSteps(
  tx: Tx,
  steps: (typeof portingSteps.$inferInsert)[],
): Promise<void> {
  if (steps.length > 0) await tx.insert(portingSteps).values(steps);
}

export interface PortingStepRow {
  orderId: string;
  numberId: number;
  status: PortingStatus;
  upcCode: string | null;
  upcExpiresOn: string | null;
  note: string | null;
  createdAt: Date;
  staffName: string | null;
}

/** The porting histories of the numbers of these orders, each step with its staff member. */
export function readPortingSteps(db: Db, orderIds: readonly string[]): Promise<PortingStepRow[]> {
  return db
    .select({
      orderId: portingSteps.orderId,
      numberId: portingSteps.numberId,
      status: portingSteps.status,
      upcCode: portingSteps.upcCode,
      upcExpiresOn: portingSteps.upcExpiresOn,
      note: portingSteps.note,
      createdAt: portingSteps.createdAt,
      staffName: users.name,
    })
    .from(portingSteps)
    .leftJoin(users, eq(users.id, portingSteps.staffUserId))
    .where(inArray(portingSteps.orderId, [...orderIds]))
    .orderBy(asc(portingSteps.createdAt), asc(portingSteps.id));
}

/** The numbers these orders hold or held. */
export async function orderNumberIds(tx: Tx, orderIds: readonly string[]): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const items = await tx
    .select({ numberId: orderItems.numberId })
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]));
  return items.map((item) => item.numberId);
}

/** Which of these orders hold any of these numbers. */
export async function ordersHolding(
  tx: Tx,
  orderIds: readonly string[],
  numberIds: readonly number[],
): Promise<Set<string>> {
  const holding = await tx
    .selectDistinct({ orderId: orderItems.orderId })
    .from(orderItems)
    .where(
      and(inArray(orderItems.orderId, [...orderIds]), inArray(orderItems.numberId, [...numberIds])),
    );
  return new Set(holding.map((row) => row.orderId));
}

export interface TimelineRow {
  orderId: string;
  status: OrderStatus;
  note: string | null;
  createdAt: Date;
  staffUserId: string | null;
  staffName: string | null;
  byBuyer: boolean;
  cause: CancelCause | null;
}

/** Records that the buyer's checkout placed `orderId` in the stead of `replacedIds` (0075). */
export async function markReplaced(
  tx: Tx,
  replacedIds: readonly string[],
  orderId: string,
): Promise<void> {
  if (replacedIds.length === 0) return;
  await tx
    .update(orders)
    .set({ replacedBy: orderId })
    .where(inArray(orders.id, [...replacedIds]));
}

/**
 * Both ends of orders.replaced_by for an order view, in one read: the orders these orders
 * (`orderIds`) replaced, oldest first, and the orders that replaced them (`replacementIds`,
 * their replaced_by), each with its id and reference.
 */
export function readReplacements(
  db: Db,
  orderIds: readonly string[],
  replacementIds: readonly string[],
) {
  return db
    .select({ id: orders.id, replacedBy: orders.replacedBy, reference: orders.reference })
    .from(orders)
    .where(or(inArray(orders.replacedBy, [...orderIds]), inArray(orders.id, [...replacementIds])))
    .orderBy(asc(orders.createdAt));
}

/** The timelines of these orders, each step with whose it was (a staff member's by name). */
export function readTimelines(db: Db, orderIds: readonly string[]): Promise<TimelineRow[]> {
  return db
    .select({
      orderId: orderEvents.orderId,
      status: orderEvents.status,
      note: orderEvents.note,
      createdAt: orderEvents.createdAt,
      staffUserId: orderEvents.staffUserId,
      staffName: users.name,
      byBuyer: orderEvents.byBuyer,
      cause: orderEvents.cause,
    })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.staffUserId))
    .where(inArray(orderEvents.orderId, [...orderIds]))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}

/**
 * The order's latest cancellation: when, its cause, and who when it was a staff step (`by`, the
 * member's name); undefined when it was never cancelled.
 */
export async function lastCancellation(
  tx: Tx,
  orderId: string,
): Promise<{ by: string | null; at: Date; cause: CancelCause | null } | undefined> {
  const [event] = await tx
    .select({
      staffUserId: orderEvents.staffUserId,
      by: users.name,
      at: orderEvents.createdAt,
      cause: orderEvents.cause,
    })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.staffUserId))
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, 'cancelled')))
    .orderBy(desc(orderEvents.createdAt), desc(orderEvents.id))
    .limit(1);
  if (!event) return undefined;
  const by = event.staffUserId ? (event.by ?? 'A team member') : null;
  return { by, at: event.at, cause: event.cause };
}

/** The database clock, which holds and availability are measured against. */
export async function databaseNow(tx: Tx): Promise<Date> {
  const [row] = await tx
    .select({ ms: sql<number>`(extract(epoch from now()) * 1000)::float8` })
    .from(sql`(select 1) as one`);
  return new Date(Number(row!.ms));
}

/**
 * For each of `numberIds` the buyer held (in an order never paid) with a hold that ended less
 * than `cooldownMinutes` ago or has not ended: when the first of those holds ends or ended.
 * Also the database clock, which holds are measured against.
 */
export async function recentHoldEnds(
  tx: Tx,
  userId: string,
  numberIds: readonly number[],
  cooldownMinutes: number,
): Promise<{ now: Date; ends: Map<number, Date> }> {
  const rows = await tx
    .select({
      numberId: orderItems.numberId,
      firstEnd: sql<string>`min(${orders.holdExpiresAt})`,
      now: sql<string>`now()`,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orderItems.numberId, [...numberIds]),
        isNull(orders.paidAt),
        sql`${orders.holdExpiresAt} > now() - make_interval(mins => ${cooldownMinutes}::int)`,
      ),
    )
    .groupBy(orderItems.numberId);
  const ends = new Map(rows.map((row) => [row.numberId, new Date(row.firstEnd)]));
  return { now: rows[0] ? new Date(rows[0].now) : await databaseNow(tx), ends };
}

/** Serialises the checkouts from one client address (for the holds-per-address limit). */
export async function lockClientAddress(tx: Tx, clientIp: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`holds:ip:${clientIp}`}))`);
}

/**
 * Numbers held (hold live) by open orders placed from this client address by other buyers
 * than `exceptUserId`, and in how many seconds the first of those holds ends. The address's
 * open orders are read first, and their numbers only when there are any (mostly there are
 * none): one query joining the two was planned from the numbers' side, and walked every number
 * on hold, store-wide, on every checkout.
 */
export function liveHoldsFromAddress(tx: Tx, clientIp: string, exceptUserId: string) {
  return liveHoldsOf(
    tx,
    and(eq(orders.clientIp, clientIp), sql`${orders.userId} <> ${exceptUserId}`),
  );
}

/**
 * How many numbers the buyer's orders with a payment submitted still hold (a checkout does not
 * replace those: they count against the buyer's own limit), and when the first of those holds
 * ends.
 */
export function liveHoldsOfSubmittedOrders(tx: Tx, userId: string) {
  return liveHoldsOf(
    tx,
    and(eq(orders.userId, userId), sql`${orders.paymentSubmittedAt} is not null`),
  );
}

/**
 * How many numbers the orders awaiting payment with a live hold that `which` picks hold live,
 * and in how many seconds the first of those holds ends.
 */
async function liveHoldsOf(tx: Tx, which: SQL | undefined) {
  const open = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(which, eq(orders.status, 'pending_payment'), sql`${orders.holdExpiresAt} > now()`));
  if (open.length === 0) return { held: 0, firstEndsInSeconds: null };
  // The hold's conditions filter the orders' numbers rather than select them: as a condition
  // of the query, the planner would read them off the index of every live hold, store-wide.
  const live = sql`${numbers.status} = 'reserved' and ${numbers.reservedUntil} > now()`;
  const [row] = await tx
    .select({
      held: sql<number>`(count(*) filter (where ${live}))::int`,
      firstEndsInSeconds: sql<
        number | null
      >`extract(epoch from min(${numbers.reservedUntil}) filter (where ${live}) - now())::float8`,
    })
    .from(numbers)
    .where(
      inArray(
        numbers.orderId,
        open.map((order) => order.id),
      ),
    );
  return { held: row?.held ?? 0, firstEndsInSeconds: row?.firstEndsInSeconds ?? null };
}

/** Keeps the payment screenshot of an order, replacing the one it had. */
export async function upsertPaymentScreenshot(
  tx: Tx,
  values: typeof paymentScreenshots.$inferInsert,
): Promise<void> {
  await tx
    .insert(paymentScreenshots)
    .values(values)
    .onConflictDoUpdate({
      target: paymentScreenshots.orderId,
      set: { contentType: values.contentType, data: values.data, createdAt: sql`now()` },
    });
}

export async function findPaymentScreenshot(db: Db, orderId: string) {
  const [row] = await db
    .select()
    .from(paymentScreenshots)
    .where(eq(paymentScreenshots.orderId, orderId));
  return row;
}

export async function deletePaymentScreenshot(tx: Tx, orderId: string): Promise<void> {
  await tx.delete(paymentScreenshots).where(eq(paymentScreenshots.orderId, orderId));
}

/** Which of these orders have a payment screenshot. */
export async function ordersWithScreenshot(db: Db, orderIds: readonly string[]) {
  if (orderIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ orderId: paymentScreenshots.orderId })
    .from(paymentScreenshots)
    .where(inArray(paymentScreenshots.orderId, [...orderIds]));
  return new Set(rows.map((row) => row.orderId));
}

/**
 * The other orders that were paid for these numbers but could not have them, their money still
 * due back (decision 0054): cancelled with needs_refund and no tax invoice (money that came late,
 * so never sold them; a paid order cancelled since has its invoice). Each with the number it
 * wanted, as stored, oldest order first.
 */
export function ordersWaitingFor(db: Db, numberIds: readonly number[], exceptOrderId: string) {
  if (numberIds.length === 0) return Promise.resolve([]);
  return db
    .select({ reference: orders.reference, number: orderItems.number })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        inArray(orderItems.numberId, [...numberIds]),
        ne(orders.id, exceptOrderId),
        eq(orders.status, 'cancelled'),
        eq(orders.needsRefund, true),
        sql`not exists (select 1 from ${taxDocuments} where ${taxDocuments.orderId} = ${orders.id} and ${taxDocuments.kind} = 'INV')`,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orderItems.numberId));
}
