import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatInr } from '@store/domain';
import { Container, PageHeader } from '../components/page';
import { PageSpinner } from '../components/page-spinner';
import { useToast } from '../components/toast';
import { apiErrorMessage, errorMessage, isApiError } from '../lib/api-client';
import { useAuth, useSessionHint } from '../lib/auth-session';
import { useAuthUi } from '../lib/auth-ui';
import {
  formatIndiaDateTime,
  loadRazorpayCheckout,
  orderBadgeClass,
  orderStatusText,
  useOrder,
  useVerifyRazorpayPayment,
  type Order,
  type RazorpayOrderOptions,
  type RazorpayPaymentResponse,
} from '../lib/orders-api';
import { seo } from '../lib/seo';
import { useHydrated } from '../lib/use-hydrated';
import type { Route } from './+types/order-page';

export const meta: Route.MetaFunction = ({ params }) =>
  seo({
    title: 'Your order',
    description: 'Your order: payment, numbers and porting.',
    path: `/orders/${params.orderId}`,
    noIndex: true,
  });

const ORDER_MESSAGES = {
  paid: 'Payment received. Thank you!',
  verifyFailed:
    'We could not confirm your payment here. If money has left your account, this order will show it shortly.',
  paymentFailed: 'The payment did not go through. Please try again.',
  checkoutFailed: 'The payment window could not be opened. Please try again.',
} as const;

/**
 * /orders/:orderId: one of the signed-in buyer's orders. A signed-out visitor (who followed the
 * link in an e-mail, say) is asked to sign in, and then sees the order.
 */
export default function OrderPage({ params }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const hint = useSessionHint();
  if (!hydrated) return <PageSpinner label="Loading your order" />;
  if (!hint) return <SignInToSeeOrder />;
  return <SignedInOrder orderId={params.orderId} />;
}

function SignInToSeeOrder() {
  const { openAuthModal } = useAuthUi();
  return (
    <Container className="pb-16">
      <PageHeader
        title="Sign in to see your order"
        intro="Your orders, their payment and their porting steps are in your account."
      />
      <button type="button" className="btn-primary" onClick={() => openAuthModal('sign-in')}>
        Sign In
      </button>
    </Container>
  );
}

function SignedInOrder({ orderId }: { orderId: string }) {
  const { status } = useAuth();
  const query = useOrder(orderId);
  if (status === 'loading') return <PageSpinner label="Loading your order" />;
  if (status !== 'authenticated') return <SignInToSeeOrder />;
  // Data first: a failed background refetch keeps showing the order.
  if (query.data) return <OrderDetails order={query.data} refetch={query.refetch} />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <OrderNotFound />;
    return <OrderLoadFailed retry={query.refetch} retrying={query.isFetching} />;
  }
  return <PageSpinner label="Loading your order" />;
}

function OrderNotFound() {
  return (
    <Container className="pb-16">
      <PageHeader
        title="Order not found"
        intro="We could not find this order in your account. Your orders are listed on your profile."
      />
      <Link to="/profile" className="btn-primary">
        See your orders
      </Link>
    </Container>
  );
}

function OrderLoadFailed({ retry, retrying }: { retry: () => unknown; retrying: boolean }) {
  return (
    <Container className="pb-16">
      <PageHeader
        title="We could not load this order"
        intro="Please check your connection and try again."
      />
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-primary" disabled={retrying} onClick={() => retry()}>
          {retrying ? 'Trying again…' : 'Try again'}
        </button>
        <Link to="/profile" className="btn-secondary">
          See your orders
        </Link>
      </div>
    </Container>
  );
}

// ---------------------------------------------------------------------------------------------

const portingStatuses: readonly Order['status'][] = [
  'paid',
  'upc_sent',
  'porting_in_progress',
  'ported',
];

function OrderDetails({ order, refetch }: { order: Order; refetch: () => unknown }) {
  const paymentStatus = order.payment.status;
  const showTimeline = paymentStatus !== 'pending' && paymentStatus !== 'expired';
  // The first step is the payment itself: once paid, only the porting steps lie ahead.
  const nextSteps =
    paymentStatus === 'pending'
      ? order.nextSteps
      : paymentStatus === 'paid' && portingStatuses.includes(order.status)
        ? order.nextSteps.slice(1)
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
              Placed <time dateTime={order.createdAt}>{formatIndiaDateTime(order.createdAt)}</time>
            </span>
          </div>
        }
      />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-8">
          <PaymentSection order={order} refetch={refetch} />
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

