import { gstStateCode, isValidGstin, pinCodeFirstDigits } from '@store/domain';
import { desc, eq, sql } from 'drizzle-orm';
import { beforeEach, expect } from 'vitest';
import type { App } from '../src/app';
import { signAccessToken, type Role } from '../src/auth/access-token';
import { createRefreshToken } from '../src/auth/refresh-tokens';
import { ACCESS_COOKIE, ACCESS_COOKIE_PATH } from '../src/auth/session-cookies';
import { sessionKeys } from '../src/auth/session-keys';
import type { Database } from '../src/db/database';
import { addresses, devOutbox, numbers, orders, users } from '../src/db/schema';
import type { UserRow } from '../src/users/user-service';
import { insertTestNumbers } from './numbers';
import { api, SessionClient } from './session-client';
import type { TestContext } from './test-app';

/**
 * Helpers for the cart, order, payment and support tests. Buyers are inserted straight into the
 * users table and given a signed access cookie (the sign-in flow itself is the accounts tests'
 * business), which keeps suites with dozens of buyers fast.
 */
let counter = 0;

export interface BuyerOptions {
  name?: string;
  role?: Role;
  accountType?: 'Individual' | 'Corporate';
  companyName?: string;
  gstinNo?: string;
  getWhatsappUpdate?: boolean;
  /**
   * The state of the buyer's profile address (the place of supply): by default the test store's
   * own, Delhi, as a buyer's invoice names an address (decision 0106); null: no address saved.
   */
  state?: string | null;
}

/** A valid GSTIN registered in `state` (one PAN's, with its check character found). */
export function gstinIn(state: string): string {
  const first14 = `${gstStateCode(state)}AAPFU0939F1Z`;
  const check = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'].find((char) =>
    isValidGstin(first14 + char),
  );
  return first14 + check;
}

export async function signedIn(
  app: App,
  options: BuyerOptions = {},
): Promise<{ client: SessionClient; user: UserRow }> {
  counter += 1;
  const serial = String(counter).padStart(6, '0');
  const corporate = options.accountType === 'Corporate';
  const [user] = await app.database.db
    .insert(users)
    .values({
      name: options.name ?? `Buyer ${serial}`,
      email: `buyer.${serial}@example.com`,
      mobile: `7${String(counter).padStart(9, '0')}`,
      accountType: options.accountType ?? 'Individual',
      companyName: corporate ? (options.companyName ?? 'Verma Traders Pvt Ltd') : null,
      // A company registered where it is, unless the test says otherwise.
      gstinNo: corporate
        ? (options.gstinNo ?? (options.state ? gstinIn(options.state) : '27AAPFU0939F1ZV'))
        : null,
      role: options.role ?? 'customer',
      getWhatsappUpdate: options.getWhatsappUpdate ?? false,
      acceptTermsAndConditions: true,
    })
    .returning();
  const state = options.state === undefined ? app.config.STORE_STATE : options.state;
  if (state) {
    await app.database.db.insert(addresses).values({
      userId: user!.id,
      line1: '12 MG Road',
      city: 'Bengaluru',
      state,
      // A PIN code of the state's zone (pinCodeStateProblem), as the API would take it.
      pinCode: `${pinCodeFirstDigits(state)[0] ?? '5'}60001`,
    });
  }
  const { familyId } = await createRefreshToken(app.database.db, app.config, user!.id);
  const { token } = signAccessToken(
    { id: user!.id, role: user!.role, sessionId: familyId },
    sessionKeys(app.config).accessToken,
    app.config.ACCESS_TOKEN_TTL_SECONDS,
  );
  const client = new SessionClient(app);
  client.cookies.set(ACCESS_COOKIE, { value: token, path: ACCESS_COOKIE_PATH });
  return { client, user: user! };
}

export const staffMember = (app: App, role: 'support' | 'admin' = 'support') =>
  signedIn(app, { role, name: role === 'admin' ? 'Anil Admin' : 'Sunita Support' });

/** A new buyer (signedIn options) who checks out these numbers (by id): the order as answered. */
export async function buyerWithOrder(app: App, numberIds: number[], options: BuyerOptions = {}) {
  const buyer = await signedIn(app, options);
  for (const id of numberIds) await buyer.client.post(`/api/v1/cart/add/${id}`);
  const res = await buyer.client.post('/api/v1/cart/checkout');
  if (res.statusCode !== 201) throw new Error(`checkout answered ${res.statusCode}: ${res.body}`);
  return { ...buyer, order: res.json().data.order };
}

/** Moves an order's hold (and its numbers' reserved_until) into the past. */
export function lapseHold(database: Database, orderId: string, minutesAgo = 1) {
  return moveHoldEnd(database, orderId, -minutesAgo);
}

/** Ends an order's hold (and its numbers' reserved_until) this many minutes (or part of one) from now. */
export async function moveHoldEnd(database: Database, orderId: string, minutesFromNow: number) {
  const end = sql`now() + make_interval(secs => ${minutesFromNow * 60}::double precision)`;
  // One transaction: one now(), so the order and its numbers end at the same instant.
  await database.db.transaction(async (tx) => {
    await tx.update(orders).set({ holdExpiresAt: end }).where(eq(orders.id, orderId));
    await tx.update(numbers).set({ reservedUntil: end }).where(eq(numbers.orderId, orderId));
  });
}

export async function numberState(database: Database, id: number) {
  const [row] = await database.db
    .select({
      status: numbers.status,
      orderId: numbers.orderId,
      reservedUntil: numbers.reservedUntil,
    })
    .from(numbers)
    .where(eq(numbers.id, id));
  return row!;
}

/** A new final price for a number, through the catalogue (as staff would set one). */
export async function setPrice(app: App, id: number, rupees: number) {
  await app.services.catalog.reprice(id, { finalPrice: Math.round(rupees * 100) });
}

/** Messages sent to one address or mobile, newest first (the dev outbox). */
export function sentTo(database: Database, to: string) {
  return database.db
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.to, to))
    .orderBy(desc(devOutbox.createdAt));
}

/** A small inventory for the sales tests (prices in rupees). */
export const salesInventory = [
  { number: '9876598765', basePrice: 50_000 },
  { number: '9786012345', basePrice: 1_50_000, finalPrice: 1_20_000 },
  { number: '9812341234', basePrice: 20_000 },
  { number: '9137605193', basePrice: 3_000 },
  { number: '7070700852', basePrice: 25_000, finalPrice: 20_000 },
  { number: '9811223344', basePrice: 5_000 },
  { number: '9876543210', basePrice: 8_000 },
  { number: '9991926234', basePrice: 6_000 },
  { number: '9898701234', basePrice: 9_000, status: 'sold' as const },
  { number: '9512120345', basePrice: 9_500, status: 'hidden' as const },
];

/**
 * Inserts salesInventory before each test of the suite (after its tables are emptied).
 * `id(number)` is the id of one of its numbers; `checkOut` puts numbers in a buyer's cart and
 * checks out, and gives the new order.
 */
export function withSalesInventory(ctx: () => TestContext) {
  let ids = new Map<string, number>();
  beforeEach(async () => {
    ids = await insertTestNumbers(ctx().app, salesInventory);
  });
  const id = (number: string) => ids.get(number)!;
  async function checkOut(client: SessionClient, numbersToBuy: string[]) {
    for (const number of numbersToBuy) await client.post(api(`/cart/add/${id(number)}`));
    const res = await client.post(api('/cart/checkout'));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.order;
  }
  return { id, checkOut };
}
