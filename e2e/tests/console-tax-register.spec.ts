import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { newAccount, registerByApi, signInWithOtp } from '../support/accounts';
import { paidOrder } from '../support/orders';
import { createStaffAccount } from '../support/staff';

/**
 * The owner's GST register (decision 0077): an order is paid, and an administrator finds its
 * invoice in today's register, downloads the CSV for the accountant, and the read is on record.
 */
test("an admin reads a paid order's invoice in the tax register and downloads its CSV; the audit log shows the read", async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // Today in India, as the register counts days.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  let reference = '';

  await test.step('a buyer checks out a number and support confirms the payment', async () => {
    await registerByApi(page.request, newAccount('meera register'));
    reference = (await paidOrder(page, baseURL, 1)).reference;
  });

  const admin = newAccount('anil register');
  await createStaffAccount(admin, 'admin');
  const context = await browser.newContext({ baseURL, acceptDownloads: true });
  const desk = await context.newPage();
  await signInWithOtp(desk.request, admin.mobile);

  await test.step("today's register lists the order's invoice", async () => {
    await desk.goto('/admin');
    await desk
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Tax register' })
      .click();
    await expect(desk.getByRole('heading', { name: 'Tax register', level: 1 })).toBeVisible();
    const days = desk.getByRole('form', { name: 'Choose from and to days' });
    await days.getByLabel('From').fill(today);
    await days.getByLabel('To').fill(today);
    await days.getByRole('button', { name: 'Show period' }).click();
    await expect(desk).toHaveURL(new RegExp(`from=${today}&to=${today}`));
    const documents = desk.getByRole('table', {
      name: 'Tax invoices and credit notes, in issue order',
    });
    const row = documents.getByRole('row').filter({ hasText: reference });
    await expect(row).toContainText('Tax invoice');
    await expect(row).toContainText(/INV\/\d{2}-\d{2}\/\d{6}/);
    await expect(desk.getByRole('table', { name: 'Totals' })).toContainText('Net');
  });

  await test.step('the CSV downloads, named for its period, with the invoice in it', async () => {
    const downloading = desk.waitForEvent('download');
    await desk.getByRole('link', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`tax-register-${today}-to-${today}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain('Taxable value (rupees, 2 decimals)');
    expect(csv).toContain(reference);
  });

  await test.step('the audit log shows each read of the register', async () => {
    await desk.goto('/admin/audit?action=tax_register.');
    const table = desk.getByRole('table', { name: 'Audit log entries, newest first' });
    const reads = table
      .getByRole('row')
      .filter({ hasText: 'Tax register read' })
      .filter({ hasText: admin.name });
    await expect(reads.first()).toContainText(`Tax register of ${today} to ${today}`);
  });
  await context.close();
});
