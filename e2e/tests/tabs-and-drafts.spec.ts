import { expect, test } from '@playwright/test';
import {
  fillBillingAddress,
  header,
  newAccount,
  registerByApi,
  signInWithOtpInBrowser,
} from '../support/accounts';
import { type ApiNumber, untilHydrated } from '../support/store-pages';

/**
 * A buyer on a phone that reloads tabs and with the store open in several: the billing address
 * typed at checkout outlives a reload and a session that ended meanwhile, checkout asks them to
 * sign in again and goes on, and a logout in one tab signs the others out at once.
 */

test('the address typed at checkout outlives a reload and a lost session; a logout reaches every tab', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const buyer = newAccount('tara tabs');
  await registerByApi(page.request, buyer);
  // Past the cheapest 80: the other specs running alongside take from the cheapest.
  const listed = await page.request.get('/api/v1/numbers?sort=price_asc&page=5&pageSize=20');
  const { items } = ((await listed.json()) as { data: { items: ApiNumber[] } }).data;
  const picked = items[Math.floor(Math.random() * items.length)]!;
  expect((await page.request.post(`/api/v1/cart/add/${picked.id}`)).ok()).toBe(true);
  const form = page.getByRole('region', { name: 'Billing details' });

  await test.step('the billing address typed is still there after a reload', async () => {
    await page.goto('/cart');
    await fillBillingAddress(page, 'Karnataka', 'Bengaluru');
    await page.reload();
    await expect(form.getByLabel('Address line 1')).toHaveValue('14 Residency Road');
    await expect(form.getByLabel('State or union territory')).toHaveValue('Karnataka');
    await expect(form.getByLabel('City')).toHaveValue('Bengaluru');
    await expect(form.getByLabel('PIN code')).toHaveValue('560025');
  });

  await test.step('the session ends unseen: Checkout asks to sign in, then orders as typed', async () => {
    // Logged out from outside this page (the cookies are shared): the tab is not told.
    expect((await page.request.post('/api/v1/auth/logout')).ok()).toBe(true);
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page.getByText('Please log in to checkout')).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await expect(dialog).toBeVisible();
    await signInWithOtpInBrowser(page, buyer.mobile, dialog);
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    const main = page.getByRole('main');
    await expect(main).toContainText(picked.display);
    await expect(main).toContainText('14 Residency Road');
    await expect(main).toContainText('Bengaluru');
    // Ordered: the draft is forgotten.
    expect(await page.evaluate(() => sessionStorage.getItem('billing-draft'))).toBeNull();
  });

  await test.step('a logout in another tab signs this one out at once', async () => {
    const other = await context.newPage();
    await other.goto('/premium-numbers');
    const logout = header(other).getByRole('button', { name: 'Logout' });
    await expect(logout).toBeVisible();
    await logout.click();
    await expect(header(other).getByRole('button', { name: 'Sign In' })).toBeVisible();
    // This tab makes no request meanwhile, and yet it shows the buyer signed out.
    await expect(header(page).getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Logout' })).toHaveCount(0);
  });
});

test('a number opened while offline waits for the network instead of leaving the store', async ({
  page,
  context,
}) => {
  await page.goto('/premium-numbers');
  // The listing comes with the page (decision 0044): wait for its scripts, not for its numbers.
  const link = page.getByTestId('number-card').first().getByRole('link').first();
  await untilHydrated(link);
  await context.setOffline(true);
  await link.click();
  await expect(page.getByRole('status').getByText('The page you opened will load')).toBeVisible();
  expect(page.url()).toMatch(/\/premium-numbers$/);

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/numbers\/\d{10}$/);
  await expect(page.getByRole('complementary', { name: 'Price and buying' })).toBeVisible();
});
