import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { focusMainIfLost } from '../../components/route-focus';
import { chooseConsent, type ConsentChoice } from './consent';

const CHOICES: { choice: ConsentChoice; label: string; className: string }[] = [
  { choice: 'granted', label: 'Accept', className: 'bg-slate-900 text-white hover:bg-slate-700' },
  {
    choice: 'denied',
    label: 'Decline',
    className: 'border border-slate-400 text-slate-900 hover:bg-slate-100',
  },
];

/** Pixels kept between a control scrolled clear of the bar and the bar's top (its focus ring). */
const CLEARANCE = 8;

/**
 * The bar asking once for analytics cookies (loaded on its own, after the page, only when
 * PUBLIC_GA_ID is set and no choice is saved). Not a modal: fixed at the bottom, beside the
 * WhatsApp button (which keeps its corner, right-4/right-6 and 3.5 rem wide), so it moves nothing
 * on the page and neither covers the other. While it shows, the page keeps the bar's height free
 * at its bottom (padding, and the scroll padding that a focus scrolled into view from off screen
 * stays above), and a control focused under the bar is scrolled clear above it (Chromium's Tab
 * scrolls only a control that is off screen), so no focused control is hidden under it (WCAG
 * 2.4.11); the layout puts it before the skip link, so it is the first thing Tab reaches.
 */
export default function ConsentBar() {
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const reserve = () => {
      const covered = `${Math.max(0, window.innerHeight - element.getBoundingClientRect().top)}px`;
      root.style.scrollPaddingBottom = covered;
      document.body.style.paddingBottom = covered;
    };
    const keepClear = (event: FocusEvent) => {
      const focused = event.target;
      if (!(focused instanceof Element) || element.contains(focused)) return;
      const under = element.getBoundingClientRect();
      const box = focused.getBoundingClientRect();
      const covered =
        box.bottom > under.top &&
        box.top < under.bottom &&
        box.right > under.left &&
        box.left < under.right;
      if (covered) window.scrollBy({ top: box.bottom - under.top + CLEARANCE });
    };
    reserve();
    window.addEventListener('resize', reserve);
    document.addEventListener('focusin', keepClear);
    return () => {
      window.removeEventListener('resize', reserve);
      document.removeEventListener('focusin', keepClear);
      root.style.scrollPaddingBottom = '';
      document.body.style.paddingBottom = '';
      // The bar gone with the focus on its button (a choice made), the focus goes to the main
      // content rather than the page's body (QA 32 F10).
      focusMainIfLost();
    };
  }, []);
  return (
    <section
      ref={bar}
      aria-label="Cookie choice"
      className="fixed bottom-0 left-0 right-[5.5rem] z-40 rounded-tr-lg border border-slate-200 bg-white px-3 py-2 text-xs text-slate-800 shadow-lg sm:right-24 sm:bottom-4 sm:left-4 sm:max-w-xl sm:rounded-lg sm:p-3 sm:text-sm"
    >
      <p>
        May we use Google Analytics cookies to count visits and measure our ads? See our{' '}
        <Link to="/privacy-policy" className="underline">
          privacy policy
        </Link>
        .
      </p>
      <div className="mt-1.5 flex gap-2 sm:mt-2">
        {CHOICES.map(({ choice, label, className }) => (
          <button
            key={choice}
            type="button"
            onClick={() => chooseConsent(choice)}
            className={`rounded-md px-4 py-1.5 font-medium sm:py-2 ${className}`}
          >
            {label}
          </button>
        ))}
      </div>
    </section>
  );
}
