import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

/**
 * A panel opened in place by a button (a confirmation, a short form such as a refund's reason):
 * Escape inside it closes it, and closing it gives the focus back to the button that opened it
 * (rendered again in its place), not to the page. The opener is a button, or `T` (a select
 * whose change asks first).
 */
export function useInlinePanel<T extends HTMLElement = HTMLButtonElement>() {
  const [open, setOpen] = useState(false);
  const openerRef = useRef<T>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (open || !refocus.current) return;
    refocus.current = false;
    openerRef.current?.focus();
  }, [open]);
  const close = () => {
    refocus.current = true;
    setOpen(false);
  };
  return {
    open,
    show: () => setOpen(true),
    close,
    /** The opening button's ref. */
    openerRef,
    /** The panel's onKeyDown: Escape closes it. */
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close();
    },
  };
}
