import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import { loginFailures, otpRequests, otpSends, refreshTokens, users } from '../db/schema';
import type { OtpPayload, OtpPurpose } from './otp-types';

export type OtpRequestRow = typeof otpRequests.$inferSelect;

/*
 * Limits counted in database rows over a sliding window (OTP sends, failed sign-ins), so every
 * server process shares them. A caller takes `lockKeys` for what it counts inside a transaction,
 * counts with `countInWindow`, and writes its own row before the transaction commits.
 */

/** Serialises the transactions that count and write rows for these keys, across processes. */
export async function lockKeys(tx: Db, keys: string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  }
}

export interface WindowCount {
  count: number;
  /** Seconds until the oldest counted row leaves the window (0 when nothing was counted). */
  retryAfterSeconds: number;
}

/**
 * Counts the rows of `table` matching `where` whose `at` lies in the last `windowSeconds`.
 * `count` replaces `count(*)` (e.g. to count distinct times).
 */
async function countInWindow(
  tx: Db,
  options: {
    table: PgTable;
    at: AnyPgColumn;
    where: SQL | undefined;
    windowSeconds: number;
    now: Date;
    count?: SQL;
  },
): Promise<WindowCount> {
  const { table, at, where, windowSeconds, now } = options;
  const windowMs = windowSeconds * 1000;
  const [row] = await tx
    .select({
      n: sql<number>`${options.count ?? sql`count(*)`}::int`,
      oldest: sql<number | null>`extract(epoch from min(${at}))::float8`,
    })
    .from(table)
    .where(and(where, gt(at, new Date(now.getTime() - windowMs))));
  const count = Number(row?.n ?? 0);
  const oldest = row?.oldest == null ? null : Number(row.oldest);
  return {
    count,
    retryAfterSeconds:
      oldest === null ? 0 : Math.max(0, (oldest * 1000 + windowMs - now.getTime()) / 1000),
  };
}

// ---- OTP requests and sends ----

/** Rows whose contacts fit the ones given: at least one matches and none contradicts. */
function contactMatch(email: string | null, mobile: string | null): SQL | undefined {
  if (email && mobile) {
    return or(
      and(
        eq(otpRequests.email, email),
        or(isNull(otpRequests.mobile), eq(otpRequests.mobile, mobile)),
      ),
      and(
        eq(otpRequests.mobile, mobile),
        or(isNull(otpRequests.email), eq(otpRequests.email, email)),
      ),
    );
  }
  if (email) return eq(otpRequests.email, email);
  if (mobile) return eq(otpRequests.mobile, mobile);
  return undefined;
}

/** Either contact given matches. */
const eitherContact = (email: string | null, mobile: string | null) =>
  or(
    email ? eq(otpRequests.email, email) : undefined,
    mobile ? eq(otpRequests.mobile, mobile) : undefined,
  );

/** When a code for this purpose last went to either contact, if after `since`. */
export async function lastOtpSentSince(
  db: Db,
  purpose: OtpPurpose,
  email: string | null,
  mobile: string | null,
  since: Date,
): Promise<Date | undefined> {
  const [latest] = await db
    .select({ lastSentAt: otpRequests.lastSentAt })
    .from(otpRequests)
    .where(
      and(
        eq(otpRequests.purpose, purpose),
        eitherContact(email, mobile),
        gt(otpRequests.lastSentAt, since),
        // A request closed at once because its code reached nobody (or already used) is no send.
        isNull(otpRequests.consumedAt),
      ),
    )
    .orderBy(desc(otpRequests.lastSentAt))
    .limit(1);
  return latest?.lastSentAt;
}

/** Codes sent to this contact in the window: from every address, or at the request of one. */
export function countOtpSendsToContact(
  db: Db,
  contact: string,
  windowSeconds: number,
  now: Date,
  fromIp?: string,
): Promise<WindowCount> {
  return countInWindow(db, {
    table: otpSends,
    at: otpSends.sentAt,
    where: and(
      eq(otpSends.contact, contact),
      fromIp === undefined ? undefined : eq(otpSends.clientIp, fromIp),
    ),
    windowSeconds,
    now,
  });
}

/**
 * Codes requested from this client address in the window. One send is one code issued, even
 * when it goes out by e-mail and SMS (one row per contact, sharing the same sent_at).
 */
