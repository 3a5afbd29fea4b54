import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub, Link, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineNotice } from './offline-notice';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

function Page() {
  return (
    <>
      <p data-testid="location">{useLocation().pathname}</p>
      <Link to="/numbers/9876598765">98765 98765</Link>
      <OfflineNotice />
    </>
  );
}

const renderStore = () => {
  const Stub = createRoutesStub([{ path: '*', Component: Page }]);
  render(<Stub initialEntries={['/premium-numbers']} />);
};

describe('OfflineNotice', () => {
  it('says the phone is offline while it is, in a status region there all along', () => {
    renderStore();
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();

    goOffline(true);
    expect(status).toHaveTextContent(/^You are offline\. What you see may be out of date/);

    goOffline(false);
    expect(status).toBeEmptyDOMElement();
  });

  it('holds a link followed offline, and opens its page once back online', () => {
    renderStore();
    goOffline(true);
    act(() => screen.getByRole('link', { name: '98765 98765' }).click());
    expect(screen.getByTestId('location')).toHaveTextContent('/premium-numbers');
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline. The page you opened will load when you are back online.',
    );

    goOffline(false);
    expect(screen.getByTestId('location')).toHaveTextContent('/numbers/9876598765');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
