import { siteConfig } from '../../lib/site-config';
import { seo } from '../seo';
import type { Route } from './+types/offer-zone-page';
import { ListingPage } from './listing-page';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Offer Zone',
    description: `VIP mobile numbers on offer at reduced prices at ${siteConfig.storeName}.`,
    path: '/offer-zone',
  });

export default function OfferZonePage() {
  return <ListingPage mode="offer-zone" />;
}
