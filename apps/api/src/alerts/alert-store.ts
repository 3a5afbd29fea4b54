import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import {
  alertRecipients,
  comingSoonRequests,
  favourites,
  savedSearches,
  savedSearchHits,
} from '../db/schema';
import type { Tx } from '../db/transactions';

/** The buyer's favourites, the newest first. */
export function listFavourites(db: Db, userId: string) {
  return db
    .select({ numberId: favourites.numberId, toldPrice: favourites.toldPrice })
    .from(favourites)
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt), desc(favourites.numberId));
}

/** Adds favourites (each with the price the buyer sees now); ones already kept stay as they are. */
export async function addFavourites(
  db: Db,
  userId: string,
  rows: readonly { numberId: number; price: number }[],
) {
  if (rows.length === 0) return;
  await db
    .insert(favourites)
    .values(rows.map(({ numberId, price }) => ({ userId, numberId, toldPrice: price })))
    .onConflictDoNothing();
}

export async function removeFavourite(db: Db, userId: string, numberId: number) {
  await db
    .delete(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.numberId, numberId)));
}

/** The buyer was told of these prices: a favourite is told again only below them. */
export async function lowerToldPrices(
  tx: Tx,
  userId: string,
  drops: readonly { numberId: number; price: number }[],
) {
  for (const { numberId, price } of drops) {
    await tx
      .update(favourites)
      .set({ toldPrice: price })
      .where(and(eq(favourites.userId, userId), eq(favourites.numberId, numberId)));
  }
}

export function listSavedSearches(db: Db, userId: string) {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
}

/**
 * Saves a search unless the buyer already keeps `limit`; counted under a lock on the buyer's
 * searches so two saves at once cannot pass the limit. Undefined when at the limit.
 */
export async function insertSavedSearch(
  tx: Tx,
  search: { userId: string; name: string; query: string },
  limit: number,
) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`saved-searches:${search.userId}`}))`,
  );
  const [kept] = await tx
    .select({ n: count() })
    .from(savedSearches)
    .where(eq(savedSearches.userId, search.userId));
  if ((kept?.n ?? 0) >= limit) return undefined;
  const [row] = await tx.insert(savedSearches).values(search).returning();
  return row;
}

/** Deletes the buyer's saved search; false when the buyer has none by that id. */
export async function deleteSavedSearch(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.userId, userId), eq(savedSearches.id, id)))
    .returning({ id: savedSearches.id });
  return deleted.length > 0;
}

/** Which of these numbers an alert already listed for the search. */
export async function toldNumbers(db: Db, searchId: string, numberIds: readonly number[]) {
  if (numberIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ numberId: savedSearchHits.numberId })
    .from(savedSearchHits)
    .where(
      and(
        eq(savedSearchHits.searchId, searchId),
        inArray(savedSearchHits.numberId, [...numberIds]),
      ),
    );
  return new Set(rows.map((row) => row.numberId));
}

/** The numbers an alert listed for a search, and the moment it looked (numbers since are new). */
export async function recordSearchChecked(
  tx: Tx,
  searchId: string,
  checkedAt: Date,
  numberIds: readonly number[],
) {
  await tx.update(savedSearches).set({ checkedAt }).where(eq(savedSearches.id, searchId));
  if (numberIds.length > 0) {
    await tx
      .insert(savedSearchHits)
      .values(numberIds.map((numberId) => ({ searchId, numberId })))
      .onConflictDoNothing();
  }
}

/**
 * Buyers due a digest: with a favourite or a saved search, not unsubscribed, and no digest
 * since `notSince`.
 */
export async function dueRecipients(db: Db, notSince: Date): Promise<string[]> {
  const quiet = (userId: AnyPgColumn) =>
    sql`not exists (select 1 from ${alertRecipients} where ${alertRecipients.userId} = ${userId} and (${alertRecipients.unsubscribedAt} is not null or ${alertRecipients.lastDigestAt} > ${notSince}))`;
  const [keeping, searching] = await Promise.all([
    db
      .selectDistinct({ userId: favourites.userId })
      .from(favourites)
      .where(quiet(favourites.userId)),
    db
      .selectDistinct({ userId: savedSearches.userId })
      .from(savedSearches)
      .where(quiet(savedSearches.userId)),
  ]);
  return [...new Set([...keeping, ...searching].map((row) => row.userId))];
}

/** Records a digest sent to the buyer: when, and the numbers it listed. */
export async function recordDigest(tx: Tx, userId: string, sentAt: Date, numbers: string[]) {
  await tx
    .insert(alertRecipients)
    .values({ userId, lastDigestAt: sentAt, lastDigestNumbers: numbers })
    .onConflictDoUpdate({
      target: alertRecipients.userId,
      set: { lastDigestAt: sentAt, lastDigestNumbers: numbers },
    });
}

/** Whether the buyer gets alert e-mails (true unless unsubscribed). */
export async function alertsOn(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ unsubscribedAt: alertRecipients.unsubscribedAt })
    .from(alertRecipients)
    .where(eq(alertRecipients.userId, userId));
  return !row?.unsubscribedAt;
}

/** Turns the buyer's alert e-mails off (unsubscribe) or on again. */
export async function setAlertsOn(db: Db, userId: string, on: boolean) {
  const unsubscribedAt = on ? null : new Date();
  await db
    .insert(alertRecipients)
    .values({ userId, unsubscribedAt })
    .onConflictDoUpdate({
      target: alertRecipients.userId,
      set: {
        unsubscribedAt: on
          ? null
          : sql`coalesce(${alertRecipients.unsubscribedAt}, ${unsubscribedAt})`,
      },
    });
}

/**
 * A signed-in buyer's Notify me, at the account's (verified) e-mail: confirmed at once, and so is
 * a guest's request for that address still waiting for its link.
 */
export async function insertComingSoonRequest(
  db: Db,
  request: { numberId: number; email: string; userId: string },
) {
  await db
    .insert(comingSoonRequests)
    .values({ ...request, confirmedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [comingSoonRequests.numberId, comingSoonRequests.email],
      set: {
        userId: request.userId,
        confirmedAt: sql`coalesce(${comingSoonRequests.confirmedAt}, now())`,
        tokenHash: null,
      },
    });
}

/** Not confirmed, and its link sent longer ago than this (or never): the request is void. */
const unconfirmedSince = (seconds: number) =>
  sql`${comingSoonRequests.confirmedAt} is null and (${comingSoonRequests.confirmSentAt} is null or ${comingSoonRequests.confirmSentAt} <= now() - make_interval(secs => ${seconds}))`;

/**
 * Takes the number's transaction lock on its Notify me list (every process waits for it), then
 * counts the guests' requests (no account) that stand for it: confirmed, or with a link sent in
 * the last `linkSeconds`. `quiet`: `email` is on the list confirmed, or its link went out in the
 * last `resendSeconds` (no new link now).
 */
export async function lockComingSoonGuests(
  tx: Db,
  numberId: number,
  email: string,
  seconds: { linkSeconds: number; resendSeconds: number },
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`notify-me:${numberId}`}))`);
  const [row] = await tx
    .select({
      guests: sql<number>`(count(*) filter (where ${comingSoonRequests.userId} is null and not (${unconfirmedSince(seconds.linkSeconds)})))::int`,
      quiet: sql<boolean>`coalesce(bool_or(${comingSoonRequests.email} = ${email} and not (${unconfirmedSince(seconds.resendSeconds)})), false)`,
    })
    .from(comingSoonRequests)
    .where(eq(comingSoonRequests.numberId, numberId));
  return row!;
}

