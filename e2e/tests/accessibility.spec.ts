import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { pageTypes } from '../support/page-types';

/**
 * axe-core (WCAG 2.1 A and AA, and its best practices) finds nothing on any page type, on a
 * phone and on a desktop screen.
 */
for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });
    for (const { name, path } of pageTypes) {
      test(`${name} (${path})`, async ({ page }) => {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        const { violations } = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
          .analyze();
        const found = violations.map(
          (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
        );
        expect(found).toEqual([]);
      });
    }
  });
}
