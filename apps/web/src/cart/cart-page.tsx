import { Link } from 'react-router';
import { SimplePage } from '../components/page';
import { seo } from '../lib/seo';
import type { Route } from './+types/cart-page';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Cart',
    description: 'Your selected VIP numbers.',
    path: '/cart',
    noIndex: true,
  });

export default function CartPage() {
  return (
    <SimplePage title="Cart" intro="Your cart is empty.">
      <Link to="/premium-numbers" className="btn-primary">
        Browse premium numbers
      </Link>
    </SimplePage>
  );
}