/** A guest's request waiting for its link (the SHA-256 of its token), sent now: a new link. */
export async function insertPendingComingSoonRequest(
  tx: Db,
  request: { numberId: number; email: string; tokenHash: string },
) {
  await tx
    .insert(comingSoonRequests)
    .values({ ...request, confirmSentAt: sql`now()` })
    .onConflictDoUpdate({
      target: [comingSoonRequests.numberId, comingSoonRequests.email],
      set: { tokenHash: request.tokenHash, confirmSentAt: sql`now()` },
    });
}

/**
 * Confirms the request whose link token hashes to `tokenHash`, once, if its link was sent in
 * the last `linkSeconds`; undefined otherwise (unknown, used or expired).
 */
export async function confirmComingSoonRequest(db: Db, tokenHash: string, linkSeconds: number) {
  const [row] = await db
    .update(comingSoonRequests)
    .set({ confirmedAt: sql`now()`, tokenHash: null })
    .where(
      and(
        eq(comingSoonRequests.tokenHash, tokenHash),
        sql`${comingSoonRequests.confirmSentAt} > now() - make_interval(secs => ${linkSeconds})`,
      ),
    )
    .returning({ numberId: comingSoonRequests.numberId, email: comingSoonRequests.email });
  return row;
}

/** Deletes the guests' requests whose link expired unconfirmed; how many. */
export async function deleteUnconfirmedComingSoonRequests(db: Db, linkSeconds: number) {
  const deleted = await db
    .delete(comingSoonRequests)
    .where(unconfirmedSince(linkSeconds))
    .returning({ numberId: comingSoonRequests.numberId });
  return deleted.length;
}

const confirmed = isNotNull(comingSoonRequests.confirmedAt);

/** The numbers someone asked about and confirmed. */
export async function requestedNumbers(db: Db): Promise<number[]> {
  const rows = await db
    .selectDistinct({ numberId: comingSoonRequests.numberId })
    .from(comingSoonRequests)
    .where(confirmed);
  return rows.map((row) => row.numberId);
}

/**
 * Takes the confirmed requests for these numbers (deleted: each is told once) and returns them;
 * ones still waiting for their link stay, to be told once confirmed.
 */
export function takeComingSoonRequests(db: Db, numberIds: readonly number[]) {
  if (numberIds.length === 0) return Promise.resolve([]);
  return db
    .delete(comingSoonRequests)
    .where(and(inArray(comingSoonRequests.numberId, [...numberIds]), confirmed))
    .returning({
      numberId: comingSoonRequests.numberId,
      email: comingSoonRequests.email,
      userId: comingSoonRequests.userId,
    });
}
