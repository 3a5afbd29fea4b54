import { Link } from 'react-router';
import { useAuthUi } from '../auth';

/** What someone who is not signed in as staff sees at /admin. */
export function StaffOnly({
  signedIn,
  sessionEnded = false,
}: {
  signedIn: boolean;
  /** A staff session of this tab ended without its Sign out (elsewhere, or the account disabled). */
  sessionEnded?: boolean;
}) {
  const { openAuthModal } = useAuthUi();
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 px-4 text-center outline-none"
    >
      <h1 className="text-2xl font-bold">Staff only</h1>
      {signedIn ? (
        <p className="text-slate-700">
          The console is for the store&apos;s sales and support team. Your account is a buyer&apos;s
          account, so it cannot open it.
        </p>
      ) : sessionEnded ? (
        <p role="status" className="text-slate-700">
          Your staff session has ended: you were signed out in another tab, or an administrator
          disabled your account. Sign in again; if no code comes or the sign-in is refused, ask an
          administrator.
        </p>
      ) : (
        <p className="text-slate-700">
          The console is for the store&apos;s sales and support team. Sign in with your staff
          account to open it.
        </p>
      )}
      <div className="flex gap-3">
        {signedIn ? null : (
          <button type="button" className="btn-primary" onClick={() => openAuthModal('sign-in')}>
            Sign in
          </button>
        )}
        <Link to="/premium-numbers" className="btn-secondary">
          Back to the store
        </Link>
      </div>
    </main>
  );
}
