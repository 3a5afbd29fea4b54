import { seo } from '../lib/seo';
import { siteConfig } from '../lib/site-config';
import { ListingPage } from './listing-page';
import type { Route } from './+types/offer-zone-page';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Offer Zone',
    description: `VIP mobile numbers on offer at reduced prices at ${siteConfig.storeName}.`,
    path: '/offer-zone',
  });

export default function OfferZonePage() {
  return <ListingPage mode="offer-zone" />;
}
