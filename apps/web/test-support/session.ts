import { cleanup } from '@testing-library/react';
import { vi } from 'vitest';
import type { AuthAddress, AuthSession } from '../src/features/auth';
import { SESSION_HINT_COOKIE } from '../src/features/auth/session-hint';

/** A signed-in buyer for tests, and the session hint cookie that says one may be signed in. */

export const sampleSession: AuthSession = {
  user: {
    id: 'u-1',
    name: 'asha verma',
    email: 'asha.verma.long.address@example.com',
    mobile: '9876543210',
    accountType: 'Corporate',
    companyName: 'Asha Traders',
    gstinNo: '27AAPFU0939F1ZV',
    getWhatsappUpdate: true,
    acceptTermsAndConditions: true,
    role: 'customer',
  },
  address: null,
};

export const sampleAddress: AuthAddress = {
  line1: '1 MG Road',
  line2: null,
  city: 'Pune',
  state: 'Maharashtra',
  pinCode: '411001',
};

/** What the billing form sends at checkout for sampleSession's buyer at sampleAddress. */
export const sampleBilling = {
  name: sampleSession.user.name,
  line1: sampleAddress.line1,
  city: sampleAddress.city,
  state: sampleAddress.state,
  pinCode: sampleAddress.pinCode,
};

export function setSessionHintCookie() {
  document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
}

export function removeSessionHintCookie() {
  document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; path=/`;
}

/** After a test: unmounts what it rendered, drops the session hint, restores stubbed globals. */
export function resetAfterTest() {
  cleanup();
  removeSessionHintCookie();
  // What the tab kept (a billing draft) ends with it.
  sessionStorage.clear();
  vi.unstubAllGlobals();
}
