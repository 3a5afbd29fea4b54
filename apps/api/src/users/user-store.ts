import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { addresses, users } from '../db/schema';
import type { AddressRow, UserRow } from './user-mapping';

export type NewUser = typeof users.$inferInsert;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** E-mail addresses are stored lower-case. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

/** Mobiles are stored as 10 digits. */
export async function findUserByMobile(db: Db, mobile: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.mobile, mobile)).limit(1);
  return row;
}

/** The account and its address (null until one is saved). */
/**
 * The account with its address; with `keyShare`, the account's row (not the address) locked FOR
 * KEY SHARE until the transaction ends: closing the account (FOR UPDATE) then waits for it.
 */
export async function findUserWithAddress(
  db: Db,
  id: string,
  { keyShare = false } = {},
): Promise<{ user: UserRow; address: AddressRow | null } | undefined> {
  const query = db
    .select({ user: users, address: addresses })
    .from(users)
    .leftJoin(addresses, eq(addresses.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  const [row] = await (keyShare ? query.for('key share', { of: users }) : query);
  return row;
}

/** The accounts holding this e-mail address or this mobile (at most two). */
export function findUsersByContacts(db: Db, email: string, mobile: string) {
  return db
    .select({ email: users.email, mobile: users.mobile })
    .from(users)
    .where(or(eq(users.email, email.toLowerCase()), eq(users.mobile, mobile)))
    .limit(2);
}

export function findContacts(db: Db, ids: readonly string[]) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      mobile: users.mobile,
      getWhatsappUpdate: users.getWhatsappUpdate,
    })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/**
 * Where messages to these accounts go now, by account id: the e-mail, mobile and WhatsApp
 * choice of each; none for a closed account (its contacts are placeholders, decision 0055) or
 * no account.
 */
export async function findOpenContacts(db: Db, ids: readonly string[]) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      mobile: users.mobile,
      getWhatsappUpdate: users.getWhatsappUpdate,
    })
    .from(users)
    .where(and(inArray(users.id, [...new Set(ids)]), isNull(users.closedAt)));
  return new Map(rows.map(({ id, ...contact }) => [id, contact]));
}

/** Support and admin accounts, by name. */
export function findStaff(db: Db): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(ne(users.role, 'customer'))
    .orderBy(asc(users.name), asc(users.id));
}

/** An account locked until the transaction ends (a change of its contacts), or undefined. */
export async function lockAccount(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** A staff account locked until the transaction ends (undefined for a customer or no one). */
export async function lockStaffAccount(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), ne(users.role, 'customer')))
    .for('update');
  return row;
}

/**
 * Serialises changes of staff accounts across server processes, so that none can leave the
 * store without an active administrator (two admins disabling each other at once).
 */
export async function lockStaffChanges(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('users:staff-changes'))`);
}

/** Administrators not disabled, other than `exceptId`. */
export async function countActiveAdmins(db: Db, exceptId: string): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt), ne(users.id, exceptId)));
  return rows.length;
}

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Db, id: string, changes: Partial<NewUser>): Promise<UserRow> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return row!;
}

/** Saves the account's one address; `keep`: only when it has none yet. */
export async function upsertAddress(
  db: Db,
  userId: string,
  address: Omit<typeof addresses.$inferInsert, 'userId'>,
  onConflict: 'replace' | 'keep' = 'replace',
): Promise<void> {
  const insert = db.insert(addresses).values({ userId, ...address });
  await (onConflict === 'keep'
    ? insert.onConflictDoNothing({ target: addresses.userId })
    : insert.onConflictDoUpdate({
        target: addresses.userId,
        set: { ...address, updatedAt: new Date() },
      }));
}
