import {
  formatIndiaDateTime,
  GST_PERCENT,
  isInterState,
  placeOfSupply,
  priceSignedInCartPaise,
} from '@store/domain';
import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import { lineResult, type CartLine } from '../cart/cart-service';
import type { ValidationResult } from '../cart/cart-schemas';
import { COMING_SOON_MESSAGE } from '../catalog/catalog-service';
import { inTransaction, type Tx } from '../db/transactions';
import { badRequest, conflict, notFound, unauthorized } from '../http/app-error';
import { checkHoldLimits } from './hold-limits';
import { BUY_NOW_NOTE, cancelOpenOrders, CART_CHANGED_NOTE, REPLACED_NOTE } from './open-orders';
import { newOrderAlert } from './order-alerts';
import { orderPlacedMessages, sendAll } from './order-messages';
import { newOrderReference } from './order-reference';
import {
  findOrder,
  insertOrder,
  insertOrderEvent,
  insertOrderItems,
  lockOpenOrders,
  readOrderItems,
} from './order-store';
import type { Billing, OrderDeps, OrderRow } from './order-types';
import { paymentDetails } from './order-view';

const CHECKOUT_BLOCKED_MESSAGE =
  'Some items in your cart are no longer available. Please review your cart before checkout.';

const BUY_NOW_BLOCKED_MESSAGE =
  'This number is no longer available: it has been sold or is held by another buyer.';

const checkoutBlocked = (validationResults: ValidationResult[], buyNow = false) =>
  conflict(buyNow ? BUY_NOW_BLOCKED_MESSAGE : CHECKOUT_BLOCKED_MESSAGE, 'CART_ITEMS_UNAVAILABLE', {
    validationResults,
  });

/** The UPI link as a QR code to scan from the order e-mail (a PNG attachment). */
async function upiQrAttachment(link: string) {
  return {
    filename: 'upi-qr.png',
    contentType: 'image/png',
    content: await QRCode.toBuffer(link, { type: 'png', width: 320, errorCorrectionLevel: 'M' }),
  };
}

/** Thrown inside the transaction when another buyer took a number first: everything rolls back. */
class RaceLost extends Error {}

type Attribution = Record<string, unknown>;

interface CheckoutResult {
  order: OrderRow;
  /** false: the buyer's open order for this same cart was returned. */
  created: boolean;
  validationResults: ValidationResult[];
}

