import { ClientRedirect } from '../../components/client-redirect';
import { Container, PageHeader } from '../../components/page';
import { capitalizeFirst, SignedInOnly, useAuth } from '../auth';
import { OrderHistory } from '../orders';
import { seo } from '../seo';
import type { Route } from './+types/profile-page';
import { AddressForm } from './address-form';
import { CloseAccountSection } from './close-account-section';
import { DataExportSection } from './data-export-section';
import { SignOutOthersSection } from './sign-out-others-section';
import { ProfileForm } from './profile-form';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'My Profile',
    description: 'Your account details.',
    path: '/profile',
    noIndex: true,
  });

/**
 * /profile: signed-in users only (spec §2). Without a session the visitor is sent to /
 * (replace), with no profile call; while the profile call runs a spinner shows.
 */
export default function ProfilePage() {
  return (
    <SignedInOnly loading="Loading your profile" guest={<ClientRedirect to="/" />}>
      <SignedInProfile />
    </SignedInOnly>
  );
}

function SignedInProfile() {
  const { user, address } = useAuth();
  if (!user) return <ClientRedirect to="/" />;

  return (
    <Container className="pb-16">
      <PageHeader
        eyebrow="My account"
        title={`Hello, ${capitalizeFirst(user.name)}`}
        intro="Your details, your address and your orders."
      />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <ProfileForm user={user} address={address} />
        <AddressForm user={user} address={address} />
      </div>
      <div className="mt-8">
        <OrderHistory linkToOrdersPage />
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <SignOutOthersSection />
        <DataExportSection />
      </div>
      <div className="mt-8">
        <CloseAccountSection />
      </div>
    </Container>
  );
}
