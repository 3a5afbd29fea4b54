import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { newAccount, registerByApi, SUPPORT_STATE_ENV } from '../support/accounts';
import { readOutbox } from '../support/outbox';
import { webBuildDir } from '../support/store-server';

/**
 * The console's order routine, end to end: a buyer buys a number; a support agent (signed in by
 * global setup) finds the order by the buyer's mobile, confirms the UTR, sends the UPC and
 * walks the number to ported; the buyer sees each step on the order page.
 */

interface ListedNumber {
  id: number;
  number: string;
}

test('support finds an order by mobile, confirms the UTR, sends the UPC and ports the number; the buyer sees each step', async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const buyer = newAccount('kiran buyer');
  const utr = `UTR${Date.now()}`;
  let orderId = '';
  let reference = '';
  let display = '';

  await test.step('a buyer buys a number', async () => {
    await registerByApi(page.request, buyer);
    const listed = await page.request.get('/api/v1/numbers?sort=price_desc&pageSize=40');
    const { items } = ((await listed.json()) as { data: { items: ListedNumber[] } }).data;
    const picked = items[Math.floor(Math.random() * items.length)]!;
    display = `${picked.number.slice(0, 5)} ${picked.number.slice(5)}`;
    expect((await page.request.post(`/api/v1/cart/add/${picked.id}`)).ok()).toBe(true);
    const checkout = await page.request.post('/api/v1/cart/checkout');
    expect(checkout.status()).toBe(201);
    const { order } = (
      (await checkout.json()) as {
        data: { order: { id: string; reference: string } };
      }
    ).data;
    orderId = order.id;
    reference = order.reference;
  });

  const staff = await browser.newContext({
    baseURL,
    storageState: process.env[SUPPORT_STATE_ENV],
  });
  const desk = await staff.newPage();
  const numberRow = () =>
    desk
      .getByRole('region', { name: 'Numbers and porting' })
      .getByRole('listitem', { name: display });

  /** The buyer's order page, read afresh. */
  async function buyerSees(buyerPage: Page) {
    await buyerPage.goto(`/orders/${orderId}`);
    await expect(buyerPage.getByRole('heading', { level: 1 })).toHaveText(`Order ${reference}`);
    return buyerPage.getByRole('main');
  }

  await test.step("support finds the order by the buyer's mobile", async () => {
    await desk.goto('/admin/orders');
    await expect(desk.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    const mobile = buyer.mobile;
    await desk
      .getByRole('searchbox', { name: 'Search orders' })
      .fill(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
    await desk.getByRole('button', { name: 'Search' }).click();
    const rows = desk.getByRole('table', { name: 'Orders, newest first' }).getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(buyer.name);
    await rows.nth(1).getByRole('link', { name: reference }).click();
    await expect(desk.getByRole('heading', { level: 1 })).toHaveText(`Order ${reference}`);
  });

  await test.step('support confirms the UTR; the buyer sees the order paid', async () => {
    const form = desk.getByRole('form', { name: 'Confirm a payment' });
    await form.getByLabel('UTR / bank reference').fill(utr);
    await form.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(desk.getByRole('listitem', { name: `Payment ${utr}` })).toContainText(
      'Pays for the order',
    );
    await expect(numberRow()).toContainText('Awaiting UPC');

    const main = await buyerSees(page);
    await expect(main).toContainText('Payment received');
    await expect(
      main.getByRole('region', { name: 'Porting, number by number' }).getByRole('listitem', {
        name: display,
      }),
    ).toContainText('Awaiting UPC');
  });

  await test.step('support enters the UPC; the buyer sees it with its expiry and how to use it', async () => {
    const form = numberRow().getByRole('form', { name: `UPC for ${display}` });
    await form.getByLabel('UPC').fill('kp42 xz19');
    await form.getByRole('button', { name: 'Mark UPC sent' }).click();
    await expect(numberRow()).toContainText('UPC KP42XZ19, valid until');

    const number = (await buyerSees(page))
      .getByRole('region', { name: 'Porting, number by number' })
      .getByRole('listitem', { name: display });
    await expect(number).toContainText('UPC sent');
    await expect(number).toContainText('Your UPC (Unique Porting Code): KP42XZ19 · valid until');
    await expect(number).toContainText('original Aadhaar card');
    // The code reached the buyer by SMS too.
    await expect
      .poll(async () =>
        (await readOutbox(page.request, buyer.mobile)).some((m) => m.text.includes('KP42XZ19')),
      )
      .toBe(true);
  });

  await test.step('support marks the number ported; the buyer sees the order complete', async () => {
    await numberRow().getByRole('button', { name: 'Mark porting in progress' }).click();
    await expect(numberRow()).toContainText('Porting in progress');
    await numberRow().getByLabel('Note (optional)').fill('Active on Jio');
    await numberRow().getByRole('button', { name: 'Mark ported' }).click();
    await expect(desk.getByRole('main').getByText('Completed').first()).toBeVisible();

    const main = await buyerSees(page);
    await expect(main).toContainText('Completed');
    const number = main
      .getByRole('region', { name: 'Porting, number by number' })
      .getByRole('listitem', { name: display });
    await expect(number).toContainText('Ported');
    await expect(number).toContainText('Active on Jio');
    const timeline = main.getByRole('region', { name: 'Order timeline' });
    for (const step of ['Paid', 'UPC sent', 'Porting in progress', 'Ported', 'Completed']) {
      await expect(timeline).toContainText(step);
    }
  });

  await staff.close();
});

test("no prerendered storefront page loads the console's order code or its table library", () => {
  const dir = webBuildDir(process.env);
  const assets = readdirSync(join(dir, 'assets')).filter((name) => name.endsWith('.js'));
  const consoleChunks = assets.filter((name) => {
    const code = readFileSync(join(dir, 'assets', name), 'utf8');
    return code.includes('Numbers and porting') || code.includes('getCoreRowModel');
  });
  expect(consoleChunks.length).toBeGreaterThan(0);
  const pages: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory() && entry.name !== 'assets') walk(path);
      else if (entry.name === 'index.html') pages.push(path);
    }
  };
  walk(dir);
  expect(pages.length).toBeGreaterThan(50);
  for (const page of pages) {
    const html = readFileSync(page, 'utf8');
    for (const chunk of consoleChunks) expect(html, `${page} loads ${chunk}`).not.toContain(chunk);
  }
});
