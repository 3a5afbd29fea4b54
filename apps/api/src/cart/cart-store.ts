import { priceCartPaise, toRupees } from '@store/domain';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { availableSql } from '../catalog/availability';
import { numberItemColumns, toNumberItem, type NumberRow } from '../catalog/number-item';
import type { Db } from '../db/database';
import { cartItems, carts, numbers, orders, users } from '../db/schema';
import type { Tx } from '../orders/transactions';
import type { CartView, ValidationResult } from './cart-schemas';

type Queryable = Db | Tx;

/** GST: CGST + SGST within the seller's state (domain.md §5); the spec's taxPercent. */
export const GST_PERCENT = 18;
/** A cart holds at most this many numbers (bounds checkout's work and its locks). */
export const MAX_CART_ITEMS = 50;

export type CartRow = typeof carts.$inferSelect;

/**
 * What this buyer may put in a cart or check out: an available number (catalog/availability.ts),
 * or one this buyer's own open order holds (reserved, hold live), so a cart keeps being valid
 * while its order awaits payment.
 */
export function buyerCanTake(userId: string | null): SQL<boolean> {
  if (!userId) return sql<boolean>`${availableSql}`;
  return sql<boolean>`(${availableSql} or (${numbers.status} = 'reserved' and ${numbers.reservedUntil} >= now() and exists (select 1 from ${orders} where ${orders.id} = ${numbers.orderId} and ${orders.userId} = ${userId} and ${orders.status} = 'pending_payment')))`;
}

export async function findCart(db: Queryable, userId: string): Promise<CartRow | undefined> {
  const [cart] = await db.select().from(carts).where(eq(carts.userId, userId));
  return cart;
}

export async function ensureCart(db: Queryable, userId: string): Promise<CartRow> {
  await db.insert(carts).values({ userId }).onConflictDoNothing({ target: carts.userId });
  return (await findCart(db, userId))!;
}

/**
 * The buyer's cart row, locked until the transaction ends: adds and syncs of one cart then run
 * one after another, so its size limit holds (checkout and mark-paid lock the same row first).
 */
export async function lockCart(tx: Tx, userId: string): Promise<CartRow> {
  await ensureCart(tx, userId);
  const [cart] = await tx.select().from(carts).where(eq(carts.userId, userId)).for('update');
  return cart!;
}

/** The buyer's cart row locked until the transaction ends, or undefined when there is none. */
export async function lockExistingCart(tx: Tx, userId: string): Promise<CartRow | undefined> {
  const [cart] = await tx.select().from(carts).where(eq(carts.userId, userId)).for('update');
  return cart;
}

export interface CartLine {
  itemId: string;
  priceAtAdd: number;
  addedAt: Date;
  number: NumberRow;
  valid: boolean;
}

export async function readCartLines(
  db: Queryable,
  cartId: string,
  userId: string,
): Promise<CartLine[]> {
  const rows = await db
    .select({
      itemId: cartItems.id,
      priceAtAdd: cartItems.priceAtAdd,
      addedAt: cartItems.addedAt,
      valid: buyerCanTake(userId),
      ...numberItemColumns,
    })
    .from(cartItems)
    .innerJoin(numbers, eq(numbers.id, cartItems.numberId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.id));
  return rows.map(({ itemId, priceAtAdd, addedAt, valid, ...number }) => ({
    itemId,
    priceAtAdd,
    addedAt,
    valid: Boolean(valid),
    number,
  }));
}

/** Numbers by id with whether this buyer (or a guest, null) may take them. */
export async function lookUpNumbers(
  db: Queryable,
  ids: readonly number[],
  userId: string | null,
): Promise<Map<number, { number: NumberRow; valid: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ ...numberItemColumns, valid: buyerCanTake(userId) })
    .from(numbers)
    .where(inArray(numbers.id, [...new Set(ids)]));
  return new Map(
    rows.map(({ valid, ...number }) => [number.id, { number, valid: Boolean(valid) }]),
  );
}

/**
 * One validation result. `valid`: the number may still be bought (available, or held by the
 * buyer's own open order). `priceChanged`: a valid number's current final price differs from the
 * price the cart holds; `newPrice` is then the current price in rupees, otherwise null. A number
 * that is gone is never "changed" (its newPrice is null): it leaves the cart.
 */
