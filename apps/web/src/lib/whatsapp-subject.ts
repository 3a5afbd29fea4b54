import { useEffect, useSyncExternalStore } from 'react';

/**
 * What the page on show asks the floating WhatsApp button's message to be about, instead of the
 * page's name (an order's page: "order VN-…", which support finds orders by), or null.
 */
let subject: string | null = null;
const listeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

function setSubject(next: string | null) {
  subject = next;
  for (const onChange of listeners) onChange();
}

/** The subject the page on show gave, for the WhatsApp button (none while prerendering). */
export function useWhatsAppSubject(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => subject,
    () => null,
  );
}

/** Gives the WhatsApp button's message a subject while the calling page shows (null: none). */
export function useSetWhatsAppSubject(next: string | null) {
  useEffect(() => {
    if (next === null) return;
    setSubject(next);
    return () => setSubject(null);
  }, [next]);
}
