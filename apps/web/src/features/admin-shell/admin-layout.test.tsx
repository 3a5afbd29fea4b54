import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, installFakeApi, ok } from '../../../test-support/fake-api';
import { renderWithQuery } from '../../../test-support/render';
import { resetAfterTest, sampleSession, setSessionHintCookie } from '../../../test-support/session';
import AuditPage from '../admin-audit/audit-page';
import StaffPage from '../admin-staff/staff-page';
import { AuthSessionProvider } from '../auth';
import AdminLayout from './admin-layout';

afterEach(() => {
  resetAfterTest();
  vi.useRealTimers();
});

const withRole = (role: 'customer' | 'support' | 'admin') =>
  ok({ ...sampleSession, user: { ...sampleSession.user, role, name: `A ${role}` } });

function renderConsoleAs(role: 'customer' | 'support' | 'admin' | null) {
  if (role) {
    setSessionHintCookie();
    installFakeApi({ 'GET /user/profile': withRole(role) });
  }
  return renderWithQuery(
    '/admin',
    <AuthSessionProvider modal={() => null}>
      <AdminLayout />
    </AuthSessionProvider>,
  );
}

/** The console at `path`, with its administrators-only areas, signed in as `role`. */
function renderAdminOnlyArea(role: 'support' | 'admin', path: string) {
  setSessionHintCookie();
  const fake = installFakeApi({
    'GET /user/profile': withRole(role),
    'GET /admin/staff': ok([]),
  });
  renderWithQuery(
    path,
    <AuthSessionProvider modal={() => null}>
      <Routes>
        <Route path="/admin" element={<AdminLayout />}>
          <Route path="staff" element={<StaffPage />} />
          <Route path="audit" element={<AuditPage />} />
        </Route>
      </Routes>
    </AuthSessionProvider>,
  );
  return fake;
}

describe('the console frame', () => {
  it('asks a visitor to sign in with a staff account', async () => {
    renderConsoleAs(null);
    expect(await screen.findByRole('heading', { name: 'Staff only' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Console' })).not.toBeInTheDocument();
  });

  it('tells a buyer the console is staff only, without a sign-in button', async () => {
    renderConsoleAs('customer');
    expect(await screen.findByRole('heading', { name: 'Staff only' })).toBeInTheDocument();
    expect(screen.getByText(/your account is a buyer/i)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('shows support the console without the administrators-only areas', async () => {
    renderConsoleAs('support');
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(nav).toHaveTextContent('Orders');
    expect(nav).toHaveTextContent('Inventory');
    expect(nav).not.toHaveTextContent('Staff');
    expect(nav).not.toHaveTextContent('Audit log');
  });

  for (const [path, title] of [
    ['/admin/staff', 'Staff'],
    ['/admin/audit', 'Audit log'],
  ] as const) {
    it(`tells support that ${path}, opened by its address, is for administrators only`, async () => {
      const { calls } = renderAdminOnlyArea('support', path);
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
      expect(screen.getByText('This page is for administrators only.')).toBeInTheDocument();
      expect(screen.queryByRole('form')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      // Only the profile and the navigation's counts are asked for: nothing of the page's own.
      expect(calls.map((call) => call.path).filter((p) => p !== '/admin/counts')).toEqual([
        '/user/profile',
      ]);
    });
  }

  it('tells an administrator made support meanwhile, at the next refusal, and follows the new role', async () => {
    setSessionHintCookie();
    let profileReads = 0;
    installFakeApi({
      // An administrator when the tab opened; made support since.
      'GET /user/profile': () => (++profileReads === 1 ? withRole('admin') : withRole('support')),
      'GET /admin/staff': fail(403, 'This is for administrators only.'),
    });
    renderWithQuery(
      '/admin/staff',
      <AuthSessionProvider modal={() => null}>
        <Routes>
          <Route path="/admin" element={<AdminLayout />}>
            <Route path="staff" element={<StaffPage />} />
          </Route>
        </Routes>
      </AuthSessionProvider>,
    );
    expect(
      await screen.findByText(
        'An administrator made you support: Staff, the audit log and the tax register are no longer yours.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(profileReads).toBe(2);
    expect(screen.getByRole('navigation', { name: 'Console' })).not.toHaveTextContent('Staff');
    expect(screen.getByText('This page is for administrators only.')).toBeInTheDocument();
  });

  it('opens the administrators-only pages for administrators', async () => {
    renderAdminOnlyArea('admin', '/admin/staff');
    expect(await screen.findByRole('form', { name: 'Invite a member' })).toBeInTheDocument();
    expect(screen.queryByText('This page is for administrators only.')).not.toBeInTheDocument();
  });

  it('starts with a skip link past the navigation to the main content', async () => {
    renderConsoleAs('support');
    await screen.findByRole('navigation', { name: 'Console' });
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main');
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'main');
    // Focusable from the link (and by the script), not a Tab stop of its own.
    expect(main).toHaveAttribute('tabindex', '-1');
  });

  it('signs out saying so, the focus on the main content of "Staff only"', async () => {
    setSessionHintCookie();
    installFakeApi({ 'GET /user/profile': withRole('support'), 'POST /auth/logout': ok(null) });
    renderWithQuery(
      '/admin',
      <AuthSessionProvider modal={() => null}>
        <AdminLayout />
      </AuthSessionProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Staff only' })).toBeInTheDocument();
    expect(screen.queryByText(/session has ended/)).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Notifications' })).toHaveTextContent(
      'Successfully Logged Out',
    );
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });

  it('tells a member whose session ended without their Sign out (an account disabled) why', async () => {
    setSessionHintCookie();
    installFakeApi({
      'GET /user/profile': withRole('support'),
      // Disabling a member ends their sessions: the next call and its refresh are refused.
      'GET /admin/counts': fail(401, 'Please sign in.'),
      'POST /auth/refresh-token': fail(401, 'Your session has ended.'),
    });
    renderWithQuery(
      '/admin',
      <AuthSessionProvider modal={() => null}>
        <AdminLayout />
      </AuthSessionProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Staff only' })).toBeInTheDocument();
    expect(screen.getByText(/^Your staff session has ended/)).toHaveTextContent(
      'Your staff session has ended: you were signed out in another tab, or an administrator disabled your account.',
    );
    expect(screen.getByText(/^Your staff session has ended/)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows administrators every area', async () => {
    renderConsoleAs('admin');
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(nav).toHaveTextContent('Staff');
    expect(nav).toHaveTextContent('Audit log');
  });

  it('shows counts of new items beside Orders and Enquiries, asked for again every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let counts = { orders: 2, enquiries: 5 };
    setSessionHintCookie();
    const { callsTo } = installFakeApi({
      'GET /user/profile': withRole('support'),
      'GET /admin/counts': () => ok(counts),
    });
    renderWithQuery(
      '/admin',
      <AuthSessionProvider modal={() => null}>
        <AdminLayout />
      </AuthSessionProvider>,
    );
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(await within(nav).findByRole('link', { name: /^Enquiries\s*5\s*new$/ })).toBeVisible();
    expect(within(nav).getByRole('link', { name: /^Orders\s*2\s*new$/ })).toBeVisible();

    counts = { orders: 0, enquiries: 6 };
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await within(nav).findByRole('link', { name: /^Enquiries\s*6\s*new$/ })).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'Orders' })).toBeVisible();
    expect(callsTo('GET /admin/counts')).toHaveLength(2);
  });
});
