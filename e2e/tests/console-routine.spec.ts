import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newAccount, registerByApi, signInWithOtpInBrowser } from '../support/accounts';
import { expectWithinWidth } from '../support/on-screen';
import { checkOutByApi, delhiBilling } from '../support/orders';
import { readOutbox } from '../support/outbox';
import { createStaffAccount } from '../support/staff';
import { storeOfItsOwn } from '../support/own-store';
import { webBuildDir } from '../support/store-server';

/**
 * The support console's day, end to end in the browser: a support agent signs in through the
 * Sign In dialog and lands on the console; imports stock from a CSV with some bad rows (the
 * check's errors, confirm, the progress bar, the result and its refused rows, the number in the
 * inventory); a buyer buys one of the imported numbers; the agent finds the order by the buyer's
 * mobile, confirms the UTR, sends the UPC and walks the number to ported (taking "Ported" back
 * once, as when it was clicked too early), and the buyer sees each step on the order page. The
 * import adds 20,000 numbers, so this spec has a store of its own: the storefront specs compare
 * the shared store's listings with its API.
 */

const store = storeOfItsOwn();

interface ListedNumber {
  id: number;
  number: string;
}

const GOOD_ROWS = 20_000;

/** A stock file: GOOD_ROWS new numbers (prices in Indian grouping) and four refused rows. */
function stockFile(prefix: string) {
  const numbers = Array.from(
    { length: GOOD_ROWS },
    (_, i) => `${prefix}${String(i).padStart(10 - prefix.length, '0')}`,
  );
  const lines = ['number,price,offer_price'];
  numbers.forEach((number, i) =>
    lines.push(`+91 ${number},"1,25,${String(i % 1000).padStart(3, '0')}",`),
  );
  lines.splice(3, 0, '9.82E+09,5000,'); // line 4
  lines.splice(5, 0, '98200,5000,'); // line 6
  lines.splice(7, 0, `${numbers[0]},7000,`); // line 8: repeats line 2
  lines.splice(9, 0, `${numbers[100]}0,7000,8000`); // line 10: 11 digits
  return { csv: `${lines.join('\r\n')}\r\n`, first: numbers[0]! };
}

/**
 * A five-digit start no number of the store has, so that the file's numbers are all new however
 * often the spec runs on a store: the demo stock starts with 6 to 9 too, and one number already
 * in the store would be counted as updated.
 */
