import {
  overdueInWords,
  overdueReasons,
  portingOverdue,
  type OverdueReason,
  type PortingOverdue,
} from '@store/domain';
import { and, eq, inArray, isNull, max, ne, sql } from 'drizzle-orm';
import { displayNumber } from '../catalog/catalog-service';
import type { Db, Tx } from '../db/database';
import { orderItems, orders, portingAlerts, portingSteps } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { enqueueMessages } from '../notify/outbox';
import { portingOverdueAlert, portingOverdueDigest } from './order-alerts';
import {
  accountNow,
  messagesToAccount,
  upcExpiredMessages,
  type AccountNow,
} from './order-messages';
import { lockOrder } from './order-store';
import type { OrderDeps, OrderRow } from './order-types';

/**
 * Which numbers of paid orders broke a porting promise (decision 0107): the domain's
 * portingOverdue over each number still on the porting path, read in one query. The rule is
 * the domain's alone (working days are not SQL's), so the orders list's filter and the
 * Dashboard's counts take the ids of the overdue orders from here: a few hundred orders are
 * porting at a time, not the whole table.
 */

/** An order on the porting path: paid, its numbers not all ported. */
const PORTING_ORDER_STATUSES = ['paid', 'upc_sent', 'porting_in_progress'] as const;

export interface OverdueNumber {
  orderId: string;
  numberId: number;
  number: string;
  upcCode: string | null;
  upcExpiresOn: string | null;
  overdue: PortingOverdue;
}

