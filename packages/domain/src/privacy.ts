/**
 * The policies in force (privacy, refund, terms), by the date of their text: each consent record
 * names it (decision 0057), and the policy pages show it as "Last updated". Change it with any
 * policy's text, so that every later consent names the new one.
 */
export const PRIVACY_POLICY_VERSION = '2026-11-29';
