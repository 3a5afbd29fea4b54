import { useCallback, useMemo, useReducer } from 'react';
import type { ContactInfo, OtpChannels, OtpIssued, OtpPurpose } from '../api/auth-answers';
import { codeSentMomentsAgo } from '../auth-errors';

/** The OTP state the client holds (spec §3), with the defaults of spec §9. */

/** Spec §9: a code is valid about 10 minutes and allows 10 attempts, unless the server says otherwise. */
export const OTP_DEFAULT_TTL_MS = 10 * 60 * 1000;
export const OTP_DEFAULT_ATTEMPTS = 10;
/**
 * The server refuses a new code for the same contact within OTP_RESEND_COOLDOWN_SECONDS, which
 * its answer gives as `resendAfter`; 30 seconds (its default) when it does not say.
 */
export const OTP_DEFAULT_RESEND_COOLDOWN_MS = 30 * 1000;

export interface OtpState {
  isOtpSent: boolean;
  otpRequestId: string | null;
  otpChannels: OtpChannels | null;
  /** ISO time the code expires; null when not known (a code whose answer was lost). */
  otpExpiry: string | null;
  otpPurpose: OtpPurpose | null;
  contactInfo: ContactInfo | null;
  remainingAttempts: number | null;
  /** Epoch milliseconds from which "Resend" may be used. */
  resendAvailableAt: number | null;
  /** Epoch milliseconds of the last change of the timers above. */
  sentAt: number | null;
  /** The server has no open code any more (used, or expired): only a new one will do. */
  codeGone: boolean;
}

export const initialOtpState: OtpState = {
  isOtpSent: false,
  otpRequestId: null,
  otpChannels: null,
  otpExpiry: null,
  otpPurpose: null,
  contactInfo: null,
  remainingAttempts: null,
  resendAvailableAt: null,
  sentAt: null,
  codeGone: false,
};

export type OtpAction =
  | { type: 'sent'; purpose: OtpPurpose; contact: ContactInfo; issued: OtpIssued; now: number }
  | { type: 'resent'; issued: OtpIssued; now: number }
  | { type: 'verifyFailed'; remainingAttempts?: number }
  | { type: 'cooldown'; until: number; now: number }
  | { type: 'onItsWay'; purpose: OtpPurpose; contact: ContactInfo; until: number; now: number }
  | { type: 'codeGone' }
  | { type: 'expired' }
  | { type: 'clear' };

function expiryOf(issued: OtpIssued, now: number): string {
  const parsed = issued.otpExpiry ? Date.parse(issued.otpExpiry) : Number.NaN;
  return Number.isNaN(parsed)
    ? new Date(now + OTP_DEFAULT_TTL_MS).toISOString()
    : new Date(parsed).toISOString();
}

function attemptsOf(issued: OtpIssued): number {
  return typeof issued.maxAttempts === 'number' && issued.maxAttempts > 0
    ? issued.maxAttempts
    : OTP_DEFAULT_ATTEMPTS;
}

function resendWaitOf(issued: OtpIssued): number {
  return issued.resendAfter === undefined
    ? OTP_DEFAULT_RESEND_COOLDOWN_MS
    : issued.resendAfter * 1000;
}

/** What every code sent, the first or a new one, sets: its expiry, attempts and resend wait. */
function freshCode(issued: OtpIssued, now: number) {
  return {
    otpExpiry: expiryOf(issued, now),
    remainingAttempts: attemptsOf(issued),
    resendAvailableAt: now + resendWaitOf(issued),
    sentAt: now,
    codeGone: false,
  };
}

function sameContact(a: ContactInfo | null, b: ContactInfo): boolean {
  return a?.email === b.email && a?.mobile === b.mobile;
}

