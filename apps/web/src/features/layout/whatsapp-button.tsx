import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { useLocation } from 'react-router';
import {
  categoryFromQuery,
  displayMobile,
  findCity,
  findState,
  normalizeMobile,
} from '@store/domain';
import { WhatsAppIcon } from '../../components/icons';
import {
  mainNavLinks,
  productLinks,
  footerPolicyLinks,
  footerQuickLinks,
  footerSupportLinks,
} from '../../lib/nav';
import { siteConfig, whatsappLink } from '../../lib/site-config';
import { useWhatsAppSubject } from '../../lib/whatsapp-subject';
import { pageTitleFromDocumentTitle } from '../seo';

const knownPages = new Map<string, string>(
  [
    ...mainNavLinks,
    ...productLinks,
    ...footerQuickLinks,
    ...footerSupportLinks,
    ...footerPolicyLinks,
  ].map((link) => [link.to, link.label]),
);
knownPages.set('/vip-numbers', 'VIP Numbers');
knownPages.set('/cart', 'Cart');
knownPages.set('/profile', 'Profile');

function humanize(segment: string): string {
  return decodeURIComponent(segment)
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Whether a /numbers/ address's last part is a number's page (decision 0047). */
const isNumberPage = (digits: string) => normalizeMobile(digits) === digits;

/** A readable page name for a path, used until the browser knows the document title. */
export function pageNameFromPath(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const known = knownPages.get(path);
  if (known) return known;
  const segments = path.split('/').filter(Boolean);
  if (segments[0] === 'vip-numbers' && segments[1]) {
    const found = segments[2] ? findCity(segments[1], segments[2]) : undefined;
    if (found) return `VIP Numbers in ${found.city.name}, ${found.state.name}`;
    const state = findState(segments[1]);
    if (state) return `VIP Numbers in ${state.name}`;
  }
  // Named as the store writes them, not from their address: a number grouped, a blog post
  // (whose title only the page knows) as one, any other address under /numbers/ as no number.
  if (segments[0] === 'numbers' && segments[1]) {
    return isNumberPage(segments[1]) ? displayMobile(segments[1]) : 'Number not found';
  }
  if (segments[0] === 'blogs' && segments[1]) return 'Blog post';
  const last = segments[segments.length - 1];
  return last ? humanize(last) : siteConfig.storeName;
}

/** The listings, each category of which is a page of its own (decision 0032). */
const listingPaths = new Set(['/premium-numbers', '/offer-zone']);

/**
 * The page the visitor is on, as its canonical address names it: no trailing slash (the
 * prerendered pages are rendered at `/blogs/x/`), and of the query only a listing's category,
 * read as the server reads it to choose the page it sends; filters and campaign tags are not
 * part of the page. The same while prerendering, hydrating and after, so no mismatch.
 */
function pageOf(pathname: string, search: string) {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  // Any address under /numbers/ that is no number is answered by the page of /numbers/not-found,
  // whose canonical address is /numbers.
  const [, digits] = /^\/numbers\/([^/]+)$/.exec(trimmed) ?? [];
  const path = digits !== undefined && !isNumberPage(digits) ? '/numbers' : trimmed;
  const category = listingPaths.has(path)
    ? categoryFromQuery(new URLSearchParams(search).get('category'))
    : undefined;
  const name = pageNameFromPath(trimmed);
  return category
    ? { path: `${path}?category=${category.slug}`, name: `${category.name} - ${name}` }
    : { path, name };
}

/**
 * The WhatsApp message naming the page the visitor is on, or what the page said it is about
 * (`subject`: an order's reference).
 */
function whatsappMessage(pageName: string, url: string, subject: string | null): string {
  return subject
    ? `Hi, I need help with ${subject} (${url})`
    : `Hi, I am interested in VIP numbers. I am on the page: ${pageName} (${url})`;
}

function subscribeToTitle(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.head, { subtree: true, childList: true, characterData: true });
  return () => observer.disconnect();
}

const getTitle = () => document.title;
const getServerTitle = () => '';
const noSubscription = () => () => {};
const getOrigin = () => window.location.origin;
const getServerOrigin = () => siteConfig.publicBaseUrl;

/**
 * The attribute of what the floating button must never cover: a cart's total and checkout
 * (cart-page.tsx), a number's Add to cart and Buy now (number-details.tsx).
 */
const KEEP_CLEAR = 'data-keep-clear';

const overlaps = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Whether the button (its box, which stays in place while it is hidden) lies over an element
 * marked KEEP_CLEAR: checked as the page scrolls, resizes or changes. On a phone the button
 * otherwise covers the end of a full-width checkout button and the total above it.
 */
function useOverKeptClear(button: RefObject<HTMLElement | null>): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const box = button.current?.getBoundingClientRect();
      if (!box) return;
      const marked = document.querySelectorAll(`[${KEEP_CLEAR}]`);
      setOver([...marked].some((element) => overlaps(box, element.getBoundingClientRect())));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [button]);
  return over;
}

/**
 * Floating button opening a WhatsApp chat with the sales line, naming the current page. It
 * steps aside (hidden) while it would cover an element marked `data-keep-clear`.
 */
export function WhatsAppButton() {
  const { pathname, search } = useLocation();
  const ref = useRef<HTMLAnchorElement>(null);
  const hidden = useOverKeptClear(ref);
  const title = useSyncExternalStore(subscribeToTitle, getTitle, getServerTitle);
  const origin = useSyncExternalStore(noSubscription, getOrigin, getServerOrigin);
  const subject = useWhatsAppSubject();
  const page = pageOf(pathname, search);
  const pageName = (title && pageTitleFromDocumentTitle(title)) || page.name;
  const href = whatsappLink(whatsappMessage(pageName, `${origin}${page.path}`, subject));

  // In a landmark of its own, so that nothing on the page sits outside one.
  return (
    <aside aria-label="WhatsApp chat">
      <a
        ref={ref}
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Chat with us on WhatsApp"
        aria-hidden={hidden || undefined}
        tabIndex={hidden ? -1 : undefined}
        data-testid="whatsapp-button"
        className={`fixed right-4 bottom-4 z-40 flex size-14 items-center justify-center rounded-full bg-[#1f9d55] text-white shadow-lg transition hover:scale-105 hover:bg-[#198049] sm:right-6 sm:bottom-6 ${hidden ? 'invisible opacity-0' : ''}`}
      >
        <WhatsAppIcon className="size-8" />
      </a>
    </aside>
  );
}
