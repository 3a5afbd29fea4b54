import type { Route } from './+types/offer-zone-page';
import { ListingPage, listingSeo } from './listing-page';

export const meta: Route.MetaFunction = ({ location }) => listingSeo('offer-zone', location.search);

export default function OfferZonePage() {
  return <ListingPage mode="offer-zone" />;
}
