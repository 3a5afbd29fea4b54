import { expect, test, type Page } from '@playwright/test';
import {
  enterCode,
  enterRegistrationCodes,
  header,
  newAccount,
  openSignIn,
  registerByApi,
  type Account,
} from '../support/accounts';
import { waitForOtp } from '../support/outbox';
import { clickWhenHydrated } from '../support/store-pages';

async function expectSignedIn(page: Page, account: Account) {
  const profileLink = header(page).getByRole('link', { name: /Asha tester/ });
  await expect(profileLink).toBeVisible();
  await expect(profileLink).toHaveAttribute('href', '/profile');
  // Name with its first letter capitalised; the e-mail cut after 20 characters.
  await expect(profileLink).toContainText(`${account.email.slice(0, 20)}...`);
  await expect(header(page).getByRole('button', { name: 'Sign In' })).toHaveCount(0);
}

async function logOut(page: Page) {
  await header(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Successfully Logged Out')).toBeVisible();
  await expect(page).toHaveURL(/\/premium-numbers$/);
  await expect(header(page).getByRole('button', { name: 'Sign In' })).toBeVisible();
}

test('accounts: register a Corporate account, sign in three ways, reset the password, edit the profile', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const account = newAccount();
  await page.goto('/');

  await test.step('register a Corporate account and verify it with the code', async () => {
    await (await openSignIn(page)).getByRole('button', { name: 'Create an account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await dialog.locator('label').filter({ hasText: 'Corporate' }).click();
    await dialog.getByLabel('Full name').fill(account.name);
    await dialog.getByLabel('E-mail address').fill(account.email);
    await dialog.getByLabel('Mobile number').fill(account.mobile);
    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    await dialog.getByLabel('Company name').fill(account.companyName);
    await dialog.getByLabel('GSTIN', { exact: true }).fill(account.gstin);
    await dialog.getByLabel('Send me order and porting updates on WhatsApp').check();
    await dialog.getByLabel(/I accept the/).check();
    const since = new Date();
    await dialog.getByRole('button', { name: 'Create account' }).click();

    const verify = page.getByRole('dialog', { name: 'Verify your details' });
    await expect(verify).toBeVisible();
    await expect(verify.getByTestId('otp-expiry')).toContainText(/Code expires in (10:00|9:\d\d)/);
    await expect(verify.getByTestId('otp-attempts')).toHaveText('10 attempts left');
    await expect(verify.getByRole('button', { name: /Resend OTP in/ })).toBeDisabled();
    await enterRegistrationCodes(request, verify, account, since, 'type');
    await verify.getByRole('button', { name: 'Verify and create account' }).click();
    await expect(page.getByText('Your account has been created.')).toBeVisible();
    await expect(verify).toBeHidden();
    await expectSignedIn(page, account);
  });

  await test.step('log out', async () => {
    await logOut(page);
  });

  await test.step('sign in with the password', async () => {
    const dialog = await openSignIn(page);
    await dialog.getByLabel('E-mail address or mobile number').fill(account.email);
    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expectSignedIn(page, account);
    await logOut(page);
  });

  await test.step('sign in with a code sent to the mobile', async () => {
    const dialog = await openSignIn(page);
    await dialog.getByRole('button', { name: 'With OTP' }).click();
    await dialog.getByLabel('Mobile number').fill(account.mobile);
    const since = new Date();
    await dialog.getByRole('button', { name: 'Send OTP' }).click();
    const verify = page.getByRole('dialog', { name: 'Enter your sign-in code' });
    await expect(verify).toBeVisible();
    const code = await waitForOtp(request, account.mobile, {
      since,
      channel: 'sms',
      text: /to sign in/,
    });
    await enterCode(verify, code, 'paste');
    await verify.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(verify).toBeHidden();
    await expectSignedIn(page, account);
    await logOut(page);
  });

  await test.step('forgot password: reset it with the code and a new password', async () => {
    const dialog = await openSignIn(page);
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Forgot your password?' });
    await forgot.getByLabel('E-mail address or mobile number').fill(account.mobile);
    const since = new Date();
    await forgot.getByRole('button', { name: 'Send reset code' }).click();
    const reset = page.getByRole('dialog', { name: 'Reset your password' });
    await expect(reset).toBeVisible();
    const code = await waitForOtp(request, account.mobile, {
      since,
      channel: 'sms',
      text: /reset your password/,
    });
    await enterCode(reset, code, 'type');
    await reset.getByLabel('New password', { exact: true }).fill(account.newPassword);
    await reset.getByLabel('Confirm new password', { exact: true }).fill(account.newPassword);
    await reset.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();
    await expect(reset).toBeHidden();
    await expectSignedIn(page, account);
  });

  await test.step('the new password signs in (by mobile number)', async () => {
    await logOut(page);
    const dialog = await openSignIn(page);
    await dialog.getByLabel('E-mail address or mobile number').fill(account.mobile);
    await dialog.getByLabel('Password', { exact: true }).fill(account.newPassword);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expectSignedIn(page, account);
  });

  await test.step('/profile shows the account and saves the address', async () => {
    await header(page)
      .getByRole('link', { name: /Asha tester/ })
      .click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Asha tester');
    await expect(page.getByRole('main').getByText(account.email)).toBeVisible();
    await expect(page.getByLabel('Company name')).toHaveValue(account.companyName);
    await expect(page.getByLabel('GSTIN', { exact: true })).toHaveValue('27AAPFU0939F1ZV');
    await expect(page.getByRole('heading', { name: 'Your orders' })).toBeVisible();

    await page.getByLabel('Address line 1').fill('12, Marine Drive');
    await page.getByLabel('State or union territory').selectOption('Maharashtra');
    await page.getByLabel('City').fill('Mumbai');
    await page.getByLabel('PIN code').fill('400002');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Your address has been saved.')).toBeVisible();

    await page.getByLabel('Full name').fill('Asha tester Verma');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Your profile has been saved.')).toBeVisible();
    await expect(header(page).getByRole('link', { name: /Asha tester Verma/ })).toBeVisible();

    // A full reload (the SPA fallback) reads the session from the profile call again.
    await page.reload();
    await expect(page.getByLabel('Address line 1')).toHaveValue('12, Marine Drive');
    await expect(page.getByLabel('State or union territory')).toHaveValue('Maharashtra');
    await expect(page.getByLabel('City')).toHaveValue('Mumbai');
    await expect(page.getByLabel('PIN code')).toHaveValue('400002');
    await expect(page.getByLabel('Full name')).toHaveValue('Asha tester Verma');
  });

  await test.step('logging out on /profile leaves it', async () => {
    await logOut(page);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/$/);
  });
});

test('a buyer changes the mobile with a code to the new one, signs out another device, then closes the account', async ({
  page,
  browser,
}) => {
  const account = newAccount();
  await registerByApi(page.request, account);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Asha tester');

  await test.step('change the mobile: the code goes to the new number', async () => {
    const newMobile = newAccount().mobile;
    await page.getByRole('button', { name: 'Change mobile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change your mobile number' });
    await dialog.getByLabel('New mobile number').fill(newMobile);
    const since = new Date();
    await dialog.getByRole('button', { name: 'Send the code' }).click();
    const code = await waitForOtp(page.request, newMobile, { since, channel: 'sms' });
    await dialog.getByLabel('Verification code').fill(code);
    await dialog.getByRole('button', { name: 'Confirm the change' }).click();
    await expect(page.getByText('Your mobile number has been changed.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(newMobile)).toBeVisible();
  });

  await test.step('sign out another device from the profile; this one stays signed in', async () => {
    const phone = await browser.newContext();
    const login = await phone.request.post('/api/v1/auth/login', {
      data: { contact: account.email, password: account.password },
    });
    expect(login.status()).toBe(200);
    expect((await phone.request.get('/api/v1/user/profile')).status()).toBe(200);
    await page.getByRole('button', { name: 'Sign out on other devices' }).click();
    await expect(
      page.getByText('You have been signed out on your other devices.', { exact: true }),
    ).toBeVisible();
    expect((await phone.request.get('/api/v1/user/profile')).status()).toBe(401);
    expect((await page.request.get('/api/v1/user/profile')).status()).toBe(200);
    await phone.close();
  });

  await test.step('close the account: erased, signed out, sent home', async () => {
    await page.getByRole('button', { name: 'Close my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close your account?' });
    await expect(dialog).toContainText('What we keep');
    await expect(dialog.getByRole('button', { name: 'Download my data' })).toBeVisible();
    await dialog.getByLabel('Type CLOSE to confirm').fill('CLOSE');
    await dialog.getByRole('button', { name: 'Close my account' }).click();
    await expect(page.getByText(/Your account has been closed\./)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('button', { name: 'Sign In' })).toBeVisible();
    const login = await page.request.post('/api/v1/auth/login', {
      data: { contact: account.email, password: account.password },
    });
    expect(login.status()).toBe(400);
  });
});

test('a guest never calls the profile and is sent from /profile to /', async ({ page }) => {
  const profileCalls: string[] = [];
  const consoleErrors: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/v1/user/profile')) profileCalls.push(req.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto('/');
  await expect(header(page).getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(profileCalls).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('the modal is keyboard friendly: focus inside, Escape closes and returns focus', async ({
  page,
}) => {
  await page.goto('/premium-numbers');
  const signIn = header(page).getByRole('button', { name: 'Sign In' });
  await signIn.click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await expect(dialog.getByLabel('E-mail address or mobile number')).toBeFocused();
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog.getByText('Enter your e-mail address or mobile number.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(signIn).toBeFocused();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the modal opens from the mobile menu and fills the screen', async ({ page }) => {
    await page.goto('/');
    await clickWhenHydrated(page.getByRole('button', { name: 'Menu' }));
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
    await page.locator('#mobile-menu').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    const register = page.getByRole('dialog', { name: 'Create your account' });
    // The long form scrolls inside the dialog down to its submit button.
    await register.getByRole('button', { name: 'Create account' }).scrollIntoViewIfNeeded();
    await expect(register.getByRole('button', { name: 'Create account' })).toBeInViewport();
    await page.getByRole('button', { name: 'Close dialog' }).click();
    await expect(register).toBeHidden();
  });
});
