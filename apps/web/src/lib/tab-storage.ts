/** This tab's session storage, or null where there is none (private mode, a server render). */
export function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
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
