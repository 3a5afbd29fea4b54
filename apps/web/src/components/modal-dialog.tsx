import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useBackCloses } from './dialog-history';
import { focusMainIfLost } from './route-focus';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[hidden]'),
  );
}

/**
 * What a modal dialog does while `open`: locks the page scroll, keeps Tab inside `panelRef`,
 * brings a focus that leaves it back, closes on Escape, and gives the focus back to the opener
 * when it closes (to the page's main content when the opener has gone or refuses the focus:
 * signed in, Sign in is no more; a menu's Sign in is hidden with its menu; Checkout is disabled
 * while it runs). The browser's Back closes it too, the page staying (`useBackCloses`).
 */
export function useModalFocus(
  open: boolean,
  panelRef: RefObject<HTMLElement | null>,
  onClose: () => void,
) {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);
  useBackCloses(open, onClose);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const items = focusables(panel);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const active = document.activeElement;
      if (!panel.contains(active)) {
        event.preventDefault();
        first.focus();
      } else if (event.shiftKey && (active === first || active === panel)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    }

    // A focus that leaves the dialog (a click on the page behind it cannot happen, but a
    // programmatic focus can) is brought back.
    function onFocusIn(event: FocusEvent) {
      if (panel && event.target instanceof Node && !panel.contains(event.target)) {
        (focusables(panel)[0] ?? panel).focus();
      }
    }

    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
      focusMainIfLost();
    };
  }, [open, panelRef]);
}

/**
 * A dialog's first field; of a group of radios, the one checked (where Tab would enter the
 * group: a Space on another would change the choice, QA 32 F10).
 */
function firstField(panel: HTMLElement): HTMLElement | null {
  const first = panel.querySelector<HTMLElement>(
    'input:not([disabled]):not([type="hidden"]), select:not([disabled])',
  );
  if (!(first instanceof HTMLInputElement) || first.type !== 'radio') return first;
  const checked = [...panel.querySelectorAll<HTMLInputElement>('input[type="radio"]:checked')];
  return checked.find((radio) => radio.name === first.name && !radio.disabled) ?? first;
}

/**
 * A modal dialog: role="dialog" with aria-modal, labelled by its title; Escape, the backdrop
 * and the close button close it; the focus starts on its first field (or `[data-autofocus]`).
 */
export function ModalDialog({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  useModalFocus(open, panelRef, onClose);

  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    const target = panel.querySelector<HTMLElement>('[data-autofocus]') ?? firstField(panel);
    (target ?? panel).focus();
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <div aria-hidden="true" className="absolute inset-0 bg-slate-950/60" onClick={onClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="relative max-h-[calc(100dvh-2rem)] w-full max-w-2xl overflow-y-auto rounded-xl bg-white p-6 text-slate-900 shadow-2xl focus:outline-none"
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-bold">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close dialog"
            className="-mt-1 -mr-2 rounded-full p-2 text-slate-600 hover:bg-slate-100"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
              <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
            </svg>
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
