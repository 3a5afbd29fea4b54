import type { MetaDescriptor } from 'react-router';
import { formatInr } from '@store/domain';
import { categoryPath } from '../../lib/nav';
import { siteConfig } from '../../lib/site-config';
import { breadcrumbJsonLd, seo } from '../seo';
import type { NumberDetail } from './api/get-number';

/**
 * What a number's page shows: the lookup (/numbers), a number, a mobile number the store never
 * had, or an address that is no number (whose words are never shown: decision 0047).
 */
export type NumberPageView =
  | { kind: 'lookup' }
  | { kind: 'unknown'; digits: string }
  | { kind: 'not-a-number' }
  | { kind: 'number'; number: NumberDetail };

/** The address of a number's page. */
export const numberPath = (digits: string) => `/numbers/${digits}`;

/** The page's visible breadcrumb: the listing, then the number's primary category. */
export const numberCrumbs = (number: NumberDetail) => [
  { name: 'Premium Numbers', path: '/premium-numbers' },
  { name: number.category.name, path: categoryPath(number.category.slug) },
];

/** Whether the number can be bought (or will be again when its hold lapses). */
export const isOnSale = (
  number: NumberDetail,
): number is Extract<NumberDetail, { status: 'available' | 'reserved' }> =>
  number.status === 'available' || number.status === 'reserved';

const availability = {
  available: 'InStock',
  reserved: 'OutOfStock',
  sold: 'SoldOut',
  // Nobody can order it yet (Notify me): PreOrder would say it can be ordered now.
  coming_soon: 'OutOfStock',
} as const;

/**
 * The page's metadata: a number on sale is indexed with its Product offer (price and
 * availability; a held one's description says it is on hold); a coming one says noindex, follow
 * until it goes on sale; a sold one says noindex (its similar numbers still followed) and a hidden one
 * noindex, nofollow, neither with a Product (their pages show no price, and a Product without an
 * offer is not valid markup); the lookup and an unknown number say noindex.
 */
export function numberMeta(view: NumberPageView | undefined): MetaDescriptor[] {
  if (!view || view.kind === 'lookup') {
    return seo({
      title: 'Look up a number',
      description: `Open the page of any VIP number at ${siteConfig.storeName} by its 10 digits, or describe the number you want in your own words.`,
      path: '/numbers',
      noIndex: true,
    });
  }
  if (view.kind === 'not-a-number') {
    return seo({
      title: 'Number not found',
      description: `There is no number at this address. Search thousands of VIP mobile numbers at ${siteConfig.storeName} by digits, pattern, total or budget.`,
      path: '/numbers',
      noIndex: true,
    });
  }
  if (view.kind === 'unknown') {
    return seo({
      title: 'Number not found',
      description: `We do not have the number ${view.digits}. Search thousands of VIP mobile numbers at ${siteConfig.storeName} by digits, pattern, total or budget.`,
      path: numberPath(view.digits),
      noIndex: true,
    });
  }
  const { number } = view;
  const [primary] = number.categories.map((category) => category.name);
  const kinds = number.categories
    .slice(0, 3)
    .map((category) => category.name)
    .join(', ');
  // The visible breadcrumb, then the page itself (as a blog post's list ends with the post).
  const jsonLd = [
    breadcrumbJsonLd([
      ...numberCrumbs(number),
      { name: number.display, path: numberPath(number.number) },
    ]),
  ];
  // A hidden or sold number's page shows no price: its markup offers none either.
  const product =
    number.status === 'hidden' || number.status === 'sold'
      ? false
      : {
          name: `VIP mobile number ${number.display}`,
          price: number.pricing.nwFinalPrice,
          availability: availability[number.status],
          sku: number.number,
        };
  if (number.status === 'coming_soon') {
    // Not on sale yet: kept out of search results, as it is out of the numbers' sitemap (which
    // lists the numbers on sale, decision 0013); it is indexed once it goes on sale.
    return seo({
      title: `${number.display}: coming soon`,
      description: `The VIP mobile number ${number.display} (${primary}) is coming soon to ${siteConfig.storeName} at ${formatInr(number.pricing.nwFinalPrice)}. Press Notify me and we e-mail you when it goes on sale.`,
      path: numberPath(number.number),
      noIndex: true,
      followLinks: true,
      product,
      jsonLd,
    });
  }
  if (!isOnSale(number)) {
    // Sold: no longer available; hidden (perhaps never on sale): not on sale.
    const standing = number.status === 'sold' ? 'is no longer available' : 'is not on sale';
    return seo({
      title: `${number.display} ${standing}`,
      description: `The VIP mobile number ${number.display} (${primary}) ${standing} at ${siteConfig.storeName}. See similar numbers with the same ending or the same total.`,
      path: numberPath(number.number),
      noIndex: true,
      followLinks: number.status === 'sold',
      product,
      jsonLd,
    });
  }
  const saving =
    number.saving > 0
      ? ` (was ${formatInr(number.pricing.nwBasePrice)}, you save ${formatInr(number.saving)})`
      : '';
  // A held number's page says what its markup says (OutOfStock): not "Buy".
  const offer =
    number.status === 'reserved'
      ? `The VIP mobile number ${number.display} (${formatInr(number.pricing.nwFinalPrice)}) is on hold for another buyer; it may be back on sale within minutes.`
      : `Buy the VIP mobile number ${number.display} for ${formatInr(number.pricing.nwFinalPrice)}${saving}.`;
  return seo({
    title: `${number.display}: ${primary} VIP number`,
    description: `${offer} ${kinds}; total ${number.total}. UPC within 24 hours and guided porting to your operator.`,
    path: numberPath(number.number),
    product,
    jsonLd,
  });
}
