/**
 * The privacy policy in force, by the date of its text: each consent record names it (decision
 * 0057). Change it with the policy's text, so that every later consent names the new one.
 */
export const PRIVACY_POLICY_VERSION = '2026-11-29';
