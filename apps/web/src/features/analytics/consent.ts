import { createLocalStore } from '../../lib/local-store';

/**
 * The visitor's choice about analytics cookies (docs/decisions/0045), asked by the consent bar
 * when PUBLIC_GA_ID is set and remembered in local storage under CONSENT_KEY: 'granted' or
 * 'denied', null while not made. Google's tags start with Consent Mode v2 denied (see
 * consentSignals) and are told each choice with `gtag('consent', 'update', …)`. Our own campaign
 * attribution (campaign-tracking.ts) is not analytics: it stays in the browser until an order
 * carries it and is never sent to Google, so it does not wait on this choice.
 */

export type ConsentChoice = 'granted' | 'denied';

export const CONSENT_KEY = 'analytics_consent';

const store = createLocalStore<ConsentChoice | null>({
  key: CONSENT_KEY,
  empty: null,
  parse: (raw) => (raw === 'granted' || raw === 'denied' ? raw : null),
  serialize: (value) => value,
});

/** The choice saved, or null. */
export const readConsent = store.read;

/** The choice saved, as React state (null while prerendering and hydrating). */
export const useConsent = store.useValue;

/** Calls `listener` on every choice made or forgotten, in this tab or another; returns an unsubscribe. */
export const onConsentChange = store.subscribe;

/**
 * Consent Mode v2's signals for `choice`. The bar asks to count visits and measure the store's
 * ads, so Accept grants those; ad personalisation (remarketing) is never asked, so never granted.
 */
export function consentSignals(choice: ConsentChoice) {
  return {
    analytics_storage: choice,
    ad_storage: choice,
    ad_user_data: choice,
    ad_personalization: 'denied' as const,
  };
}

/**
 * Saves the visitor's choice; the tags, when set up, follow it (onConsentChange). `null` forgets
 * it: the tags go back to denied and the bar asks again.
 */
export function chooseConsent(choice: ConsentChoice | null): void {
  store.write(choice);
}
