import { describe, expect, it } from 'vitest';
import { product } from '../../../test-support/products';
import {
  ALREADY_IN_CART,
  NOT_IN_CART,
  addToGuestCart,
  applyValidation,
  completeGuestItem,
  emptyGuestCart,
  parseGuestCart,
  removeFromGuestCart,
  toPayload,
  toSyncPayload,
} from './guest-cart';

describe('guest cart', () => {
  it('adds at the current final price and works out every total with priceCart', () => {
    const cart = addToGuestCart(
      addToGuestCart(emptyGuestCart, product(1, 4999.5)),
      product(2, 12000),
    );
    expect(cart.productIds).toEqual([1, 2]);
    expect(cart.items.map((item) => [item.id, item.priceAtAdd])).toEqual([
      ['1', 4999.5],
      ['2', 12000],
    ]);
    // 16999.50 + 18% = 3059.91 (CGST takes the lower half of the odd paisa).
    expect(cart).toMatchObject({
      subtotal: 16999.5,
      tdsPercent: 0,
      tdsDeducted: 0,
      taxPercent: 18,
      taxAmount: 3059.91,
      cgstAmount: 1529.95,
      sgstAmount: 1529.96,
      totalAmount: 20059.41,
    });
  });

  it("refuses a number already in the cart with 'Product already in cart'", () => {
    const cart = addToGuestCart(emptyGuestCart, product(1, 5000));
    expect(() => addToGuestCart(cart, product(1, 5000))).toThrow(ALREADY_IN_CART);
  });

  it("removes an item and recalculates, or fails with 'Item not found in cart'", () => {
    const cart = addToGuestCart(addToGuestCart(emptyGuestCart, product(1, 5000)), product(2, 7000));
    const after = removeFromGuestCart(cart, '1');
    expect(after.productIds).toEqual([2]);
    expect(after.subtotal).toBe(7000);
    expect(after.totalAmount).toBe(8260);
    expect(() => removeFromGuestCart(after, '1')).toThrow(NOT_IN_CART);
  });

  it('drops invalid items and adopts new prices on validation', () => {
    let cart = emptyGuestCart;
    for (const p of [product(1, 5000), product(2, 7000), product(3, 9000)]) {
      cart = addToGuestCart(cart, p);
    }
    const {
      cart: after,
      removed,
      repriced,
    } = applyValidation(cart, [
      { productId: 1, valid: true, priceChanged: false, newPrice: null },
      { productId: 2, valid: false, priceChanged: false, newPrice: null },
      { productId: 3, valid: true, priceChanged: true, newPrice: 8500 },
    ]);
    expect(removed).toBe(1);
    expect(repriced).toBe(1);
    expect(after.productIds).toEqual([1, 3]);
    expect(after.items[1]!.priceAtAdd).toBe(8500);
    expect(after.items[1]!.product.pricing.nwFinalPrice).toBe(8500);
    expect(after.subtotal).toBe(13500);
  });

  it('keeps the price an item was added at once validation adopts another, until it comes back', () => {
    const cart = addToGuestCart(emptyGuestCart, product(3, 1400));
    const changed = (from: typeof cart, newPrice: number) =>
      applyValidation(from, [{ productId: 3, valid: true, priceChanged: true, newPrice }]).cart;
    const risen = changed(cart, 2400);
    // Totals follow the adopted price (spec §5); the line can say what it was added at.
    expect(risen.items[0]).toMatchObject({ priceAtAdd: 2400, changedFrom: 1400 });
    expect(risen.subtotal).toBe(2400);
    // A second change still says the price it was added at, not the one adopted in between.
    expect(changed(risen, 3000).items[0]).toMatchObject({ priceAtAdd: 3000, changedFrom: 1400 });
    // Back at the price it was added at: nothing changed to say.
    expect(changed(risen, 1400).items[0]).not.toHaveProperty('changedFrom');
    // Stored and read back (a reload) with it; a stored changedFrom that is no price is dropped.
    const raw = JSON.stringify({ items: risen.items });
    expect(parseGuestCart(raw).items[0]).toMatchObject({ priceAtAdd: 2400, changedFrom: 1400 });
    const junk = JSON.stringify({ items: [{ ...risen.items[0], changedFrom: 'x' }] });
    expect(parseGuestCart(junk).items[0]).not.toHaveProperty('changedFrom');
  });

  it('sends the product id with its price and the price at add', () => {
    const cart = addToGuestCart(emptyGuestCart, product(7, 3100));
    expect(toPayload(cart)).toEqual([
      { product: { id: 7, pricing: { nwFinalPrice: 3100 } }, priceAtAdd: 3100 },
    ]);
  });

  it("sends the sync each item's changedFrom, but not to validate, and none the server would refuse", () => {
    const cart = applyValidation(
      addToGuestCart(addToGuestCart(emptyGuestCart, product(3, 1400)), product(4, 900)),
      [{ productId: 3, valid: true, priceChanged: true, newPrice: 2400 }],
    ).cart;
    expect(toSyncPayload(cart)).toEqual([
      { product: { id: 3, pricing: { nwFinalPrice: 2400 } }, priceAtAdd: 2400, changedFrom: 1400 },
      { product: { id: 4, pricing: { nwFinalPrice: 900 } }, priceAtAdd: 900 },
    ]);
    expect(toPayload(cart)[0]).not.toHaveProperty('changedFrom');
    // Edited by hand: not whole paise, or no price above 0. The sync goes on without it.
    for (const changedFrom of [12.345, 0]) {
      const odd = { ...cart, items: [{ ...cart.items[0]!, changedFrom }] };
      expect(toSyncPayload(odd)[0]).not.toHaveProperty('changedFrom');
    }
  });

  it('reads storage defensively: totals are recomputed, junk and duplicates are dropped', () => {
    const saved = addToGuestCart(emptyGuestCart, product(1, 5000));
    const raw = JSON.stringify({
      items: [...saved.items, saved.items[0], { id: 'x' }],
      subtotal: 1,
      totalAmount: 1,
    });
    const cart = parseGuestCart(raw);
    expect(cart.productIds).toEqual([1]);
    expect(cart.totalAmount).toBe(5900);
    expect(parseGuestCart('not json')).toEqual(emptyGuestCart);
    expect(parseGuestCart(null)).toEqual(emptyGuestCart);
  });

  describe('an item whose product is only an id (spec §3)', () => {
    const stored = (product: unknown, id = '3344') =>
      JSON.stringify({
        items: [{ id, product, priceAtAdd: 8299, addedAt: '2026-11-30T09:00:00.000Z' }],
      });

    it('is kept, counted and priced at priceAtAdd, whether the id is a number or its digits', () => {
      for (const raw of [stored(3344), stored('3344')]) {
        const cart = parseGuestCart(raw);
        expect(cart.items).toEqual([]);
        expect(cart.idOnly).toEqual([
          { id: '3344', product: 3344, priceAtAdd: 8299, addedAt: '2026-11-30T09:00:00.000Z' },
        ]);
        expect(cart.productIds).toEqual([3344]);
        // 8299 + 18% GST = 9792.82.
        expect(cart.totalAmount).toBe(9792.82);
      }
    });

    it('is refused like any other item when it is not an id', () => {
      for (const product of [0, -4, 1.5, '12a', null, { id: 3344 }]) {
        expect(parseGuestCart(stored(product))).toEqual(emptyGuestCart);
      }
    });

    it('is sent to the sync and validate calls as its id, and validated like the others', () => {
      const cart = parseGuestCart(stored(3344));
      expect(toPayload(cart)).toEqual([{ product: 3344, priceAtAdd: 8299 }]);
      const repriced = applyValidation(cart, [
        { productId: 3344, valid: true, priceChanged: true, newPrice: 7999 },
      ]);
      expect(repriced).toMatchObject({ removed: 0, repriced: 1 });
      expect(repriced.cart.idOnly[0]).toMatchObject({ priceAtAdd: 7999, changedFrom: 8299 });
      // Completed later, it keeps the price it was added at.
      expect(completeGuestItem(repriced.cart, product(3344, 7999)).cart.items[0]).toMatchObject({
        priceAtAdd: 7999,
        changedFrom: 8299,
      });
      const gone = applyValidation(cart, [
        { productId: 3344, valid: false, priceChanged: false, newPrice: null },
      ]);
      expect(gone).toMatchObject({ removed: 1, cart: emptyGuestCart });
    });

    it('is completed with its product at the current price, and can be removed', () => {
      const cart = addToGuestCart(parseGuestCart(stored(3344)), product(1, 5000));
      expect(cart.productIds).toEqual([1, 3344]);
      expect(() => addToGuestCart(cart, product(3344, 8299))).toThrow(ALREADY_IN_CART);
      const same = completeGuestItem(cart, product(3344, 8299));
      expect(same.repriced).toBe(false);
      expect(same.cart.idOnly).toEqual([]);
      expect(same.cart.items.map((item) => [item.id, item.product.id, item.priceAtAdd])).toEqual([
        ['1', 1, 5000],
        ['3344', 3344, 8299],
      ]);
      const risen = completeGuestItem(cart, product(3344, 9000));
      expect(risen.repriced).toBe(true);
      expect(risen.cart.items[1]).toMatchObject({ priceAtAdd: 9000, changedFrom: 8299 });
      expect(same.cart.items[1]).not.toHaveProperty('changedFrom');
      expect(removeFromGuestCart(cart, '3344').productIds).toEqual([1]);
    });
  });
});
