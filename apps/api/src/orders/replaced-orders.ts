import { listInWords, plural } from '@store/domain';
import type { Tx } from '../db/transactions';
import { cartCancelledMessages, enqueueForBuyer } from './order-messages';
import { readOrderItems, type TimelineRow } from './order-store';
import type { OrderDeps, OrderRow } from './order-types';

/** How the sentence naming the orders a checkout replaced begins, in the new order's first note. */
const REPLACES = ' It replaces ';

/** An order reference as newOrderReference writes it. */
const ORDER_REFERENCE = /VN-\d{8}-[0-9A-Z]{8}/g;

/**
 * What a new order's first timeline note adds when its checkout cancelled the buyer's open
 * orders: ` It replaces order VN-…, now cancelled.` (nothing when it cancelled none). The order's
 * record of them: the order view reads them back with replacedReferences.
 */
export const replacesNote = (references: readonly string[]) =>
  references.length === 0
    ? ''
    : `${REPLACES}${plural(references.length, 'order', 'orders')} ${listInWords(references)}, now cancelled.`;

/** The references of the orders this order's checkout replaced, from its first timeline note. */
export function replacedReferences(timeline: readonly Pick<TimelineRow, 'note'>[]): string[] {
  const placed = timeline[0]?.note ?? '';
  const at = placed.indexOf(REPLACES);
  return at < 0 ? [] : (placed.slice(at).match(ORDER_REFERENCE) ?? []);
}

/**
 * Orders awaiting payment just cancelled because numbers they held left the cart, with no new
 * order (CART_CHANGED_NOTE): each buyer is e-mailed that the order is cancelled and not to be
 * paid, in the caller's transaction. Answers the messages' ids, for outbox.deliverNow once it
 * commits.
 */
export async function tellCancelledFromCart(
  deps: Pick<OrderDeps, 'users' | 'config'>,
  tx: Tx,
  cancelled: readonly OrderRow[],
): Promise<number[]> {
  if (cancelled.length === 0) return [];
  const items = await readOrderItems(
    tx,
    cancelled.map((order) => order.id),
  );
  const ids: number[] = [];
  for (const order of cancelled) {
    const itsItems = items.filter((item) => item.orderId === order.id);
    ids.push(
      ...(await enqueueForBuyer(deps, tx, order, (contact) =>
        cartCancelledMessages(deps.config, contact, order, itsItems),
      )),
    );
  }
  return ids;
}
