import { useState } from 'react';
import { matchPath, NavLink, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { focusMainIfLost, usePageChange } from '../../components/route-focus';
import { SkipLink } from '../../components/skip-link';
import { useAuth, useSignOut } from '../auth';
import type { Route } from './+types/admin-layout';
import { consoleAreas } from './admin-nav';
import { consoleMeta } from './console-title';
import { ConsolePage } from './console-page';
import { StaffOnly } from './staff-only';
import { useConsoleCounts } from './use-console-counts';

export const meta: Route.MetaFunction = () => consoleMeta();

/**
 * The staff console's frame (/admin and below): loaded only when someone opens it, never
 * prerendered. Visitors and buyers see "Staff only"; staff see the navigation and the area.
 */
export default function AdminLayout() {
  const { status, user } = useAuth();
  const staff = user && user.role !== 'customer' ? user : null;
  const signOut = useSignOut();
  const [staffSession, setStaffSession] = useState({ now: false, had: false, ownSignOut: false });
  if (Boolean(staff) !== staffSession.now) {
    // A new staff session forgets the last one's Sign out.
    setStaffSession(
      staff ? { now: true, had: true, ownSignOut: false } : { ...staffSession, now: false },
    );
  }
  // Signing in or out swaps "Staff only" and the console at the same address: the focus that
  // was on Sign in or Sign out goes to the main content of what comes.
  usePageChange(status === 'loading' ? null : staff ? 'console' : 'staff only', focusMainIfLost);
  if (status === 'loading') return <PageSpinner label="Loading the console" />;
  if (!staff) {
    // The member's session ended without their Sign out: signed out in another tab, or their
    // account disabled (its sessions end at once): they are told, not just shown the door.
    const ended = !user && staffSession.had && !staffSession.ownSignOut;
    return <StaffOnly signedIn={Boolean(user)} sessionEnded={ended} />;
  }
  return (
    <ConsoleFrame
      isAdmin={staff.role === 'admin'}
      userName={staff.name}
      onSignOut={() => {
        setStaffSession({ ...staffSession, ownSignOut: true });
        void signOut();
      }}
    />
  );
}

/**
 * The role this tab began with, and a sentence once the server's differs (a 403 has the profile
 * read again, useRecheckRole): the member learns why the navigation changed.
 */
function useRoleChangeNotice(isAdmin: boolean): string | null {
  const [first] = useState(isAdmin);
  if (isAdmin === first) return null;
  return isAdmin
    ? 'You are now an administrator: Staff, the audit log and the tax register are yours too.'
    : 'An administrator made you support: Staff, the audit log and the tax register are no longer yours.';
}

function ConsoleFrame({
  isAdmin,
  userName,
  onSignOut,
}: {
  isAdmin: boolean;
  userName: string;
  onSignOut: () => void;
}) {
  const roleNotice = useRoleChangeNotice(isAdmin);
  const counts = useConsoleCounts();
  const { pathname } = useLocation();
  const areas = consoleAreas.filter((area) => isAdmin || !area.adminOnly);
  // An area the navigation hides, opened by its address: its page is not rendered at all, so
  // it neither shows its forms nor asks the API for what only administrators may read.
  const closedArea = consoleAreas.find(
    (area) => !areas.includes(area) && matchPath({ path: area.to, end: false }, pathname),
  );
  return (
    <div className="flex min-h-screen flex-col bg-slate-100 md:flex-row">
      <SkipLink />
      <nav aria-label="Console" className="bg-slate-900 text-slate-100 md:w-56 md:shrink-0">
        <div className="px-4 py-4 text-lg font-bold">Console</div>
        <ul className="flex flex-wrap gap-1 px-2 pb-3 md:flex-col">
          {areas.map((area) => {
            const count = area.countKey ? (counts[area.countKey] ?? 0) : 0;
            return (
              <li key={area.to}>
                <NavLink
                  to={area.to}
                  end={area.to === '/admin'}
                  className={({ isActive }) =>
                    `flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm ${
                      isActive ? 'bg-slate-700 font-semibold text-white' : 'hover:bg-slate-800'
                    }`
                  }
                >
                  {area.label}
                  {count > 0 ? (
                    <span className="rounded-full bg-amber-400 px-2 text-xs font-bold text-slate-900">
                      {count}
                      <span className="sr-only"> new</span>
                    </span>
                  ) : null}
                </NavLink>
              </li>
            );
          })}
        </ul>
        <div className="border-t border-slate-700 px-4 py-3 text-sm">
          <p className="truncate">{userName}</p>
          <button type="button" className="mt-1 underline" onClick={onSignOut}>
            Sign out
          </button>
        </div>
      </nav>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-8">
        {roleNotice ? (
          <p role="status" className="mb-4 rounded-lg bg-amber-50 p-3 text-amber-950">
            {roleNotice}
          </p>
        ) : null}
        {closedArea ? (
          <ConsolePage title={closedArea.label}>
            <p className="text-slate-700">This page is for administrators only.</p>
          </ConsolePage>
        ) : (
          <Outlet />
        )}
      </main>
    </div>
  );
}
