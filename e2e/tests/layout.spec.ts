import { expect, test, type Page } from '@playwright/test';
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
  // A reader's wider text spacing (WCAG 1.4.12's values): the header may take two lines, but no
  // text overlaps another or leaves the screen.
  await page.addStyleTag({
    content:
      '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }',
  });
  await expect(header.getByRole('button', { name: 'Logout' })).toBeInViewport();
  expect(await textOverlaps(page, 'header')).toEqual([]);
  await page.setViewportSize({ width: 1200, height: 800 });
  await expect(main).toBeHidden();
  await expect(header.getByRole('button', { name: 'Menu' })).toBeVisible();
});

/**
 * The pairs of texts drawn over each other inside `selector`, or past the screen's sides: each
 * text as drawn (a range over its text node, so a text overflowing its box counts where it is
 * painted), texts read only by screen readers left out.
 */
function textOverlaps(page: Page, selector: string) {
  return page.evaluate((selector) => {
    const drawn: { node: Node; text: string; rect: DOMRect }[] = [];
    const walker = document.createTreeWalker(
      document.querySelector(selector)!,
      NodeFilter.SHOW_TEXT,
    );
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent!.trim();
      const box = node.parentElement!.getBoundingClientRect();
      if (!text || box.width <= 1 || box.height <= 1) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) drawn.push({ node, text, rect });
    }
    const meets = (a: DOMRect, b: DOMRect) =>
      a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    return [
      ...drawn.flatMap((a, i) =>
        drawn
          .slice(i + 1)
          .filter((b) => b.node !== a.node && meets(a.rect, b.rect))
          .map((b) => `${a.text} / ${b.text}`),
      ),
      ...drawn
        .filter(({ rect }) => rect.left < 0 || rect.right > window.innerWidth)
        .map(({ text }) => `${text} / the screen's side`),
    ];
  }, selector);
}

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
