import { ClientRedirect } from '../components/client-redirect';
import { seo } from '../lib/seo';
import type { Route } from './+types/profile-page';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'My Profile',
    description: 'Your account details.',
    path: '/profile',
    noIndex: true,
  });

/** Authenticated users only; until accounts exist every visitor is sent to / (replace). */
export default function ProfilePage() {
  return <ClientRedirect to="/" />;
}
