import { ClientRedirect } from '../../components/client-redirect';
import { NOT_FOUND_HANDLE } from '../analytics';
import { seo } from '../seo';
import type { Route } from './+types/unknown-path-page';

export const meta: Route.MetaFunction = ({ location }) =>
  seo({
    title: 'Premium Numbers',
    description: 'Redirecting to the premium number listing.',
    path: location.pathname,
    noIndex: true,
  });

/** Analytics counts it as a broken link, not a page view. */
export const handle = NOT_FOUND_HANDLE;

/** Any unknown path replaces itself with /premium-numbers (spec §2). */
export default function UnknownPathPage() {
  return <ClientRedirect to="/premium-numbers" />;
}
