import {
  GST_PERCENT,
  isInterState,
  listInWords,
  placeOfSupply,
  priceSignedInCartPaise,
  toPaise,
  toRupees,
} from '@store/domain';
import type { z } from 'zod';
import type { SessionUser } from '../auth/auth-service';
import {
  COMING_SOON_MESSAGE,
  toNumberItem,
  type CatalogService,
  type NumberForBuyer,
  type NumberRow,
} from '../catalog/catalog-service';
import { numberIdText } from '../catalog/catalog-schemas';
import type { Config } from '../config/config';
import type { Database, Db } from '../db/database';
import { inTransaction, type Tx } from '../db/transactions';
import { AppError, badRequest, conflict, forbidden, notFound } from '../http/app-error';
import type { Outbox } from '../notify/outbox';
import type { UserService } from '../users/user-service';
import type { CartView, clientCartItem, Dropped, syncBody, ValidationResult } from './cart-schemas';
import {
  countCartItems,
  deleteCartItems,
  deleteItemsById,
  deleteNumbersFromCart,
  ensureCart,
  findCart,
  insertCartItem,
  isInCart,
  keepChangedFrom,
  lockCart,
  lockExistingCart,
  readCartItems,
  setCartTds,
  setItemPrice,
  type CartRow,
} from './cart-store';

/** A cart holds at most this many numbers (bounds checkout's work and its locks). */
export const MAX_CART_ITEMS = 50;

const ALREADY_IN_CART_MESSAGE = 'Product already in cart';
const NOT_IN_CART_MESSAGE = 'Item not found in cart';
const UNAVAILABLE_MESSAGE =
  'This number is no longer available: it has been sold or is held by another buyer.';

/**
 * The pack is added all or none: which of its numbers stopped it, by id only (`numberIds`), as
 * the cart's validation does: a hidden, sold or held number's digits are not told (the page
 * that showed the pack knows them).
 */
