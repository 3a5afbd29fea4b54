import { expect, test, type Page } from '@playwright/test';
import { newAccount, registerByApi } from '../support/accounts';
import { type ApiNumber, clickWhenHydrated } from '../support/store-pages';

/**
 * On a phone, Back closes an open dialog and keeps the page (QA pass 28 F8, decision 0109): the
 * dialog owns one history entry while it is open, and gives it back when closed otherwise.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** A new buyer signed in on `page`'s context, on a number's page opened from the listing. */
async function onNumberPage(page: Page, name: string) {
  await registerByApi(page.request, newAccount(name));
  const listed = await page.request.get('/api/v1/numbers?sort=price_desc&page=3&pageSize=20');
  const { items } = ((await listed.json()) as { data: { items: ApiNumber[] } }).data;
  const number = items[Math.floor(Math.random() * items.length)]!;
  await page.goto('/premium-numbers');
  await page.goto(`/numbers/${number.number}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return number;
}

test("Back closes Buy now's dialog on the number's page, and Back again leaves the page", async ({
  page,
}) => {
  const number = await onNumberPage(page, 'back tester');
  await clickWhenHydrated(page.getByRole('button', { name: 'Buy now' }));
  const dialog = page.getByRole('dialog', { name: `Buy ${number.display}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Address line 1').fill('22 Marine Drive');

  await page.goBack();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/numbers/${number.number}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // What was typed is kept as before: the billing draft.
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(dialog.getByLabel('Address line 1')).toHaveValue('22 Marine Drive');
  await dialog.getByRole('button', { name: 'Close dialog' }).click();
  await expect(dialog).toHaveCount(0);

  // Closed by its button, it took its entry back: Back leaves the page.
  await page.goBack();
  await expect(page).toHaveURL(/\/premium-numbers$/);
});
