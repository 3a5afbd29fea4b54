import { trackSale } from '../../analytics';
import type { Order } from '../order-types';

/** The buyer has paid (their UTR sent, or Razorpay's payment verified): analytics' purchase. */
export function trackPurchase(order: Order) {
  trackSale({
    name: 'purchase',
    orderReference: order.reference,
    total: order.amounts.totalAmount,
    items: order.items.map((item) => ({
      id: item.numberId,
      category: item.category.name,
      price: item.price,
    })),
  });
}
