import { expect, test, type Page } from '@playwright/test';
import { newAccount, registerByApi } from '../support/accounts';
import { type ApiNumber, clickWhenHydrated } from '../support/store-pages';

/**
 * A part loaded on demand whose script cannot be fetched (offline, or a tab left open across a
 * deployment that removed the old chunk names) fails in its place: the page stays, the buyer is
 * told, and a later tap loads it (decision 0100).
 */

/** A new buyer signed in on `page`'s context, and a number picked at random from `listing`. */
async function buyerAndNumber(page: Page, name: string, listing: string) {
  await registerByApi(page.request, newAccount(name));
  const listed = await page.request.get(`/api/v1/numbers?${listing}`);
  const { items } = ((await listed.json()) as { data: { items: ApiNumber[] } }).data;
  return items[Math.floor(Math.random() * items.length)]!;
}

test("Buy now's dialog that cannot load keeps the number page, says so, and opens on the next tap", async ({
  page,
}) => {
  const number = await buyerAndNumber(page, 'chunk tester', 'sort=price_desc&pageSize=20');
  await page.goto(`/numbers/${number.number}`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();

  const chunk = /\/buy-now-dialog-[^/]*\.js$/;
  await page.route(chunk, (route) => route.abort('connectionreset'));
  await clickWhenHydrated(page.getByRole('button', { name: 'Buy now' }));
  await expect(page.getByText('No response received from server')).toBeVisible();
  await expect(heading).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.unroute(chunk);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page.getByRole('dialog', { name: `Buy ${number.display}` })).toBeVisible();
});

/**
 * A buyer's cart whose billing form's script could not be fetched (the page says so); the
 * answer lets the script through again.
 */
async function cartWithoutBillingForm(page: Page, name: string, listing: string) {
  const number = await buyerAndNumber(page, name, listing);
  expect((await page.request.post(`/api/v1/cart/add/${number.id}`)).ok()).toBe(true);
  // The retry asks for the script at a fresh address (?retry=1): Chromium keeps a failed one.
  const chunk = /\/billing-form-[^/]*\.js(\?.*)?$/;
  await page.route(chunk, (route) => route.abort('internetdisconnected'));
  await page.goto('/cart');
  await expect(page.getByText('The billing form could not be loaded')).toBeVisible();
  return { connectionBack: () => page.unroute(chunk) };
}

test('the cart whose billing form cannot load keeps the page, and Retry loads it once the script is there', async ({
  page,
}) => {
  const { connectionBack } = await cartWithoutBillingForm(
    page,
    'offline tester',
    'sort=price_desc&page=2&pageSize=20',
  );
  await expect(page.getByRole('heading', { level: 1, name: /cart/i })).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);

  await connectionBack();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('region', { name: 'Billing details' })).toBeVisible();
});

test('Checkout pressed after the billing form failed to load loads it again and goes on with the checkout', async ({
  page,
}) => {
  const { connectionBack } = await cartWithoutBillingForm(
    page,
    'late tester',
    'sort=price_desc&page=3&pageSize=20',
  );
  // The connection is back; the buyer presses Checkout rather than Retry (QA pass 33 F1).
  await connectionBack();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('region', { name: 'Billing details' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Loading the billing form…' })).toHaveCount(0);
  // The form was submitted as it arrived: it asks this buyer, who has no address yet, for one.
  await expect(page.getByLabel('Address line 1')).toBeFocused();
});
