import { and, eq, gt, inArray, isNotNull, isNull, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  addresses,
  alertRecipients,
  carts,
  comingSoonRequests,
  consentRecords,
  favourites,
  orders,
  paymentScreenshots,
  savedSearches,
  taxDocuments,
  users,
} from '../db/schema';
import type { UserRow } from './user-mapping';

/** The account's row locked until the transaction ends. */
export async function lockUser(tx: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** An account found by its e-mail address or mobile (the console's request to close). */
export async function findUserByContact(tx: Db, contact: { email: string } | { mobile: string }) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where('email' in contact ? eq(users.email, contact.email) : eq(users.mobile, contact.mobile))
    .limit(1);
  return row;
}

/**
 * The account's orders that are still open: awaiting payment (the hold live, or "I have paid"
 * waiting for staff), paid with porting not finished, or money owed back.
 */
export function findOpenOrders(tx: Db, userId: string, now: Date) {
  return tx
    .select({
      reference: orders.reference,
      status: orders.status,
      paymentSubmittedAt: orders.paymentSubmittedAt,
    })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        or(
          inArray(orders.status, ['paid', 'upc_sent', 'porting_in_progress']),
          and(
            eq(orders.status, 'pending_payment'),
            or(gt(orders.holdExpiresAt, now), isNotNull(orders.paymentSubmittedAt)),
          ),
          eq(orders.needsRefund, true),
        ),
      ),
    )
    .orderBy(orders.createdAt);
}

/**
 * Erases the buyer's details from the orders that were never paid and have no tax document:
 * their billing (kept in its shape, with nothing personal), attribution, client address and
 * payment screenshot. Paid or invoiced orders keep their billing: the invoice must stay
 * reproducible for as long as the GST law keeps it.
 */
export async function eraseUnpaidOrders(tx: Db, userId: string): Promise<number> {
  const unpaid = and(
    eq(orders.userId, userId),
    isNull(orders.paidAt),
    notExists(tx.select().from(taxDocuments).where(eq(taxDocuments.orderId, orders.id))),
  );
  const erased = await tx
    .update(orders)
    .set({
      billing: sql`jsonb_build_object(
        'name', 'Closed account', 'email', '', 'mobile', '',
        'accountType', ${orders.billing}->>'accountType',
        'companyName', null, 'gstinNo', null, 'address', null)`,
      attribution: null,
      clientIp: null,
      updatedAt: new Date(),
    })
    .where(unpaid)
    .returning({ id: orders.id });
  if (erased.length > 0) {
    await tx.delete(paymentScreenshots).where(
      inArray(
        paymentScreenshots.orderId,
        erased.map((order) => order.id),
      ),
    );
  }
  return erased.length;
}

/**
 * Deletes what the account kept for itself (address, consent records, cart, favourites, saved searches, alert
 * settings, Notify me requests, also those made as a guest with its e-mail) and anonymises its
 * row: the contacts become unique placeholders that no sign-in or message can use, so the old
 * e-mail and mobile are free to register again; the row stays because its orders name it.
 */
export async function eraseAccount(tx: Db, user: UserRow, now: Date): Promise<void> {
  const id = user.id;
  await tx.delete(addresses).where(eq(addresses.userId, id));
  await tx.delete(consentRecords).where(eq(consentRecords.userId, id));
  await tx.delete(carts).where(eq(carts.userId, id));
  await tx.delete(favourites).where(eq(favourites.userId, id));
  await tx.delete(savedSearches).where(eq(savedSearches.userId, id));
  await tx.delete(alertRecipients).where(eq(alertRecipients.userId, id));
  await tx
    .delete(comingSoonRequests)
    .where(or(eq(comingSoonRequests.userId, id), eq(comingSoonRequests.email, user.email)));
  await tx
    .update(users)
    .set({
      name: 'Closed account',
      email: `closed-${id}@closed.invalid`,
      mobile: `closed-${id}`,
      passwordHash: null,
      companyName: null,
      gstinNo: null,
      getWhatsappUpdate: false,
      acceptTermsAndConditions: false,
      disabledAt: now,
      closedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, id));
}