export function countOtpSendsFromIp(
  db: Db,
  clientIp: string,
  windowSeconds: number,
  now: Date,
): Promise<WindowCount> {
  return countInWindow(db, {
    table: otpSends,
    at: otpSends.sentAt,
    where: eq(otpSends.clientIp, clientIp),
    windowSeconds,
    now,
    count: sql`count(distinct ${otpSends.sentAt})`,
  });
}

/** Marks the open (unused) requests matching `where` used at `now`; the ids it marked. */
function consumeOpenOtpRequests(db: Db, where: SQL | undefined, now: Date) {
  return db
    .update(otpRequests)
    .set({ consumedAt: now })
    .where(and(where, isNull(otpRequests.consumedAt)))
    .returning({ id: otpRequests.id });
}

/** Closes the open requests for this purpose and these contacts. */
export async function closeOpenOtpRequests(
  tx: Db,
  purpose: OtpPurpose,
  email: string | null,
  mobile: string | null,
  now: Date,
): Promise<void> {
  await consumeOpenOtpRequests(
    tx,
    and(eq(otpRequests.purpose, purpose), contactMatch(email, mobile)),
    now,
  );
}

export async function insertOtpRequest(
  tx: Db,
  request: {
    id: string;
    purpose: OtpPurpose;
    email: string | null;
    mobile: string | null;
    codeHash: string;
    emailCodeHash: string | null;
    payload: OtpPayload;
    maxAttempts: number;
    expiresAt: Date;
    now: Date;
  },
): Promise<void> {
  const { now, ...values } = request;
  await tx.insert(otpRequests).values({ ...values, lastSentAt: now, createdAt: now });
}

export async function insertOtpSends(
  tx: Db,
  contacts: string[],
  clientIp: string,
  sentAt: Date,
): Promise<void> {
  await tx.insert(otpSends).values(contacts.map((contact) => ({ contact, clientIp, sentAt })));
}

/**
 * Housekeeping for these contacts and this address only: sends older than the window, and
 * requests that expired before `requestsBefore`.
 */
export async function deleteOldOtpRows(
  tx: Db,
  options: {
    email: string | null;
    mobile: string | null;
    clientIp: string;
    sendsBefore: Date;
    requestsBefore: Date;
  },
): Promise<void> {
  const { email, mobile, clientIp } = options;
  const contacts = [email, mobile].filter((c): c is string => !!c);
  await tx
    .delete(otpSends)
    .where(
      and(
        lt(otpSends.sentAt, options.sendsBefore),
        or(inArray(otpSends.contact, contacts), eq(otpSends.clientIp, clientIp)),
      ),
    );
  await tx
    .delete(otpRequests)
    .where(and(lt(otpRequests.expiresAt, options.requestsBefore), eitherContact(email, mobile)));
}

/** Marks one request used at `now`; false when it was used already. */
export async function markOtpRequestUsed(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await consumeOpenOtpRequests(db, eq(otpRequests.id, id), now);
  return rows.length > 0;
}

/** The most recent open (unused) request for these contacts that expired after `expiredAfter`. */
export async function findOpenOtpRequest(
  db: Db,
  input: {
    purposes: OtpPurpose[];
    email: string | null;
    mobile: string | null;
    requestId?: string;
    expiredAfter: Date;
  },
): Promise<OtpRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(otpRequests)
    .where(
      and(
        inArray(otpRequests.purpose, input.purposes),
        isNull(otpRequests.consumedAt),
        gt(otpRequests.expiresAt, input.expiredAfter),
        input.requestId ? eq(otpRequests.id, input.requestId) : undefined,
        contactMatch(input.email, input.mobile),
      ),
    )
    .orderBy(desc(otpRequests.createdAt))
    .limit(1);
  return row;
}

export async function findOtpRequest(db: Db, id: string): Promise<OtpRequestRow | undefined> {
  const [row] = await db.select().from(otpRequests).where(eq(otpRequests.id, id));
  return row;
}

/**
 * Uses one attempt of an open, unexpired request with attempts left (a conditional update, so
 * parallel guesses cannot exceed the limit); undefined when none was left to use.
 */
export async function useOtpAttempt(db: Db, id: string, now: Date) {
  const [counted] = await db
    .update(otpRequests)
    .set({ attemptsUsed: sql`${otpRequests.attemptsUsed} + 1` })
    .where(
      and(
        eq(otpRequests.id, id),
        isNull(otpRequests.consumedAt),
        lt(otpRequests.attemptsUsed, otpRequests.maxAttempts),
        gt(otpRequests.expiresAt, now),
      ),
    )
    .returning({ attemptsUsed: otpRequests.attemptsUsed, maxAttempts: otpRequests.maxAttempts });
  return counted;
}

