/**
 * The billing details typed at checkout, kept in this tab (session storage) until an order is
 * placed: a phone that discards the tab while the buyer is in the UPI or SMS app, a reload, or a
 * sign-in again after the session ended elsewhere must not make them type the address again.
 * The draft belongs to one account: another account signing in here never sees it.
 */

import { readTabItem, writeTabItem } from '../../lib/tab-storage';

const DRAFT_KEY = 'billing-draft';

export const DRAFT_FIELDS = ['name', 'line1', 'line2', 'city', 'state', 'pinCode'] as const;

export type BillingDraft = Partial<Record<(typeof DRAFT_FIELDS)[number], string>>;

/** The draft `userId` typed in this tab, or null; what storage holds is not trusted. */
export function readBillingDraft(userId: string): BillingDraft | null {
  let saved: unknown;
  try {
    saved = JSON.parse(readTabItem(DRAFT_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (typeof saved !== 'object' || saved === null) return null;
  const { userId: owner, values } = saved as { userId?: unknown; values?: unknown };
  if (owner !== userId || typeof values !== 'object' || values === null) return null;
  const draft: BillingDraft = {};
  for (const field of DRAFT_FIELDS) {
    const value = (values as Record<string, unknown>)[field];
    if (typeof value === 'string') draft[field] = value;
  }
  return draft;
}

export function writeBillingDraft(userId: string, values: BillingDraft) {
  writeTabItem(DRAFT_KEY, JSON.stringify({ userId, values }));
}

/** Forgets the draft: the order it was typed for has been placed. */
export function clearBillingDraft() {
  writeTabItem(DRAFT_KEY, null);
}
