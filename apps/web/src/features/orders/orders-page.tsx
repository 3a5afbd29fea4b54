import { Container, PageHeader } from '../../components/page';
import { PageSpinner } from '../../components/page-spinner';
import { useHydrated } from '../../lib/use-hydrated';
import { useAuth, useSessionHint } from '../auth';
import { seo } from '../seo';
import type { Route } from './+types/orders-page';
import { OrderHistory } from './order-history';
import { SignInToSee } from './sign-in-to-see';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Your orders',
    description: 'Your orders: payment, numbers and porting.',
    path: '/orders',
    noIndex: true,
  });

/**
 * /orders: the link every order SMS carries (a fixed, DLT-whitelisted path, decision 0105).
 * Signed in, the buyer's orders, each linking to its page; signed out, a Sign In button, and then
 * the orders. /profile keeps sending a guest home (spec §2).
 */
export default function OrdersPage() {
  const hydrated = useHydrated();
  const hint = useSessionHint();
  if (!hydrated) return <PageSpinner label="Loading your orders" />;
  if (!hint) return <SignInToSee title="Sign in to see your orders" />;
  return <SignedInOrders />;
}

function SignedInOrders() {
  const { status } = useAuth();
  if (status === 'loading') return <PageSpinner label="Loading your orders" />;
  if (status !== 'authenticated') return <SignInToSee title="Sign in to see your orders" />;
  return (
    <Container className="pb-16">
      <PageHeader
        eyebrow="My account"
        title="Your orders"
        intro="Each order's payment, numbers and porting steps are on its page."
      />
      <OrderHistory />
    </Container>
  );
}