// ---- Refresh tokens ----

export async function insertRefreshToken(
  db: Db,
  token: { userId: string; familyId: string; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  const { now, ...values } = token;
  await db.insert(refreshTokens).values({ ...values, createdAt: now });
}

/** The token with this hash, its user's role and whether the user is disabled. */
export async function findRefreshToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ token: refreshTokens, role: users.role, disabledAt: users.disabledAt })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Marks the token rotated unless it already was (or was revoked); true when this call did. */
export async function claimRotation(db: Db, id: string, now: Date): Promise<boolean> {
  const claimed = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(
      and(
        eq(refreshTokens.id, id),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ id: refreshTokens.id });
  return claimed.length === 1;
}

export async function findRotationState(db: Db, id: string) {
  const [row] = await db
    .select({ rotatedAt: refreshTokens.rotatedAt, revokedAt: refreshTokens.revokedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, id));
  return row;
}

/** Revokes the tokens matching `where` that are not revoked yet. */
async function revokeTokens(db: Db, where: SQL | undefined, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(where, isNull(refreshTokens.revokedAt)));
}

/** The account's role when it is not disabled and has a live token in the family. */
export async function findLiveSession(db: Db, userId: string, familyId: string, now: Date) {
  const [row] = await db
    .select({ role: users.role })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        isNull(users.disabledAt),
        sql`exists (select 1 from ${refreshTokens} where ${and(
          eq(refreshTokens.familyId, familyId),
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
        )})`,
      ),
    );
  return row;
}

export function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  return revokeTokens(db, eq(refreshTokens.familyId, familyId), now);
}

export async function findFamilyOfToken(db: Db, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row?.familyId;
}

/** Revokes every live token of the user, but those of the family `keepFamilyId`. */
export function revokeUserTokens(
  db: Db,
  userId: string,
  now: Date,
  keepFamilyId?: string,
): Promise<void> {
  return revokeTokens(
    db,
    and(
      eq(refreshTokens.userId, userId),
      gt(refreshTokens.expiresAt, now),
      keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
    ),
    now,
  );
}

// ---- Failed sign-ins ----

/** Failures in the window of a contact (from one address or all), or of an address. */
export function countLoginFailures(
  db: Db,
  where: { contact?: string; clientIp?: string },
  windowSeconds: number,
  now: Date,
): Promise<WindowCount> {
  return countInWindow(db, {
    table: loginFailures,
    at: loginFailures.failedAt,
    where: and(
      where.contact === undefined ? undefined : eq(loginFailures.contact, where.contact),
      where.clientIp === undefined ? undefined : eq(loginFailures.clientIp, where.clientIp),
    ),
    windowSeconds,
    now,
  });
}

/** Records a failure, and drops this contact's and address's failures older than the window. */
export async function recordLoginFailure(
  tx: Db,
  failure: { contact: string; clientIp: string; now: Date; windowSeconds: number },
): Promise<void> {
  const { contact, clientIp, now } = failure;
  await tx.insert(loginFailures).values({ contact, clientIp, failedAt: now });
  await tx
    .delete(loginFailures)
    .where(
      and(
        lt(loginFailures.failedAt, new Date(now.getTime() - failure.windowSeconds * 1000)),
        or(eq(loginFailures.contact, contact), eq(loginFailures.clientIp, clientIp)),
      ),
    );
}

/** The failures of this contact from this address. */
export async function deleteLoginFailures(
  db: Db,
  contact: string,
  clientIp: string,
): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.contact, contact), eq(loginFailures.clientIp, clientIp)));
}

/**
 * Deletes every code request of an account that closed or changed a contact, of the contacts
 * it had: those sent to them (sign-in, reset, a pending registration naming them) and its own
 * (a sign-in or reset code that also went to the other contact, a contact change).
 */
export async function deleteOtpRequestsOf(
  tx: Db,
  account: { userId: string; email: string; mobile: string },
): Promise<void> {
  await tx
    .delete(otpRequests)
    .where(
      or(
        eitherContact(account.email, account.mobile),
        sql`${otpRequests.payload}->>'userId' = ${account.userId}`,
      ),
    );
}
