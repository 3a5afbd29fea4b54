import type { ReactNode } from 'react';
import { PageSpinner } from '../../components/page-spinner';
import { useHydrated } from '../../lib/use-hydrated';
import { useSessionHint } from './session-hint';
import { useAuth } from './use-auth';

/**
 * A page of the buyer's own: a spinner (`loading`, its words) until the page has hydrated and,
 * with a session, while the profile is read; `guest` for a visitor without one, who causes no
 * profile call at all; `children` once signed in. (The order page starts its order's request
 * beside the profile's, so it keeps its own steps.)
 */
export function SignedInOnly({
  loading,
  guest,
  children,
}: {
  loading: string;
  guest: ReactNode;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const hint = useSessionHint();
  if (!hydrated) return <PageSpinner label={loading} />;
  if (!hint) return guest;
  return (
    <WithSession loading={loading} guest={guest}>
      {children}
    </WithSession>
  );
}

function WithSession({ loading, guest, children }: Parameters<typeof SignedInOnly>[0]) {
  const { status } = useAuth();
  if (status === 'loading') return <PageSpinner label={loading} />;
  if (status !== 'authenticated') return guest;
  return children;
}
