import { GST_PERCENT, MAX_PRICE_RUPEES, priceCart, toPaise, toRupees } from '@store/domain';
import type { CartItemPayload, CartProduct, SyncItemPayload, ValidationResult } from './cart-types';

/**
 * The guest cart (spec §3, §4, §5): kept in local storage under its own key and recalculated
 * with the shared `priceCart` on every change, so its totals match the server's to the paisa.
 * The functions here are pure: each returns a new cart and never touches storage.
 */

export const GUEST_CART_KEY = 'guest_cart';

export const ALREADY_IN_CART = 'Product already in cart';
export const NOT_IN_CART = 'Item not found in cart';

export interface GuestCartItem {
  /** The number id as a string: a guest has no server-side item ids. */
  id: string;
  product: CartProduct;
  /** Rupees: the price when added (or adopted by validation); totals come from it. */
  priceAtAdd: number;
  addedAt: string;
  /** Rupees: the price it was added at, once validation adopted another (adoptPrice). */
  changedFrom?: number;
}

/**
 * A stored item whose product is only the number's id (spec §3: "a full product object or only
 * an id"): counted and priced at `priceAtAdd` until completed (completeGuestItem) with the product
 * POST /cart/add/{id} answers a guest.
 */
export interface IdOnlyItem {
  id: string;
  product: number;
  priceAtAdd: number;
  addedAt: string;
  changedFrom?: number;
}

/**
 * The item at a price validation found (spec §4: totals follow priceAtAdd), remembering the price
 * it was added at in `changedFrom` for the cart line to say (decision 0086); a price back at that
 * one leaves nothing to say.
 */
function adoptPrice<T extends GuestCartItem | IdOnlyItem>(item: T, price: number): T {
  const { changedFrom = item.priceAtAdd, ...rest } = item;
  return changedFrom === price
    ? ({ ...rest, priceAtAdd: price } as T)
    : ({ ...rest, priceAtAdd: price, changedFrom } as T);
}

export interface GuestCart {
  items: GuestCartItem[];
  idOnly: IdOnlyItem[];
  productIds: number[];
  subtotal: number;
  tdsDeducted: number;
  tdsPercent: number;
  taxable: number;
  taxPercent: number;
  taxAmount: number;
  cgstAmount: number;
  sgstAmount: number;
  totalAmount: number;
}

const productIdOf = (item: GuestCartItem | IdOnlyItem) =>
  typeof item.product === 'number' ? item.product : item.product.id;

/** The cart's items with every total worked out again (guests: 18% GST, no TDS). */
export function recalculate(
  items: readonly GuestCartItem[],
  idOnly: readonly IdOnlyItem[] = [],
): GuestCart {
  const all = [...items, ...idOnly];
  return {
    items: [...items],
    idOnly: [...idOnly],
    productIds: all.map(productIdOf),
    ...priceCart(all, { taxPercent: GST_PERCENT }),
  };
}

export const emptyGuestCart: GuestCart = recalculate([]);

export function addToGuestCart(
  cart: GuestCart,
  product: CartProduct,
  now: Date = new Date(),
): GuestCart {
  if (cart.productIds.includes(product.id)) throw new Error(ALREADY_IN_CART);
  return recalculate(
    [
      ...cart.items,
      {
        id: String(product.id),
        product,
        priceAtAdd: product.pricing.nwFinalPrice,
        addedAt: now.toISOString(),
      },
    ],
    cart.idOnly,
  );
}

export function removeFromGuestCart(cart: GuestCart, itemId: string): GuestCart {
  const items = cart.items.filter((item) => item.id !== itemId);
  const idOnly = cart.idOnly.filter((item) => item.id !== itemId);
  if (items.length + idOnly.length === cart.productIds.length) throw new Error(NOT_IN_CART);
  return recalculate(items, idOnly);
}

/**
 * An id-only item completed with its product (as POST /cart/add/{id} answers a guest), which
 * also validates it: a price changed since it was added is adopted, as applyValidation does.
 */
export function completeGuestItem(
  cart: GuestCart,
  product: CartProduct,
): { cart: GuestCart; repriced: boolean } {
  const stored = cart.idOnly.find((item) => item.product === product.id);
  if (!stored) return { cart, repriced: false };
  const price = product.pricing.nwFinalPrice;
  const item: GuestCartItem = adoptPrice({ ...stored, product }, price);
  return {
    cart: recalculate(
      [...cart.items, item],
      cart.idOnly.filter((other) => other !== stored),
    ),
    repriced: price !== stored.priceAtAdd,
  };
}

