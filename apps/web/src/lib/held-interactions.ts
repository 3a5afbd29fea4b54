import { useEffect, useRef } from 'react';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

declare global {
  interface Window {
    /**
     * Set by a prerendered page's inline script (entry.server.tsx, holdEarlyInteractions): each
     * field changed so far, with the value it was given. The fields go on being noted.
     */
    __takeHeldFields?: () => Array<[Element, string]>;
    /** Set by the same script: ends the holding. */
    __releaseHeldInteractions?: () => {
      /** Each field changed since the fields were taken, with the value it was given. */
      fields: Array<[Element, string]>;
      /** The buttons clicked and forms submitted before hydration, in order. */
      actions: Element[];
    };
  }
}

/**
 * Replays what a visitor did before the app hydrated (the page's inline script held it,
 * entry.server.tsx). The fields they filled in are entered as if typed as soon as the page has
 * hydrated: a render before that would draw them empty again, and the keys typed after it would
 * be all that is left (decision 0102). Once `hydrated` (the root's useHydrationSwitch) is true,
 * and the pages have drawn their browser-side state, a field that state has reset is entered
 * again unless typed in since, and then, once React has drawn those, the clicks and form
 * submissions are replayed in the order they were made.
 */
export function useReplayHeldInteractions(hydrated: boolean): void {
  const entered = useRef<Array<[Field, string]>>([]);

  useEffect(() => {
    entered.current = (window.__takeHeldFields?.() ?? []).filter(
      (held): held is [Field, string] => isField(held[0]) && held[0].isConnected,
    );
    for (const [field, value] of entered.current) enter(field, value);
    // The page's script notes those entries as typing: taken too, so that only the visitor's
    // own keys count as typed since.
    window.__takeHeldFields?.();
  }, []);

  useEffect(() => {
    if (!hydrated) return;
    const held = window.__releaseHeldInteractions?.();
    if (!held) return;
    const typedSince = new Set(held.fields.map(([field]) => field));
    for (const [field, value] of entered.current) {
      if (field.isConnected && !typedSince.has(field) && field.value !== value) enter(field, value);
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