export function validationResult(
  productId: number,
  found: { number: NumberRow; valid: boolean } | undefined,
  priceAtAddPaise: number | undefined,
): ValidationResult {
  if (!found) {
    return {
      productId,
      number: null,
      valid: false,
      priceChanged: false,
      newPrice: null,
      reason: 'not_found',
    };
  }
  const changed = found.valid && priceAtAddPaise !== found.number.finalPrice;
  return {
    productId,
    number: found.number.number,
    valid: found.valid,
    priceChanged: changed,
    newPrice: changed ? toRupees(found.number.finalPrice) : null,
    reason: found.valid ? null : 'unavailable',
  };
}

export function lineResult(line: CartLine): ValidationResult {
  return validationResult(
    line.number.id,
    { number: line.number, valid: line.valid },
    line.priceAtAdd,
  );
}

/** The cart as the API answers it (amounts in rupees, from priceCartPaise over priceAtAdd). */
export function toCartView(
  cart: CartRow | undefined,
  lines: readonly CartLine[],
  tdsRates: readonly number[],
): CartView {
  const tdsPercent = (cart?.tdsBasisPoints ?? 0) / 100;
  const totals = priceCartPaise(
    lines.map((line) => line.priceAtAdd),
    { taxPercent: GST_PERCENT, tdsPercent },
  );
  return {
    items: lines.map((line) => ({
      id: line.itemId,
      productId: line.number.id,
      product: toNumberItem(line.number),
      priceAtAdd: toRupees(line.priceAtAdd),
      currentPrice: toRupees(line.number.finalPrice),
      available: line.valid,
      addedAt: line.addedAt.toISOString(),
    })),
    productIds: lines.map((line) => line.number.id),
    subtotal: toRupees(totals.subtotal),
    tdsPercent,
    tdsDeducted: toRupees(totals.tdsDeducted),
    taxable: toRupees(totals.taxable),
    taxPercent: GST_PERCENT,
    gst: { cgst: GST_PERCENT / 2, sgst: GST_PERCENT / 2 },
    taxAmount: toRupees(totals.taxAmount),
    cgstAmount: toRupees(totals.cgstAmount),
    sgstAmount: toRupees(totals.sgstAmount),
    totalAmount: toRupees(totals.totalAmount),
    tdsRates: [...tdsRates],
  };
}

export async function accountTypeOf(
  db: Queryable,
  userId: string,
): Promise<'Individual' | 'Corporate' | undefined> {
  const [user] = await db
    .select({ accountType: users.accountType })
    .from(users)
    .where(eq(users.id, userId));
  return user?.accountType;
}

/** The signed-in buyer's cart view (an empty one when no cart row exists yet). */
export async function loadCartView(
  db: Queryable,
  userId: string,
  tdsRates: readonly number[],
): Promise<CartView> {
  const [cart, accountType] = await Promise.all([findCart(db, userId), accountTypeOf(db, userId)]);
  const lines = cart ? await readCartLines(db, cart.id, userId) : [];
  return toCartView(cart, lines, accountType === 'Corporate' ? tdsRates : []);
}

/** Drops the given items and adopts current prices for the others (signed-in validation). */
export async function applyValidation(
  db: Queryable,
  cartId: string,
  lines: readonly CartLine[],
): Promise<{ removed: number[]; repriced: number[] }> {
  const removed = lines.filter((line) => !line.valid);
  const repriced = lines.filter((line) => line.valid && line.priceAtAdd !== line.number.finalPrice);
  if (removed.length > 0) {
    await db.delete(cartItems).where(
      and(
        eq(cartItems.cartId, cartId),
        inArray(
          cartItems.id,
          removed.map((line) => line.itemId),
        ),
      ),
    );
  }
  for (const line of repriced) {
    await db
      .update(cartItems)
      .set({ priceAtAdd: line.number.finalPrice })
      .where(eq(cartItems.id, line.itemId));
  }
  return {
    removed: removed.map((line) => line.number.id),
    repriced: repriced.map((line) => line.number.id),
  };
}
