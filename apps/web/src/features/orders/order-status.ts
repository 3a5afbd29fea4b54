import { HOLD_LAPSED_LABEL } from '@store/domain';
import type { Order } from './order-types';

/** What the order page and the order history show of an order's state. */

/** Paid, and the porting steps still lie ahead. */
const portingStatuses: readonly Order['status'][] = [
  'paid',
  'upc_sent',
  'porting_in_progress',
  'ported',
];

export function isInPorting(order: Order): boolean {
  return order.payment.status === 'paid' && portingStatuses.includes(order.status);
}

/** True while the order may change without the buyer doing anything: unpaid hold, porting. */
export function isOrderInProgress(order: Order): boolean {
  return order.payment.status === 'pending' || isInPorting(order);
}

/** What the buyer should read as the order's state; the payment status says more than a bare
 * "Awaiting payment" once the hold has lapsed or a refund is due. */
export function orderStatusText(order: Order): string {
  switch (order.payment.status) {
    case 'expired':
      return HOLD_LAPSED_LABEL;
    case 'refund_due':
      return 'Refund due';
    default:
      return order.statusLabel;
  }
}

const badgeClasses = {
  pending: 'bg-amber-100 text-amber-900',
  active: 'bg-blue-100 text-blue-900',
  done: 'bg-emerald-100 text-emerald-900',
  stopped: 'bg-slate-200 text-slate-800',
} as const;

/** Tailwind colours for the status badge: awaiting payment, in porting, completed, or stopped. */
export function orderBadgeClass(order: Order): string {
  switch (order.payment.status) {
    case 'pending':
      return badgeClasses.pending;
    case 'paid':
      return order.status === 'completed' ? badgeClasses.done : badgeClasses.active;
    default:
      return badgeClasses.stopped;
  }
}
