import { Container, PageHeader } from '../../../components/page';
import { formatIndianDate } from '../../../lib/format';
import { isInPorting, orderBadgeClass, orderStatusText } from '../order-status';
import type { Order } from '../order-types';
import { BillingSection } from './billing-section';
import { ItemsSection } from './items-section';
import { Card } from './order-card';
import { PaymentSection } from './payment-section';
import { PortingSection } from './porting-section';
import { TimelineSection } from './timeline-section';

/**
 * The whole order: payment, each number's porting, the timeline and next steps beside the
 * numbers, amounts and billing.
 */
const stepsDone: Partial<Record<Order['status'], number>> = {
  paid: 1,
  upc_sent: 2,
  porting_in_progress: 3,
  ported: 4,
};

export function OrderDetails({ order, refetch }: { order: Order; refetch: () => unknown }) {
  const paymentStatus = order.payment.status;
  // Before payment the timeline is only "Order placed", unless something happened since (a
  // payment submitted, or sent back by staff with their reason).
  const showTimeline =
    (paymentStatus !== 'pending' && paymentStatus !== 'expired') || order.timeline.length > 1;
  // The steps are: pay, the UPC and invoice sent, the store visit, the SIM active. Once paid (or
  // the payment submitted), only those after the order's slowest number's porting step lie ahead.
  const nextSteps =
    paymentStatus === 'pending'
      ? order.nextSteps.slice(order.payment.submitted ? 1 : 0)
      : isInPorting(order)
        ? order.nextSteps.slice(stepsDone[order.status] ?? 1)
        : [];

  return (
    <Container className="pb-16">
      <PageHeader
        eyebrow="Your order"
        title={`Order ${order.reference}`}
        intro={
          <div className="flex flex-wrap items-center gap-3 text-base">
            <span
              className={`rounded-full px-3 py-1 text-sm font-semibold ${orderBadgeClass(order)}`}
            >
              <span className="sr-only">Status: </span>
              {orderStatusText(order)}
            </span>
            <span className="text-slate-600">
              Placed{' '}
              <time dateTime={order.createdAt}>
                {formatIndianDate(order.createdAt, { month: 'short', time: true })}
              </time>
            </span>
          </div>
        }
      />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-8">
          <PaymentSection order={order} refetch={refetch} />
          {paymentStatus === 'paid' ? <PortingSection order={order} /> : null}
          {showTimeline ? <TimelineSection order={order} /> : null}
          {nextSteps.length > 0 ? (
            <Card title="What happens next">
              <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
                {nextSteps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </Card>
          ) : null}
        </div>
        <div className="space-y-8">
          <ItemsSection order={order} />
          <BillingSection order={order} />
        </div>
      </div>
    </Container>
  );
}
