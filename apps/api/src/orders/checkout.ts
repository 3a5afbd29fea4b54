import { supplierNow } from '../invoices/invoice-service';
import { sql } from 'drizzle-orm';
import {
  formatIndiaDateTime,
  plural,
  GST_PERCENT,
  isInterState,
  placeOfSupply,
  priceSignedInCartPaise,
} from '@store/domain';
import { createHash, randomUUID } from 'node:crypto';
import { lineResult, type CartLine } from '../cart/cart-service';
import type { CheckoutBilling, ValidationResult } from '../cart/cart-schemas';
import { COMING_SOON_MESSAGE } from '../catalog/catalog-service';
import { inTransaction, type Tx } from '../db/transactions';
import { accountGone, badRequest, conflict, notFound } from '../http/app-error';
import { checkHoldLimits } from './hold-limits';
import { billedTo, requireBillingAddress } from './order-billing';
import { BUY_NOW, cancelOpenOrders, CART_CHANGED, REPLACED, RETRY } from './open-orders';
import { newOrderAlert } from './order-alerts';
import { withEmailAttachment } from '../notify/message';
import { enqueueMessages } from '../notify/outbox';
import { buyerMessages, orderPlacedMessages } from './order-messages';
import { newOrderReference } from './order-reference';
import { replacesNote, tellCancelledFromCart } from './replaced-orders';
import {
  findOrder,
  insertOrder,
  markReplaced,
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

const checkoutBlocked = (validationResults: ValidationResult[], buyNow: boolean) =>
  conflict(buyNow ? BUY_NOW_BLOCKED_MESSAGE : CHECKOUT_BLOCKED_MESSAGE, 'CART_ITEMS_UNAVAILABLE', {
    validationResults,
  });

const PRICE_ROSE_MESSAGE =
  'Prices for some items in your cart have changed. Please check the new total before checkout.';

const BUY_NOW_PRICE_ROSE_MESSAGE =
  'The price of this number has changed. Please check the new price before you buy.';

/** Thrown inside the transaction when another buyer took a number first: everything rolls back. */
class RaceLost extends Error {}

/**
 * Thrown inside the transaction when a number costs more than the buyer last saw: nothing is
 * made (everything rolls back), then the cart adopts the current prices and the buyer is told.
 */
class PriceRose extends Error {
  constructor(
    readonly validationResults: ValidationResult[],
    readonly adopt: { itemId: string; price: number }[],
  ) {
    super('price rose');
  }
}

type Attribution = Record<string, unknown>;

/** How long a checkout waits for a number, cart or order that another transaction holds. */
const CHECKOUT_LOCK_WAIT = '5s';

export interface CheckoutResult {
  order: OrderRow;
  /** false: the buyer's open order for this same cart was returned. */
  created: boolean;
  validationResults: ValidationResult[];
}

export interface CheckoutRequest {
  attribution?: Attribution | null;
  clientIp: string;
  /**
   * buy_now: the one number of `numberIds`; retry: a lapsed order's numbers (`numberIds`); both
   * leave the cart as it was. cart (the default): every number in the cart.
   */
  purpose?: 'cart' | 'buy_now' | 'retry';
  numberIds?: readonly number[];
  /** The billing name and address; absent: the profile's. */
  billing?: CheckoutBilling;
  /** A Corporate buyer confirms a GSTIN registered in another state than the billing state. */
  confirmGstinStateMismatch?: boolean;
  /** Buy now: the number's price (paise) the buyer was shown; absent, the cart's or today's. */
  expectedPrice?: number;
}

/**
 * Sorted number ids, the TDS rate and the billing details: the same key means the same order
 * (idempotency); a checkout with another billing address makes a new order.
 */
function cartKeyOf(numberIds: readonly number[], tdsBasisPoints: number, billing: Billing): string {
  const who = createHash('sha256')
    .update(JSON.stringify([billing.name, billing.address]))
    .digest('hex')
    .slice(0, 16);
  return `${[...numberIds].sort((a, b) => a - b).join(',')}|tds:${tdsBasisPoints}|bill:${who}`;
}

/** The order's billing details: the profile's, with the name and address given at checkout. */
function checkoutBilling(profile: Billing, request: CheckoutRequest): Billing {
  const given = request.billing;
  return given ? billedTo(profile, given, request.confirmGstinStateMismatch) : profile;
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
 * Buy now or try again: the lines of these numbers, the cart's own when the cart has them, else
 * made from the catalogue at the current price (they are then not in the cart, and stay out).
 */
async function chosenLines(
  deps: OrderDeps,
  tx: Tx,
  userId: string,
  cartLines: readonly CartLine[],
  numberIds: readonly number[],
): Promise<CartLine[]> {
  const found = await deps.catalog.lookUp(numberIds, userId, tx);
  return numberIds.map((numberId) => {
    const inCart = cartLines.find((line) => line.number.id === numberId);
    if (inCart) return inCart;
    const entry = found.get(numberId);
    if (!entry) throw notFound(`Number ${numberId} is not in the store.`);
    if (entry.comingSoon) throw conflict(COMING_SOON_MESSAGE, 'NUMBER_COMING_SOON');
    return {
      itemId: '',
      priceAtAdd: entry.number.finalPrice,
      changedFrom: null,
      addedAt: new Date(),
      number: entry.number,
      valid: entry.valid,
    };
  });
}

/**
 * Decision 0005's stop, kept by the server (decision 0084): when a number now costs more than the
 * buyer last saw (the cart's priceAtAdd, or Buy now's expected price), no order is made at it.
 * Compared with the prices the hold read under the numbers' locks, which the order would take.
 * Trying a lapsed order again is at today's prices, as before: its page names no cart.
 */
function refuseRisenPrices(
  lines: readonly CartLine[],
  reserved: readonly { id: number; finalPrice: number }[],
  request: CheckoutRequest,
) {
  if (request.purpose === 'retry') return;
  const seen = (line: CartLine) =>
    request.purpose === 'buy_now' && request.expectedPrice !== undefined
      ? request.expectedPrice
      : line.priceAtAdd;
  const priced = lines.map((line) => ({
    line,
    price: reserved.find((row) => row.id === line.number.id)!.finalPrice,
  }));
  if (priced.every(({ line, price }) => price <= seen(line))) return;
  throw new PriceRose(
    priced.map(({ line, price }) =>
      lineResult({
        ...line,
        priceAtAdd: seen(line),
        number: { ...line.number, finalPrice: price },
      }),
    ),
    priced
      .filter(({ line, price }) => line.itemId && line.priceAtAdd !== price)
      .map(({ line, price }) => ({ itemId: line.itemId, price })),
  );
}

/**
 * POST /cart/checkout. With `numberIds` (Buy now of one number, or trying a lapsed order again)
 * the order is for those numbers alone, and the cart is left as it was (they are not added to
 * it; if the cart has them, the payment takes them out as it takes out every number it buys).
 * The billing name and address given (else the profile's) are kept on the order and decide the
 * place of supply. One transaction:
 * 0. lock the buyer's account row FOR KEY SHARE and read the billing details (a closed account:
 *    401); closing the account locks it FOR UPDATE, so the two run one after the other;
 * 1. lock the buyer's cart row (two checkouts of one buyer run one after the other);
 * 2. validate every item (available, or held by the buyer's own open order): any invalid -> 409;
 *    an invoice that must name the buyer's address and would have none -> 422
 *    BILLING_ADDRESS_REQUIRED (requireBillingAddress, decision 0106);
 * 3. the buyer's open order for this same cart key, still holding every number -> return it;
 * 4. the hold limits (hold-limits.ts: per account, per number and buyer, per client address);
 * 5. otherwise cancel the buyer's open orders (their holds released; `cancelOpenOrders`), lock
 *    the numbers of the cart and of those orders in ascending id order, and reserve the cart's
 *    numbers with one conditional UPDATE (catalog.hold); if it took fewer rows than the cart
 *    has, another buyer won: roll back, 409 with fresh validation results;
 * 6. a number whose price rose since the buyer saw it: roll back, the cart adopts the current
 *    prices, 409 PRICE_CHANGED with the validation results (refuseRisenPrices);
 * 7. create the order at the current prices (the cart adopts them), its items and its first
 *    timeline event (naming the orders cancelled in 5, as its e-mail does: decision 0075).
 * An empty cart is refused (400), after its open orders are cancelled, their holds released and
 * their buyer e-mailed that they are not to be paid.
 * After the commit (the catalogue then tells the holds and releases): the provider-side payment
 * (Razorpay, over the network), the confirmation and the staff alert.
 */
export async function checkout(
  deps: OrderDeps,
  userId: string,
  request: CheckoutRequest,
): Promise<CheckoutResult> {
  const { database, config, catalog, cart: carts } = deps;
  const { clientIp, purpose = 'cart' } = request;
  const numberIds = purpose === 'cart' ? undefined : (request.numberIds ?? []);
  let outcome: (CheckoutResult & { messageIds?: number[] }) | { empty: true; messageIds: number[] };
  try {
    outcome = await inTransaction(database, async (tx) => {
      // A buyer never waits long on staff's work on the same numbers (an import's apply holds
      // them for its whole run): past this, the checkout answers "try again in a moment".
      await tx.execute(sql.raw(`set local lock_timeout = '${CHECKOUT_LOCK_WAIT}'`));
      // The account first, as closing it locks it first (decision 0063): a close under way is
      // waited for and then refuses this order; a close begun later waits and sees it.
      const profile = await deps.users.lockForOrder(userId, tx);
      if (!profile) throw accountGone();
      const cart = await carts.lock(tx, userId);
      const cartLines = cart ? await carts.lines(tx, cart.id, userId) : [];
      const lines = numberIds
        ? await chosenLines(deps, tx, userId, cartLines, numberIds)
        : cartLines;
      if (lines.length === 0) {
        // Nothing to buy: an open order no longer stands for the cart, so its hold goes (and
        // that is committed before the buyer is told the cart is empty), and its buyer is told.
        const open = await lockOpenOrders(tx, userId);
        await cancelOpenOrders(deps, tx, open, CART_CHANGED);
        return { empty: true, messageIds: await tellCancelledFromCart(deps, tx, open) };
      }
      const validationResults = lines.map(lineResult);
      if (validationResults.some((r) => !r.valid)) {
        throw checkoutBlocked(validationResults, purpose === 'buy_now');
      }

      const billing = checkoutBilling(profile, request);
      // The taxable value at today's prices (a price risen since stops the order later anyway).
      requireBillingAddress(
        billing,
        priceSignedInCartPaise(lines.map((line) => line.number.finalPrice)).taxable,
      );
      // A buyer with no saved address finds the one billed here filled in next time.
      if (!profile.address && billing.address) {
        await deps.users.keepFirstAddress(userId, billing.address, tx);
      }
      const tdsBasisPoints = billing.accountType === 'Corporate' ? (cart?.tdsBasisPoints ?? 0) : 0;
      const ids = lines.map((line) => line.number.id).sort((a, b) => a - b);
      const cartKey = cartKeyOf(ids, tdsBasisPoints, billing);

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
        purpose,
      });
      await cancelOpenOrders(
        deps,
        tx,
        open,
        { cart: REPLACED, buy_now: BUY_NOW, retry: RETRY }[purpose],
        ids,
      );
      // Every open order is cancelled: the new order's note and e-mail name them (decision 0075).
      const replaced = open.map((order) => order.reference);

      const orderId = randomUUID();
      const reserved = await catalog.hold(tx, ids, orderId, until);
      if (reserved.length !== ids.length) throw new RaceLost();
      reserved.sort((a, b) => a.id - b.id);
      refuseRisenPrices(lines, reserved, request);

      // The order snapshots what the buyer pays: the current prices, which the cart adopts too.
      for (const line of lines) {
        const current = reserved.find((row) => row.id === line.number.id)!;
        // A Buy now line that is not in the cart has no cart item to change.
        if (line.itemId && line.priceAtAdd !== current.finalPrice) {
          await carts.adoptPrice(tx, line.itemId, current.finalPrice);
        }
      }
      const supply = placeOfSupply(config.STORE_STATE, {
        billingState: billing.address?.state,
        gstin: billing.gstinNo,
      });
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
        supplier: supplierNow(config),
        totalAmount: totals.totalAmount,
        billing,
        attribution: liveAttribution(request.attribution),
        clientIp,
        cartKey,
        holdExpiresAt: reserved[0]!.reservedUntil!,
        paymentProvider: config.PAYMENT_PROVIDER,
      });
      await markReplaced(
        tx,
        open.map((replacedOrder) => replacedOrder.id),
        orderId,
      );
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
        byBuyer: true,
        note: `Order placed; the ${plural(reserved.length, 'number is', 'numbers are')} held until ${formatIndiaDateTime(reserved[0]!.reservedUntil!)}.${replacesNote(replaced)}`,
      });
      // Written with the order: a crash after the commit loses none. How to pay is told as the
      // provider describes it without being asked (an online payment: on the order page).
      const items = await readOrderItems(tx, [orderId]);
      const details = deps.payments.provider(order.paymentProvider).describePayment(order);
      // The UPI link's QR code is made as the e-mail is sent, not while the numbers are held.
      const qr = details.upiLink
        ? { qrCodeOf: details.upiLink, filename: 'upi-qr.png' }
        : undefined;
      const messageIds = await enqueueMessages(tx, [
        ...(await buyerMessages(deps, tx, order, (contact) =>
          withEmailAttachment(
            orderPlacedMessages(config, contact, order, items, details, replaced),
            qr,
          ),
        )),
        // The account's contacts are the billed ones, read with the account's lock.
        ...deps.staffAlerts.messages(newOrderAlert(config, order, profile, items)),
      ]);
      return { order, created: true, validationResults, messageIds };
    });
  } catch (error) {
    if (error instanceof PriceRose) {
      await inTransaction(database, async (tx) => {
        for (const { itemId, price } of error.adopt) await carts.adoptPrice(tx, itemId, price);
      });
      throw conflict(
        purpose === 'buy_now' ? BUY_NOW_PRICE_ROSE_MESSAGE : PRICE_ROSE_MESSAGE,
        'PRICE_CHANGED',
        { validationResults: error.validationResults },
      );
    }
    if (!(error instanceof RaceLost)) throw error;
    if (!numberIds) throw checkoutBlocked(await carts.currentResults(userId), false);
    const found = await catalog.lookUp(numberIds, userId);
    throw checkoutBlocked(
      [...found.values()].map((entry) =>
        lineResult({ priceAtAdd: entry.number.finalPrice, ...entry }),
      ),
      purpose === 'buy_now',
    );
  }
  if ('empty' in outcome) {
    await deps.outbox.deliverNow(outcome.messageIds);
    throw badRequest('Your cart is empty.', 'CART_EMPTY');
  }
  const { messageIds = [], ...created } = outcome;
  let result: CheckoutResult = created;

  if (result.created) {
    await deps.outbox.deliverNow(messageIds);
    await paymentDetails(deps, result.order, new Date(), true);
    // The payment step may have stored the provider's order id.
    const fresh = await findOrder(database.db, result.order.id);
    if (fresh) result = { ...result, order: fresh };
  }
  return result;
}
