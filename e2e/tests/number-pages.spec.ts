import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { newAccount, registerByApi, supportRequest } from '../support/accounts';
import { delhiBilling } from '../support/orders';
import {
  jsonLdBlocks,
  meta,
  publicBase,
  untilHydrated,
  type ApiNumber,
} from '../support/store-pages';
import { startStore, webBuildDir } from '../support/store-server';

/**
 * A number's own page as the server sends it (JavaScript off): metadata, Product JSON-LD, status
 * codes and noindex for a number on sale, a sold one and one never in the store; the sitemap
 * index and its number sitemaps.
 */

/** Available numbers of the listing, most expensive first (far from the other specs' picks). */
async function availableNumbers(baseURL: string | undefined): Promise<ApiNumber[]> {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    const res = await api.get('/api/v1/numbers?sort=price_desc&pageSize=10');
    return ((await res.json()) as { data: { items: ApiNumber[] } }).data.items;
  } finally {
    await api.dispose();
  }
}

/** Sells a number: a buyer orders it alone (Buy now) and support confirms the payment. */
async function sell(baseURL: string | undefined, id: number) {
  const buyer = await playwrightRequest.newContext({ baseURL });
  const support = await supportRequest(baseURL);
  try {
    const account = newAccount('sold tester');
    await registerByApi(buyer, account);
    const ordered = await buyer.post('/api/v1/cart/checkout', {
      data: { numberId: id, billing: delhiBilling(account.name) },
    });
    expect(ordered.status()).toBe(201);
    const { order } = ((await ordered.json()) as { data: { order: { id: string } } }).data;
    const paid = await support.post(`/api/v1/admin/orders/${order.id}/payments`, {
      data: { reference: 'UPI e2e sold' },
    });
    expect(paid.ok()).toBe(true);
  } finally {
    await buyer.dispose();
    await support.dispose();
  }
}

test.describe('a number page in the served HTML, with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  test.describe.configure({ mode: 'serial' });

  let numbers: ApiNumber[] = [];
  test.beforeAll(async ({ baseURL }) => {
    numbers = await availableNumbers(baseURL);
    expect(numbers.length).toBeGreaterThan(3);
  });

  test('a number on sale: 200, its title, description, canonical, social tags and Product offer', async ({
    page,
  }) => {
    const number = numbers[0]!;
    const path = `/numbers/${number.number}`;
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-robots-tag']).toBeUndefined();
    const canonical = `${publicBase}${path}`;

    await expect(page).toHaveTitle(new RegExp(`^${number.display}: .+ VIP number \\| `));
    const description = await meta(page, 'meta[name="description"]');
    expect(description).toContain(`Buy the VIP mobile number ${number.display} for ₹`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
    expect(await meta(page, 'meta[name="robots"]')).toBe('index, follow');
    await expect(page.locator('meta[name="robots"]')).toHaveCount(1);
    expect(await meta(page, 'meta[property="og:url"]')).toBe(canonical);
    expect(await meta(page, 'meta[property="og:title"]')).toBe(await page.title());
    expect(await meta(page, 'meta[property="og:description"]')).toBe(description);
    expect(await meta(page, 'meta[property="og:image"]')).toBe(
      `${publicBase}/images/view-number.jpg`,
    );

    const product = (await jsonLdBlocks(page)).find((block) => block['@type'] === 'Product');
    expect(product).toMatchObject({
      name: `VIP mobile number ${number.display}`,
      sku: number.number,
      offers: {
        '@type': 'Offer',
        priceCurrency: 'INR',
        price: String(number.pricing.nwFinalPrice),
        availability: 'https://schema.org/InStock',
        url: canonical,
      },
    });

    // Its visible breadcrumb, then the page itself, as a BreadcrumbList.
    const breadcrumbs = (await jsonLdBlocks(page)).find(
      (block) => block['@type'] === 'BreadcrumbList',
    );
    const visible = await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((link) => ({ name: link.textContent, href: link.getAttribute('href') })),
      );
    expect(visible).toHaveLength(2);
    expect(visible[0]).toEqual({ name: 'Premium Numbers', href: '/premium-numbers' });
    expect(breadcrumbs?.itemListElement).toEqual(
      [
        ...visible.map(({ name, href }) => ({ name, item: `${publicBase}${href}` })),
        { name: number.display, item: canonical },
      ].map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, ...crumb })),
    );

    // The page itself, not a shell: the number, its price, its categories, header and footer.
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('h1')).toContainText(number.display.replace(' ', ''));
    await expect(page.getByTestId('offer-price')).toHaveAttribute(
      'data-price',
      String(number.pricing.nwFinalPrice),
    );
    await expect(page.getByTestId('number-categories').getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy now' })).toBeVisible();
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'Career' }),
    ).toHaveAttribute('href', '/career');
  });

  test('a sold number: says it is no longer available, noindex, SoldOut', async ({
    page,
    baseURL,
  }) => {
    const number = numbers[1]!;
    await sell(baseURL, number.id);
    const response = await page.goto(`/numbers/${number.number}`);
    expect(response?.status()).toBe(200);
    // The header says what the tag says (decision 0092).
    expect(response?.headers()['x-robots-tag']).toBe('noindex, follow');
    // Out of search results, but its similar numbers are followed; no price it does not show.
    expect(await meta(page, 'meta[name="robots"]')).toBe('noindex, follow');
    await expect(page).toHaveTitle(new RegExp(`^${number.display} is no longer available`));
    await expect(page.getByTestId('number-status')).toContainText(
      'This number is no longer available',
    );
    await expect(page.getByRole('button', { name: 'Buy now' })).toHaveCount(0);
    const product = (await jsonLdBlocks(page)).find((block) => block['@type'] === 'Product');
    expect(product).toBeUndefined();
    await expect(page.getByRole('heading', { name: 'Similar numbers' })).toBeVisible();
  });

  test('a number never in the store: 404, noindex, a search box', async ({ page }) => {
    // Mobile numbers start 6 to 9; the demo stock never holds this one.
    const response = await page.goto('/numbers/6000000001');
    expect(response?.status()).toBe(404);
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(await meta(page, 'meta[name="robots"]')).toBe('noindex, nofollow');
    await expect(page.locator('h1')).toHaveText('We do not have 60000 00001');
    const search = page.getByRole('search', { name: 'Search in your own words' });
    await expect(search.getByRole('searchbox')).toBeVisible();
    // Without JavaScript the box is a plain form to the listing.
    await expect(search).toHaveAttribute('action', '/premium-numbers');
    expect((await jsonLdBlocks(page)).map((block) => block['@type'])).not.toContain('Product');
  });
});