/** The overdue numbers of orders on the porting path (of these orders only, when given). */
export async function overdueNumbers(
  db: Db | Tx,
  now: Date,
  orderIds?: readonly string[],
): Promise<OverdueNumber[]> {
  if (orderIds?.length === 0) return [];
  const started = db
    .select({
      orderId: portingSteps.orderId,
      numberId: portingSteps.numberId,
      at: max(portingSteps.createdAt).as('at'),
    })
    .from(portingSteps)
    .where(eq(portingSteps.status, 'porting_in_progress'))
    .groupBy(portingSteps.orderId, portingSteps.numberId)
    .as('started');
  const rows = await db
    .select({
      orderId: orderItems.orderId,
      numberId: orderItems.numberId,
      number: orderItems.number,
      status: orderItems.portingStatus,
      upcCode: orderItems.upcCode,
      upcExpiresOn: orderItems.upcExpiresOn,
      paidAt: orders.paidAt,
      state: sql<string | null>`${orders.billing}->'address'->>'state'`,
      portingStartedAt: started.at,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(
      started,
      and(eq(started.orderId, orderItems.orderId), eq(started.numberId, orderItems.numberId)),
    )
    .where(
      and(
        inArray(orders.status, [...PORTING_ORDER_STATUSES]),
        isNull(orderItems.refundId),
        ne(orderItems.portingStatus, 'ported'),
        orderIds ? inArray(orders.id, [...orderIds]) : undefined,
      ),
    )
    .orderBy(orderItems.orderId, orderItems.numberId);
  return rows.flatMap((row) => {
    const overdue = portingOverdue(
      {
        status: row.status,
        paidAt: row.paidAt,
        upcExpiresOn: row.upcExpiresOn,
        portingStartedAt: row.portingStartedAt ? new Date(row.portingStartedAt) : null,
        state: row.state,
      },
      now,
    );
    const { orderId, numberId, number, upcCode, upcExpiresOn } = row;
    return overdue ? [{ orderId, numberId, number, upcCode, upcExpiresOn, overdue }] : [];
  });
}

/** What the console shows of an order's overdue numbers (the staff view's `overdue`). */
export function overdueView(found: readonly OverdueNumber[], now: Date) {
  return found.map(({ numberId, number, overdue }) => ({
    numberId,
    number: displayNumber(number),
    reason: overdue.reason,
    since: overdue.since.toISOString(),
    words: overdueInWords(overdue, now),
  }));
}

/** The ids of the orders among `found` with a number overdue for this reason (`any`: for any). */
const ordersOverdue = (found: readonly OverdueNumber[], reason: OverdueReason | 'any') =>
  new Set(
    found
      .filter((item) => reason === 'any' || item.overdue.reason === reason)
      .map((item) => item.orderId),
  );

/** The ids of the orders with a number overdue for this reason (`any`: for any), oldest first. */
export async function overdueOrderIds(
  db: Db,
  reason: OverdueReason | 'any',
  now: Date,
): Promise<string[]> {
  return [...ordersOverdue(await overdueNumbers(db, now), reason)];
}

/** How many orders have a number overdue, for each reason and for any (the Dashboard's card). */
export async function overdueCounts(db: Db, now: Date) {
  const found = await overdueNumbers(db, now);
  return {
    any: ordersOverdue(found, 'any').size,
    ...(Object.fromEntries(
      overdueReasons.map((reason) => [reason, ordersOverdue(found, reason).size]),
    ) as Record<OverdueReason, number>),
  };
}

/** A porting_alerts row's key, as compared in memory. */
const alertKey = (orderId: string, numberId: number, reason: OverdueReason, dueAt: Date) =>
  `${orderId}:${numberId}:${reason}:${dueAt.getTime()}`;

const sameDeadline = (a: OverdueNumber, b: OverdueNumber) =>
  a.orderId === b.orderId &&
  a.numberId === b.numberId &&
  a.overdue.reason === b.overdue.reason &&
  a.overdue.since.getTime() === b.overdue.since.getTime();

/** From this many numbers found overdue in one sweep, the team gets one alert listing them. */
const OVERDUE_DIGEST_FROM = 4;

/**
 * Tells the team, once per number, reason and deadline, of each number that broke a porting
 * promise (an e-mail and SMS to STAFF_ALERT_EMAILS and _MOBILES through the outbox; one listing
 * them all when a sweep finds OVERDUE_DIGEST_FROM or more), and the buyer of a UPC that expired
 * before porting started (e-mail, SMS, WhatsApp when chosen: a new one comes free, nothing to
 * do). Run by the hold sweep's process under its advisory lock. The rows in porting_alerts are
 * written in the transaction that writes the messages, the orders locked and their numbers read
 * again first (a step taken meanwhile wins), so neither a second run nor a second process tells
 * anyone twice. Answers how many numbers were alerted.
 */
export async function alertOverduePorting(deps: OrderDeps, now = new Date()): Promise<number> {
  const { database } = deps;
  const found = await overdueNumbers(database.db, now);
  if (found.length === 0) return 0;
  const alerted = await database.db
    .select({
      orderId: portingAlerts.orderId,
      numberId: portingAlerts.numberId,
      reason: portingAlerts.reason,
      dueAt: portingAlerts.dueAt,
    })
    .from(portingAlerts)
    .where(inArray(portingAlerts.orderId, [...new Set(found.map((item) => item.orderId))]));
  const told = new Set(
    alerted.map((row) => alertKey(row.orderId, row.numberId, row.reason, row.dueAt)),
  );
  const fresh = found.filter(
    (item) =>
      !told.has(alertKey(item.orderId, item.numberId, item.overdue.reason, item.overdue.since)),
  );
  const batches = fresh.length >= OVERDUE_DIGEST_FROM ? [fresh] : fresh.map((item) => [item]);
  const messageIds: number[] = [];
  let count = 0;
  for (const batch of batches) {
    const sent = await inTransaction(database, (tx) => alertBatch(deps, tx, batch, now));
    count += sent.count;
    messageIds.push(...sent.messageIds);
  }
  await deps.outbox.deliverNow(messageIds);
  return count;
}

/** Alerts of the numbers of `batch` still overdue and not yet told, in one transaction. */
async function alertBatch(
  deps: OrderDeps,
  tx: Tx,
  batch: readonly OverdueNumber[],
  now: Date,
): Promise<{ count: number; messageIds: number[] }> {
  // Locked in one order, so two batches never wait on each other.
  const locked = new Map<string, OrderRow>();
  for (const id of [...new Set(batch.map((item) => item.orderId))].sort()) {
    const order = await lockOrder(tx, id);
    if (order) locked.set(id, order);
  }
  const current = await overdueNumbers(tx, now, [...locked.keys()]);
  const still = current.filter((item) => batch.some((other) => sameDeadline(item, other)));
  if (still.length === 0) return { count: 0, messageIds: [] };
  const inserted = await tx
    .insert(portingAlerts)
    .values(
      still.map((item) => ({
        orderId: item.orderId,
        numberId: item.numberId,
        reason: item.overdue.reason,
        dueAt: item.overdue.since,
      })),
    )
    .onConflictDoNothing()
    .returning();
  const newlyTold = new Set(
    inserted.map((row) => alertKey(row.orderId, row.numberId, row.reason, row.dueAt)),
  );
  const accounts = new Map<string, AccountNow | undefined>();
  const late: { order: OrderRow; account: AccountNow | undefined; item: OverdueNumber }[] = [];
  for (const item of still) {
    if (
      !newlyTold.has(alertKey(item.orderId, item.numberId, item.overdue.reason, item.overdue.since))
    )
      continue;
    const order = locked.get(item.orderId)!;
    if (!accounts.has(order.id)) accounts.set(order.id, await accountNow(deps, tx, order));
    late.push({ order, account: accounts.get(order.id), item });
  }
  if (late.length === 0) return { count: 0, messageIds: [] };
  const staffAlert =
    late.length >= OVERDUE_DIGEST_FROM ? portingOverdueDigest(deps.config, late, now) : undefined;
  const messageIds = await enqueueMessages(tx, [
    ...(staffAlert
      ? deps.staffAlerts.messages(staffAlert)
      : late.flatMap((one) =>
          deps.staffAlerts.messages(portingOverdueAlert(deps.config, one, now)),
        )),
    ...late.flatMap(({ order, account, item }) =>
      item.overdue.reason === 'upc_expired'
        ? messagesToAccount(order, account, (contact) =>
            upcExpiredMessages(deps.config, contact, order, {
              number: item.number,
              upcCode: item.upcCode!,
              upcExpiresOn: item.upcExpiresOn!,
            }),
          )
        : [],
    ),
  ]);
  return { count: late.length, messageIds };
}
