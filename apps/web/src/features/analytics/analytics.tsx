import { campaignLandingPage, categoryFromQuery } from '@store/domain';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useMatches } from 'react-router';
import { lazyPart } from '../../components/lazy-part';
import { siteConfig } from '../../lib/site-config';
import { whenIdle } from '../../lib/when-idle';
import { consentSignals, onConsentChange, readConsent, useConsent } from './consent';

/**
 * Google Analytics 4 (spec §1: a page-view event on each path change). With a measurement id
 * (PUBLIC_GA_ID) `page_view` is queued in `window.dataLayer` on each path change (gtag's own
 * automatic page view is turned off, so the first page is counted once). Without an id nothing
 * loads and nothing is recorded.
 *
 * Consent (docs/decisions/0045, 0058): nothing reaches Google before the visitor accepts. gtag.js
 * is loaded, after the page has loaded, only once Accept is saved (now, or later in this or
 * another tab); it then sends what the data layer holds. Consent Mode v2 starts denied and
 * follows every choice. While no choice is saved the consent bar is loaded (its own small chunk)
 * once the page has loaded and the browser is idle.
 */

export const GTAG_SRC = 'https://www.googletagmanager.com/gtag/js';

type GtagArgs = [command: string, ...rest: unknown[]];

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: GtagArgs) => void;
  }
}

export interface PageView {
  page_path: string;
  page_location: string;
  page_title: string;
}

/** Sets up `window.gtag` and the data layer (once) and schedules gtag.js; returns gtag. */
function initAnalytics(measurementId: string, win: Window = window): (...args: GtagArgs) => void {
  if (win.gtag) return win.gtag;
  win.dataLayer = win.dataLayer ?? [];
  const gtag = function gtag() {
    // gtag.js expects the `arguments` object itself in the data layer.
    // eslint-disable-next-line prefer-rest-params
    win.dataLayer!.push(arguments);
  } as unknown as (...args: GtagArgs) => void;
  win.gtag = gtag;
  gtag('consent', 'default', consentSignals('denied'));
  const choice = readConsent();
  if (choice) gtag('consent', 'update', consentSignals(choice));
  gtag('js', new Date());
  gtag('config', measurementId, { send_page_view: false });
  if (choice === 'granted') scheduleScript(measurementId, win);
  // A choice made here or in another tab reaches the tags at once; Accept loads gtag.js. A
  // withdrawal also turns gtag.js off with Google's own switch (it would otherwise go on sending
  // cookieless pings for the rest of the visit) and deletes the cookies it set.
  onConsentChange(() => {
    const now = readConsent();
    win.gtag?.('consent', 'update', consentSignals(now ?? 'denied'));
    (win as unknown as Record<string, boolean>)[`ga-disable-${measurementId}`] = now !== 'granted';
    if (now === 'granted') scheduleScript(measurementId, win);
    else forgetGoogleCookies(win.document);
  });
  return gtag;
}

/** Deletes gtag.js's `_ga` and `_ga_<id>` cookies, set on the site's domain or a parent of it. */
function forgetGoogleCookies(doc: Document) {
  const labels = doc.location.hostname.split('.');
  const domains = labels.slice(0, -1).map((_, i) => `; domain=${labels.slice(i).join('.')}`);
  for (const cookie of doc.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name !== '_ga' && !name.startsWith('_ga_')) continue;
    for (const domain of ['', ...domains]) doc.cookie = `${name}=; Max-Age=0; path=/${domain}`;
  }
}

function scheduleScript(measurementId: string, win: Window) {
  const doc = win.document;
  const insert = () => {
    if (doc.querySelector(`script[src^="${GTAG_SRC}"]`)) return;
    const script = doc.createElement('script');
    script.async = true;
    script.src = `${GTAG_SRC}?id=${encodeURIComponent(measurementId)}`;
    doc.head.appendChild(script);
  };
  // Keep analytics off the critical path: load it once the page itself has loaded.
  if (doc.readyState === 'complete') win.setTimeout(insert, 0);
  else win.addEventListener('load', () => win.setTimeout(insert, 0), { once: true });
}

