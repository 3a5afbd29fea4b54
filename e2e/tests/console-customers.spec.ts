import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { newAccount, registerByApi, signInWithOtp } from '../support/accounts';
import { createStaffAccount } from '../support/staff';

/**
 * Support looks a buyer up in the console; an administrator downloads the buyer's data for a
 * request by post, then closes the account from its page.
 */

test('support finds a buyer by mobile and opens them; an administrator downloads their data and closes the account from its page', async ({
  page,
  browser,
}) => {
  const buyer = newAccount('meera buyer');
  await registerByApi(page.request, buyer);
  const support = newAccount('sunita support');
  await createStaffAccount(support, 'support');
  const admin = newAccount('anil admin');
  await createStaffAccount(admin, 'admin');

  await test.step('support searches by mobile and opens the buyer', async () => {
    const context = await browser.newContext();
    const supportPage = await context.newPage();
    await signInWithOtp(supportPage.request, support.mobile);
    await supportPage.goto('/admin/customers');
    await expect(supportPage.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
    await supportPage.getByRole('searchbox', { name: 'Search customers' }).fill(buyer.mobile);
    await supportPage.getByRole('button', { name: 'Search' }).click();
    const table = supportPage.getByRole('table', { name: 'Customers, newest first' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('link', { name: buyer.name }).click();
    await expect(supportPage).toHaveURL(/\/admin\/customers\/[0-9a-f-]{36}$/);
    await expect(supportPage.getByRole('region', { name: 'The account' })).toContainText(
      buyer.email,
    );
    await expect(supportPage.getByRole('region', { name: 'Consents' })).toContainText(
      'Terms and privacy policy: given',
    );
    // Downloading the buyer's data and closing are for administrators.
    await expect(supportPage.getByRole('button', { name: 'Close this account' })).toHaveCount(0);
    await expect(
      supportPage.getByRole('button', { name: "Download this buyer's data" }),
    ).toHaveCount(0);
    await context.close();
  });

  await test.step("an administrator downloads the buyer's data for a letter", async () => {
    await signInWithOtp(page.request, admin.mobile);
    await page.goto(`/admin/customers?q=${buyer.mobile}`);
    await page.getByRole('link', { name: buyer.name }).click();
    await expect(page.getByRole('heading', { name: buyer.name, level: 1 })).toBeVisible();
    await page
      .getByLabel("The buyer's request (kept in the audit log)")
      .fill('Letter of 28 Nov, ref 123');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: "Download this buyer's data" }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^data-[0-9a-f-]{36}-\d{4}-\d{2}-\d{2}\.json$/);
    const saved = JSON.parse(await readFile(await file.path(), 'utf8'));
    expect(saved.profile).toMatchObject({ name: buyer.name, email: buyer.email });
    await expect(page.getByRole('region', { name: 'Audit log' })).toContainText(
      "Buyer's data downloaded for their request by",
    );
  });

  await test.step('an administrator closes it from its page; it shows as closed', async () => {
    // The list's close-by-contact form has a Reason field too: fill the customer page's.
    await expect(page.getByRole('heading', { name: buyer.name, level: 1 })).toBeVisible();
    await page.getByLabel('Reason (kept in the audit log)').fill('Asked by e-mail today');
    await page.getByRole('button', { name: 'Close this account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close this account?' });
    await dialog.getByRole('button', { name: 'Close the account' }).click();
    await expect(page.getByText(/The account has been closed\./)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Closed account', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Audit log' })).toContainText(
      'Account closed by',
    );
  });
});
