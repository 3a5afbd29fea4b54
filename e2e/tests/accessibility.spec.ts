import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { newAccount, registerByApi, SUPPORT_STATE_ENV } from '../support/accounts';
import { paidOrder } from '../support/orders';
import { pageTypes } from '../support/page-types';
import { untilHydrated } from '../support/store-pages';

/**
 * axe-core (WCAG 2.1 A and AA, and its best practices) finds nothing on any page type, on a
 * phone and on a desktop screen, nor with the dialogs, menus, filter panel and toasts open.
 */

// The longest spec by far, and its tests share nothing: both workers take them.
test.describe.configure({ mode: 'parallel' });

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });
    for (const { name, path } of pageTypes) {
      test(`${name} (${path})`, async ({ page }) => {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        expect(await axeFindings(page)).toEqual([]);
      });
    }
  });
}

/**
 * The console's dashboard with an order paid, so its charts are drawn: the drawings are hidden
 * from assistive technology (their tables are the text), so nothing in them may take the focus
 * (QA 19 F10: Recharts' accessibility layer made each chart a tab stop; QA 32 F2: its layers).
 */
test('the console dashboard with its charts drawn', async ({ browser, page, baseURL }) => {
  await registerByApi(page.request, newAccount('axe dashboard buyer'));
  await paidOrder(page, baseURL, 1);
  const context = await browser.newContext({
    baseURL,
    storageState: process.env[SUPPORT_STATE_ENV],
    viewport: { width: 1280, height: 844 },
  });
  try {
    const desk = await context.newPage();
    await desk.goto('/admin');
    await expect(desk.locator('.recharts-wrapper')).toHaveCount(2);
    await expect(desk.locator('.recharts-bar-rectangle').first()).toBeVisible();
    expect(await axeFindings(desk)).toEqual([]);
    // Tab from each chart's caption goes to its "Show as a table", past the drawing (QA 32 F2:
    // Recharts' z-index layers took the focus unseen by axe).
    for (const figure of await desk.locator('figure').all()) {
      await figure.locator('figcaption').evaluate((caption: HTMLElement) => {
        caption.tabIndex = -1;
        caption.focus();
      });
      await desk.keyboard.press('Tab');
      await expect(figure.locator('summary')).toBeFocused();
    }
  } finally {
    await context.close();
  }
});

/**
 * Runs axe over the page as it is now (dialogs, menus and toasts open included), once the colour
 * transitions under way have ended: a chip fading to its state for 150 ms is not a contrast fault,
 * and axe caught one half-way once. Endless animations (a spinner) are not waited for.
 *
 * In axe's legacy mode: one `axe.run` in the page, where the default runs each frame apart and
 * then finishes in a second, blank page it opens. The findings are the same for a page of one
 * frame, and the run takes half the time (CI time, decision 0114); the store's pages have no
 * frame of their own, which the first check here holds to.
 */
async function axeFindings(page: Page): Promise<string[]> {
  expect(page.frames(), 'a page with frames needs axe in its default mode').toHaveLength(1);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // Only violations are read: axe keeps one node of each other result type, not all of them.
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

/** Clicks `button` and waits for `opened` (a click before hydration is replayed after it). */
async function open(button: Locator, opened: Locator) {
  await button.click();
  await expect(opened).toBeVisible();
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px, with dialogs and menus open`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('the sign-in and registration dialogs, and the navigation menus', async ({ page }) => {
      await page.goto('/');
      const banner = page.getByRole('banner');
      if (width < 1024) {
        const nav = page.getByRole('navigation', { name: 'Mobile' });
        await open(banner.getByRole('button', { name: 'Menu' }), nav);
        await nav.getByRole('button', { name: 'Products' }).click();
        await expect(nav.getByRole('link', { name: 'Smart IVR' })).toBeVisible();
        expect(await axeFindings(page), 'mobile menu').toEqual([]);
      } else {
        const products = page.getByRole('navigation', { name: 'Main' });
        await open(
          products.getByRole('button', { name: 'Products' }),
          products.getByRole('link', { name: 'Smart IVR' }),
        );
        expect(await axeFindings(page), 'products menu').toEqual([]);
        await page.keyboard.press('Escape');
      }

      // In the header on a desktop screen, in the open menu on a phone.
      const signIn = page.getByRole('dialog', { name: 'Sign In' });
      await open(page.getByRole('button', { name: 'Sign In' }).filter({ visible: true }), signIn);
      expect(await axeFindings(page), 'sign-in dialog').toEqual([]);
      await signIn.getByRole('button', { name: 'Create an account' }).click();
      await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();
      expect(await axeFindings(page), 'registration dialog').toEqual([]);
    });

    test('the listing with more filters, a toast, and Buy now’s billing dialog', async ({
      page,
    }) => {
      await page.goto('/premium-numbers');
      const filters = page.getByRole('button', { name: /More filters/ });
      await open(filters, page.getByLabel('Lowest price (₹)'));
      await expect(filters).toHaveAttribute('aria-expanded', 'true');
      expect(await axeFindings(page), 'more filters').toEqual([]);

      const card = page.getByTestId('number-card').first();
      await card.getByRole('button', { name: /Add .* to cart/ }).click();
      await expect(page.getByRole('status').getByText('Item added to cart').first()).toBeVisible();
      expect(await axeFindings(page), 'toast').toEqual([]);

      await registerByApi(page.request, newAccount('axe buyer'));
      const number = await card.getAttribute('data-number');
      await page.goto(`/numbers/${number}`);
      const dialog = page.getByRole('dialog', { name: /^Buy / });
      await open(page.getByRole('button', { name: 'Buy now' }), dialog);
      expect(await axeFindings(page), 'Buy now dialog').toEqual([]);
    });
  });
}

/**
 * A form field shows the page's focus ring, 3 px of blue-600 (about 5:1 on white), a field in error
 * too (QA 32 F8: a 1 px border and a faint ring, nearly invisible on a red field).
 */
test('a focused field shows a clear ring, also in error', async ({ page }) => {
  const blueRing = 'solid 3px oklch(0.546 0.245 262.881)';
  const ring = (field: Locator) =>
    field.evaluate((element) => {
      const style = getComputedStyle(element);
      return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
    });
  await page.goto('/');
  const digits = page.getByLabel('Digits you want');
  await digits.focus();
  expect(await ring(digits)).toBe(blueRing);

  await page.goto('/contact-us');
  const send = page.getByRole('button', { name: 'Send enquiry' });
  await untilHydrated(send);
  await send.click();
  const name = page.getByLabel('Full name');
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  expect(await ring(name)).toBe(blueRing);
});
