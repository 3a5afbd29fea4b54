/** This tab's session storage, or null where there is none (private mode, a server render). */
function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** What this tab keeps under `key`, or null: nothing kept, or storage refused. */
export function readTabItem(key: string): string | null {
  try {
    return tabStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * Keeps `value` under `key` in this tab, or forgets it (null). Storage refused (private mode,
 * full): the page still works, only without what it would have kept.
 */
export function writeTabItem(key: string, value: string | null) {
  try {
    if (value === null) tabStorage()?.removeItem(key);
    else tabStorage()?.setItem(key, value);
  } catch {
    // Nothing kept.
  }
}

/**
 * Forgets everything this tab kept in session storage (the billing draft, decision 0041, and a
 * UTR typed on an order's page, decision 0100): called when the buyer signs out or closes the
 * account, so the next person at a shared computer finds no name, address or payment reference
 * in it (decision 0055). An ended session keeps it.
 */
export function forgetTabStorage() {
  try {
    tabStorage()?.clear();
  } catch {
    // Nothing kept, nothing to forget.
  }
}
