import { and, asc, eq, gt, inArray, isNull, max, min, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import {
  addresses,
  alertRecipients,
  cartItems,
  carts,
  comingSoonRequests,
  consentRecords,
  enquiries,
  enquiryReplies,
  favourites,
  numbers,
  orderEvents,
  orderItems,
  orders,
  paymentScreenshots,
  payments,
  refreshTokens,
  refunds,
  savedSearches,
  taxDocuments,
  users,
} from '../db/schema';

/**
 * Every row the store keeps about one account, read for its "Download my data" file (decision
 * 0059). Each query names its columns: token hashes, password hashes and codes are never read.
 */
export async function readAccountData(db: Db, userId: string, now: Date) {
  const [user] = await db
    .select({
      name: users.name,
      email: users.email,
      mobile: users.mobile,
      accountType: users.accountType,
      companyName: users.companyName,
      gstinNo: users.gstinNo,
      getWhatsappUpdate: users.getWhatsappUpdate,
      acceptTermsAndConditions: users.acceptTermsAndConditions,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
      // Not in the file: a staff download is for a buyer's account only.
      role: users.role,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.closedAt)));
  if (!user) return undefined;

  const [address] = await db.select().from(addresses).where(eq(addresses.userId, userId));
  const consents = await db
    .select({
      kind: consentRecords.kind,
      given: consentRecords.given,
      source: consentRecords.source,
      policyVersion: consentRecords.policyVersion,
      at: consentRecords.at,
    })
    .from(consentRecords)
    .where(eq(consentRecords.userId, userId))
    .orderBy(asc(consentRecords.at));

  const orderRows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.createdAt));
  const orderIds = orderRows.map((row) => row.id);
  const ofOrders = (column: AnyPgColumn) =>
    orderIds.length > 0 ? inArray(column, orderIds) : sql`false`;
  // One after another: the queries share the transaction's connection.
  const items = await db.select().from(orderItems).where(ofOrders(orderItems.orderId));
  const events = await db
    .select({
      orderId: orderEvents.orderId,
      status: orderEvents.status,
      note: orderEvents.note,
      at: orderEvents.createdAt,
    })
    .from(orderEvents)
    .where(ofOrders(orderEvents.orderId))
    .orderBy(asc(orderEvents.createdAt));
  const paymentRows = await db
    .select({
      orderId: payments.orderId,
      provider: payments.provider,
      status: payments.status,
      reference: payments.reference,
      amount: payments.amount,
      applied: payments.applied,
      createdAt: payments.createdAt,
      confirmedAt: payments.confirmedAt,
    })
    .from(payments)
    .where(ofOrders(payments.orderId))
    .orderBy(asc(payments.createdAt));
  const refundRows = await db
    .select({
      orderId: refunds.orderId,
      method: refunds.method,
      status: refunds.status,
      amount: refunds.amount,
      reason: refunds.reason,
      numberId: refunds.numberId,
      providerRefundId: refunds.providerRefundId,
      manualReference: refunds.manualReference,
      createdAt: refunds.createdAt,
      completedAt: refunds.completedAt,
    })
    .from(refunds)
    .where(ofOrders(refunds.orderId))
    .orderBy(asc(refunds.createdAt));
  const documents = await db
    .select({
      orderId: taxDocuments.orderId,
      kind: taxDocuments.kind,
      serial: taxDocuments.serial,
      amount: taxDocuments.amount,
      issuedAt: taxDocuments.issuedAt,
    })
    .from(taxDocuments)
    .where(ofOrders(taxDocuments.orderId))
    .orderBy(asc(taxDocuments.issuedAt));
  const screenshots = await db
    .select({ orderId: paymentScreenshots.orderId, contentType: paymentScreenshots.contentType })
    .from(paymentScreenshots)
    .where(ofOrders(paymentScreenshots.orderId));

  // Enquiries are not linked to an account: those sent with both of its contacts are its own.
  const enquiryRows = await db
    .select({
      id: enquiries.id,
      topic: enquiries.topic,
      message: enquiries.message,
      name: enquiries.name,
      email: enquiries.email,
      mobile: enquiries.mobile,
      number: enquiries.number,
      pagePath: enquiries.pagePath,
      status: enquiries.status,
      staffNote: enquiries.staffNote,
      clientIp: enquiries.clientIp,
      createdAt: enquiries.createdAt,
    })
    .from(enquiries)
    .where(and(eq(enquiries.email, user.email), eq(enquiries.mobile, user.mobile)))
    .orderBy(asc(enquiries.createdAt));
  const replies =
    enquiryRows.length > 0
      ? await db
          .select({
            enquiryId: enquiryReplies.enquiryId,
            sentTo: enquiryReplies.sentTo,
            subject: enquiryReplies.subject,
            text: enquiryReplies.text,
            at: enquiryReplies.createdAt,
          })
          .from(enquiryReplies)
          .where(
            inArray(
              enquiryReplies.enquiryId,
              enquiryRows.map((row) => row.id),
            ),
          )
          .orderBy(asc(enquiryReplies.createdAt))
      : [];

  const favouriteRows = await db
    .select({
      number: numbers.number,
      status: numbers.status,
      toldPrice: favourites.toldPrice,
      createdAt: favourites.createdAt,
    })
    .from(favourites)
    .innerJoin(numbers, eq(numbers.id, favourites.numberId))
    .where(eq(favourites.userId, userId))
    .orderBy(asc(favourites.createdAt));
  const searches = await db
    .select({
      name: savedSearches.name,
      query: savedSearches.query,
      createdAt: savedSearches.createdAt,
      checkedAt: savedSearches.checkedAt,
    })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt));
  const [alerts] = await db
    .select()
    .from(alertRecipients)
    .where(eq(alertRecipients.userId, userId));
  const notifyMe = await db
    .select({
      number: numbers.number,
      email: comingSoonRequests.email,
      createdAt: comingSoonRequests.createdAt,
      confirmedAt: comingSoonRequests.confirmedAt,
    })
    .from(comingSoonRequests)
    .innerJoin(numbers, eq(numbers.id, comingSoonRequests.numberId))
    .where(or(eq(comingSoonRequests.userId, userId), eq(comingSoonRequests.email, user.email)))
    .orderBy(asc(comingSoonRequests.createdAt));
  const cart = await db
    .select({
      number: numbers.number,
      priceAtAdd: cartItems.priceAtAdd,
      changedFrom: cartItems.changedFrom,
      addedAt: cartItems.addedAt,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(numbers, eq(numbers.id, cartItems.numberId))
    .where(eq(carts.userId, userId))
    .orderBy(asc(cartItems.addedAt));
  // A session is a family of refresh tokens: signed in at its first, last used at its latest.
  const sessions = await db
    .select({
      signedInAt: min(refreshTokens.createdAt),
      lastUsedAt: max(refreshTokens.createdAt),
      expiresAt: max(refreshTokens.expiresAt),
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, userId))
    .groupBy(refreshTokens.familyId)
    .having(sql`bool_or(${and(isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now))})`)
    .orderBy(asc(min(refreshTokens.createdAt)));

  return {
    user,
    address,
    consents,
    orders: orderRows,
    items,
    events,
    payments: paymentRows,
    refunds: refundRows,
    documents,
    screenshots,
    enquiries: enquiryRows,
    replies,
    favourites: favouriteRows,
    searches,
    alerts,
    notifyMe,
    cart,
    sessions,
  };
}

export type AccountData = NonNullable<Awaited<ReturnType<typeof readAccountData>>>;
