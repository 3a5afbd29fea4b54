import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { clickWhenHydrated } from '../support/store-pages';

interface ApiItem {
  number: string;
  category: { slug: string; name: string };
  pricing: { nwFinalPrice: number; nwBasePrice: number };
}

interface ApiPage {
  items: ApiItem[];
  total: number;
  page: number;
  pageCount: number;
}

/** A page of GET /api/v1/numbers, to compare the listing with (never hard-coded demo data). */
async function apiNumbers(request: APIRequestContext, query: string): Promise<ApiPage> {
  const response = await request.get(`/api/v1/numbers?${query}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: ApiPage }).data;
}

/** The numbers on the cards once the listing has finished loading ([] while it loads). */
async function shownNumbers(page: Page): Promise<string[]> {
  if ((await page.locator('[aria-busy="true"]').count()) > 0) return [];
  return page
    .getByTestId('number-card')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-number') ?? ''));
}

async function shownPrices(page: Page): Promise<number[]> {
  return page
    .getByTestId('number-price')
    .evaluateAll((prices) => prices.map((price) => Number(price.getAttribute('data-price'))));
}

async function shownCategories(page: Page): Promise<string[]> {
  return page.getByTestId('number-category').allTextContents();
}

const isNonDecreasing = (values: number[]) =>
  values.every((value, index) => index === 0 || (values[index - 1] ?? 0) <= value);

test('a footer category opens a listing of only that category', async ({ page, request }) => {
  await page.goto('/');
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Mirror Numbers', exact: true })
    .click();
  await expect(page).toHaveURL(/\/premium-numbers\?category=mirror-numbers$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Premium Numbers: Mirror Numbers',
  );
  const chips = page.getByRole('navigation', { name: 'Categories' });
  await expect(chips.locator('a[aria-current="page"]')).toHaveText('Mirror Numbers');
  // The tab and the canonical link name the category, as its served page does.
  await expect(page).toHaveTitle(/^Mirror Numbers - Premium Numbers \| /);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    /\/premium-numbers\?category=mirror-numbers$/,
  );

  const expected = await apiNumbers(request, 'category=mirror-numbers');
  expect(expected.items.length).toBeGreaterThan(0);
  await expect.poll(() => shownNumbers(page)).toEqual(expected.items.map((item) => item.number));
  const categories = await shownCategories(page);
  expect(categories.length).toBeGreaterThan(0);
  expect(new Set(categories)).toEqual(new Set(['Mirror Numbers']));
  await expect(page.getByTestId('listing-count')).toContainText(
    `of ${expected.total.toLocaleString('en-IN')}`,
  );

  await chips.getByRole('link', { name: 'Triple', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Premium Numbers: Triple');
  await expect(page).toHaveTitle(/^Triple - Premium Numbers \| /);
});

test('a whole number typed as people write one finds that number in both boxes', async ({
  page,
}) => {
  await page.goto('/premium-numbers');
  await expect.poll(async () => (await shownNumbers(page)).length).toBeGreaterThan(1);
  const number = (await shownNumbers(page))[1] ?? '';
  const [head, tail] = [number.slice(0, 5), number.slice(5)];

  // Typed key by key, so the box's length limit applies as it does to a buyer, from the first
  // paint on: the keys typed before hydration and across it are all kept (decision 0102).
  const digits = page.getByRole('searchbox', { name: 'Search by digits' });
  await digits.pressSequentially(`+91 ${head} ${tail}`);
  await digits.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/premium-numbers\\?q=${number}$`));
  await expect.poll(() => shownNumbers(page)).toEqual([number]);

  const words = page.getByRole('searchbox', { name: 'Describe the number you want' });
  await words.fill(`${head}-${tail}`);
  await words.press('Enter');
  await expect(page.getByRole('link', { name: `Remove filter: Contains ${number}` })).toBeVisible();
  await expect.poll(() => shownNumbers(page)).toEqual([number]);
});

