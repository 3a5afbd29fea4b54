import { expect, test } from '@playwright/test';
import { newAccount, openSignIn, registerByApi } from '../support/accounts';
import { checkOutByApi } from '../support/orders';
import { storeOfItsOwn } from '../support/own-store';

/**
 * An order page left open past its access token's life, on a store of its own whose tokens last
 * 40 seconds: the page reads the order every half minute, so its read a minute in would carry an
 * expired token; the web client refreshes the session before the token expires, so no call is
 * answered 401 and the browser logs no error (QA 19 F13, decision 0080).
 */

const store = storeOfItsOwn({ ACCESS_TOKEN_TTL_SECONDS: '40' });

test('an order page left open past the access token’s life logs no error', async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ baseURL: store().url });
  const page = await context.newPage();
  const buyer = newAccount('open page tester');
  let orderId = '';

  await test.step('a buyer checks out a number, then signs in on this browser', async () => {
    await registerByApi(page.request, buyer);
    const listed = await page.request.get('/api/v1/numbers?sort=price_asc&pageSize=5');
    const [picked] = ((await listed.json()) as { data: { items: { id: number }[] } }).data.items;
    orderId = (await checkOutByApi(page.request, [picked!.id])).id;
    // Signed in as a person is, through the page (the API's session cookies of the
    // registration forgotten).
    await context.clearCookies();
    await page.goto('/');
    const dialog = await openSignIn(page);
    await dialog.getByLabel('E-mail address or mobile number').fill(buyer.email);
    await dialog.getByLabel('Password', { exact: true }).fill(buyer.password);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the order page stays open past its first token’s life', async () => {
    const errors: string[] = [];
    const unauthorized: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() === 401) unauthorized.push(response.url());
    });
    await page.goto(`/orders/${orderId}`);
    await expect(page.getByRole('region', { name: 'Payment' })).toBeVisible();
    let reads = 0;
    page.on('request', (request) => {
      if (request.url().endsWith(`/api/v1/orders/${orderId}`)) reads += 1;
    });
    await page.waitForTimeout(70_000);
    // The half-minute reads went on past the first token's life, none answered 401.
    expect(reads).toBeGreaterThanOrEqual(2);
    expect(unauthorized).toEqual([]);
    expect(errors).toEqual([]);
  });
});
