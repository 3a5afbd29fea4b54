import { readTabItem, writeTabItem } from '../../../lib/tab-storage';

/**
 * The UTR typed for an order and not yet sent, kept in this tab (session storage) as the billing
 * draft is: a session that ends before "I have paid" (signed out elsewhere, expired) must not
 * lose it. Sign-out forgets it with the tab's storage (decision 0100).
 */
const key = (orderId: string) => `utr-draft:${orderId}`;

/** The UTR typed for this order and not sent, or ''. */
export function readUtrDraft(orderId: string): string {
  return readTabItem(key(orderId)) ?? '';
}

/** Keeps what is typed; an empty field keeps nothing. */
export function writeUtrDraft(orderId: string, utr: string) {
  writeTabItem(key(orderId), utr || null);
}
