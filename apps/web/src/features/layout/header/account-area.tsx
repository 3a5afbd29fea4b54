import { Link, useNavigate } from 'react-router';
import { HeartIcon, UserIcon } from '../../../components/icons';
import { capitalizeFirst, truncateEmail, useAuthUi, useSignOut } from '../../auth';

/**
 * Signed out: the Sign In button (opens the authentication modal).
 * Signed in: name and e-mail linking to /profile, and a Logout button.
 */
export function AccountArea({
  variant,
  onNavigate,
}: {
  variant: 'desktop' | 'mobile';
  /** Called after a link or button inside was used (closes the mobile menu). */
  onNavigate?: () => void;
}) {
  const { user, openAuthModal } = useAuthUi();
  const signOut = useSignOut();
  const navigate = useNavigate();

  if (!user) {
    return (
      <button
        type="button"
        onClick={() => {
          onNavigate?.();
          openAuthModal('sign-in');
        }}
        className={`btn-primary ${variant === 'mobile' ? 'w-full' : ''}`}
      >
        Sign In
      </button>
    );
  }

  async function handleLogout() {
    await signOut();
    onNavigate?.();
    if (variant === 'desktop') void navigate('/premium-numbers');
  }

  return (
    <div
      className={`flex gap-2 ${variant === 'mobile' ? 'flex-col items-stretch' : 'items-center'}`}
    >
      <Link
        to="/profile"
        onClick={onNavigate}
        className="flex items-center gap-2 rounded-lg px-2 py-1 text-left hover:bg-slate-100"
      >
        <UserIcon className="size-6 shrink-0 text-slate-700" />
        <span className={`flex flex-col leading-tight ${variant === 'desktop' ? 'max-w-40' : ''}`}>
          <span className="sr-only">Your account:</span>{' '}
          <span className="text-sm font-semibold text-slate-900">{capitalizeFirst(user.name)}</span>{' '}
          {/* A screen reader hears the whole address, not the cut one's "...". */}
          <span className="text-xs break-all text-slate-700" aria-hidden="true">
            {truncateEmail(user.email)}
          </span>
          <span className="sr-only">{user.email}</span>
        </span>
      </Link>
      <Link
        to="/saved"
        onClick={onNavigate}
        className="flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-100"
      >
        <HeartIcon className="size-5 text-rose-600" />
        Saved
      </Link>
      <button type="button" onClick={() => void handleLogout()} className="btn-secondary">
        Logout
      </button>
    </div>
  );
}
