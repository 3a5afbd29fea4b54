import { expect, test, type Locator, type Page } from '@playwright/test';
import { header, newAccount, registerByApi } from '../support/accounts';
import { clickWhenHydrated, untilHydrated } from '../support/store-pages';

/** On a phone (390 px): nothing floating covers what the buyer must press or read. */

test.use({ viewport: { width: 390, height: 844 } });

/** Whether the element itself is what a tap at this point of it reaches (nothing on top). */
async function reachableAt(locator: Locator, where: 'centre' | 'right end'): Promise<boolean> {
  return locator.evaluate((element, side) => {
    const box = element.getBoundingClientRect();
    const x = side === 'centre' ? box.left + box.width / 2 : box.right - 4;
    const y = box.top + box.height / 2;
    const top = document.elementFromPoint(x, y);
    return top !== null && (top === element || element.contains(top));
  }, where);
}

/** Scrolls so that the element's bottom edge sits on the bottom of the screen. */
async function toBottomOfScreen(page: Page, locator: Locator) {
  await locator.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  // The WhatsApp button checks its place on the next frame.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
}

test('the WhatsApp button never covers the cart total or the checkout button', async ({ page }) => {
  // Three numbers: the summary then starts below the first screen, and scrolling brings the
  // total and the checkout button up from the bottom edge, where the WhatsApp button sits.
  await page.goto('/premium-numbers');
  const cards = page.getByTestId('number-card');
  for (const index of [0, 1, 2]) {
    await cards
      .nth(index)
      .getByRole('button', { name: /Add .* to cart/ })
      .click();
    await expect(
      header(page).getByRole('link', { name: `Cart, ${index + 1} item${index ? 's' : ''}` }),
    ).toBeVisible();
  }
  await page.goto('/cart');
  const checkout = page.getByRole('button', { name: 'Checkout' });
  const total = page.getByTestId('cart-total');
  await expect(checkout).toBeVisible();
  const whatsapp = page.getByTestId('whatsapp-button');

  for (const target of [checkout, total]) {
    await toBottomOfScreen(page, target);
    await expect.poll(() => reachableAt(target, 'right end')).toBe(true);
    await expect(whatsapp).toBeHidden();
  }
  // With the checkout at the top of the screen, the button is back.
  await checkout.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await expect(whatsapp).toBeVisible();
});

test('the toasts after sign-in leave the header’s menu and cart uncovered', async ({
  page,
  playwright,
  baseURL,
}) => {
  const account = newAccount('toast tester');
  const api = await playwright.request.newContext({ baseURL });
  try {
    await registerByApi(api, account);
  } finally {
    await api.dispose();
  }
  await page.goto('/');
  await clickWhenHydrated(page.getByRole('button', { name: 'Menu' }));
  await page.locator('#mobile-menu').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('E-mail address or mobile number').fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog).toBeHidden();

  const toast = page.getByRole('status', { name: 'Notifications' }).locator('[data-toast-type]');
  await expect(toast.first()).toBeVisible();
  const menu = header(page).getByRole('button', { name: 'Menu' });
  const cart = header(page).getByRole('link', { name: /^Cart/ });
  expect(await reachableAt(menu, 'centre')).toBe(true);
  expect(await reachableAt(cart, 'centre')).toBe(true);
  // The account menu opens while the toast is still up, and its name is reachable.
  await menu.click();
  const profile = page.locator('#mobile-menu').getByRole('link', { name: /Toast tester/i });
  await expect(profile).toBeVisible();
  await expect(toast.first()).toBeVisible();
  expect(await reachableAt(profile, 'centre')).toBe(true);
});

test('a category chip that takes the focus is brought into the sideways row', async ({ page }) => {
  await page.goto('/premium-numbers');
  const chips = page.getByRole('navigation', { name: 'Categories' });
  const row = chips.getByRole('list');
  const all = chips.getByRole('link', { name: 'All' });
  await untilHydrated(all);
  await all.focus();
  // Chrome leaves a chip half past the row's right edge where it is (QA pass 32, F7).
  for (const name of [
    'Without 248 Numbers',
    'Mirror Numbers',
    'Semi Mirror Numbers',
    'Two Digit Numbers',
    'Three Digit Numbers',
    'Counting Numbers',
  ]) {
    await page.keyboard.press('Tab');
    const chip = chips.getByRole('link', { name, exact: true });
    await expect(chip).toBeFocused();
    await expect
      .poll(async () => {
        const [box, view] = await Promise.all([chip.boundingBox(), row.boundingBox()]);
        // With room for its 3 px focus ring on either side.
        return box!.x >= view!.x + 4 && box!.x + box!.width <= view!.x + view!.width - 4;
      })
      .toBe(true);
  }
});

for (const path of [
  '/',
  '/premium-numbers',
  '/premium-numbers?category=mirror-numbers',
  '/vip-numbers/maharashtra/mumbai',
  '/why-us',
  '/cart',
]) {
  test(`${path} is no wider than the phone, once everything has loaded`, async ({ page }) => {
    // A page wider than the screen makes a phone zoom out and lays fixed buttons out again.
    await page.goto(path);
    await expect(page.getByTestId('whatsapp-button')).toBeVisible();
    if (path.startsWith('/premium-numbers')) {
      // The category counts arrive last, each with words for screen readers.
      await expect(page.getByTestId('category-count').first()).toBeVisible();
    }
    await page.waitForLoadState('networkidle');
    const width = await page.evaluate(() => ({
      document: document.documentElement.scrollWidth,
      screen: document.documentElement.clientWidth,
    }));
    expect(width.document).toBeLessThanOrEqual(width.screen);
  });
}
