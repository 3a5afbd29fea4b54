import { eq, or } from 'drizzle-orm';
import type { Db } from '../db/database';
import { addresses, users } from '../db/schema';
import { conflict } from '../http/app-error';
import {
  toApiAddress,
  toApiUser,
  type ApiAddress,
  type ApiUser,
  type UserRow,
} from './user-mapping';

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

/** The payload of a sign-in and of the profile call: `{ user, address }`. */
export interface UserWithAddress {
  user: ApiUser;
  address: ApiAddress | null;
}

export async function loadUserWithAddress(
  db: Db,
  id: string,
): Promise<UserWithAddress | undefined> {
  const [row] = await db
    .select({ user: users, address: addresses })
    .from(users)
    .leftJoin(addresses, eq(addresses.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  if (!row) return undefined;
  return { user: toApiUser(row.user), address: toApiAddress(row.address) };
}

/** A Postgres unique violation (the e-mail or mobile was taken between the check and the insert). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** 409 when the e-mail or the mobile already belongs to an account. */
export async function assertContactsFree(db: Db, email: string, mobile: string): Promise<void> {
  const taken = await db
    .select({ email: users.email, mobile: users.mobile })
    .from(users)
    .where(or(eq(users.email, email.toLowerCase()), eq(users.mobile, mobile)))
    .limit(2);
  if (taken.some((row) => row.email === email.toLowerCase())) throw emailTaken();
  if (taken.some((row) => row.mobile === mobile)) throw mobileTaken();
}

export const emailTaken = () =>
  conflict(
    'An account with this e-mail address already exists. Please sign in instead.',
    'EMAIL_TAKEN',
  );
export const mobileTaken = () =>
  conflict(
    'An account with this mobile number already exists. Please sign in instead.',
    'MOBILE_TAKEN',
  );
