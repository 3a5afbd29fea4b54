import { expect, type Locator, type Page } from '@playwright/test';

/** The public base address the web app was built with (canonical links, structured data). */
export const publicBase = (process.env.PUBLIC_BASE_URL?.trim() || 'http://localhost:3000').replace(
  /\/+$/,
  '',
);

/** The parts of a listed number (GET /api/v1/numbers) the specs read. */
export interface ApiNumber {
  id: number;
  number: string;
  display: string;
  pricing: { nwFinalPrice: number };
  categories?: { name: string }[];
}

export type JsonLd = Record<string, unknown> & { '@context': string; '@type': string };

/** The page's JSON-LD blocks, parsed. */
export async function jsonLdBlocks(page: Page): Promise<JsonLd[]> {
  const texts = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => script.textContent ?? ''));
  return texts.map((text) => JSON.parse(text) as JsonLd);
}

/** The `content` of the first element `selector` finds (a meta tag). */
export async function meta(page: Page, selector: string): Promise<string | null> {
  return page.locator(selector).first().getAttribute('content');
}

/** Waits until React has hydrated this element (its props are attached to it). */
export async function untilHydrated(locator: Locator): Promise<void> {
  await expect
    .poll(() =>
      locator.evaluate((element) =>
        Object.keys(element).some((key) => key.startsWith('__reactProps$')),
      ),
    )
    .toBe(true);
}

/**
 * Clicks this element once React has hydrated it: a click before that is the browser's own (a
 * link loads the next page in full, a menu button does nothing).
 */
export async function clickWhenHydrated(locator: Locator): Promise<void> {
  await untilHydrated(locator);
  await locator.click();
}
