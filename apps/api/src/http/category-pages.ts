import type { CategorySlug } from '@store/domain';

/**
 * Where the web build writes a listing page's page for one category (`/premium-numbers` and
 * `mirror-numbers`: `premium-numbers/category/mirror-numbers.html`, inside the client build), and
 * where the API looks for it when an address names that category. The web build's
 * scripts/prerender-categories.ts writes them; plugins/web-app.ts sends them.
 */
export function categoryPageFile(pagePath: string, category: CategorySlug): string {
  return `${pagePath.replace(/^\/+|\/+$/g, '')}/category/${category}.html`;
}
