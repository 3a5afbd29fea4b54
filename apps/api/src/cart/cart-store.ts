import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { cartItems, carts } from '../db/schema';
import type { Tx } from '../db/transactions';

export type CartRow = typeof carts.$inferSelect;

export interface CartItemRow {
  itemId: string;
  numberId: number;
  priceAtAdd: number;
  /** The price first added at, once another was adopted into priceAtAdd (else null). */
  changedFrom: number | null;
  addedAt: Date;
}

export async function findCart(db: Db, userId: string): Promise<CartRow | undefined> {
  const [cart] = await db.select().from(carts).where(eq(carts.userId, userId));
  return cart;
}

export async function ensureCart(db: Db, userId: string): Promise<CartRow> {
  await db.insert(carts).values({ userId }).onConflictDoNothing({ target: carts.userId });
  return (await findCart(db, userId))!;
}

/**
 * The buyer's cart row (created if need be), locked until the transaction ends: adds and syncs
 * of one cart then run one after another, so its size limit holds (checkout and mark-paid lock
 * the same row first).
 */
export async function lockCart(tx: Tx, userId: string): Promise<CartRow> {
  await ensureCart(tx, userId);
  return (await lockExistingCart(tx, userId))!;
}

/** The buyer's cart row locked until the transaction ends, or undefined when there is none. */
export async function lockExistingCart(tx: Tx, userId: string): Promise<CartRow | undefined> {
  const [cart] = await tx.select().from(carts).where(eq(carts.userId, userId)).for('update');
  return cart;
}

/** The items in the order they were added. */
export function readCartItems(db: Db, cartId: string): Promise<CartItemRow[]> {
  return db
    .select({
      itemId: cartItems.id,
      numberId: cartItems.numberId,
      priceAtAdd: cartItems.priceAtAdd,
      changedFrom: cartItems.changedFrom,
      addedAt: cartItems.addedAt,
    })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.id));
}

export async function isInCart(tx: Tx, cartId: string, numberId: number): Promise<boolean> {
  const [existing] = await tx
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.numberId, numberId)));
  return Boolean(existing);
}

export async function countCartItems(tx: Tx, cartId: string): Promise<number> {
  const [row] = await tx
    .select({ items: count() })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId));
  return row?.items ?? 0;
}

export async function insertCartItem(
  tx: Tx,
  item: { cartId: string; numberId: number; priceAtAdd: number },
): Promise<void> {
  await tx.insert(cartItems).values(item);
}

/**
 * Deletes the cart's item with this id, or the item of this number, or every item ('all');
 * returns the number ids removed.
 */
export async function deleteCartItems(
  tx: Tx,
  cartId: string,
  which: { itemId: string } | { numberId: number } | 'all',
): Promise<number[]> {
  const match =
    which === 'all'
      ? undefined
      : 'itemId' in which
        ? eq(cartItems.id, which.itemId)
        : eq(cartItems.numberId, which.numberId);
  const removed = await tx
    .delete(cartItems)
    .where(and(eq(cartItems.cartId, cartId), match))
    .returning({ numberId: cartItems.numberId });
  return removed.map((row) => row.numberId);
}

export async function deleteItemsById(
  db: Db,
  cartId: string,
  itemIds: readonly string[],
): Promise<void> {
  if (itemIds.length === 0) return;
  await db
    .delete(cartItems)
    .where(and(eq(cartItems.cartId, cartId), inArray(cartItems.id, [...itemIds])));
}

export async function deleteNumbersFromCart(
  tx: Tx,
  cartId: string,
  numberIds: readonly number[],
): Promise<void> {
  await tx
    .delete(cartItems)
    .where(and(eq(cartItems.cartId, cartId), inArray(cartItems.numberId, [...numberIds])));
}

/**
 * The item adopts `priceAtAdd`, keeping the price it was first added at in changed_from (a
 * second change still names the first price; a price back at it leaves nothing to say).
 */
export async function setItemPrice(db: Db, itemId: string, priceAtAdd: number): Promise<void> {
  const first = sql`coalesce(${cartItems.changedFrom}, ${cartItems.priceAtAdd})`;
  await db
    .update(cartItems)
    .set({
      priceAtAdd,
      changedFrom: sql`case when ${first} = ${priceAtAdd} then null else ${first} end`,
    })
    .where(eq(cartItems.id, itemId));
}

/**
 * A synced guest item's price first added at (paise), kept for the cart's item of that number
 * unless the item already has its own or the price is the one it holds.
 */
export async function keepChangedFrom(
  tx: Tx,
  cartId: string,
  numberId: number,
  changedFrom: number,
): Promise<void> {
  await tx
    .update(cartItems)
    .set({ changedFrom })
    .where(
      and(
        eq(cartItems.cartId, cartId),
        eq(cartItems.numberId, numberId),
        isNull(cartItems.changedFrom),
        ne(cartItems.priceAtAdd, changedFrom),
      ),
    );
}

export async function setCartTds(db: Db, cartId: string, tdsBasisPoints: number): Promise<void> {
  await db.update(carts).set({ tdsBasisPoints }).where(eq(carts.id, cartId));
}