test('searching digits anywhere and at the end shows matching numbers', async ({ page }) => {
  await page.goto('/premium-numbers');
  await expect.poll(async () => (await shownNumbers(page)).length).toBeGreaterThan(1);
  // An ending to look for, read from the page: the last three digits of the second number.
  const ending = (await shownNumbers(page))[1]?.slice(-3) ?? '';
  expect(ending).toMatch(/^\d{3}$/);

  const search = page.getByRole('searchbox', { name: 'Search by digits' });
  await search.fill('786');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/premium-numbers\?q=786$/);
  await expect
    .poll(async () => {
      const numbers = await shownNumbers(page);
      return numbers.length > 0 && numbers.every((number) => number.includes('786'));
    })
    .toBe(true);

  await page.getByText('Ends with', { exact: true }).click();
  await expect(page).toHaveURL(/\/premium-numbers\?q=786&match=end$/);
  // The address changes before the page draws it, and drawing it sets the box to the address's
  // digits: typing goes on once the listing shows the new filter.
  await expect(page.getByRole('link', { name: 'Remove filter: Ends with 786' })).toBeVisible();
  await search.fill(ending);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/premium-numbers\\?q=${ending}&match=end$`));
  await expect
    .poll(async () => {
      const numbers = await shownNumbers(page);
      return numbers.length > 0 && numbers.every((number) => number.endsWith(ending));
    })
    .toBe(true);
  await expect(
    page.getByRole('link', { name: `Remove filter: Ends with ${ending}` }),
  ).toBeVisible();

  // Back returns to the previous search, and the box follows.
  await page.goBack();
  await expect(page).toHaveURL(/\/premium-numbers\?q=786&match=end$/);
  await expect(search).toHaveValue('786');
});

test('sorting by price ascending lists prices that never go down', async ({ page, request }) => {
  await page.goto('/premium-numbers');
  await expect.poll(async () => (await shownNumbers(page)).length).toBeGreaterThan(0);
  await page
    .getByRole('combobox', { name: 'Sort by' })
    .selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/\/premium-numbers\?sort=price_asc$/);

  const expected = await apiNumbers(request, 'sort=price_asc');
  await expect.poll(() => shownNumbers(page)).toEqual(expected.items.map((item) => item.number));
  const prices = await shownPrices(page);
  expect(prices.length).toBeGreaterThan(1);
  expect(isNonDecreasing(prices)).toBe(true);
  // The card shows the price with Indian grouping.
  const first = expected.items[0]?.pricing.nwFinalPrice ?? 0;
  await expect(page.getByTestId('number-price').first()).toContainText(
    `₹${first.toLocaleString('en-IN')}`,
  );
});

test('going to page 2 and back with the browser Back button', async ({ page, request }) => {
  const [first, second] = await Promise.all([
    apiNumbers(request, ''),
    apiNumbers(request, 'page=2'),
  ]);
  expect(first.pageCount).toBeGreaterThan(1);

  await page.goto('/premium-numbers');
  await expect.poll(() => shownNumbers(page)).toEqual(first.items.map((item) => item.number));

  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await pagination.getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/\/premium-numbers\?page=2$/);
  await expect.poll(() => shownNumbers(page)).toEqual(second.items.map((item) => item.number));
  await expect(pagination.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByTestId('listing-count')).toContainText('Showing 25–48');

  await page.goBack();
  await expect(page).toHaveURL(/\/premium-numbers$/);
  await expect.poll(() => shownNumbers(page)).toEqual(first.items.map((item) => item.number));

  await page.goForward();
  await expect(page).toHaveURL(/\/premium-numbers\?page=2$/);
  await expect.poll(() => shownNumbers(page)).toEqual(second.items.map((item) => item.number));
});

// Every card is the tallest card's height (on offer, its category on two lines), and so is its
// loading stand-in: nothing below moves as the numbers arrive, or a jump to the pagination
// slides it away from under the pointer.
for (const width of [375, 1280]) {
  test(`every number card is one height (${width} px wide)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/premium-numbers');
    await expect.poll(async () => (await shownNumbers(page)).length).toBe(24);
    const heights = await page
      .getByTestId('number-card')
      .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().height)));
    expect(heights).toHaveLength(24);
    expect(new Set(heights).size).toBe(1);
  });
}

test('a popular city in the footer opens its landing page with the listing', async ({ page }) => {
  await page.goto('/');
  const pune = page.getByRole('contentinfo').getByRole('link', { name: 'Pune', exact: true });
  await clickWhenHydrated(pune);
  await expect(page).toHaveURL(/\/vip-numbers\/maharashtra\/pune$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'VIP Mobile Numbers in Pune, Maharashtra',
  );
  const nearby = page.getByRole('navigation', { name: 'Nearby cities in Maharashtra' });
  await expect(nearby.getByRole('link', { name: 'Mumbai', exact: true })).toHaveAttribute(
    'href',
    '/vip-numbers/maharashtra/mumbai',
  );
  await expect.poll(async () => (await shownNumbers(page)).length).toBeGreaterThan(0);

  // The listing's filters work on the city page too, and stay on it.
  await page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('link', { name: 'Triple', exact: true })
    .click();
  await expect(page).toHaveURL(/\/vip-numbers\/maharashtra\/pune\?category=triple$/);
  await expect
    .poll(async () => {
      if ((await shownNumbers(page)).length === 0) return [];
      return [...new Set(await shownCategories(page))];
    })
    .toEqual(['Triple']);
});

