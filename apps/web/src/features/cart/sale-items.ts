import type { SaleItem } from '../analytics';
import type { CartProduct } from './cart-types';

/** Numbers of the cart as analytics' e-commerce items. */
export function saleItems(products: readonly CartProduct[]): SaleItem[] {
  return products.map((product) => ({
    id: product.id,
    category: product.category.name,
    price: product.pricing.nwFinalPrice,
  }));
}
