import { expect, test, type Page } from '@playwright/test';
import { header } from '../support/accounts';

/**
 * WCAG 1.4.10: at 400 % zoom (a 320 px wide window) no page scrolls sideways and the header's
 * controls stay on the screen (QA pass 32 F3).
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

  for (const path of [
    '/',
    '/premium-numbers',
    '/vip-numbers/maharashtra/mumbai',
    '/why-us',
    '/cart',
  ]) {
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
