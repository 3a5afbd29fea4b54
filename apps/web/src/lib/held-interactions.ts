import { useEffect } from 'react';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

declare global {
  interface Window {
    /** Set by a prerendered page's inline script (entry.server.tsx, holdEarlyInteractions). */
    __releaseHeldInteractions?: () => {
      /** Each field changed before hydration, with the value it was given. */
      fields: Array<[Element, string]>;
      /** The buttons clicked and forms submitted before hydration, in order. */
      actions: Element[];
    };
  }
}

/**
 * Replays what a visitor did before the app hydrated (the page's inline script held it,
 * entry.server.tsx) once `hydrated` (the root's useHydrationSwitch) is true, so the pages have
 * drawn their browser-side state: first the fields they filled in, as if typed now, then, once
 * React has drawn those, their clicks and form submissions.
 */
export function useReplayHeldInteractions(hydrated: boolean): void {
  useEffect(() => {
    if (!hydrated) return;
    const held = window.__releaseHeldInteractions?.();
    if (!held) return;
    for (const [field, value] of held.fields) {
      if (isField(field) && field.isConnected) enter(field, value);
    }
    setTimeout(() => {
      for (const target of held.actions) {
        if (!target.isConnected) continue;
        if (target instanceof HTMLFormElement) target.requestSubmit();
        else if (target instanceof HTMLElement) target.click();
      }
    });
  }, [hydrated]);
}

function isField(element: Element): element is Field {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
  );
}

/**
 * Gives a field its value the way typing would, so that React's change handler sees it. React
 * ignores an input event when the value it last saw is the field's value, and what it saw is
 * what the field held when it hydrated: so the field is first set, through React's own property,
 * to the value React drew, then to the typed value past it.
 */
function enter(field: Field, value: string): void {
  if (field instanceof HTMLSelectElement) {
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  field.value = field.defaultValue;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
