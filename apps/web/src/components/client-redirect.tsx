import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageSpinner } from './page-spinner';

/**
 * Replace-navigates to `to` once mounted in the browser. Prerendering runs components on the
 * server, where effects never run, so this never redirects at build time.
 */
export function ClientRedirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return <PageSpinner label="Redirecting" />;
}
