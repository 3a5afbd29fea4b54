import { priceCartPaise } from '@store/domain';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { availableSql } from '../catalog/availability';
import { invalidateCatalogCache } from '../catalog/listing-cache';
import {
  addresses,
  cartItems,
  carts,
  numbers,
  orderEvents,
  orderItems,
  orders,
  users,
} from '../db/schema';
import { badRequest, conflict, unauthorized } from '../http/app-error';
import { orderPlacedMessages, sendAll } from '../orders/order-messages';
import { newOrderReference } from '../orders/order-reference';
import type { Billing } from '../orders/order-view';
import { paymentDetails } from '../orders/order-view';
import { cancelOpenOrders, inTransaction, lockOpenOrders, type Tx } from '../orders/transactions';
import type { SalesDeps } from '../payments/mark-paid';
import type { OrderRow } from '../payments/payment-provider';
import { GST_PERCENT, lineResult, readCartLines } from './cart-store';
import type { ValidationResult } from './cart-schemas';

export const CHECKOUT_BLOCKED_MESSAGE =
  'Some items in your cart are no longer available. Please review your cart before checkout.';

/** The note of an open order that a checkout of a changed cart replaced. */
export const REPLACED_NOTE = 'Replaced by a new checkout: the cart changed';
/** The note of an open order cancelled because its numbers left the cart before payment. */
export const CART_CHANGED_NOTE = 'Cancelled before payment: the numbers were removed from the cart';

export const checkoutBlocked = (validationResults: ValidationResult[]) =>
  conflict(CHECKOUT_BLOCKED_MESSAGE, 'CART_ITEMS_UNAVAILABLE', { validationResults });

/** Thrown inside the transaction when another buyer took a number first: everything rolls back. */
class RaceLost extends Error {}

export type Attribution = Record<string, unknown>;

export interface CheckoutResult {
  order: OrderRow;
  /** false: the buyer's open order for this same cart was returned. */
  created: boolean;
  validationResults: ValidationResult[];
}

/** Sorted number ids and the TDS rate: the same key means the same order (idempotency). */
export function cartKeyOf(numberIds: readonly number[], tdsBasisPoints: number): string {
  return `${[...numberIds].sort((a, b) => a - b).join(',')}|tds:${tdsBasisPoints}`;
}

function liveAttribution(attribution: Attribution | null | undefined): Attribution | null {
  if (!attribution || Object.keys(attribution).length === 0) return null;
  const expires = attribution.expires_at;
  const expiresAt =
    typeof expires === 'number' ? expires : typeof expires === 'string' ? Date.parse(expires) : NaN;
  if (Number.isFinite(expiresAt) && expiresAt < Date.now()) return null;
  return attribution;
}

