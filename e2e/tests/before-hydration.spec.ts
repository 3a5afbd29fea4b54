import { expect, test, type Locator, type Page } from '@playwright/test';

/** Holds the page's scripts until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function isHydrated(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) =>
    Object.keys(element).some((key) => key.startsWith('__reactProps$')),
  );
}

/** The listing at `path` with its scripts held, and `keys` typed into its digits box meanwhile. */
async function typedBeforeHydration(page: Page, path: string, keys: string) {
  const releaseScripts = await holdScripts(page);
  await page.goto(path);
  const search = page.getByRole('searchbox', { name: 'Search by digits' });
  await search.pressSequentially(keys);
  expect(await isHydrated(search)).toBe(false);
  return { search, releaseScripts };
}

test('a button clicked before the page has hydrated does its work once it has', async ({
  page,
}) => {
  const releaseScripts = await holdScripts(page);
  await page.goto('/why-us');
  const signIn = page.getByRole('banner').getByRole('button', { name: 'Sign In' });
  await signIn.click();
  expect(await isHydrated(signIn)).toBe(false);
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toHaveCount(0);

  releaseScripts();
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
});

test('digits searched for before the listing has hydrated are searched once it has', async ({
  page,
}) => {
  const { search, releaseScripts } = await typedBeforeHydration(page, '/premium-numbers', '786');
  await search.press('Enter');
  expect(await isHydrated(search)).toBe(false);
  await expect(page).toHaveURL(/\/premium-numbers$/);

  releaseScripts();
  await expect(page).toHaveURL(/\/premium-numbers\?q=786$/);
  await expect(search).toHaveValue('786');
});

test('digits typed before the listing hydrates and after it are all kept', async ({ page }) => {
  const { search, releaseScripts } = await typedBeforeHydration(page, '/premium-numbers', '98');

  // Keys go on being typed while the scripts arrive and the page hydrates, on a slow phone's CPU.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  releaseScripts();
  await search.pressSequentially('76543210', { delay: 60 });
  expect(await isHydrated(search)).toBe(true);
  await expect(search).toHaveValue('9876543210');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/premium-numbers\?q=9876543210$/);
  await expect(search).toHaveValue('9876543210');
});

test("digits typed before a shared search link's listing hydrates win over the link's", async ({
  page,
}) => {
  const { search, releaseScripts } = await typedBeforeHydration(
    page,
    '/premium-numbers?q=786',
    '12',
  );

  releaseScripts();
  // Once hydrated the listing shows the link's search, and the box keeps what was typed.
  await expect(page.getByRole('link', { name: 'Remove filter: Contains 786' })).toBeVisible();
  await expect(search).toHaveValue('12');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/premium-numbers\?q=12$/);
});

test('a link followed before the page has hydrated loads the next page as plain HTML', async ({
  page,
}) => {
  await holdScripts(page);
  await page.goto('/why-us');
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Mirror Numbers', exact: true })
    .click();
  await expect(page).toHaveURL(/\/premium-numbers\?category=mirror-numbers$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('Apply on an opening, clicked before the career page has hydrated, chooses it once it has', async ({
  page,
}) => {
  const releaseScripts = await holdScripts(page);
  await page.goto('/career');
  const apply = page.getByRole('button', { name: 'Apply for Porting Support Associate' });
  await apply.click();
  expect(await isHydrated(apply)).toBe(false);

  releaseScripts();
  const position = page.getByTestId('enquiry-form').getByLabel('Position');
  await expect(position).toHaveValue('Porting Support Associate');
  await expect(page.locator('#apply')).toBeFocused();
  await expect(position).toBeInViewport();
});

test("a category's listing has its heading before it hydrates, and nothing moves when it does", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const releaseScripts = await holdScripts(page);
  await page.goto('/premium-numbers?category=mirror-numbers');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Premium Numbers: Mirror Numbers');
  const intro = page.getByText('Find a number people remember');
  const before = await intro.boundingBox();

  releaseScripts();
  await expect(page.getByRole('heading', { name: /^Available numbers/ })).toBeVisible();
  await expect.poll(() => isHydrated(heading)).toBe(true);
  await expect(page.locator('article').first()).toBeVisible();
  await expect(heading).toHaveText('Premium Numbers: Mirror Numbers');
  expect(await intro.boundingBox()).toEqual(before);
});

test('an unknown category keeps the plain heading before and after hydration', async ({ page }) => {
  const releaseScripts = await holdScripts(page);
  await page.goto('/offer-zone?category=__proto__');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Offer Zone');
  releaseScripts();
  await expect.poll(() => isHydrated(heading)).toBe(true);
  await expect(heading).toHaveText('Offer Zone');
});
