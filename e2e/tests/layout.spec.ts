import { expect, test } from '@playwright/test';

test('the home page shows the header and footer', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Premium Numbers' }).first()).toBeVisible();
  await expect(header.getByRole('link', { name: 'Offer Zone' }).first()).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Career' })).toBeVisible();
  await expect(footer).toContainText(String(new Date().getFullYear()));
});

test('the served HTML of the home page already holds its links', async ({ request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('href="/premium-numbers"');
  expect(html).toContain('href="/premium-numbers?category=mirror-numbers"');
  expect(html).toContain('href="/vip-numbers/uttar-pradesh/noida"');
});

test('a footer category link opens the listing of that category', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Mirror Numbers', exact: true })
    .click();
  await expect(page).toHaveURL(/\/premium-numbers\?category=mirror-numbers$/);
});

test('an unknown path lands on /premium-numbers', async ({ page }) => {
  await page.goto('/no-such-page/at-all');
  await expect(page).toHaveURL(/\/premium-numbers$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mobile menu opens and shows Products', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await menu.click();
    const products = page.getByRole('button', { name: 'Products' });
    await expect(products).toBeVisible();
    await products.click();
    await expect(page.getByRole('link', { name: /Smart IVR/i }).first()).toBeVisible();
  });
});
