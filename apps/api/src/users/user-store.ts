import { eq, inArray, or } from 'drizzle-orm';
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
export async function findUserWithAddress(
  db: Db,
  id: string,
): Promise<{ user: UserRow; address: AddressRow | null } | undefined> {
  const [row] = await db
    .select({ user: users, address: addresses })
    .from(users)
    .leftJoin(addresses, eq(addresses.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
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

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Db, id: string, changes: Partial<NewUser>): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, id));
}

export async function upsertAddress(
  db: Db,
  userId: string,
  address: Omit<typeof addresses.$inferInsert, 'userId'>,
): Promise<void> {
  await db
    .insert(addresses)
    .values({ userId, ...address })
    .onConflictDoUpdate({
      target: addresses.userId,
      set: { ...address, updatedAt: new Date() },
    });
}
