import { Container, PageHeader } from '../../components/page';
import { SignedInOnly } from '../auth';
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
  return (
    <SignedInOnly
      loading="Loading your orders"
      guest={<SignInToSee title="Sign in to see your orders" />}
    >
      <Container className="pb-16">
        <PageHeader
          eyebrow="My account"
          title="Your orders"
          intro="Each order's payment, numbers and porting steps are on its page."
        />
        <OrderHistory />
      </Container>
    </SignedInOnly>
  );
}
