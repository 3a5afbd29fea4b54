import type { Route } from './+types/premium-numbers-page';
import { servedListing } from './listing-page-context';
import { ListingPage, listingSeo } from './listing-page';

export const meta: Route.MetaFunction = ({ location }) => listingSeo('regular', location.search);

/** Rendered on request by the API with its numbers (decision 0044); else null (prerendered). */
export function loader({ context }: Route.LoaderArgs) {
  return servedListing(context);
}

/** In the browser (a link followed): the listing reads its numbers from the API. */
export function clientLoader() {
  return null;
}

export default function PremiumNumbersPage({ loaderData }: Route.ComponentProps) {
  return <ListingPage mode="regular" served={loaderData} />;
}
