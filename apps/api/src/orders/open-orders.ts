import type { Tx } from '../db/transactions';
import { conflict } from '../http/app-error';
import {
  insertOrderEvent,
  lockOpenOrders,
  orderNumberIds,
  ordersHolding,
  updateOrder,
} from './order-store';
import type { CancelCause, OrderDeps, OrderRow } from './order-types';
import { tellCancelledFromCart } from './replaced-orders';

/** The timeline note of an order cancelled because its hold ended unpaid. */
export const HOLD_EXPIRED_NOTE = 'Payment not received before the hold expired';

/** Why a buyer's step cancels their open orders: the timeline's note and the cause recorded. */
interface BuyerCancel {
  note: string;
  cause: Extract<CancelCause, 'replaced' | 'cart'>;
}

/** An open order a new checkout of its buyer replaced, `why` it did. */
const replaced = (why: string): BuyerCancel => ({
  note: `Replaced by a new checkout: ${why}`,
  cause: 'replaced',
});
/** An open order that a checkout of a changed cart replaced. */
export const REPLACED = replaced('the cart changed');
/** An open order that a Buy now of one number replaced. */
export const BUY_NOW = replaced('Buy now of one number');
/** An open order replaced by trying a lapsed order again. */
export const RETRY = replaced('a lapsed order tried again');
/** The note of an open order cancelled because its numbers left the cart before payment. */
export const CART_CHANGED_NOTE = 'Cancelled before payment: the numbers were removed from the cart';
/** An open order cancelled because its numbers left the cart before payment. */
export const CART_CHANGED: BuyerCancel = { note: CART_CHANGED_NOTE, cause: 'cart' };

/**
 * Cancels open (`pending_payment`) orders, which the caller has locked (`lockOpenOrders`), and
 * puts back on sale what they still hold: the one cancel-and-release of a buyer's open order,
 * for checkout (a changed cart replaces it) and for the cart calls (a number removed, the cart
 * emptied, an empty cart checked out). The numbers of these orders and `alsoLock` (numbers the
 * caller changes next in the same transaction) are locked first, all at once in ascending id
 * order. Each order gets the event `cancelled` with `why`'s note and cause, the buyer's step, or
 * HOLD_EXPIRED_NOTE and `lapsed`, the store's, when its hold had already ended. The catalogue tells the release once the transaction commits.
 */
export async function cancelOpenOrders(
  deps: Pick<OrderDeps, 'catalog'>,
  tx: Tx,
  open: readonly OrderRow[],
  why: BuyerCancel,
  alsoLock: readonly number[] = [],
): Promise<void> {
  const held = await orderNumberIds(
    tx,
    open.map((order) => order.id),
  );
  await deps.catalog.lock(tx, [...alsoLock, ...held]);
  for (const order of open) {
    await deps.catalog.release(tx, order.id);
    await updateOrder(tx, order.id, { status: 'cancelled' });
    const lapsed = order.holdExpiresAt.getTime() <= Date.now();
    await insertOrderEvent(tx, {
      orderId: order.id,
      status: 'cancelled',
      ...(lapsed ? { note: HOLD_EXPIRED_NOTE, cause: 'lapsed' } : why),
      byBuyer: !lapsed,
    });
  }
}

/**
 * Numbers left the cart without a checkout (`DELETE /cart/item/{id}`, `DELETE /cart`). The
 * buyer's open orders holding any of `removed` no longer stand for the cart: they are cancelled
 * and their holds released in the caller's transaction, by the same cancelOpenOrders as
 * checkout, so another buyer can take those numbers at once, and their buyer is e-mailed not to
 * pay them (tellCancelledFromCart): answers those messages' ids, for outbox.deliverNow once the
 * caller commits. A Buy now order of a number not in the cart holds none of them and stays. The
 * caller has locked the buyer's cart row.
 *
 * An order whose hold is still running may be being paid in another tab or device: it is
 * cancelled only when the request names it (`cancelOrder`, its id, sent after the buyer
 * confirmed); otherwise 409 ORDER_HOLDS_NUMBER naming it, and the caller's transaction rolls the
 * removal back (QA pass 28, F2). An order whose hold has lapsed is cancelled unasked, as lapsed.
 */
export async function cancelForRemovedNumbers(
  deps: Pick<OrderDeps, 'catalog' | 'users' | 'config' | 'cart'>,
  tx: Tx,
  userId: string,
  removed: readonly number[],
  cancelOrder?: string,
): Promise<number[]> {
  if (removed.length === 0) return [];
  const open = await lockOpenOrders(tx, userId);
  if (open.length === 0) return [];
  const holding = await ordersHolding(
    tx,
    open.map((order) => order.id),
    removed,
  );
  const cancelled = open.filter((order) => holding.has(order.id));
  const unasked = cancelled.find(
    (order) => order.holdExpiresAt.getTime() > Date.now() && order.id !== cancelOrder,
  );
  if (unasked) throw orderHoldsNumber(unasked);
  await cancelOpenOrders(deps, tx, cancelled, CART_CHANGED);
  return tellCancelledFromCart(deps, tx, cancelled);
}

/** The 409 of a removal that would cancel `order` unasked: its id and reference told. */
function orderHoldsNumber(order: OrderRow) {
  return conflict(
    `Order ${order.reference} holds this for you and is awaiting payment: removing it from your cart cancels order ${order.reference}. Please confirm to cancel it, or pay for it on its page.`,
    'ORDER_HOLDS_NUMBER',
    { order: { id: order.id, reference: order.reference } },
  );
}