function Card({
  title,
  tone = 'plain',
  children,
}: {
  title: string;
  tone?: 'plain' | 'attention';
  children: ReactNode;
}) {
  const headingId = useId();
  const box =
    tone === 'attention' ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white shadow-sm';
  return (
    <section aria-labelledby={headingId} className={`rounded-2xl border p-5 sm:p-7 ${box}`}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Row({
  term,
  children,
  strong,
}: {
  term: ReactNode;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <div
      className={`flex justify-between gap-4 py-1.5 ${strong ? 'border-t border-slate-200 pt-3 text-base font-semibold text-slate-900' : 'text-sm text-slate-700'}`}
    >
      <dt>{term}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Payment, by payment status.

const releasedLinks = (
  <div className="mt-4 flex flex-wrap gap-3">
    <Link to="/cart" className="btn-primary">
      Back to your cart
    </Link>
    <Link to="/premium-numbers" className="btn-secondary">
      Browse premium numbers
    </Link>
  </div>
);

function lastNote(order: Order, status: Order['status']): string | null {
  return order.timeline.findLast((entry) => entry.status === status)?.note ?? null;
}

function PaymentSection({ order, refetch }: { order: Order; refetch: () => unknown }) {
  const { payment, amounts } = order;
  const total = formatInr(amounts.totalAmount);

  switch (payment.status) {
    case 'pending':
      return (
        <Card title="Payment" tone="attention">
          <HoldCountdown holdExpiresAt={order.holdExpiresAt} onLapse={refetch} />
          {payment.instructions ? (
            <ManualInstructions order={order} />
          ) : payment.provider === 'razorpay' ? (
            payment.razorpay ? (
              <RazorpayPay order={order} razorpay={payment.razorpay} />
            ) : (
              <div className="mt-4 text-sm text-slate-700">
                <p>We are preparing the online payment for this order.</p>
                <button type="button" className="btn-secondary mt-3" onClick={() => refetch()}>
                  Try again
                </button>
              </div>
            )
          ) : (
            <p className="mt-4 text-sm text-slate-700">
              Pay {total} before the hold ends, quoting your order reference {order.reference}.
            </p>
          )}
        </Card>
      );
    case 'expired':
      return (
        <Card title="The hold has lapsed">
          <p className="text-sm text-slate-700">
            Your payment did not reach us before the hold ended, so the numbers were released and
            are back on sale. If they are still free you can order them again.
          </p>
          <p className="mt-2 text-sm text-slate-700">
            Already paid? Contact us with your payment reference and order reference{' '}
            {order.reference}.
          </p>
          {releasedLinks}
        </Card>
      );
    case 'cancelled': {
      const reason = lastNote(order, 'cancelled');
      return (
        <Card title="Order cancelled">
          <p className="text-sm text-slate-700">
            This order was cancelled before payment and its numbers were released.
          </p>
          {reason ? <p className="mt-2 text-sm text-slate-700">Reason: {reason}</p> : null}
          {releasedLinks}
        </Card>
      );
    }
    case 'refund_due':
      return (
        <Card title="Refund due" tone="attention">
          <p className="text-sm text-slate-800">
            We received your payment of {total}, but this order cannot be completed. You will be
            refunded in full; our team will contact you.
          </p>
          {payment.paymentReference ? (
            <p className="mt-2 text-sm text-slate-700">
              Payment reference: {payment.paymentReference}
            </p>
          ) : null}
        </Card>
      );
    case 'refunded':
      return (
        <Card title="Refunded">
          <p className="text-sm text-slate-700">A full refund of {total} has been made.</p>
        </Card>
      );
    case 'paid':
      return (
        <Card title="Payment received">
          <p className="text-sm text-slate-700">
            We received your payment of {total}
            {order.paidAt ? (
              <>
                {' '}
                on <time dateTime={order.paidAt}>{formatIndiaDateTime(order.paidAt)}</time>
              </>
            ) : null}
            . Thank you!
          </p>
          {payment.paymentReference ? (
            <p className="mt-2 text-sm text-slate-700">
              Payment reference: {payment.paymentReference}
            </p>
          ) : null}
        </Card>
      );
  }
}

function ManualInstructions({ order }: { order: Order }) {
  const instructions = order.payment.instructions;
  if (!instructions) return null;
  return (
    <div className="mt-5">
      <p className="text-sm text-slate-800">
        Pay by UPI or bank transfer and quote your order reference. Our team confirms the payment
        and writes to you; this page updates by itself.
      </p>
      <dl className="mt-4 divide-y divide-amber-200 rounded-xl border border-amber-200 bg-white px-4">
        <InstructionRow term="Amount to pay">
          <span className="text-lg font-bold">{formatInr(instructions.amount)}</span>
        </InstructionRow>
        <InstructionRow term="UPI ID">
          <span className="font-mono">{instructions.upiId}</span>
        </InstructionRow>
        <InstructionRow term="Bank transfer">
          <span className="whitespace-pre-line">{instructions.bankDetails}</span>
        </InstructionRow>
        <InstructionRow term="Reference to quote">
          <span className="font-mono font-semibold">{instructions.reference}</span>
        </InstructionRow>
      </dl>
    </div>
  );
}

function InstructionRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// The hold countdown.

const TICK_MS = 250;

function useSecondsUntil(iso: string): number {
  const target = Date.parse(iso);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= target) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [target]);
  return Math.max(0, Math.ceil((target - now) / 1000));
}

/** 605 -> "10:05". */
function formatMinutesSeconds(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

function HoldCountdown({
  holdExpiresAt,
  onLapse,
}: {
  holdExpiresAt: string;
  onLapse: () => unknown;
}) {
  const secondsLeft = useSecondsUntil(holdExpiresAt);
  const lapsed = secondsLeft === 0;

  useEffect(() => {
    if (lapsed) onLapse();
  }, [lapsed, onLapse]);

  const minutesLeft = Math.ceil(secondsLeft / 60);
  return (
    <div>
      <p className="text-sm text-slate-800">
        Your numbers are held for you until{' '}
        <time dateTime={holdExpiresAt} className="font-semibold">
          {formatIndiaDateTime(holdExpiresAt)}
        </time>
        .
      </p>
      {/* The visible clock ticks every second; screen readers hear about it once a minute. */}
      {lapsed ? null : (
        <p className="mt-3 flex items-baseline gap-3">
          <span className="text-sm font-medium text-slate-700" aria-hidden="true">
            Time left to pay
          </span>
          <span
            aria-hidden="true"
            data-testid="hold-countdown"
            className="font-mono text-3xl font-bold text-amber-900 tabular-nums"
          >
            {formatMinutesSeconds(secondsLeft)}
          </span>
        </p>
      )}
      <div aria-live="polite" aria-atomic="true">
        {lapsed ? (
          <p className="mt-3 text-sm font-semibold text-red-800">
            The hold has lapsed. If your payment has not reached us, the numbers are released.
          </p>
        ) : (
          <p className="sr-only">
            {minutesLeft === 1 ? 'Less than a minute' : `${minutesLeft} minutes`} left to pay.
          </p>
        )}
      </div>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Razorpay.

function RazorpayPay({ order, razorpay }: { order: Order; razorpay: RazorpayOrderOptions }) {
  const toast = useToast();
  const verify = useVerifyRazorpayPayment(order.id);
  const [opening, setOpening] = useState(false);
  const busy = opening || verify.isPending;

  // Called by Razorpay after a payment; toasts live above this page, so they still show once the
  // paid order replaces this button.
  async function confirm(response: RazorpayPaymentResponse) {
    try {
      const result = await verify.mutateAsync(response);
      if (result.order.payment.status === 'refund_due') {
        toast.warning(result.message || ORDER_MESSAGES.paid);
      } else {
        toast.success(result.message || ORDER_MESSAGES.paid);
      }
    } catch (error) {
      toast.error(apiErrorMessage(error, ORDER_MESSAGES.verifyFailed));
    }
  }

  async function pay() {
    setOpening(true);
    try {
      const Razorpay = await loadRazorpayCheckout();
      const checkout = new Razorpay({
        key: razorpay.keyId,
        order_id: razorpay.orderId,
        amount: razorpay.amount,
        currency: razorpay.currency,
        name: razorpay.name,
        description: razorpay.description,
        prefill: {
          name: order.billing.name,
          email: order.billing.email,
          contact: order.billing.mobile,
        },
        handler: (response) => void confirm(response),
      });
      checkout.on('payment.failed', (failure) => {
        toast.error(failure.error?.description || ORDER_MESSAGES.paymentFailed);
      });
      checkout.open();
    } catch (error) {
      toast.error(errorMessage(error, ORDER_MESSAGES.checkoutFailed));
    } finally {
      setOpening(false);
    }
  }

  return (
    <div className="mt-5">
      <p className="text-sm text-slate-800">
        Pay online by UPI, card or net banking through Razorpay.
      </p>
      <button
        type="button"
        className="btn-primary mt-4 px-6 py-3 text-base disabled:opacity-60"
        disabled={busy}
        onClick={() => void pay()}
      >
        {verify.isPending
          ? 'Confirming your payment…'
          : opening
            ? 'Opening the payment window…'
            : `Pay ${formatInr(razorpay.amount / 100)}`}
      </button>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Timeline, numbers, amounts, billing.

function TimelineSection({ order }: { order: Order }) {
  const inPorting = order.payment.status === 'paid' && portingStatuses.includes(order.status);
  return (
    <Card title="Order timeline">
      <ol className="space-y-5 border-l-2 border-blue-200 pl-5">
        {order.timeline.map((entry, index) => (
          <li key={`${entry.status}-${entry.at}-${index}`} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[27px] size-3 rounded-full bg-blue-700 ring-4 ring-white"
            />
            <p className="font-semibold text-slate-900">{entry.label}</p>
            <p className="text-sm text-slate-600">
              <time dateTime={entry.at}>{formatIndiaDateTime(entry.at)}</time>
              {entry.by ? <> · by {entry.by}</> : null}
            </p>
            {entry.note ? <p className="mt-1 text-sm text-slate-700">{entry.note}</p> : null}
          </li>
        ))}
      </ol>
      {inPorting ? (
        <p className="mt-5 text-xs text-slate-500">
          This page checks for new steps every half a minute.
        </p>
      ) : null}
    </Card>
  );
}

function percent(value: number): string {
  return `${value}%`;
}

function ItemsSection({ order }: { order: Order }) {
  const { amounts } = order;
  return (
    <Card title={order.items.length === 1 ? 'Your number' : 'Your numbers'}>
      <ul className="divide-y divide-slate-200">
        {order.items.map((item) => (
          <li key={item.numberId} className="flex items-start justify-between gap-4 py-3">
            <div>
              <p className="font-mono text-lg font-semibold text-slate-900">{item.display}</p>
              <p className="text-sm text-slate-600">{item.category.name}</p>
            </div>
            <p className="text-right tabular-nums">
              {item.basePrice > item.price ? (
                <>
                  <span className="sr-only">List price </span>
                  <s className="block text-xs text-slate-500">{formatInr(item.basePrice)}</s>
                  <span className="sr-only">, you pay </span>
                </>
              ) : null}
              <span className="font-semibold text-slate-900">{formatInr(item.price)}</span>
            </p>
          </li>
        ))}
      </ul>
      <dl className="mt-4 border-t border-slate-200 pt-3" aria-label="Amount breakdown">
        <Row term="Subtotal">{formatInr(amounts.subtotal)}</Row>
        {amounts.tdsPercent > 0 ? (
          <>
            <Row term={`TDS deducted (${percent(amounts.tdsPercent)})`}>
              −{formatInr(amounts.tdsDeducted)}
            </Row>
            <Row term="Taxable value">{formatInr(amounts.taxable)}</Row>
          </>
        ) : null}
        <Row term={`CGST (${percent(amounts.cgstPercent)})`}>{formatInr(amounts.cgstAmount)}</Row>
        <Row term={`SGST (${percent(amounts.sgstPercent)})`}>{formatInr(amounts.sgstAmount)}</Row>
        <Row term="Total" strong>
          {formatInr(amounts.totalAmount)}
        </Row>
      </dl>
    </Card>
  );
}

function BillingSection({ order }: { order: Order }) {
  const { billing } = order;
  const corporate = billing.accountType === 'Corporate';
  const address = billing.address;
  return (
    <Card title="Billing details">
      <dl className="space-y-3 text-sm">
        <BillingRow term="Name">{billing.name}</BillingRow>
        {corporate && billing.companyName ? (
          <BillingRow term="Company">{billing.companyName}</BillingRow>
        ) : null}
        {corporate && billing.gstinNo ? (
          <BillingRow term="GSTIN">
            <span className="font-mono">{billing.gstinNo}</span>
          </BillingRow>
        ) : null}
        <BillingRow term="E-mail">{billing.email}</BillingRow>
        <BillingRow term="Mobile">{billing.mobile}</BillingRow>
        {address ? (
          <BillingRow term="Address">
            {[address.line1, address.line2, address.city, `${address.state} ${address.pinCode}`]
              .filter(Boolean)
              .join(', ')}
          </BillingRow>
        ) : null}
      </dl>
    </Card>
  );
}

function BillingRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[6rem_minmax(0,1fr)] gap-3">
      <dt className="text-slate-600">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}
