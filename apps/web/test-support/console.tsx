import type { ReactNode } from 'react';
import { AuthSessionProvider } from '../src/features/auth';
import { installFakeApi, ok, type FakeHandler, type FakeReply } from './fake-api';
import { renderWithQuery } from './render';
import { sampleSession, setSessionHintCookie } from './session';

/** The staff member a console test is signed in as. */
const consoleUser = (role: 'support' | 'admin') => ({
  ...sampleSession,
  user: { ...sampleSession.user, id: 'staff-me', name: 'Anil Admin', role },
});

/**
 * Renders a console page signed in as `role`, over a fake API (`api`, plus the profile call),
 * at `path` (matched against `pattern` for its params). Returns the fake's calls.
 */
export function renderConsole(
  element: ReactNode,
  options: {
    api: Record<string, FakeReply | FakeHandler>;
    path?: string;
    pattern?: string;
    role?: 'support' | 'admin';
  },
) {
  setSessionHintCookie();
  const fake = installFakeApi({
    'GET /user/profile': ok(consoleUser(options.role ?? 'admin')),
    ...options.api,
  });
  const rendered = renderWithQuery(
    options.path ?? '/admin',
    <AuthSessionProvider modal={() => null}>{element}</AuthSessionProvider>,
    undefined,
    options.pattern,
  );
  return { ...fake, ...rendered };
}
