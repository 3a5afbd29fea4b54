import { product } from './products';

/** GET /cart's answer for these items (GST 18%, intra-state). */
export function serverCart(
  items: { id: number; price: number; current?: number; available?: boolean; from?: number }[],
) {
  const subtotal = items.reduce((sum, item) => sum + item.price, 0);
  const tax = Math.round(subtotal * 18) / 100;
  return {
    items: items.map((item) => ({
      id: `item-${item.id}`,
      productId: item.id,
      product: product(item.id, item.current ?? item.price),
      priceAtAdd: item.price,
      currentPrice: item.current ?? item.price,
      ...(item.from === undefined ? {} : { changedFrom: item.from }),
      available: item.available ?? true,
      addedAt: '2026-11-22T10:00:00.000Z',
    })),
    productIds: items.map((item) => item.id),
    subtotal,
    tdsPercent: 0,
    tdsDeducted: 0,
    taxable: subtotal,
    taxPercent: 18,
    gst: { cgst: 9, sgst: 9, igst: 0 },
    placeOfSupply: 'Delhi',
    taxAmount: tax,
    cgstAmount: tax / 2,
    sgstAmount: tax / 2,
    igstAmount: 0,
    totalAmount: subtotal + tax,
    tdsRates: [],
  };
}
