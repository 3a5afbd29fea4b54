import { ClientRedirect } from '../../components/client-redirect';
import { seo } from '../seo';
import type { Route } from './+types/unknown-path-page';

export const meta: Route.MetaFunction = ({ location }) =>
  seo({
    title: 'Premium Numbers',
    description: 'Redirecting to the premium number listing.',
    path: location.pathname,
    noIndex: true,
  });

/** Any unknown path replaces itself with /premium-numbers (spec §2). */
export default function UnknownPathPage() {
  return <ClientRedirect to="/premium-numbers" />;
}
