import { useEffect } from 'react';
import { apiErrorMessage } from '../../lib/api-client';
import { useRecheckRole } from './recheck-role';

/**
 * What a console area shows while its data loads or when it could not be read; nothing once it
 * is there. The server's message is shown (e.g. "This is for administrators only."), and a 403
 * has the member's role read again (useRecheckRole).
 */
export function QueryStatus({
  what,
  isPending,
  error,
  onRetry,
}: {
  what: string;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const recheckRole = useRecheckRole();
  useEffect(() => {
    recheckRole(error);
  }, [error, recheckRole]);
  if (error) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
        <p>{apiErrorMessage(error, `The ${what} could not be loaded.`)}</p>
        <button type="button" className="btn-secondary mt-3 px-3 py-1" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (isPending) {
    return (
      <p role="status" className="text-slate-600">
        Loading the {what}…
      </p>
    );
  }
  return null;
}
