import { Link } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { isApiError } from '../../lib/api-client';
import { formatIndianDate } from '../../lib/format';
import { consoleMeta, ConsolePage, useConsoleTitle } from '../admin-shell';
import { useStaffOrder } from './api/get-order';
import type { Route } from './+types/order-page';
import { BillingCorrectionPanel } from './order-detail/billing-correction-panel';
import { CancelPanel } from './order-detail/cancel-panel';
import { NumbersPanel } from './order-detail/numbers-panel';
import { OverdueNotice } from './overdue-porting';
import { OrderFacts } from './order-detail/order-facts';
import { PaymentsPanel } from './order-detail/payments-panel';
import { TimelinePanel } from './order-detail/timeline-panel';
import { paymentMethodLabel } from './payment-method';
import { StatusBadge } from './status-badge';

export const meta: Route.MetaFunction = () => consoleMeta('Order');

/**
 * /admin/orders/:orderId: one order for the support team. Its numbers and their porting (UPC,
 * porting, ported), its payments (confirm a transfer, refund), cancelling it, correcting its
 * billing details, its timeline with
 * who did what and when; beside them the buyer, billing, amounts and attribution.
 */
export default function OrderPage({ params }: Route.ComponentProps) {
  const query = useStaffOrder(params.orderId);
  const order = query.data;
  useConsoleTitle(order && `Order ${order.reference}`);
  if (!order) {
    if (query.isError) {
      const missing = isApiError(query.error) && query.error.status === 404;
      return (
        <ConsolePage title={missing ? 'Order not found' : 'The order could not be loaded'}>
          <Link to="/admin/orders" className="btn-secondary">
            All orders
          </Link>
        </ConsolePage>
      );
    }
    return <PageSpinner label="Loading the order" />;
  }
  return (
    <ConsolePage
      title={`Order ${order.reference}`}
      intro={
        <span className="flex flex-wrap items-center gap-3">
          <StatusBadge order={order} />
          <span>
            Placed{' '}
            <time dateTime={order.createdAt}>
              {formatIndianDate(order.createdAt, { month: 'short', time: true })}
            </time>
            {' · '}
            {paymentMethodLabel(order)}
          </span>
        </span>
      }
      actions={
        <Link to="/admin/orders" className="btn-secondary">
          All orders
        </Link>
      }
    >
      <OverdueNotice order={order} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          <NumbersPanel order={order} />
          <PaymentsPanel order={order} />
          <TimelinePanel order={order} />
        </div>
        <div className="space-y-6">
          <CancelPanel order={order} />
          <OrderFacts order={order} />
          <BillingCorrectionPanel order={order} />
        </div>
      </div>
    </ConsolePage>
  );
}
