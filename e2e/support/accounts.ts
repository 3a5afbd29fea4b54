import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { waitForOtp } from './outbox';
import { clickWhenHydrated } from './store-pages';

/** Accounts for the end-to-end tests: fresh sign-ups, the sign-in modal, the six code boxes. */

/** A fresh account per run: unique e-mail address and mobile number. */
export function newAccount(name = 'asha tester') {
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const mobile = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  return {
    name,
    email: `${name.replace(/\W+/g, '.')}.${run}@example.com`,
    mobile,
    password: `Saffron-${run}-Tiger`,
    newPassword: `Monsoon-${run}-River`,
    companyName: 'Asha Traders Pvt Ltd',
    gstin: '27aapfu0939f1zv',
  };
}

export type Account = ReturnType<typeof newAccount>;

export function header(page: Page) {
  return page.getByRole('banner');
}

export async function openSignIn(page: Page): Promise<Locator> {
  await clickWhenHydrated(header(page).getByRole('button', { name: 'Sign In' }));
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Types a code into the six boxes, or pastes it (as a clipboard paste into the first box).
 * `boxes` names the boxes ("Digit 1 of 6"; a registration's are "Mobile code digit ..." and
 * "E-mail code digit ...").
 */
export async function enterCode(
  dialog: Locator,
  code: string,
  how: 'type' | 'paste',
  boxes = 'Digit',
) {
  const first = dialog.getByRole('textbox', { name: `${boxes} 1 of 6`, exact: true });
  await first.click();
  if (how === 'type') {
    await first.page().keyboard.type(code);
  } else {
    await first.evaluate((element, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, code);
  }
  await expect(dialog.getByRole('textbox', { name: `${boxes} 6 of 6`, exact: true })).toHaveValue(
    code.charAt(5),
  );
}

/** The two codes of a registration sent since `since`: by SMS and by e-mail. */
async function registrationCodes(
  request: APIRequestContext,
  account: Pick<Account, 'email' | 'mobile'>,
  since: Date,
) {
  const text = /creating your account/;
  return {
    otp: await waitForOtp(request, account.mobile, { since, channel: 'sms', text }),
    emailOtp: await waitForOtp(request, account.email, { since, channel: 'email', text }),
  };
}

/** Enters both codes of a registration into the verify view. */
export async function enterRegistrationCodes(
  request: APIRequestContext,
  dialog: Locator,
  account: Pick<Account, 'email' | 'mobile'>,
  since: Date,
  how: 'type' | 'paste',
) {
  const { otp, emailOtp } = await registrationCodes(request, account, since);
  await enterCode(dialog, otp, how, 'Mobile code digit');
  await enterCode(dialog, emailOtp, how, 'E-mail code digit');
}

/**
 * Signs in through the header's Sign In dialog (or `dialog`, already open) with a code sent to
 * the mobile, as a person does (the code read from the dev outbox).
 */
export async function signInWithOtpInBrowser(page: Page, mobile: string, dialog?: Locator) {
  dialog ??= await openSignIn(page);
  await dialog.getByRole('button', { name: 'With OTP' }).click();
  await dialog.getByLabel('Mobile number').fill(mobile);
  const since = new Date();
  await dialog.getByRole('button', { name: 'Send OTP' }).click();
  const verify = page.getByRole('dialog', { name: 'Enter your sign-in code' });
  await expect(verify).toBeVisible();
  const code = await waitForOtp(page.request, mobile, {
    since,
    channel: 'sms',
    text: /to sign in/,
  });
  await enterCode(verify, code, 'paste');
  await verify.getByRole('button', { name: 'Verify and sign in' }).click();
}

/** Signs `request` in with a code sent to the mobile (its cookies then carry the session). */
export async function signInWithOtp(request: APIRequestContext, mobile: string) {
  const since = new Date();
  const sent = await request.post('/api/v1/auth/sign-in', { data: { mobile } });
  expect(sent.ok(), `sign-in answered ${sent.status()}`).toBe(true);
  const otp = await waitForOtp(request, mobile, { since, channel: 'sms', text: /to sign in/ });
  const verified = await request.post('/api/v1/auth/verify-otp', { data: { mobile, otp } });
  expect(verified.ok(), `verify-otp answered ${verified.status()}`).toBe(true);
}

/**
 * Registers an Individual account (or a Corporate one, with the account's company and GSTIN)
 * through the API and leaves `request` signed in.
 */
export async function registerByApi(
  request: APIRequestContext,
  account: Account,
  accountType: 'Individual' | 'Corporate' = 'Individual',
) {
  const since = new Date();
  const registered = await request.post('/api/v1/auth/register', {
    data: {
      name: account.name,
      email: account.email,
      mobile: account.mobile,
      password: account.password,
      accountType,
      ...(accountType === 'Corporate'
        ? { companyName: account.companyName, gstinNo: account.gstin }
        : {}),
      getWhatsappUpdate: false,
      acceptTermsAndConditions: true,
    },
  });
  expect(registered.ok(), `register answered ${registered.status()}`).toBe(true);
  const verified = await request.post('/api/v1/auth/verify-otp', {
    data: {
      email: account.email,
      mobile: account.mobile,
      ...(await registrationCodes(request, account, since)),
    },
  });
  expect(verified.ok(), `verify-otp answered ${verified.status()}`).toBe(true);
}

/** The demo support account of the README, signed in once by global-setup for every spec. */
export const SUPPORT_MOBILE = '9000000001';

/** Where global-setup keeps the support session's cookies. */
export const SUPPORT_STATE_ENV = 'E2E_SUPPORT_STATE';

/** An API client signed in as the demo support account (its session saved by global-setup). */
export function supportRequest(baseURL: string | undefined): Promise<APIRequestContext> {
  const storageState = process.env[SUPPORT_STATE_ENV];
  if (!storageState) throw new Error(`${SUPPORT_STATE_ENV} is unset: run through global-setup`);
  return playwrightRequest.newContext({ baseURL, storageState });
}

/**
 * Fills the cart page's billing address (the name comes prefilled from the profile); the PIN code
 * must be of the state's zone (Bengaluru's by default).
 */
export async function fillBillingAddress(
  page: Page,
  state: string,
  city: string,
  pinCode = '560025',
) {
  const form = page.getByRole('region', { name: 'Billing details' });
  await form.getByLabel('Address line 1').fill('14 Residency Road');
  await form.getByLabel('State or union territory').selectOption(state);
  await form.getByLabel('City').fill(city);
  await form.getByLabel('PIN code').fill(pinCode);
}