async function billingFor(tx: Tx, userId: string): Promise<Billing> {
  const [row] = await tx
    .select({ user: users, address: addresses })
    .from(users)
    .leftJoin(addresses, eq(addresses.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw unauthorized('Your account could not be found. Please sign in again.');
  const { user, address } = row;
  const corporate = user.accountType === 'Corporate';
  return {
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    accountType: user.accountType,
    companyName: corporate ? user.companyName : null,
    gstinNo: corporate ? user.gstinNo : null,
    address: address
      ? {
          line1: address.line1,
          line2: address.line2,
          city: address.city,
          state: address.state,
          pinCode: address.pinCode,
        }
      : null,
  };
}

/**
 * POST /cart/checkout. One transaction:
 * 1. lock the buyer's cart row (two checkouts of one buyer run one after the other);
 * 2. validate every item (available, or held by the buyer's own open order): any invalid -> 409;
 * 3. the buyer's open order for this same cart key, still holding every number -> return it;
 * 4. otherwise cancel the buyer's open orders (their holds released; `cancelOpenOrders`), lock
 *    the numbers of the cart and of those orders in ascending id order, and reserve the cart's numbers with one
 *    conditional UPDATE; if it took fewer rows than the cart has, another buyer won: roll back,
 *    409 with fresh validation results;
 * 5. create the order at the current prices (the cart adopts them), its items and its first
 *    timeline event.
 * An empty cart is refused (400), after its open orders are cancelled and their holds released.
 * After the commit: the listing cache is forgotten when numbers were released, then the
 * provider-side payment (Razorpay, over the network) and the confirmation.
 */
export async function checkout(
  deps: SalesDeps,
  userId: string,
  attribution: Attribution | null | undefined,
): Promise<CheckoutResult> {
  const { database, config } = deps;
  let outcome: CheckoutResult | { empty: true; released: number };
  let released = 0;
  try {
    outcome = await inTransaction(database, async (tx) => {
      released = 0; // from this attempt only (inTransaction may run it again)
      const [cart] = await tx.select().from(carts).where(eq(carts.userId, userId)).for('update');
      const lines = cart ? await readCartLines(tx, cart.id, userId) : [];
      if (!cart || lines.length === 0) {
        // Nothing to buy: an open order no longer stands for the cart, so its hold goes (and
        // that is committed before the buyer is told the cart is empty).
        const open = await lockOpenOrders(tx, userId);
        return { empty: true, released: await cancelOpenOrders(tx, open, CART_CHANGED_NOTE) };
      }
      const validationResults = lines.map(lineResult);
      if (validationResults.some((r) => !r.valid)) throw checkoutBlocked(validationResults);

      const billing = await billingFor(tx, userId);
      const tdsBasisPoints = billing.accountType === 'Corporate' ? cart.tdsBasisPoints : 0;
      const ids = lines.map((line) => line.number.id).sort((a, b) => a - b);
      const cartKey = cartKeyOf(ids, tdsBasisPoints);

      const open = await lockOpenOrders(tx, userId);
      for (const order of open) {
        if (order.cartKey !== cartKey) continue;
        const [held] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(numbers)
          .where(
            and(
              eq(numbers.orderId, order.id),
              eq(numbers.status, 'reserved'),
              gt(numbers.reservedUntil, sql`now()`),
            ),
          );
        if (held!.count === ids.length) return { order, created: false, validationResults };
      }

      released = await cancelOpenOrders(tx, open, REPLACED_NOTE, ids);

      const orderId = randomUUID();
      const reserved = await tx
        .update(numbers)
        .set({
          status: 'reserved',
          reservedUntil: sql`now() + make_interval(mins => ${config.HOLD_MINUTES}::int)`,
          orderId,
        })
        .where(and(inArray(numbers.id, ids), availableSql))
        .returning({
          id: numbers.id,
          number: numbers.number,
          category: numbers.category,
          basePrice: numbers.basePrice,
          finalPrice: numbers.finalPrice,
          reservedUntil: numbers.reservedUntil,
        });
      if (reserved.length !== ids.length) throw new RaceLost();
      reserved.sort((a, b) => a.id - b.id);

      // The order snapshots what the buyer pays: the current prices, which the cart adopts too.
      for (const line of lines) {
        const current = reserved.find((row) => row.id === line.number.id)!;
        if (line.priceAtAdd !== current.finalPrice) {
          await tx
            .update(cartItems)
            .set({ priceAtAdd: current.finalPrice })
            .where(eq(cartItems.id, line.itemId));
        }
      }
      const totals = priceCartPaise(
        reserved.map((row) => row.finalPrice),
        { taxPercent: GST_PERCENT, tdsPercent: tdsBasisPoints / 100 },
      );
      const [order] = await tx
        .insert(orders)
        .values({
          id: orderId,
          reference: newOrderReference(),
          userId,
          status: 'pending_payment',
          subtotal: totals.subtotal,
          tdsBasisPoints,
          tdsDeducted: totals.tdsDeducted,
          taxable: totals.taxable,
          taxBasisPoints: GST_PERCENT * 100,
          cgstAmount: totals.cgstAmount,
          sgstAmount: totals.sgstAmount,
          totalAmount: totals.totalAmount,
          billing,
          attribution: liveAttribution(attribution),
          cartKey,
          holdExpiresAt: reserved[0]!.reservedUntil!,
          paymentProvider: config.PAYMENT_PROVIDER,
        })
        .returning();
      await tx.insert(orderItems).values(
        reserved.map((row) => ({
          orderId,
          numberId: row.id,
          number: row.number,
          category: row.category,
          basePrice: row.basePrice,
          price: row.finalPrice,
        })),
      );
      await tx.insert(orderEvents).values({
        orderId,
        status: 'pending_payment',
        note: `Order placed; the numbers are held for ${config.HOLD_MINUTES} minutes.`,
      });
      return { order: order!, created: true, validationResults };
    });
  } catch (error) {
    if (!(error instanceof RaceLost)) throw error;
    throw checkoutBlocked(await currentResults(deps, userId));
  }
  if ('empty' in outcome) {
    if (outcome.released > 0) invalidateCatalogCache(database);
    throw badRequest('Your cart is empty.', 'CART_EMPTY');
  }
  // Numbers a replaced order held are back on sale: listings show them at once.
  if (released > 0) invalidateCatalogCache(database);
  let result = outcome;

  if (result.created) {
    const details = await paymentDetails(deps, result.order, new Date(), true);
    const items = await database.db
      .select({ number: orderItems.number, price: orderItems.price })
      .from(orderItems)
      .where(eq(orderItems.orderId, result.order.id))
      .orderBy(orderItems.numberId);
    await sendAll(
      deps,
      orderPlacedMessages(config, result.order.billing as Billing, result.order, items, details),
    );
    // The payment step may have stored the provider's order id.
    const [fresh] = await database.db.select().from(orders).where(eq(orders.id, result.order.id));
    if (fresh) result = { ...result, order: fresh };
  }
  return result;
}

/**
 * Numbers left the cart without a checkout (`DELETE /cart/item/{id}`, `DELETE /cart`). The
 * buyer's open orders holding any of `removed` (every open order for `'all'`) no longer stand
 * for the cart: they are cancelled and their holds released in the caller's transaction, by the
 * same cancelOpenOrders as checkout, so another buyer can take those numbers at once. The caller
 * has locked the buyer's cart row, and calls invalidateCatalogCache after the commit when the
 * answer (numbers released) is above 0.
 */
export async function cancelOrdersForRemovedNumbers(
  tx: Tx,
  userId: string,
  removed: readonly number[] | 'all',
): Promise<number> {
  if (removed !== 'all' && removed.length === 0) return 0;
  const open = await lockOpenOrders(tx, userId);
  if (open.length === 0) return 0;
  let affected = open;
  if (removed !== 'all') {
    const holding = await tx
      .selectDistinct({ orderId: orderItems.orderId })
      .from(orderItems)
      .where(
        and(
          inArray(
            orderItems.orderId,
            open.map((order) => order.id),
          ),
          inArray(orderItems.numberId, [...removed]),
        ),
      );
    const ids = new Set(holding.map((row) => row.orderId));
    affected = open.filter((order) => ids.has(order.id));
  }
  return cancelOpenOrders(tx, affected, CART_CHANGED_NOTE);
}

/** Validation results read after a lost race (outside any transaction). */
async function currentResults(deps: SalesDeps, userId: string): Promise<ValidationResult[]> {
  const [cart] = await deps.database.db.select().from(carts).where(eq(carts.userId, userId));
  if (!cart) return [];
  return (await readCartLines(deps.database.db, cart.id, userId)).map(lineResult);
}
