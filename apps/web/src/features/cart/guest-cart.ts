import { GST_PERCENT, priceCart } from '@store/domain';
import type { CartItemPayload, CartProduct, ValidationResult } from './cart-types';

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
}

export interface GuestCart {
  items: GuestCartItem[];
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

/** The cart's items with every total worked out again (guests: 18% GST, no TDS). */
export function recalculate(items: readonly GuestCartItem[]): GuestCart {
  return {
    items: [...items],
    productIds: items.map((item) => item.product.id),
    ...priceCart(items, { taxPercent: GST_PERCENT }),
  };
}

export const emptyGuestCart: GuestCart = recalculate([]);

export function addToGuestCart(
  cart: GuestCart,
  product: CartProduct,
  now: Date = new Date(),
): GuestCart {
  if (cart.productIds.includes(product.id)) throw new Error(ALREADY_IN_CART);
  return recalculate([
    ...cart.items,
    {
      id: String(product.id),
      product,
      priceAtAdd: product.pricing.nwFinalPrice,
      addedAt: now.toISOString(),
    },
  ]);
}

export function removeFromGuestCart(cart: GuestCart, itemId: string): GuestCart {
  const items = cart.items.filter((item) => item.id !== itemId);
  if (items.length === cart.items.length) throw new Error(NOT_IN_CART);
  return recalculate(items);
}

/** Spec §4: invalid items are dropped, changed prices adopted. */
export function applyValidation(
  cart: GuestCart,
  results: readonly Pick<ValidationResult, 'productId' | 'valid' | 'priceChanged' | 'newPrice'>[],
): { cart: GuestCart; removed: number; repriced: number } {
  const byId = new Map(results.map((result) => [result.productId, result]));
  let removed = 0;
  let repriced = 0;
  const items: GuestCartItem[] = [];
  for (const item of cart.items) {
    const result = byId.get(item.product.id);
    if (result && !result.valid) {
      removed += 1;
      continue;
    }
    if (result?.priceChanged && result.newPrice !== null) {
      repriced += 1;
      items.push({
        ...item,
        priceAtAdd: result.newPrice,
        product: {
          ...item.product,
          pricing: { ...item.product.pricing, nwFinalPrice: result.newPrice },
        },
      });
      continue;
    }
    items.push(item);
  }
  return { cart: recalculate(items), removed, repriced };
}

export function toPayload(cart: GuestCart): CartItemPayload[] {
  return cart.items.map((item) => ({
    product: { id: item.product.id, pricing: { nwFinalPrice: item.product.pricing.nwFinalPrice } },
    priceAtAdd: item.priceAtAdd,
  }));
}

function isItem(value: unknown): value is GuestCartItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<GuestCartItem>;
  return (
    typeof item.id === 'string' &&
    typeof item.priceAtAdd === 'number' &&
    Number.isFinite(item.priceAtAdd) &&
    item.priceAtAdd >= 0 &&
    typeof item.addedAt === 'string' &&
    typeof item.product === 'object' &&
    item.product !== null &&
    Number.isInteger(item.product.id) &&
    typeof item.product.number === 'string' &&
    typeof item.product.pricing?.nwFinalPrice === 'number'
  );
}

/**
 * The cart saved in storage. Totals are never trusted from storage: they are worked out again
 * from the items, and anything unreadable (edited by hand, an older shape) reads as empty.
 */
export function parseGuestCart(raw: string | null): GuestCart {
  if (!raw) return emptyGuestCart;
  try {
    const parsed = JSON.parse(raw) as { items?: unknown };
    if (!Array.isArray(parsed.items)) return emptyGuestCart;
    const items = parsed.items.filter(isItem);
    const unique = items.filter(
      (item, index) => items.findIndex((other) => other.product.id === item.product.id) === index,
    );
    return recalculate(unique);
  } catch {
    return emptyGuestCart;
  }
}
