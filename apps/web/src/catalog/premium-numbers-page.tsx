import { seo } from '../lib/seo';
import { siteConfig } from '../lib/site-config';
import { ListingPage } from './listing-page';
import type { Route } from './+types/premium-numbers-page';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Premium Numbers',
    description: `Browse premium VIP mobile numbers by category: mirror, counting, 786, triple, tetra and more at ${siteConfig.storeName}.`,
    path: '/premium-numbers',
  });

export default function PremiumNumbersPage() {
  return <ListingPage mode="regular" />;
}
