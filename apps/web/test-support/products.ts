import type { CartProduct } from '../src/features/cart/cart-types';

/** A number as GET /numbers/{id} answers it, for the cart tests. */
export function product(
  id: number,
  price: number,
  number = `98765${String(id).padStart(5, '0')}`,
): CartProduct {
  return {
    id,
    number,
    display: `${number.slice(0, 5)} ${number.slice(5)}`,
    category: { slug: 'unique-numbers', name: 'Unique Numbers' },
    pricing: { nwFinalPrice: price, nwBasePrice: price, discountPercent: 0 },
    sum: 1,
    mid: 1,
    total: 1,
    spans: [],
  };
}
