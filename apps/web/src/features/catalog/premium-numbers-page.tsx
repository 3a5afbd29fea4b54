import { siteConfig } from '../../lib/site-config';
import { seo } from '../seo';
import type { Route } from './+types/premium-numbers-page';
import { ListingPage } from './listing-page';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Premium Numbers',
    description: `Browse premium VIP mobile numbers by category: mirror, counting, 786, triple, tetra and more at ${siteConfig.storeName}.`,
    path: '/premium-numbers',
  });

export default function PremiumNumbersPage() {
  return <ListingPage mode="regular" />;
}