test('an address that is no number: the same not-found page, never its words, hydrated', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // The page's own 404 is logged by the browser; anything else that fails is a fault.
  const failed: string[] = [];
  page.on('response', (answer) => {
    if (answer.status() >= 400 && answer.request().resourceType() !== 'document') {
      failed.push(answer.url());
    }
  });
  const response = await page.goto('/numbers/Our%20store%20moved%20to%20evil-example.in');
  expect(response?.status()).toBe(404);
  expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  expect(await response?.text()).not.toContain('evil');
  // Hydrated (the search box's button has its props), and still the same words.
  await untilHydrated(
    page.getByRole('search', { name: 'Search in your own words' }).getByRole('button').first(),
  );
  await expect(page.locator('h1')).toHaveText('We do not have that number');
  expect(await meta(page, 'meta[name="robots"]')).toBe('noindex, nofollow');
  expect(await page.locator('head').innerHTML()).not.toContain('evil');
  await expect(page.getByRole('search', { name: 'Search in your own words' })).toBeVisible();
  expect(failed).toEqual([]);
  expect(errors).toEqual([
    'Failed to load resource: the server responded with a status of 404 (Not Found)',
  ]);
});

test('a number page hydrates without a console error, and its buttons work', async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const listing = await request.get('/api/v1/numbers?sort=newest&pageSize=1');
  const [number] = ((await listing.json()) as { data: { items: ApiNumber[] } }).data.items;
  await page.goto(`/numbers/${number!.number}`);
  // Hydrated: the similar numbers load, and Add to cart answers.
  await expect(
    page.getByTestId('similar-numbers').getByTestId('number-card').first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('status').getByText('Item added to cart')).toBeVisible();
  await expect(page.getByRole('link', { name: 'In cart: view cart' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a number page is rendered from a web build copied out of the project (WEB_BUILD_DIR)', async () => {
  test.setTimeout(180_000);
  // The client and the kept server build side by side, in a folder with no node_modules above.
  const moved = mkdtempSync(join(tmpdir(), 'store-moved-build-'));
  const built = dirname(webBuildDir(process.env));
  for (const part of ['client', 'page-server']) {
    cpSync(join(built, part), join(moved, part), { recursive: true });
  }
  const store = await startStore({ WEB_BUILD_DIR: join(moved, 'client') });
  try {
    const [number] = await availableNumbers(store.url);
    const res = await fetch(`${store.url}/numbers/${number!.number}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`<title>${number!.display}`);
  } finally {
    await store.stop();
    rmSync(moved, { recursive: true, force: true });
  }
});

test('the sitemap index lists the pages sitemap and number sitemaps from the stock', async ({
  request,
}) => {
  const index = await request.get('/sitemap.xml');
  expect(index.status()).toBe(200);
  const xml = await index.text();
  expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  expect(xml).toContain(`<loc>${publicBase}/sitemap-pages.xml</loc>`);
  expect(xml).toContain(`<loc>${publicBase}/sitemaps/numbers-1.xml</loc>`);

  const numbersXml = await (await request.get('/sitemaps/numbers-1.xml')).text();
  const locs = [...numbersXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(locs.length).toBeGreaterThan(1000);
  expect(locs.length).toBeLessThanOrEqual(50_000);
  for (const loc of locs.slice(0, 5)) {
    expect(loc).toMatch(new RegExp(`^${publicBase}/numbers/[6-9]\\d{9}$`));
  }
  const listing = await request.get('/api/v1/numbers?sort=newest&pageSize=1');
  const [listed] = ((await listing.json()) as { data: { items: ApiNumber[] } }).data.items;
  expect(locs).toContain(`${publicBase}/numbers/${listed!.number}`);
});
