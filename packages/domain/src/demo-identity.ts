/**
 * The demo store's name, contacts and rating: what the web build shows where its PUBLIC_*
 * settings are not given (apps/web's site-config.ts). A production build warns of each one left
 * so, and the server of a build it serves that shows them (decision 0104).
 */
export const DEMO_STORE_NAME = 'VIP Number Store';
/** The demo sales line (WhatsApp), also the support phone when that is not set. */
export const DEMO_SALES_LINE = '9222000000';
export const DEMO_SUPPORT_EMAIL = 'support@example.com';
export const DEMO_OFFICE_ADDRESS = 'Connaught Place, New Delhi, Delhi 110001';
/** Spec §9's rating: a store with no ratings of its own must not claim it. */
export const DEMO_RATING = { value: '4.5', count: '1080' } as const;

/** Whether an address is at a domain reserved for examples (RFC 2606), which no mail reaches. */
export function isExampleEmail(address: string): boolean {
  return /@(?:[^@\s]+\.)?example\.(?:com|net|org)$/i.test(address.trim());
}