export function otpReducer(state: OtpState, action: OtpAction): OtpState {
  switch (action.type) {
    case 'sent':
      return {
        isOtpSent: true,
        otpRequestId: action.issued.requestId ?? null,
        otpChannels: action.issued.channels ?? null,
        otpPurpose: action.purpose,
        contactInfo: action.contact,
        ...freshCode(action.issued, action.now),
      };
    case 'resent':
      if (!state.isOtpSent) return state;
      return {
        ...state,
        otpRequestId: action.issued.requestId ?? state.otpRequestId,
        otpChannels: action.issued.channels ?? state.otpChannels,
        ...freshCode(action.issued, action.now),
      };
    case 'verifyFailed':
      if (!state.isOtpSent) return state;
      return {
        ...state,
        remainingAttempts:
          action.remainingAttempts ??
          Math.max(0, (state.remainingAttempts ?? OTP_DEFAULT_ATTEMPTS) - 1),
      };
    case 'cooldown':
      return { ...state, resendAvailableAt: action.until, sentAt: action.now };
    case 'onItsWay': {
      // The code this screen already knows, or one whose answer was lost: its expiry, attempts
      // and request are not known, and the server finds it by the contact.
      const known =
        state.isOtpSent &&
        state.otpPurpose === action.purpose &&
        sameContact(state.contactInfo, action.contact);
      const base: OtpState = known
        ? state
        : {
            ...initialOtpState,
            isOtpSent: true,
            otpPurpose: action.purpose,
            contactInfo: action.contact,
          };
      return { ...base, resendAvailableAt: action.until, sentAt: action.now };
    }
    case 'codeGone':
      if (!state.isOtpSent) return state;
      return { ...state, codeGone: true, otpExpiry: null, remainingAttempts: null };
    case 'expired':
      // The refusal says it has expired; its countdown and attempts are over. Resend still works.
      if (!state.isOtpSent) return state;
      return { ...state, otpExpiry: null, remainingAttempts: null };
    case 'clear':
      return initialOtpState;
  }
}

export interface OtpFlow {
  state: OtpState;
  /** A code was requested (register, sign in with OTP, forgot password). */
  sent: (purpose: OtpPurpose, contact: ContactInfo, issued: OtpIssued) => void;
  /** A new code was sent for the same request. */
  resent: (issued: OtpIssued) => void;
  verifyFailed: (remainingAttempts?: number) => void;
  /** The server asked to wait `seconds` before the next resend. */
  cooldown: (seconds: number) => void;
  /**
   * A request for a code refused because one was sent a moment ago (the answer to that one was
   * lost, say): that code is on its way, so the flow goes on with it, the resend after the wait
   * the server gave. True when `error` was that answer.
   */
  onItsWay: (purpose: OtpPurpose, contact: ContactInfo, error: unknown) => boolean;
  /** The server has no open code any more (OTP_NOT_FOUND): used or expired. */
  codeGone: () => void;
  /** The code was refused as expired (OTP_EXPIRED): a resend gives a new one. */
  expired: () => void;
  /** Successful verification or reset, or the flow was abandoned. */
  clear: () => void;
}

export function useOtpFlow(): OtpFlow {
  const [state, dispatch] = useReducer(otpReducer, initialOtpState);
  const sent = useCallback(
    (purpose: OtpPurpose, contact: ContactInfo, issued: OtpIssued) =>
      dispatch({ type: 'sent', purpose, contact, issued, now: Date.now() }),
    [],
  );
  const resent = useCallback(
    (issued: OtpIssued) => dispatch({ type: 'resent', issued, now: Date.now() }),
    [],
  );
  const verifyFailed = useCallback(
    (remainingAttempts?: number) => dispatch({ type: 'verifyFailed', remainingAttempts }),
    [],
  );
  const cooldown = useCallback((seconds: number) => {
    const now = Date.now();
    dispatch({ type: 'cooldown', until: now + seconds * 1000, now });
  }, []);
  const onItsWay = useCallback((purpose: OtpPurpose, contact: ContactInfo, error: unknown) => {
    const wait = codeSentMomentsAgo(error);
    if (wait === undefined) return false;
    const now = Date.now();
    dispatch({ type: 'onItsWay', purpose, contact, until: now + wait * 1000, now });
    return true;
  }, []);
  const codeGone = useCallback(() => dispatch({ type: 'codeGone' }), []);
  const expired = useCallback(() => dispatch({ type: 'expired' }), []);
  const clear = useCallback(() => dispatch({ type: 'clear' }), []);
  return useMemo(
    () => ({ state, sent, resent, verifyFailed, cooldown, onItsWay, codeGone, expired, clear }),
    [state, sent, resent, verifyFailed, cooldown, onItsWay, codeGone, expired, clear],
  );
}
