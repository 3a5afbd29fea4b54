import { expect, test, type Page } from '@playwright/test';
import { header, newAccount, registerByApi } from '../support/accounts';

/**
 * WCAG 1.4.10 and 1.4.12: at 400 % zoom (a 320 px wide window) and with a reader's own text
 * spacing, no page scrolls sideways and the header's controls stay on the screen (QA pass 32).
 */

async function pageWidth(page: Page) {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    screen: document.documentElement.clientWidth,
  }));
}

test.describe('at 320 px (400 % zoom)', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  for (const path of ['/premium-numbers', '/vip-numbers/maharashtra/mumbai', '/why-us', '/cart']) {
    test(`${path} reflows: no sideways scroll, the Menu button whole`, async ({ page }) => {
      await page.goto(path);
      const width = await pageWidth(page);
      expect(width.document).toBeLessThanOrEqual(width.screen);
      const menu = await header(page).getByRole('button', { name: 'Menu' }).boundingBox();
      expect(menu).not.toBeNull();
      expect(menu!.x + menu!.width).toBeLessThanOrEqual(width.screen);
    });
  }
});

test('with WCAG text spacing at 1280 px, a signed-in buyer’s header stays on the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await registerByApi(page.request, newAccount('spacing tester'));
  await page.goto('/cart');
  await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.addStyleTag({
    content: `* { line-height: 1.5 !important; letter-spacing: 0.12em !important;
      word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }`,
  });
  const width = await pageWidth(page);
  expect(width.document).toBeLessThanOrEqual(width.screen);
  for (const name of ['Logout', 'Saved']) {
    const control = header(page).getByRole(name === 'Logout' ? 'button' : 'link', { name });
    const box = await control.boundingBox();
    expect(box, name).not.toBeNull();
    expect(box!.x + box!.width, name).toBeLessThanOrEqual(width.screen);
  }
});
