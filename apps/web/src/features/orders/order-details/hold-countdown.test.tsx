import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { HoldCountdown } from './hold-countdown';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('HoldCountdown', () => {
  it('tells screen readers the time left at 10, 5 and 1 minute and at the lapse, not every minute', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-29T10:00:00.000Z'));
    const { container } = render(
      <HoldCountdown holdExpiresAt="2026-11-29T10:12:30.000Z" count={1} onLapse={() => {}} />,
    );
    const live = container.querySelector('[aria-live="polite"]')!;
    expect(live).toBeEmptyDOMElement();
    // The time left is there to read, outside the live region.
    expect(screen.getByText('13 minutes left to pay.')).toHaveClass('sr-only');

    const announced: string[] = [];
    for (let minute = 0; minute < 13; minute += 1) {
      act(() => vi.advanceTimersByTime(60_000));
      const said = live.textContent ?? '';
      if (said && said !== announced.at(-1)) announced.push(said);
      if (minute === 3) {
        // 8:30 left: read where the clock is, not announced.
        expect(live).toBeEmptyDOMElement();
        expect(screen.getByText('9 minutes left to pay.')).toHaveClass('sr-only');
      }
    }
    expect(announced).toEqual([
      '10 minutes left to pay.',
      '5 minutes left to pay.',
      'Less than a minute left to pay.',
      'The hold has lapsed. If your payment has not reached us, the numbers are released.',
    ]);
  });
});

describe('HoldCountdown on a phone whose clock is wrong', () => {
  it("counts down on the server's clock, as the API's Date header tells it", async () => {
    // The phone is 3 minutes fast; the server's answer says 10:00:00 and the hold ends 10:04:00.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-11-29T10:03:00.000Z'));
    const fetch = vi.fn(
      async () =>
        new Response('{"success":true,"data":{}}', {
          headers: { date: new Date('2026-11-29T10:00:00.000Z').toUTCString() },
        }),
    );
    await createApiClient({ baseUrl: '', fetch }).get('/orders/1');

    render(<HoldCountdown holdExpiresAt="2026-11-29T10:04:00.000Z" count={1} onLapse={() => {}} />);
    expect(screen.getByTestId('hold-countdown')).toHaveTextContent(/^0(3:59|4:00)$/);
    expect(screen.queryByText(/The hold has lapsed/)).not.toBeInTheDocument();
  });
});
