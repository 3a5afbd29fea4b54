import { act, cleanup, render } from '@testing-library/react';
import { createRoutesStub, Link } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import {
  Analytics,
  GTAG_SRC,
  NOT_FOUND_HANDLE,
  safeLocation,
  trackPageView,
  trackSale,
} from './analytics';

afterEach(() => {
  cleanup();
  delete window.gtag;
  delete window.dataLayer;
  for (const script of document.querySelectorAll('script')) script.remove();
});

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
      <Link to="/offer-zone">Offer</Link>
      <Link to="/offer-zone?category=mirror-numbers">Mirror</Link>
      <Link to="/offer-zone?category=mirror-numbers&sort=price_asc">Cheapest first</Link>
      <Link to="/contact-us">Contact</Link>
      <Link to="/no-such-page">Broken</Link>
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
  it('keeps the campaign parameters of an address and drops every other one', () => {
    expect(
      safeLocation(
        'https://store.example/unsubscribe?token=abc.def&utm_source=alert&gclid=g1&text=my+birthday#top',
      ),
    ).toBe('https://store.example/unsubscribe?utm_source=alert&gclid=g1');
  });

  it("sends a purchase with the order's reference and total, a number as an item", () => {
    trackSale(
      {
        name: 'purchase',
        orderReference: 'VN-20261129-AB12CD34',
        total: 5310,
        items: [{ id: 7, digits: '9876543210', category: 'Mirror Numbers', price: 4500 }],
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
          item_name: '9876543210',
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
