import { useEffect, useRef } from 'react';

/**
 * The history entries open dialogs own (QA pass 28 F8, decision 0109). An open dialog adds one
 * entry at the page's own address, so the browser's Back (a phone's usual way to close a sheet)
 * leaves that entry and closes the dialog, the page and what was typed staying as they were.
 * Closed otherwise (its button, Escape, the backdrop), the dialog takes its entry back, so a
 * later Back leaves the page as before. The router never hears of these entries: their
 * `popstate` is stopped before it reaches the router's listener, and a navigation made while a dialog's entry is on top (Buy
 * now's order page, a link in a dialog) takes that entry's place instead of adding one after it;
 * one replacing the page (a redirect) replaces the page's entry once the dialog's has gone. A
 * navigation made while a taken-back entry is on its way waits for it.
 */
interface Entry {
  close: () => void;
  /** waiting: its push waits for an entry being taken back; on: in the history; gone. */
  state: 'waiting' | 'on' | 'gone';
}

/** Dialogs with an entry, innermost last. */
const entries: Entry[] = [];
/** Entries taken back with history.back() whose popstate has not come yet. */
let backsUnanswered = 0;
/** Pushes (the router's or a dialog's) held until those entries are gone. */
let held: (() => void)[] = [];
/** The browser's pushState and replaceState while ours stand in for them. */
let browser: Pick<History, 'pushState' | 'replaceState'> | undefined;

type Change = (data: unknown, unused: string, url?: string | URL | null) => void;

/** The dialog's entry on top, if any, as it leaves the history (its dialog may stay open). */
function takeTopEntry(): boolean {
  const top = entries.pop();
  if (top) top.state = 'gone';
  return top !== undefined;
}

/** A navigation pushed while a dialog's entry is on top takes that entry's place. */
const push: Change = (data, unused, url) => {
  if (takeTopEntry()) browser?.replaceState.call(window.history, data, unused, url);
  else browser?.pushState.call(window.history, data, unused, url);
};

/** One replacing the page while a dialog's entry is on top replaces the page's entry, below it. */
const replace: Change = (data, unused, url) => {
  if (takeTopEntry()) {
    backsUnanswered += 1;
    held.push(() => browser?.replaceState.call(window.history, data, unused, url));
    window.history.back();
  } else {
    browser?.replaceState.call(window.history, data, unused, url);
  }
};

function whenSettled(step: () => void) {
  if (backsUnanswered > 0) held.push(step);
  else step();
}

function onPopState(event: PopStateEvent) {
  if (entries.length === 0 && backsUnanswered === 0) return;
  event.stopImmediatePropagation();
  if (backsUnanswered > 0) {
    backsUnanswered -= 1;
    if (backsUnanswered === 0) {
      const steps = held;
      held = [];
      for (const step of steps) step();
    }
  } else {
    const top = entries.pop();
    if (top) {
      top.state = 'gone';
      top.close();
    }
  }
  uninstallIfIdle();
}

function install() {
  if (browser) return;
  const { history } = window;
  browser = { pushState: history.pushState, replaceState: history.replaceState };
  history.pushState = (data, unused, url) => whenSettled(() => push(data, unused, url));
  history.replaceState = (data, unused, url) => whenSettled(() => replace(data, unused, url));
}

function uninstallIfIdle() {
  if (!browser || entries.length > 0 || backsUnanswered > 0 || held.length > 0) return;
  window.history.pushState = browser.pushState;
  window.history.replaceState = browser.replaceState;
  browser = undefined;
}

// Listening from the start, before the router does (root.tsx imports this module before the
// router is made): listeners run in the order they were added, so only one added first can stop
// the router from hearing a popstate. It lets every popstate no dialog owns through.
if (typeof window !== 'undefined') window.addEventListener('popstate', onPopState);

/** While `open`, the browser's Back calls `onClose` instead of leaving the page. */
export function useBackCloses(open: boolean, onClose: () => void) {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return;
    const entry: Entry = { close: () => onCloseRef.current(), state: 'waiting' };
    install();
    whenSettled(() => {
      if (entry.state !== 'waiting') return;
      browser?.pushState.call(window.history, window.history.state, '', window.location.href);
      entry.state = 'on';
      entries.push(entry);
    });
    return () => {
      if (entry.state === 'on') {
        entries.splice(entries.indexOf(entry), 1);
        backsUnanswered += 1;
        window.history.back();
      }
      entry.state = 'gone';
      uninstallIfIdle();
    };
  }, [open]);
}
