/**
 * Forgets everything this tab kept in session storage (today the billing draft, decision 0041):
 * called when the buyer signs out or closes the account, so the next person at a shared
 * computer finds no name or address in it (decision 0055). An ended session keeps it.
 */
export function forgetTabStorage() {
  try {
    window.sessionStorage.clear();
  } catch {
    // No storage (private mode, a server render): nothing kept, nothing to forget.
  }
}
