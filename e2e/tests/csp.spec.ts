import { expect, test } from '@playwright/test';
import { pageTypes } from '../support/page-types';

/**
 * The Content-Security-Policy admits no inline script but a page's own (by hash), and every
 * kind of page still runs, hydrates and logs no error and no policy violation.
 */
test.describe('the content security policy', () => {
  for (const { name, path } of pageTypes) {
    test(`lets the ${name} page run with no console error or violation`, async ({ page }) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(
            `CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
          );
        });
      });
      const response = await page.goto(path);
      const csp = response!.headers()['content-security-policy'] ?? '';
      const scripts = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scripts).not.toContain("'unsafe-inline'");
      // The inline module script ran: React Router has the page's modules and hydrates.
      await expect
        .poll(() => page.evaluate(() => '__reactRouterRouteModules' in window))
        .toBe(true);
      await expect(page.getByRole('contentinfo').or(page.getByRole('main')).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    });
  }
});