async function freshPrefix(request: APIRequestContext): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const prefix = `6${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    const listed = await request.get(`/api/v1/numbers?q=${prefix}&match=start&pageSize=1`);
    expect(listed.ok()).toBe(true);
    if (((await listed.json()) as { data: { total: number } }).data.total === 0) return prefix;
  }
  throw new Error('No five-digit start free of numbers found in 50 tries');
}

test('a support agent signs in, imports stock and takes an order of an imported number from payment to ported', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const baseURL = store().url;
  const agent = newAccount('sunita support');
  const buyer = newAccount('kiran buyer');
  const utr = `UTR${Date.now()}`;
  const shop = await browser.newContext({ baseURL });
  const page = await shop.newPage();
  const { csv, first } = stockFile(await freshPrefix(page.request));

  const staff = await browser.newContext({ baseURL });
  const desk = await staff.newPage();

  await test.step('the agent signs in with a code and lands on the console', async () => {
    await createStaffAccount(agent, 'support', store().dataDir);
    await desk.goto('/');
    await signInWithOtpInBrowser(desk, agent.mobile);
    await expect(desk).toHaveURL(/\/admin$/);
    await expect(desk.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  await test.step('the agent opens the imports from the console', async () => {
    await desk.goto('/admin');
    await desk
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Imports' })
      .click();
    await expect(desk.getByRole('heading', { level: 1, name: 'Imports' })).toBeVisible();
    await expect(desk.getByRole('link', { name: 'Download the template' })).toBeVisible();
  });

  await test.step('the check lists the refused rows with their reasons', async () => {
    await desk.getByLabel(/CSV file/).setInputFiles({
      name: 'stock.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await desk.getByRole('button', { name: 'Check the file' }).click();
    const check = desk.getByRole('region', { name: 'Check of the file' });
    await expect(check).toContainText(
      '20,004 rows: 20,000 will go in (20,000 new, 0 updated, 0 unchanged); 4 refused.',
    );
    const rows = check.getByRole('row');
    await expect(rows.nth(1)).toContainText('4');
    await expect(rows.nth(1)).toContainText('scientific notation');
    await expect(rows.nth(2)).toContainText('number must have 10 digits (it has 5)');
    await expect(rows.nth(3)).toContainText('number repeats line 2');
    await expect(rows.nth(4)).toContainText('number must have 10 digits (it has 11)');
  });

  await test.step('the agent confirms, watches the progress bar and reads the result', async () => {
    await desk.getByRole('button', { name: 'Import 20,000 rows' }).click();
    await expect(desk.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
    const result = desk.getByRole('status', { name: 'Import result' });
    await expect(result).toContainText(
      'Import done: 20,000 rows imported (20,000 new, 0 updated, 0 unchanged).',
      { timeout: 60_000 },
    );
    const errorsLink = result.getByRole('link', { name: /4 refused rows \(errors\.csv\)/ });
    const errors = await desk.request.get((await errorsLink.getAttribute('href'))!);
    expect(errors.status()).toBe(200);
    const lines = (await errors.text()).trim().split(/\r?\n/);
    expect(lines[0]).toBe('line,number,price,offer_price,status,reason');
    expect(lines).toHaveLength(5);
    expect(lines[3]).toBe(`8,${first},7000,,,number repeats line 2`);

    const past = desk.getByRole('region', { name: 'Past imports' });
    await expect(past.getByRole('row').nth(1)).toContainText(`stock.csv${agent.name}done`);
  });

  await test.step('the imported number is in the inventory at its price', async () => {
    await desk
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Inventory' })
      .click();
    await desk.getByLabel('Digits', { exact: true }).fill(first);
    await desk.getByRole('button', { name: 'Apply filters' }).click();
    const row = desk.getByRole('row', {
      name: new RegExp(`${first.slice(0, 5)} ${first.slice(5)}`),
    });
    await expect(row).toContainText('₹1,25,000');
    await expect(row).toContainText('Available');
  });

  let orderId = '';
  let reference = '';
  let display = '';

  await test.step('a buyer buys an imported number', async () => {
    await registerByApi(page.request, buyer);
    const found = await page.request.get(`/api/v1/numbers?q=${first}`);
    const { items } = ((await found.json()) as { data: { items: ListedNumber[] } }).data;
    const picked = items.find((item) => item.number === first)!;
    expect(picked, `${first} is on sale`).toBeDefined();
    display = `${first.slice(0, 5)} ${first.slice(5)}`;
    const order = await checkOutByApi(page.request, [picked.id], delhiBilling(buyer.name));
    orderId = order.id;
    reference = order.reference;
  });

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
    const rows = desk
      .getByRole('table', { name: 'Orders: payments to check first, then newest first' })
      .getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(buyer.name);
    // On a phone the row stands as a card: its link and status on screen, no sideways scroll.
    await desk.setViewportSize({ width: 390, height: 844 });
    await expectWithinWidth(rows.nth(1));
    await expectWithinWidth(rows.nth(1).getByRole('link', { name: reference }));
    await desk.setViewportSize({ width: 1280, height: 720 });
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

  await test.step('support takes "Ported" back, clicked too early; the order reopens, then completes again', async () => {
    await desk.reload();
    await numberRow().getByRole('button', { name: 'Take back “Ported”…' }).click();
    const form = numberRow().getByRole('form', { name: `Take back the last step of ${display}` });
    await form.getByLabel(/^Reason/).fill('The operator has not confirmed yet');
    await form.getByRole('button', { name: 'Take the step back' }).click();
    await expect(numberRow().getByRole('button', { name: 'Mark ported' })).toBeVisible();
    // The timeline says whose each step was: the buyer placed the order, support moved it.
    const timeline = desk.getByRole('region', { name: 'Timeline' });
    await expect(timeline).toContainText('· the buyer');
    await expect(timeline).toContainText('"Ported" taken back: The operator has not confirmed yet');

    const main = await buyerSees(page);
    await expect(main).toContainText('Porting in progress');
    await expect(
      main.getByRole('region', { name: 'Porting, number by number' }).getByRole('listitem', {
        name: display,
      }),
    ).toContainText('The operator has not confirmed yet');

    await numberRow().getByRole('button', { name: 'Mark ported' }).click();
    await expect(desk.getByRole('main').getByText('Completed').first()).toBeVisible();
  });

  await staff.close();
  await shop.close();
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
