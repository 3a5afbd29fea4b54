import { expect, test } from '@playwright/test';
import { SUPPORT_STATE_ENV } from '../support/accounts';

/**
 * The support console's stock import, as an agent does it in the browser: upload a CSV with
 * some bad rows, read the check's errors, confirm, watch the progress bar, read the result and
 * its refused rows, and find an imported number in the inventory. It adds 20,000 numbers, so it
 * runs in its own project after the storefront specs (playwright.config.ts).
 */

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

test('a support agent imports stock: the check, its errors, the progress bar and the result', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    storageState: process.env[SUPPORT_STATE_ENV],
  });
  const page = await context.newPage();
  // A prefix of this run, so that the numbers are new however often the spec runs on a store.
  const prefix = `6${String(Date.now() % 10_000).padStart(4, '0')}`;
  const { csv, first } = stockFile(prefix);

  await test.step('the agent opens the imports from the console', async () => {
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Imports' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Imports' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download the template' })).toBeVisible();
  });

  await test.step('the check lists the refused rows with their reasons', async () => {
    await page.getByLabel(/CSV file/).setInputFiles({
      name: 'stock.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('button', { name: 'Check the file' }).click();
    const check = page.getByRole('region', { name: 'Check of the file' });
    await expect(check).toContainText(
      '20,004 rows: 20,000 will go in (20,000 new, 0 repriced, 0 unchanged); 4 refused.',
    );
    const rows = check.getByRole('row');
    await expect(rows.nth(1)).toContainText('4');
    await expect(rows.nth(1)).toContainText('scientific notation');
    await expect(rows.nth(2)).toContainText('number must have 10 digits (it has 5)');
    await expect(rows.nth(3)).toContainText('number repeats line 2');
    await expect(rows.nth(4)).toContainText('number must have 10 digits (it has 11)');
  });

  await test.step('the agent confirms, watches the progress bar and reads the result', async () => {
    await page.getByRole('button', { name: 'Import 20,000 rows' }).click();
    await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
    const result = page.getByRole('status', { name: 'Import result' });
    await expect(result).toContainText(
      'Import done: 20,000 rows imported (20,000 new, 0 repriced, 0 unchanged).',
      { timeout: 60_000 },
    );
    const errorsLink = result.getByRole('link', { name: /4 refused rows \(errors\.csv\)/ });
    const errors = await context.request.get((await errorsLink.getAttribute('href'))!);
    expect(errors.status()).toBe(200);
    const lines = (await errors.text()).trim().split(/\r?\n/);
    expect(lines[0]).toBe('number,price,offer_price,reason');
    expect(lines).toHaveLength(5);
    expect(lines[3]).toBe(`${first},7000,,number repeats line 2`);

    const past = page.getByRole('region', { name: 'Past imports' });
    await expect(past.getByRole('row').nth(1)).toContainText('stock.csvDemo Supportdone');
  });

  await test.step('the imported number is in the inventory at its price', async () => {
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Inventory' })
      .click();
    await page.getByLabel('Digits', { exact: true }).fill(first);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const row = page.getByRole('row', {
      name: new RegExp(`${first.slice(0, 5)} ${first.slice(5)}`),
    });
    await expect(row).toContainText('₹1,25,000');
    await expect(row).toContainText('available');
  });

  await context.close();
});
