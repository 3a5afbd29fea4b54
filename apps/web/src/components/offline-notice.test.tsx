import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
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

describe('OfflineNotice', () => {
  it('says the phone is offline while it is, in a status region there all along', () => {
    render(<OfflineNotice />);
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();

    goOffline(true);
    expect(status).toHaveTextContent(/^You are offline\. What you see may be out of date/);

    goOffline(false);
    expect(status).toBeEmptyDOMElement();
  });
});