test('the offer zone shows only numbers on offer, base price struck through', async ({ page }) => {
  await page.goto('/offer-zone');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Offer Zone');
  await expect.poll(async () => (await shownNumbers(page)).length).toBeGreaterThan(0);
  const cards = page.getByTestId('number-card');
  const count = await cards.count();
  await expect(cards.locator('s')).toHaveCount(count);
  await expect(cards.getByText(/^\d+% off$/)).toHaveCount(count);
  const struck = await cards.locator('s').allTextContents();
  const prices = await shownPrices(page);
  struck.forEach((text, index) => {
    const base = Number(text.replace(/[^\d.]/g, ''));
    expect(base).toBeGreaterThan(prices[index] ?? Infinity);
  });
});

test('the served HTML of the listings already holds the heading, chips and search form', async ({
  request,
}) => {
  const listing = await (await request.get('/premium-numbers')).text();
  expect(listing).toMatch(/<h1[^>]*>Premium Numbers<\/h1>/);
  expect(listing).toContain('href="/premium-numbers?category=mirror-numbers"');
  expect(listing).toContain('role="search"');
  expect(listing).toContain('Search by digits');

  // A category's own page, for every address naming it (an advert's adds its campaign).
  for (const url of [
    '/premium-numbers?category=mirror-numbers',
    '/premium-numbers?utm_source=ads&category=Mirror-Numbers',
  ]) {
    const category = await (await request.get(url)).text();
    expect(category, url).toMatch(/<h1[^>]*>Premium Numbers: Mirror Numbers<\/h1>/);
    expect(category, url).toMatch(/<title>Mirror Numbers - Premium Numbers \| /);
    expect(category, url).toMatch(
      /Mirror Numbers: first five repeat(<!-- -->)?, as in <span[^>]*>98765 98765<\/span>\./,
    );
  }
  const offer = await (await request.get('/offer-zone?category=triple')).text();
  expect(offer).toMatch(/<h1[^>]*>Offer Zone: Triple<\/h1>/);
  expect(offer).toContain('/offer-zone?category=triple"');

  const city = await (await request.get('/vip-numbers/maharashtra/pune')).text();
  expect(city).toContain('VIP Mobile Numbers in Pune, Maharashtra');
  expect(city).toContain('href="/vip-numbers/maharashtra/mumbai"');
  expect(city).toContain('href="/vip-numbers/maharashtra/pune?category=triple"');
});

test("the served HTML of a listing's canonical addresses holds their numbers and pages, and hydrating fetches none", async ({
  page,
  request,
}) => {
  // Crawlers that run no script see the numbers, each a link to its page (decision 0044).
  for (const [url, query] of [
    ['/premium-numbers?category=mirror-numbers', 'category=mirror-numbers'],
    ['/premium-numbers?page=2', 'page=2'],
    ['/offer-zone', 'offer=true'],
    ['/vip-numbers/maharashtra/mumbai', ''],
    ['/', 'offer=true&pageSize=4'],
  ] as const) {
    const html = await (await request.get(url)).text();
    const listed = await apiNumbers(request, query);
    expect(listed.items.length, url).toBeGreaterThan(0);
    for (const item of listed.items) expect(html, url).toContain(`href="/numbers/${item.number}"`);
    expect(html, url).not.toContain('Loading numbers');
    expect(html, url).not.toContain('aria-busy="true"');
    if (url !== '/' && listed.pageCount > listed.page) {
      expect(html, url).toMatch(/href="[^"]*page=\d+"/);
    }
  }

  const listings: string[] = [];
  page.on('request', (sent) => {
    if (/\/api\/v1\/numbers(\?|$)/.test(sent.url())) listings.push(sent.url());
  });
  await page.goto('/premium-numbers');
  await expect.poll(() => page.evaluate(() => '__reactRouterRouteModules' in window)).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(await shownNumbers(page)).toEqual(
    (await apiNumbers(request, '')).items.map((item) => item.number),
  );
  expect(listings).toEqual([]);
  // Another page, followed in the browser, is read from the API as before.
  await clickWhenHydrated(
    page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }),
  );
  await expect(page).toHaveURL(/page=2/);
  await expect.poll(() => listings.length).toBe(1);
});

test('an unknown city replaces to /premium-numbers', async ({ page }) => {
  await page.goto('/vip-numbers/maharashtra/atlantis');
  await expect(page).toHaveURL(/\/premium-numbers$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Premium Numbers');
});
