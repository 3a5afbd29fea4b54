import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, Link } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Analytics,
  GTAG_SRC,
  NOT_FOUND_HANDLE,
  safeLocation,
  trackPageView,
  trackSale,
} from './analytics';
import { chooseConsent, CONSENT_KEY } from './consent';
import { AnalyticsChoice } from './consent-choice';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // The consent store keeps a copy in memory too (for browsers that refuse storage).
  act(() => chooseConsent(null));
  delete window.gtag;
  delete window.dataLayer;
  for (const script of document.querySelectorAll('script')) script.remove();
});

/** Every call gtag has made, as its arguments. */
const calls = () =>
  (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));

function pageViews(): Array<Record<string, unknown>> {
  return (window.dataLayer ?? [])
    .map((entry) => Array.from(entry as ArrayLike<unknown>))
    .filter((args) => args[0] === 'event' && args[1] === 'page_view')
    .map((args) => args[2] as Record<string, unknown>);
}

function renderApp(id: string, path = '/') {
  const Page = () => (
    <>
      <Analytics measurementId={id} />
      <AnalyticsChoice measurementId={id} />
      <Link to="/offer-zone">Offer</Link>
      <Link to="/offer-zone?category=mirror-numbers">Mirror</Link>
      <Link to="/offer-zone?category=mirror-numbers&sort=price_asc">Cheapest first</Link>
      <Link to="/contact-us">Contact</Link>
      <Link to="/no-such-page">Broken</Link>
      <main id="main" tabIndex={-1} />
    </>
  );
  const Stub = createRoutesStub([
    { path: '/no-such-page', Component: Page, handle: NOT_FOUND_HANDLE },
    { path: '*', Component: Page },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

describe('Analytics', () => {
  it("sends one page_view per page: a path, or a listing's category; none for a filter", async () => {
    const view = renderApp('G-TEST');
    expect(pageViews()).toHaveLength(1);
    expect(pageViews()[0]).toMatchObject({ page_path: '/', send_to: 'G-TEST' });

    await act(async () => view.getByText('Offer').click());
    expect(pageViews().map((v) => v.page_path)).toEqual(['/', '/offer-zone']);

    await act(async () => view.getByText('Mirror').click());
    await act(async () => view.getByText('Cheapest first').click());
    await act(async () => view.getByText('Contact').click());
    expect(pageViews().map((v) => v.page_path)).toEqual([
      '/',
      '/offer-zone',
      '/offer-zone?category=mirror-numbers',
      '/contact-us',
    ]);
  });

  it('tells a broken link as page_not_found, not as a page view', async () => {
    const view = renderApp('G-TEST', '/contact-us');
    await act(async () => view.getByText('Broken').click());
    expect(pageViews().map((v) => v.page_path)).toEqual(['/contact-us']);
    const notFound = (window.dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((args) => args[0] === 'event' && args[1] === 'page_not_found');
    expect(notFound).toEqual([
      ['event', 'page_not_found', expect.objectContaining({ page_path: '/no-such-page' })],
    ]);
  });

  it('turns off gtag’s own page view and loads gtag.js once, after the page loads', async () => {
    chooseConsent('granted');
    renderApp('G-TEST');
    const config = (window.dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .find((args) => args[0] === 'config');
    expect(config).toEqual(['config', 'G-TEST', { send_page_view: false }]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
    const scripts = document.querySelectorAll(`script[src^="${GTAG_SRC}"]`);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.getAttribute('src')).toBe(`${GTAG_SRC}?id=G-TEST`);
    trackPageView({ page_path: '/x', page_location: 'http://x/x', page_title: 'X' }, 'G-TEST');
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
    expect(document.querySelectorAll(`script[src^="${GTAG_SRC}"]`)).toHaveLength(1);
  });

  it('loads and records nothing without a measurement id', async () => {
    renderApp('');
    trackPageView({ page_path: '/', page_location: 'http://x/', page_title: 'X' }, '');
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
    expect(window.dataLayer).toBeUndefined();
    expect(window.gtag).toBeUndefined();
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});

describe('what analytics may see', () => {
  it("keeps the campaign parameters of an address and its page's own, and drops every other one", () => {
    expect(
      safeLocation(
        'https://store.example/unsubscribe?token=abc.def&utm_source=alert&gclid=g1&text=my+birthday#top',
      ),
    ).toBe('https://store.example/unsubscribe?utm_source=alert&gclid=g1');
    // A category's page is a page of its own (decision 0032): GA4 reports by page_location.
    expect(
      safeLocation(
        'https://store.example/premium-numbers?category=mirror-numbers&q=9811122233&utm_source=google',
      ),
    ).toBe('https://store.example/premium-numbers?category=mirror-numbers&utm_source=google');
  });

  it("sends a purchase with the order's reference and total, a number as an item", () => {
    trackSale(
      {
        name: 'purchase',
        orderReference: 'VN-20261129-AB12CD34',
        total: 5310,
        items: [{ id: 7, category: 'Mirror Numbers', price: 4500 }],
      },
      'G-TEST',
    );
    const purchase = (window.dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .find((args) => args[0] === 'event' && args[1] === 'purchase');
    expect(purchase?.[2]).toEqual({
      currency: 'INR',
      value: 5310,
      transaction_id: 'VN-20261129-AB12CD34',
      items: [
        {
          item_id: '7',
          item_name: 'Mirror Numbers',
          item_category: 'Mirror Numbers',
          price: 4500,
          quantity: 1,
        },
      ],
      page_location: 'http://localhost:3000/',
      send_to: 'G-TEST',
    });
  });
});

describe('consent for analytics', () => {
  const denied = {
    analytics_storage: 'denied',
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
  };
  // Ad personalisation is never asked, so never granted.
  const granted = {
    analytics_storage: 'granted',
    ad_storage: 'granted',
    ad_user_data: 'granted',
    ad_personalization: 'denied',
  };
  const gtagScripts = () => document.querySelectorAll(`script[src^="${GTAG_SRC}"]`);
  const commands = () => calls().map((args) => (args[0] === 'consent' ? args : args[0]));
  const bar = () => screen.queryByRole('region', { name: 'Cookie choice' });

  beforeEach(() => {
    // The bar waits for the browser to be idle after the page's load.
    vi.stubGlobal('requestIdleCallback', (run: () => void) => window.setTimeout(run, 0));
  });

  it('sets Consent Mode defaults to denied before anything else, and asks once the page is idle', async () => {
    renderApp('G-TEST');
    expect(commands().slice(0, 3)).toEqual([['consent', 'default', denied], 'js', 'config']);
    const region = await screen.findByRole('region', { name: 'Cookie choice' });
    expect(region).toHaveTextContent('Google Analytics cookies');
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    // Keyboard: the link, then Accept, then Decline.
    screen.getByRole('link', { name: 'privacy policy' }).focus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Accept' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Decline' })).toHaveFocus();
  });

  it('gives the focus of a choice made by keyboard to the main content (QA 32 F10)', async () => {
    renderApp('G-TEST');
    const decline = await screen.findByRole('button', { name: 'Decline' });
    decline.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });

  it("keeps the bar's height free at the page's bottom while it asks, so no focus hides under it", async () => {
    renderApp('G-TEST');
    await screen.findByRole('region', { name: 'Cookie choice' });
    // jsdom lays nothing out: the bar's top is 0, so all the window's height is kept free.
    const kept = `${window.innerHeight}px`;
    // Set in an effect once the bar is drawn, which a loaded machine may run a moment later.
    await waitFor(() => expect(document.body.style.paddingBottom).toBe(kept));
    expect(document.documentElement.style.scrollPaddingBottom).toBe(kept);
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(document.body.style.paddingBottom).toBe('');
    expect(document.documentElement.style.scrollPaddingBottom).toBe('');
  });

  it('scrolls a control focused under the bar clear above it, and no other', async () => {
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    renderApp('G-TEST');
    const region = await screen.findByRole('region', { name: 'Cookie choice' });
    // The bar listens from the effect that keeps its height free: wait for that effect.
    await waitFor(() => expect(document.body.style.paddingBottom).not.toBe(''));
    // jsdom lays nothing out: each element's rectangle is given, the bar's as on a phone.
    const place = (element: Element, top: number, bottom: number, left: number, right: number) =>
      vi
        .spyOn(element, 'getBoundingClientRect')
        .mockReturnValue({ top, bottom, left, right } as DOMRect);
    place(region, 668, 800, 0, 300);
    const under = screen.getByRole('link', { name: 'Offer' });
    place(under, 700, 724, 16, 80);
    const partlyUnder = screen.getByRole('link', { name: 'Mirror' });
    place(partlyUnder, 650, 690, 16, 80);
    const beside = screen.getByRole('link', { name: 'Contact' });
    place(beside, 700, 724, 320, 400);
    const above = screen.getByRole('link', { name: 'Broken' });
    place(above, 620, 660, 16, 80);
    const accept = screen.getByRole('button', { name: 'Accept' });
    place(accept, 760, 790, 16, 80);

    for (const control of [beside, above, accept]) act(() => control.focus());
    expect(scrollBy).not.toHaveBeenCalled();
    // The overlap and 8 px for the focus ring.
    act(() => under.focus());
    expect(scrollBy).toHaveBeenLastCalledWith({ top: 724 - 668 + 8 });
    act(() => partlyUnder.focus());
    expect(scrollBy).toHaveBeenLastCalledWith({ top: 690 - 668 + 8 });

    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    scrollBy.mockClear();
    act(() => under.focus());
    expect(scrollBy).not.toHaveBeenCalled();
  });

  it('remembers Accept, tells gtag, and applies it before config on the next visit', async () => {
    renderApp('G-TEST');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(calls().at(-1)).toEqual(['consent', 'update', granted]);
    expect(window.localStorage.getItem(CONSENT_KEY)).toBe('granted');
    expect(bar()).toBeNull();

    cleanup();
    delete window.gtag;
    delete window.dataLayer;
    renderApp('G-TEST');
    expect(commands().slice(0, 4)).toEqual([
      ['consent', 'default', denied],
      ['consent', 'update', granted],
      'js',
      'config',
    ]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
    expect(bar()).toBeNull();
  });

  it('loads gtag.js only once the visitor accepts: nothing reaches Google before, or after Decline', async () => {
    renderApp('G-TEST');
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
    expect(pageViews()).toHaveLength(1);
    expect(gtagScripts()).toHaveLength(0);

    act(() => chooseConsent('granted'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
    expect(gtagScripts()).toHaveLength(1);
  });

  it('turns gtag.js off and deletes its cookies when an Accept is withdrawn', async () => {
    const disabled = () => (window as unknown as Record<string, unknown>)['ga-disable-G-TEST'];
    renderApp('G-TEST');
    act(() => chooseConsent('granted'));
    expect(disabled()).toBe(false);
    document.cookie = '_ga=GA1.1.123.456; path=/';
    document.cookie = '_ga_TEST=GS1.1.789; path=/';
    document.cookie = 'session_hint=1; path=/';

    act(() => chooseConsent('denied'));
    expect(disabled()).toBe(true);
    expect(document.cookie).not.toContain('_ga');
    expect(document.cookie).toContain('session_hint=1');
    document.cookie = 'session_hint=; Max-Age=0; path=/';

    act(() => chooseConsent('granted'));
    expect(disabled()).toBe(false);
  });

  it('remembers Decline, and the privacy policy’s button lets the visitor choose again', async () => {
    renderApp('G-TEST');
    expect(screen.getByText('not made yet (the bar at the bottom asks)')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(calls().at(-1)).toEqual(['consent', 'update', denied]);
    expect(window.localStorage.getItem(CONSENT_KEY)).toBe('denied');
    expect(bar()).toBeNull();
    expect(screen.getByText('declined')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Change my choice' }));
    expect(window.localStorage.getItem(CONSENT_KEY)).toBeNull();
    expect(await screen.findByRole('region', { name: 'Cookie choice' })).toBeInTheDocument();
  });

  it('follows a choice made in another tab at once, and its forgetting', async () => {
    renderApp('G-TEST');
    const otherTab = (value: string | null) =>
      act(() => {
        if (value === null) window.localStorage.removeItem(CONSENT_KEY);
        else window.localStorage.setItem(CONSENT_KEY, value);
        window.dispatchEvent(new StorageEvent('storage', { key: CONSENT_KEY, newValue: value }));
      });
    otherTab('granted');
    expect(calls().at(-1)).toEqual(['consent', 'update', granted]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
    expect(bar()).toBeNull();
    otherTab(null);
    expect(calls().at(-1)).toEqual(['consent', 'update', denied]);
    expect(await screen.findByRole('region', { name: 'Cookie choice' })).toBeInTheDocument();
  });

  it('shows and sends nothing about consent without a measurement id', async () => {
    renderApp('');
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
    expect(bar()).toBeNull();
    expect(screen.queryByText(/Your choice in this browser/)).toBeNull();
    expect(window.dataLayer).toBeUndefined();
  });
});
