import type { Route } from './+types/premium-numbers-page';
import { ListingPage, listingSeo } from './listing-page';

export const meta: Route.MetaFunction = ({ location }) => listingSeo('regular', location.search);

export default function PremiumNumbersPage() {
  return <ListingPage mode="regular" />;
}