/** Sorted number ids and the TDS rate: the same key means the same order (idempotency). */
function cartKeyOf(numberIds: readonly number[], tdsBasisPoints: number): string {
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

/**
 * Buy now: the line of this one number, the cart's own when the cart has it, else one made from
 * the catalogue at its current price (it is then not in the cart, and stays out of it).
 */
async function buyNowLine(
  deps: OrderDeps,
  tx: Tx,
  userId: string,
  cartLines: readonly CartLine[],
  numberId: number,
): Promise<CartLine> {
  const inCart = cartLines.find((line) => line.number.id === numberId);
  if (inCart) return inCart;
  const found = (await deps.catalog.lookUp([numberId], userId, tx)).get(numberId);
  if (!found) throw notFound(`Number ${numberId} is not in the store.`);
  if (found.comingSoon) throw conflict(COMING_SOON_MESSAGE, 'NUMBER_COMING_SOON');
  return {
    itemId: '',
    priceAtAdd: found.number.finalPrice,
    addedAt: new Date(),
    number: found.number,
    valid: found.valid,
  };
}

/**
 * POST /cart/checkout. With `numberId` (Buy now) the order is for that one number alone, and
 * the cart is left as it was (the number is not added to it; if the cart has it, the payment
 * takes it out as it takes out every number it buys). One transaction:
 * 1. lock the buyer's cart row (two checkouts of one buyer run one after the other);
 * 2. validate every item (available, or held by the buyer's own open order): any invalid -> 409;
 * 3. the buyer's open order for this same cart key, still holding every number -> return it;
 * 4. the hold limits (hold-limits.ts: per account, per number and buyer, per client address);
 * 5. otherwise cancel the buyer's open orders (their holds released; `cancelOpenOrders`), lock
 *    the numbers of the cart and of those orders in ascending id order, and reserve the cart's
 *    numbers with one conditional UPDATE (catalog.hold); if it took fewer rows than the cart
 *    has, another buyer won: roll back, 409 with fresh validation results;
 * 6. create the order at the current prices (the cart adopts them), its items and its first
 *    timeline event.
 * An empty cart is refused (400), after its open orders are cancelled and their holds released.
 * After the commit (the catalogue then tells the holds and releases): the provider-side payment
 * (Razorpay, over the network), the confirmation and the staff alert.
 */
export async function checkout(
  deps: OrderDeps,
  userId: string,
  attribution: Attribution | null | undefined,
  clientIp: string,
  numberId?: number,
): Promise<CheckoutResult> {
  const { database, config, catalog, cart: carts } = deps;
  let outcome: CheckoutResult | { empty: true };
  try {
    outcome = await inTransaction(database, async (tx) => {
      const cart = await carts.lock(tx, userId);
      const cartLines = cart ? await carts.lines(tx, cart.id, userId) : [];
      const lines =
        numberId === undefined
          ? cartLines
          : [await buyNowLine(deps, tx, userId, cartLines, numberId)];
      if (lines.length === 0) {
        // Nothing to buy: an open order no longer stands for the cart, so its hold goes (and
        // that is committed before the buyer is told the cart is empty).
        await cancelOpenOrders(deps, tx, await lockOpenOrders(tx, userId), CART_CHANGED_NOTE);
        return { empty: true };
      }
      const validationResults = lines.map(lineResult);
      if (validationResults.some((r) => !r.valid)) {
        throw checkoutBlocked(validationResults, numberId !== undefined);
      }

      const billing = await deps.users.billingDetails(userId, tx);
      if (!billing) throw unauthorized('Your account could not be found. Please sign in again.');
      const tdsBasisPoints = billing.accountType === 'Corporate' ? (cart?.tdsBasisPoints ?? 0) : 0;
      const ids = lines.map((line) => line.number.id).sort((a, b) => a - b);
      const cartKey = cartKeyOf(ids, tdsBasisPoints);

      const open = await lockOpenOrders(tx, userId);
      for (const order of open) {
        if (order.cartKey !== cartKey) continue;
        if ((await catalog.countLiveHolds(tx, order.id)) === ids.length) {
          return { order, created: false, validationResults };
        }
      }

      const until = await checkHoldLimits(deps, tx, {
        userId,
        clientIp,
        numbers: lines.map((line) => line.number),
      });
      await cancelOpenOrders(
        deps,
        tx,
        open,
        numberId === undefined ? REPLACED_NOTE : BUY_NOW_NOTE,
        ids,
      );

      const orderId = randomUUID();
      const reserved = await catalog.hold(tx, ids, orderId, until);
      if (reserved.length !== ids.length) throw new RaceLost();
      reserved.sort((a, b) => a.id - b.id);

      // The order snapshots what the buyer pays: the current prices, which the cart adopts too.
      for (const line of lines) {
        const current = reserved.find((row) => row.id === line.number.id)!;
        // A Buy now line that is not in the cart has no cart item to change.
        if (line.itemId && line.priceAtAdd !== current.finalPrice) {
          await carts.adoptPrice(tx, line.itemId, current.finalPrice);
        }
      }
      const supply = placeOfSupply(config.STORE_STATE, billing.address?.state);
      const totals = priceSignedInCartPaise(
        reserved.map((row) => row.finalPrice),
        {
          taxPercent: GST_PERCENT,
          tdsPercent: tdsBasisPoints / 100,
          interState: isInterState(config.STORE_STATE, supply),
        },
      );
      const order = await insertOrder(tx, {
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
        igstAmount: totals.igstAmount,
        placeOfSupply: supply,
        totalAmount: totals.totalAmount,
        billing,
        attribution: liveAttribution(attribution),
        clientIp,
        cartKey,
        holdExpiresAt: reserved[0]!.reservedUntil!,
        paymentProvider: config.PAYMENT_PROVIDER,
      });
      await insertOrderItems(
        tx,
        reserved.map((row) => ({
          orderId,
          numberId: row.id,
          number: row.number,
          category: row.category,
          basePrice: row.basePrice,
          price: row.finalPrice,
        })),
      );
      await insertOrderEvent(tx, {
        orderId,
        status: 'pending_payment',
        note: `Order placed; the numbers are held until ${formatIndiaDateTime(reserved[0]!.reservedUntil!)}.`,
      });
      return { order, created: true, validationResults };
    });
  } catch (error) {
    if (!(error instanceof RaceLost)) throw error;
    if (numberId === undefined) throw checkoutBlocked(await carts.currentResults(userId));
    const found = (await catalog.lookUp([numberId], userId)).get(numberId);
    throw checkoutBlocked(
      found
        ? [
            lineResult({
              itemId: '',
              priceAtAdd: found.number.finalPrice,
              addedAt: new Date(),
              ...found,
            }),
          ]
        : [],
      true,
    );
  }
  if ('empty' in outcome) throw badRequest('Your cart is empty.', 'CART_EMPTY');
  let result = outcome;

  if (result.created) {
    const details = await paymentDetails(deps, result.order, new Date(), true);
    const items = await readOrderItems(database.db, [result.order.id]);
    const qr = details.upiLink ? await upiQrAttachment(details.upiLink) : undefined;
    await sendAll(
      deps,
      orderPlacedMessages(
        config,
        result.order.billing as Billing,
        result.order,
        items,
        details,
      ).map((message) =>
        message.channel === 'email' && qr ? { ...message, attachments: [qr] } : message,
      ),
    );
    await deps.staffAlerts.send(newOrderAlert(config, result.order, items));
    // The payment step may have stored the provider's order id.
    const fresh = await findOrder(database.db, result.order.id);
    if (fresh) result = { ...result, order: fresh };
  }
  return result;
}
