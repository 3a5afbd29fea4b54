import { useState } from 'react';
import { Link } from 'react-router';
import { Container, PageHeader } from '../../components/page';
import { PageSpinner } from '../../components/page-spinner';
import { isApiError } from '../../lib/api-client';
import { useHydrated } from '../../lib/use-hydrated';
import { useSetWhatsAppSubject } from '../../lib/whatsapp-subject';
import { useAuth, useSessionHint } from '../auth';
import { seo } from '../seo';
import type { Route } from './+types/order-page';
import { useOrder } from './api/get-order';
import { OrderDetails } from './order-details/order-details';
import { readUtrDraft } from './order-details/utr-draft';
import { SignInToSee } from './sign-in-to-see';

export const meta: Route.MetaFunction = ({ params }) =>
  seo({
    title: 'Your order',
    description: 'Your order: payment, numbers and porting.',
    path: `/orders/${params.orderId}`,
    noIndex: true,
  });

/**
 * /orders/:orderId: one of the signed-in buyer's orders. A signed-out visitor (who followed the
 * link in an e-mail, say) is asked to sign in, and then sees the order.
 */
export default function OrderPage({ params }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const hint = useSessionHint();
  if (!hydrated) return <PageSpinner label="Loading your order" />;
  if (!hint) return <SignInToSeeOrder orderId={params.orderId} />;
  return <SignedInOrder orderId={params.orderId} />;
}

/** Signed out: a UTR typed for this order before the session ended is said to be kept, unsent. */
function SignInToSeeOrder({ orderId }: { orderId: string }) {
  const [utr] = useState(() => readUtrDraft(orderId));
  return (
    <SignInToSee title="Sign in to see your order">
      {utr ? (
        <p className="mb-4 rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
          Your UTR <span className="font-mono">{utr}</span> has not been sent yet. It is kept here:
          sign in, then press I have paid.
        </p>
      ) : null}
    </SignInToSee>
  );
}

function SignedInOrder({ orderId }: { orderId: string }) {
  const { status } = useAuth();
  const query = useOrder(orderId);
  // Support finds an order by its reference: the WhatsApp button's message quotes it.
  useSetWhatsAppSubject(query.data ? `order ${query.data.reference}` : null);
  if (status === 'loading') return <PageSpinner label="Loading your order" />;
  if (status !== 'authenticated') return <SignInToSeeOrder orderId={orderId} />;
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
      <PageHeader title="Order not found" intro="We could not find this order in your account." />
      <Link to="/orders" className="btn-primary">
        Your orders
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
        <Link to="/orders" className="btn-secondary">
          Your orders
        </Link>
      </div>
    </Container>
  );
}
