import { expect, test } from '@playwright/test';
import { newAccount, registerByApi } from '../support/accounts';

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

test("a signed-in buyer's header keeps one line at 1280 px, and hands over to the menu below", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await registerByApi(page.request, newAccount('ravikumar longname'));
  await page.goto('/premium-numbers');
  const header = page.getByRole('banner');
  const main = header.getByRole('navigation', { name: 'Main' });
  await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();
  // One line: the header row's height, and every link a single line of text.
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(72);
  for (const link of await main.getByRole('link').all()) {
    expect((await link.boundingBox())!.height, await link.innerText()).toBeLessThan(44);
  }
  await page.setViewportSize({ width: 1200, height: 800 });
  await expect(main).toBeHidden();
  await expect(header.getByRole('button', { name: 'Menu' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mobile menu opens, and its Products group shows the product links', async ({
    page,
  }) => {
    await page.goto('/');
    const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(mobileNav).toBeHidden();

    // One click, even before the page has hydrated (it is held and replayed then).
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(mobileNav).toBeVisible();

    // The product links stay folded away until Products is opened.
    const products = mobileNav.getByRole('button', { name: 'Products' });
    await expect(products).toHaveAttribute('aria-expanded', 'false');
    const smartIvr = mobileNav.getByRole('link', { name: 'Smart IVR' });
    await expect(smartIvr).toBeHidden();
    await products.click();
    await expect(products).toHaveAttribute('aria-expanded', 'true');
    await expect(smartIvr).toBeVisible();
    await expect(smartIvr).toHaveAttribute('href', '/products/smart-ivr');

    // Following a link closes the menu.
    await smartIvr.click();
    await expect(page).toHaveURL(/\/products\/smart-ivr$/);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(mobileNav).toBeHidden();
  });
});