/**
 * The page's address as analytics may see it: the campaign parameters that attribute a visit,
 * and no other query parameter (an unsubscribe link's signed token, a search typed, a filter).
 */
export function safeLocation(href: string): string {
  const url = new URL(href);
  return url.origin + campaignLandingPage(url.pathname + url.search);
}

/** Sends one page_view (or `page_not_found`). Does nothing without a measurement id. */
export function trackPageView(
  view: PageView,
  measurementId: string = siteConfig.gaMeasurementId,
  win: Window = window,
  event: 'page_view' | 'page_not_found' = 'page_view',
): void {
  if (!measurementId) return;
  const gtag = initAnalytics(measurementId, win);
  gtag('event', event, { ...view, send_to: measurementId });
}

/**
 * A number as GA4's e-commerce item: its id and category, never its digits (once ported they
 * are the buyer's own mobile number, personal data Google's terms forbid sending: decision 0058).
 */
export interface SaleItem {
  id: number;
  category: string;
  /** Rupees. */
  price: number;
}

export type SaleEvent =
  | { name: 'add_to_cart'; items: SaleItem[] }
  | { name: 'begin_checkout'; items: SaleItem[] }
  | { name: 'purchase'; items: SaleItem[]; orderReference: string; total: number };

/**
 * GA4's recommended e-commerce events (docs/decisions/0041): a number added to the cart, an order
 * placed (the checkout begun: the buyer pays next), and the buyer's payment made (the UTR sent,
 * or Razorpay's payment verified), with the order's total as its value. Nothing without an id.
 */
export function trackSale(
  event: SaleEvent,
  measurementId: string = siteConfig.gaMeasurementId,
  win: Window = window,
): void {
  if (!measurementId) return;
  const gtag = initAnalytics(measurementId, win);
  const items = event.items.map((item) => ({
    item_id: String(item.id),
    item_name: item.category,
    item_category: item.category,
    price: item.price,
    quantity: 1,
  }));
  const value =
    event.name === 'purchase' ? event.total : items.reduce((sum, item) => sum + item.price, 0);
  gtag('event', event.name, {
    currency: 'INR',
    value,
    items,
    ...(event.name === 'purchase' ? { transaction_id: event.orderReference } : {}),
    page_location: safeLocation(win.location.href),
    send_to: measurementId,
  });
}

/** What a route module exports as `handle` to be counted as a broken link, not a page. */
export const NOT_FOUND_HANDLE = { notFound: true } as const;

/**
 * The page an address is: its path, and a listing's category (each category is a page of its
 * own, with its title and canonical address: decision 0032). Other query changes, such as the
 * listing's filters, are not new pages.
 */
function pageOf(pathname: string, search: string): string {
  const category = categoryFromQuery(new URLSearchParams(search).get('category'));
  return category ? `${pathname}?category=${category.slug}` : pathname;
}

/** Loaded when the browser is idle; when it cannot be, nothing shows in its place. */
const ConsentBar = lazyPart(
  () => import('./consent-bar'),
  (module) => module.default,
);

/**
 * Mounted once in the storefront layout: one page_view per page (path, or a listing's category). An unknown
 * address, which the store replaces with the listing, is told once as `page_not_found` (with the
 * broken address, to find the links to mend), and the listing it opens counts as the page view.
 */
export function Analytics({
  measurementId = siteConfig.gaMeasurementId,
}: {
  measurementId?: string;
}) {
  const { pathname, search } = useLocation();
  const notFound = useMatches().some((match) => match.handle === NOT_FOUND_HANDLE);
  const page = pageOf(pathname, search);
  const lastSent = useRef<string | null>(null);
  const choice = useConsent();
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!measurementId) return;
    return whenIdle(() => setIdle(true));
  }, [measurementId]);
  useEffect(() => {
    if (!measurementId || lastSent.current === page) return;
    lastSent.current = page;
    trackPageView(
      {
        page_path: page,
        page_location: safeLocation(window.location.href),
        page_title: document.title,
      },
      measurementId,
      window,
      notFound ? 'page_not_found' : 'page_view',
    );
  }, [measurementId, page, notFound]);
  if (!measurementId || !idle || choice) return null;
  return <ConsentBar />;
}
