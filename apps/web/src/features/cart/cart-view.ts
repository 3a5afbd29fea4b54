import { GST_PERCENT } from '@store/domain';
import type { CartView } from './cart-context';
import type { ServerCart } from './cart-types';
import type { GuestCart } from './guest-cart';

/** The signed-in buyer's cart as the page shows it; `loading` until the server's has arrived. */
export function serverCartView(cart: ServerCart | undefined): CartView {
  return {
    status: cart ? 'signed-in' : 'loading',
    lines: (cart?.items ?? []).map((item) => ({
      id: item.id,
      product: item.product,
      priceAtAdd: item.priceAtAdd,
      currentPrice: item.currentPrice,
      available: item.available,
      changedFrom: item.changedFrom,
    })),
    totals: {
      subtotal: cart?.subtotal ?? 0,
      tdsPercent: cart?.tdsPercent ?? 0,
      tdsDeducted: cart?.tdsDeducted ?? 0,
      cgstPercent: cart?.gst.cgst ?? GST_PERCENT / 2,
      cgstAmount: cart?.cgstAmount ?? 0,
      sgstPercent: cart?.gst.sgst ?? GST_PERCENT / 2,
      sgstAmount: cart?.sgstAmount ?? 0,
      igstPercent: cart?.gst.igst ?? 0,
      igstAmount: cart?.igstAmount ?? 0,
      totalAmount: cart?.totalAmount ?? 0,
    },
    tdsRates: cart?.tdsRates ?? [],
    openOrder: cart?.openOrder ?? null,
  };
}

/**
 * A guest's cart as the page shows it: prices as added (or adopted by validation, with the price
 * added at), no TDS.
 */
export function guestCartView(guest: GuestCart, loading: boolean): CartView {
  return {
    status: loading ? 'loading' : 'guest',
    lines: guest.items.map((item) => ({
      id: item.id,
      product: item.product,
      priceAtAdd: item.priceAtAdd,
      currentPrice: item.product.pricing.nwFinalPrice,
      available: true,
      changedFrom: item.changedFrom,
    })),
    totals: {
      subtotal: guest.subtotal,
      tdsPercent: guest.tdsPercent,
      tdsDeducted: guest.tdsDeducted,
      cgstPercent: guest.taxPercent / 2,
      cgstAmount: guest.cgstAmount,
      sgstPercent: guest.taxPercent / 2,
      sgstAmount: guest.sgstAmount,
      // A guest has no billing state yet: the store's own, CGST + SGST.
      igstPercent: 0,
      igstAmount: 0,
      totalAmount: guest.totalAmount,
    },
    tdsRates: [],
    openOrder: null,
  };
}

export type OpenOrder = NonNullable<CartView['openOrder']>;

/**
 * A buyer has one order awaiting payment at a time: a checkout for other numbers cancels it.
 * Whether ordering `numberIds` would release any of the open order's numbers (the order is then
 * cancelled; a checkout of exactly its numbers goes back to it instead).
 */
export function releasesOpenOrder(order: OpenOrder, numberIds: readonly number[]): boolean {
  return order.productIds.some((id) => !numberIds.includes(id));
}