/** Spec §4: invalid items are dropped, changed prices adopted. */
export function applyValidation(
  cart: GuestCart,
  results: readonly Pick<ValidationResult, 'productId' | 'valid' | 'priceChanged' | 'newPrice'>[],
): { cart: GuestCart; removed: number; repriced: number } {
  const byId = new Map(results.map((result) => [result.productId, result]));
  let removed = 0;
  let repriced = 0;
  const idOnly: IdOnlyItem[] = [];
  for (const item of cart.idOnly) {
    const result = byId.get(item.product);
    if (result && !result.valid) {
      removed += 1;
      continue;
    }
    const repricedTo = result?.priceChanged ? result.newPrice : null;
    if (repricedTo !== null) repriced += 1;
    idOnly.push(repricedTo === null ? item : adoptPrice(item, repricedTo));
  }
  const items: GuestCartItem[] = [];
  for (const item of cart.items) {
    const result = byId.get(item.product.id);
    if (result && !result.valid) {
      removed += 1;
      continue;
    }
    if (result?.priceChanged && result.newPrice !== null) {
      repriced += 1;
      items.push(
        adoptPrice(
          {
            ...item,
            product: {
              ...item.product,
              pricing: { ...item.product.pricing, nwFinalPrice: result.newPrice },
            },
          },
          result.newPrice,
        ),
      );
      continue;
    }
    items.push(item);
  }
  return { cart: recalculate(items, idOnly), removed, repriced };
}

/** An item as the sync and validate calls take it; an id-only item as its id. */
const payloadOf = (item: GuestCartItem | IdOnlyItem): CartItemPayload => ({
  product:
    typeof item.product === 'number'
      ? item.product
      : { id: item.product.id, pricing: { nwFinalPrice: item.product.pricing.nwFinalPrice } },
  priceAtAdd: item.priceAtAdd,
});

/** The items as the validate call takes them. */
export function toPayload(cart: GuestCart): CartItemPayload[] {
  return [...cart.items, ...cart.idOnly].map(payloadOf);
}

/** A price the sync takes as changedFrom: above 0, whole paise, at most MAX_PRICE_RUPEES. */
const isSyncablePrice = (rupees: number) =>
  rupees > 0 && rupees <= MAX_PRICE_RUPEES && toRupees(toPaise(rupees)) === rupees;

/**
 * The items as the sync at sign-in takes them, each with the price it was added at when
 * validation adopted another (`changedFrom`), for the account's cart line to keep saying it
 * (decision 0093); one the server would refuse is left out, so it never stops the sync.
 */
export function toSyncPayload(cart: GuestCart): SyncItemPayload[] {
  return [...cart.items, ...cart.idOnly].map((item) =>
    item.changedFrom !== undefined && isSyncablePrice(item.changedFrom)
      ? { ...payloadOf(item), changedFrom: item.changedFrom }
      : payloadOf(item),
  );
}

const isProduct = (product: unknown): product is CartProduct => {
  if (typeof product !== 'object' || product === null) return false;
  const { id, number, pricing } = product as Partial<CartProduct>;
  return (
    Number.isInteger(id) && typeof number === 'string' && typeof pricing?.nwFinalPrice === 'number'
  );
};

const isPrice = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * A stored item, full or id-only (a positive whole id, or its digits), or undefined; its
 * `changedFrom` kept only when it is a price other than priceAtAdd.
 */
function readItem(value: unknown): GuestCartItem | IdOnlyItem | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, priceAtAdd, addedAt, product, changedFrom } = value as Record<string, unknown>;
  if (typeof id !== 'string' || !isPrice(priceAtAdd) || typeof addedAt !== 'string') {
    return undefined;
  }
  const changed = isPrice(changedFrom) && changedFrom !== priceAtAdd ? { changedFrom } : {};
  if (isProduct(product)) return { id, product, priceAtAdd, addedAt, ...changed };
  const productId =
    typeof product === 'string' && /^\d{1,15}$/.test(product) ? Number(product) : product;
  if (Number.isSafeInteger(productId) && (productId as number) > 0) {
    return { id, product: productId as number, priceAtAdd, addedAt, ...changed };
  }
  return undefined;
}

/**
 * The cart saved in storage. Totals are never trusted from storage: they are worked out again
 * from the items; an item whose product is only an id is kept (idOnly); anything unreadable
 * (edited by hand, an older shape) reads as empty.
 */
export function parseGuestCart(raw: string | null): GuestCart {
  if (!raw) return emptyGuestCart;
  try {
    const parsed = JSON.parse(raw) as { items?: unknown };
    if (!Array.isArray(parsed.items)) return emptyGuestCart;
    const read = parsed.items.map(readItem).filter((item) => item !== undefined);
    const unique = read.filter(
      (item, index) =>
        read.findIndex((other) => productIdOf(other) === productIdOf(item)) === index,
    );
    return recalculate(
      unique.filter((item): item is GuestCartItem => typeof item.product !== 'number'),
      unique.filter((item): item is IdOnlyItem => typeof item.product === 'number'),
    );
  } catch {
    return emptyGuestCart;
  }
}