function packUnavailable(ids: number[]) {
  const one = ids.length === 1;
  return conflict(
    `${one ? 'Number' : 'Numbers'} ${listInWords(ids.map(String))} ${one ? 'is' : 'are'} no longer available, so the pack was not added. Open Family packs again to see the packs on sale now.`,
    'PACK_UNAVAILABLE',
    { numberIds: ids },
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notInCart = () => new AppError(404, 'ITEM_NOT_FOUND', NOT_IN_CART_MESSAGE);

/** A cart item with its number as it is now, and whether the buyer may still take it. */
export interface CartLine {
  itemId: string;
  priceAtAdd: number;
  /** The price first added at, once another was adopted (else null); see setItemPrice. */
  changedFrom: number | null;
  addedAt: Date;
  number: NumberRow;
  valid: boolean;
}

type ClientCartItem = z.output<typeof clientCartItem>;
type SyncItem = z.output<typeof syncBody>['items'][number];

/**
 * One validation result. `valid`: the number may still be bought (available, or held by the
 * buyer's own open order). `priceChanged`: a valid number's current final price differs from the
 * price the cart holds; `newPrice` is then the current price in rupees, otherwise null. A number
 * that is gone is never "changed" (its newPrice is null): it leaves the cart.
 */
function validationResult(
  productId: number,
  found: Pick<NumberForBuyer, 'number' | 'valid'> | undefined,
  priceAtAddPaise: number | undefined,
): ValidationResult {
  if (!found) {
    return {
      productId,
      valid: false,
      priceChanged: false,
      newPrice: null,
      reason: 'not_found',
    };
  }
  const changed = found.valid && priceAtAddPaise !== found.number.finalPrice;
  return {
    productId,
    valid: found.valid,
    priceChanged: changed,
    newPrice: changed ? toRupees(found.number.finalPrice) : null,
    reason: found.valid ? null : 'unavailable',
  };
}

export function lineResult(
  line: Pick<CartLine, 'number' | 'valid' | 'priceAtAdd'>,
): ValidationResult {
  return validationResult(
    line.number.id,
    { number: line.number, valid: line.valid },
    line.priceAtAdd,
  );
}

/** The results of items a guest (or a guest cart being synced) sent, against current prices. */
function clientResults(items: readonly ClientCartItem[], found: Map<number, NumberForBuyer>) {
  return items.map((item) => {
    const price = item.priceAtAdd ?? item.product.price;
    return validationResult(
      item.product.id,
      found.get(item.product.id),
      price === undefined ? undefined : toPaise(price),
    );
  });
}

/**
 * The cart as the API answers it: amounts in rupees, from priceSignedInCartPaise over priceAtAdd,
 * GST split by the place of supply (the billing state against the store's).
 */
function toCartView(
  cart: CartRow | undefined,
  lines: readonly CartLine[],
  tdsRates: readonly number[],
  supply: { placeOfSupply: string; interState: boolean },
): CartView {
  const tdsPercent = (cart?.tdsBasisPoints ?? 0) / 100;
  const totals = priceSignedInCartPaise(
    lines.map((line) => line.priceAtAdd),
    { taxPercent: GST_PERCENT, tdsPercent, interState: supply.interState },
  );
  const halves = supply.interState ? 0 : GST_PERCENT / 2;
  return {
    items: lines.map((line) => ({
      id: line.itemId,
      productId: line.number.id,
      product: toNumberItem(line.number),
      priceAtAdd: toRupees(line.priceAtAdd),
      currentPrice: toRupees(line.number.finalPrice),
      ...(line.changedFrom === null ? {} : { changedFrom: toRupees(line.changedFrom) }),
      available: line.valid,
      addedAt: line.addedAt.toISOString(),
    })),
    productIds: lines.map((line) => line.number.id),
    subtotal: toRupees(totals.subtotal),
    tdsPercent,
    tdsDeducted: toRupees(totals.tdsDeducted),
    taxable: toRupees(totals.taxable),
    taxPercent: GST_PERCENT,
    gst: { cgst: halves, sgst: halves, igst: supply.interState ? GST_PERCENT : 0 },
    placeOfSupply: supply.placeOfSupply,
    taxAmount: toRupees(totals.taxAmount),
    cgstAmount: toRupees(totals.cgstAmount),
    sgstAmount: toRupees(totals.sgstAmount),
    igstAmount: toRupees(totals.igstAmount),
    totalAmount: toRupees(totals.totalAmount),
    tdsRates: [...tdsRates],
  };
}

/**
 * What the cart needs from the orders capability, which depends on the cart (checkout reads it,
 * a payment empties it of the numbers sold): createServices gives the orders service here.
 */
interface OpenOrders {
  /**
   * Numbers left the cart without a checkout: the buyer's open orders holding any of `removed`
   * no longer stand for the cart, so they are cancelled and their holds released, in the
   * caller's transaction (which has locked the buyer's cart row); their buyer's e-mails are
   * written to the outbox with them (their ids answered, to deliver once it commits). One whose
   * hold still runs is cancelled only when it is `cancelOrder`, else 409 ORDER_HOLDS_NUMBER.
   */
  cancelForRemovedNumbers(
    tx: Tx,
    userId: string,
    removed: readonly number[],
    cancelOrder?: string,
  ): Promise<number[]>;
  /** The buyer's live order awaiting payment, with the numbers it holds, if any. */
  liveOpenOrder(userId: string): Promise<CartView['openOrder'] | undefined>;
}

export interface CartServiceDeps {
  config: Config;
  database: Database;
  catalog: CatalogService;
  users: UserService;
  openOrders: OpenOrders;
  outbox: Outbox;
}

/** The signed-in buyer's cart (a guest's cart lives in the browser; see decision 0005). */
export function createCartService({
  config,
  database,
  catalog,
  users,
  openOrders,
  outbox,
}: CartServiceDeps) {
  const db = database.db;

  /** The cart's items with their numbers as they are now, in the order they were added. */
  async function readLines(executor: Db, cartId: string, userId: string): Promise<CartLine[]> {
    const items = await readCartItems(executor, cartId);
    const found = await catalog.lookUp(
      items.map((item) => item.numberId),
      userId,
      executor,
    );
    return items.map((item) => {
      const entry = found.get(item.numberId)!;
      return {
        itemId: item.itemId,
        priceAtAdd: item.priceAtAdd,
        changedFrom: item.changedFrom,
        addedAt: item.addedAt,
        number: entry.number,
        valid: entry.valid,
      };
    });
  }

  /**
   * The signed-in buyer's cart view (an empty one when no cart row exists yet), taxed for
   * `billingState` (the one chosen at checkout) or else the profile's; a Corporate buyer's GSTIN
   * state wins over either (placeOfSupply).
   */
  async function view(userId: string, billingState?: string): Promise<CartView> {
    const [cart, billing, openOrder] = await Promise.all([
      findCart(db, userId),
      users.billingDetails(userId),
      openOrders.liveOpenOrder(userId),
    ]);
    const lines = cart ? await readLines(db, cart.id, userId) : [];
    const supply = placeOfSupply(config.STORE_STATE, {
      billingState: billingState ?? billing?.address?.state,
      gstin: billing?.gstinNo,
    });
    return {
      ...toCartView(cart, lines, billing?.accountType === 'Corporate' ? config.TDS_RATES : [], {
        placeOfSupply: supply,
        interState: isInterState(config.STORE_STATE, supply),
      }),
      openOrder: openOrder ?? null,
    };
  }

  return {
    view,

    /**
     * A family pack, all or none: every number must be available (409 PACK_UNAVAILABLE with
     * the ids of those that are not); a guest gets them for the browser's cart, a signed-in buyer's cart
     * gains those it lacks (409 CART_FULL when they do not fit).
     */
    async addPack(user: SessionUser | null, ids: readonly number[]) {
      const found = await catalog.lookUp(ids, user?.id ?? null);
      const gone = ids.filter((id) => !found.get(id)?.valid);
      if (gone.length > 0) throw packUnavailable(gone);
      const products = ids.map((id) => toNumberItem(found.get(id)!.number));
      if (!user) return { products };
      await inTransaction(database, async (tx) => {
        const cart = await lockCart(tx, user.id);
        const missing: number[] = [];
        for (const id of ids) if (!(await isInCart(tx, cart.id, id))) missing.push(id);
        if ((await countCartItems(tx, cart.id)) + missing.length > MAX_CART_ITEMS) {
          throw conflict(
            `Your cart is full: it holds at most ${MAX_CART_ITEMS} numbers.`,
            'CART_FULL',
          );
        }
        for (const id of missing) {
          await insertCartItem(tx, {
            cartId: cart.id,
            numberId: id,
            priceAtAdd: found.get(id)!.number.finalPrice,
          });
        }
      });
      return { products, cart: await view(user.id) };
    },

    /**
     * A guest gets the number when it is available (for the browser's cart); a signed-in buyer
     * adds it to the cart: 409 when it is there already, no longer available, or the cart is
     * full.
     */
    async add(user: SessionUser | null, id: number) {
      const found = (await catalog.lookUp([id], user?.id ?? null)).get(id);
      if (!found) throw notFound(`Number ${id} was not found.`);
      const product = toNumberItem(found.number);
      if (found.comingSoon) throw conflict(COMING_SOON_MESSAGE, 'NUMBER_COMING_SOON');
      if (!user) {
        if (!found.valid) throw conflict(UNAVAILABLE_MESSAGE, 'NUMBER_UNAVAILABLE');
        return { product };
      }
      await inTransaction(database, async (tx) => {
        const cart = await lockCart(tx, user.id);
        if (await isInCart(tx, cart.id, id)) {
          throw conflict(ALREADY_IN_CART_MESSAGE, 'ALREADY_IN_CART');
        }
        if (found.verifying) {
          throw conflict(
            'This number is already in your order whose payment our team is verifying: see your orders.',
            'NUMBER_IN_YOUR_ORDER',
          );
        }
        if (!found.valid) throw conflict(UNAVAILABLE_MESSAGE, 'NUMBER_UNAVAILABLE');
        if ((await countCartItems(tx, cart.id)) >= MAX_CART_ITEMS) {
          throw conflict(
            `Your cart is full: it holds at most ${MAX_CART_ITEMS} numbers.`,
            'CART_FULL',
          );
        }
        await insertCartItem(tx, {
          cartId: cart.id,
          numberId: id,
          priceAtAdd: found.number.finalPrice,
        });
      });
      return { product, cart: await view(user.id) };
    },

    /**
     * Removes one item, named by its cart item id or by its number id; an open order holding
     * the number is cancelled and its numbers released, once the buyer confirmed it
     * (`cancelOrder`, its id) while its hold runs, else 409. 404 for anything not in this cart.
     */
    async removeItem(userId: string, itemId: string, cancelOrder?: string) {
      const numberId = numberIdText.safeParse(itemId);
      const which = UUID.test(itemId)
        ? { itemId }
        : numberId.success
          ? { numberId: numberId.data }
          : undefined;
      if (!which) throw notInCart();
      const messageIds = await inTransaction(database, async (tx) => {
        const cart = await lockExistingCart(tx, userId);
        if (!cart) throw notInCart();
        const removed = await deleteCartItems(tx, cart.id, which);
        if (removed.length === 0) throw notInCart();
        // An open order holding this number no longer stands for the cart: its hold goes now.
        return openOrders.cancelForRemovedNumbers(tx, userId, removed, cancelOrder);
      });
      await outbox.deliverNow(messageIds);
      return view(userId);
    },

    /**
     * Empties the cart (the TDS setting stays); an open order holding its numbers is cancelled,
     * as removeItem says. A Buy now order of a number that was not in the cart stays: it never
     * stood for the cart.
     */
    async empty(userId: string, cancelOrder?: string) {
      const messageIds = await inTransaction(database, async (tx) => {
        const cart = await lockExistingCart(tx, userId);
        if (!cart) return [];
        const removed = await deleteCartItems(tx, cart.id, 'all');
        return openOrders.cancelForRemovedNumbers(tx, userId, removed, cancelOrder);
      });
      await outbox.deliverNow(messageIds);
      return view(userId);
    },

    /**
     * Merges a guest cart: numbers still available join at their current price, numbers
     * already in the cart stay, numbers that are gone (or past the size limit) are dropped. A
     * guest item's `changedFrom` is kept for its number's item (keepChangedFrom): words only.
     */
    async sync(userId: string, items: readonly SyncItem[]) {
      const ids = [...new Set(items.map((item) => item.product.id))];
      const found = await catalog.lookUp(ids, userId);
      const dropped = await inTransaction(database, async (tx) => {
        const cart = await lockCart(tx, userId);
        const inCart = new Set((await readCartItems(tx, cart.id)).map((item) => item.numberId));
        const gone: Dropped[] = [];
        for (const id of ids) {
          if (inCart.has(id)) continue;
          const entry = found.get(id);
          if (!entry || !entry.valid) {
            gone.push({ productId: id, reason: entry ? 'unavailable' : 'not_found' });
            continue;
          }
          if (inCart.size >= MAX_CART_ITEMS) {
            gone.push({ productId: id, reason: 'cart_full' });
            continue;
          }
          await insertCartItem(tx, {
            cartId: cart.id,
            numberId: id,
            priceAtAdd: entry.number.finalPrice,
          });
          inCart.add(id);
        }
        for (const item of items) {
          if (item.changedFrom === undefined) continue;
          await keepChangedFrom(tx, cart.id, item.product.id, toPaise(item.changedFrom));
        }
        return gone;
      });
      return { cart: await view(userId), dropped, validationResults: clientResults(items, found) };
    },

    /**
     * Signed in: checks the server cart, removes what is gone and adopts new prices (and
     * answers the cart afterwards). A guest: checks the items given; nothing is stored.
     */
    async validate(user: SessionUser | null, items: readonly ClientCartItem[]) {
      if (user) {
        const cart = await findCart(db, user.id);
        const lines = cart ? await readLines(db, cart.id, user.id) : [];
        const validationResults = lines.map(lineResult);
        if (cart) {
          await deleteItemsById(
            db,
            cart.id,
            lines.filter((line) => !line.valid).map((line) => line.itemId),
          );
          for (const line of lines) {
            if (line.valid && line.priceAtAdd !== line.number.finalPrice) {
              await setItemPrice(db, line.itemId, line.number.finalPrice);
            }
          }
        }
        return { validationResults, cart: await view(user.id) };
      }
      const found = await catalog.lookUp(
        items.map((item) => item.product.id),
        null,
      );
      return { validationResults: clientResults(items, found) };
    },

    /** Corporate accounts: the TDS percent, one of TDS_RATES, deducted from the cart. */
    async setTds(userId: string, wanted: number) {
      if ((await users.accountType(userId)) !== 'Corporate') {
        throw forbidden('Only Corporate accounts can deduct TDS.');
      }
      const basisPoints = Math.round(wanted * 100);
      const allowed = config.TDS_RATES;
      if (
        Math.abs(wanted * 100 - basisPoints) > 1e-6 ||
        !allowed.some((rate) => Math.round(rate * 100) === basisPoints)
      ) {
        throw badRequest(
          `The TDS percent must be one of: ${allowed.join(', ')}.`,
          'INVALID_TDS_RATE',
          { allowedRates: allowed },
        );
      }
      const cart = await ensureCart(db, userId);
      await setCartTds(db, cart.id, basisPoints);
      return { cart: await view(userId), tdsPercent: basisPoints / 100 };
    },

    // ---- For the orders capability (checkout and payment), in its transaction ----

    /** The buyer's cart row locked until the transaction ends, or undefined when there is none. */
    lock: lockExistingCart,

    /** The cart's lines (see readLines). */
    lines: (tx: Tx, cartId: string, userId: string) => readLines(tx, cartId, userId),

    /** The ids of the numbers in the buyer's cart (none without a cart). */
    async numberIds(tx: Tx, userId: string): Promise<number[]> {
      const cart = await findCart(tx, userId);
      return cart ? (await readCartItems(tx, cart.id)).map((item) => item.numberId) : [];
    },

    /** The cart adopts the price the order took. */
    adoptPrice: (tx: Tx, itemId: string, priceAtAdd: number) =>
      setItemPrice(tx, itemId, priceAtAdd),

    /** The numbers leave the cart (they were sold to the buyer). */
    removeNumbers: deleteNumbersFromCart,

    /** The validation results of the buyer's cart as it is now, outside any transaction. */
    async currentResults(userId: string): Promise<ValidationResult[]> {
      const cart = await findCart(db, userId);
      if (!cart) return [];
      return (await readLines(db, cart.id, userId)).map(lineResult);
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
