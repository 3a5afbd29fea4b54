import { listInWords, plural } from '@store/domain';
import type { Tx } from '../db/transactions';
import { cartCancelledMessages, enqueueForBuyer } from './order-messages';
import { readOrderItems } from './order-store';
import type { OrderDeps, OrderRow } from './order-types';

/**
 * What a new order's first timeline note adds when its checkout cancelled the buyer's open
 * orders: ` It replaces order VN-…, now cancelled.` (nothing when it cancelled none), for staff
 * reading the timeline. The record of them is `orders.replaced_by` (markReplaced).
 */
export const replacesNote = (references: readonly string[]) =>
  references.length === 0
    ? ''
    : ` It replaces ${plural(references.length, 'order', 'orders')} ${listInWords(references)}, now cancelled.`;

/**
 * One buyer's orders awaiting payment just cancelled because numbers they held left the cart,
 * with no new order (CART_CHANGED_NOTE): the buyer is e-mailed that each is cancelled and not to
 * be paid, and which of its numbers are still in the cart, in the caller's transaction. Answers
 * the messages' ids, for outbox.deliverNow once it commits.
 */
export async function tellCancelledFromCart(
  deps: Pick<OrderDeps, 'users' | 'config' | 'cart'>,
  tx: Tx,
  cancelled: readonly OrderRow[],
): Promise<number[]> {
  if (cancelled.length === 0) return [];
  const items = await readOrderItems(
    tx,
    cancelled.map((order) => order.id),
  );
  // One buyer's orders: what is left in their cart, as this transaction sees it.
  const inCart = new Set(await deps.cart.numberIds(tx, cancelled[0]!.userId));
  const ids: number[] = [];
  for (const order of cancelled) {
    const itsItems = items.filter((item) => item.orderId === order.id);
    const kept = itsItems.filter((item) => inCart.has(item.numberId));
    ids.push(
      ...(await enqueueForBuyer(deps, tx, order, (contact) =>
        cartCancelledMessages(deps.config, contact, order, itsItems, kept),
      )),
    );
  }
  return ids;
}
