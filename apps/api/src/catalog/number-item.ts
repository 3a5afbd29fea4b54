import { discountPercent, findCategory, rules, toRupees, type Span } from '@store/domain';
import { numbers } from '../db/schema';
import type { NumberDetail, NumberItem, NumberPageStatus } from './catalog-schemas';

/** The columns a listing reads; select them with `numberItemColumns`. */
export interface NumberRow {
  id: number;
  number: string;
  basePrice: number;
  finalPrice: number;
  category: string;
  digitSum: number;
  mid: number;
  total: number;
}

/** A number as its own page reads it. */
export interface NumberPageRow extends NumberRow {
  categories: string[];
  status: NumberPageStatus;
}

/** Drizzle selection of the columns `toNumberItem` needs: `db.select(numberItemColumns).from(numbers)`. */
export const numberItemColumns = {
  id: numbers.id,
  number: numbers.number,
  basePrice: numbers.basePrice,
  finalPrice: numbers.finalPrice,
  category: numbers.category,
  digitSum: numbers.digitSum,
  mid: numbers.mid,
  total: numbers.total,
};

/** `9876543210` -> `98765 43210`. */
export function displayNumber(number: string): string {
  return number.length === 10 ? `${number.slice(0, 5)} ${number.slice(5)}` : number;
}

/**
 * The digits that make the stored category: its own test's spans, which is what `classify`
 * returns for a number of that category (without running the tests before it). Nothing is
 * highlighted for Unique Numbers, or if the rules changed since the number was classified.
 */
function spansFor(number: string, category: string): Span[] {
  const rule = rules.find((candidate) => candidate.slug === category);
  try {
    return rule?.match(number) ?? [];
  } catch {
    return [];
  }
}

/** Maps a row (prices in paise) to the API item (prices in rupees). */
export function toNumberItem(row: NumberRow): NumberItem {
  const category = findCategory(row.category);
  return {
    id: row.id,
    number: row.number,
    display: displayNumber(row.number),
    category: { slug: row.category, name: category?.name ?? row.category },
    pricing: {
      nwFinalPrice: toRupees(row.finalPrice),
      nwBasePrice: toRupees(row.basePrice),
      discountPercent: discountPercent(row.basePrice, row.finalPrice),
    },
    sum: row.digitSum,
    mid: row.mid,
    total: row.total,
    spans: spansFor(row.number, row.category),
  };
}

/** A number's page data with its price, whatever its status: for the store's own use. */
export type PricedNumberDetail = NumberDetail & { pricing: NumberItem['pricing'] };

/** A number as its own page shows it: the card, its status, every category and the saving. */
export function toNumberDetail(row: NumberPageRow): PricedNumberDetail {
  const slugs = row.categories.length > 0 ? row.categories : [row.category];
  return {
    ...toNumberItem(row),
    status: row.status,
    categories: slugs.map((slug) => ({ slug, name: findCategory(slug)?.name ?? slug })),
    saving: toRupees(Math.max(0, row.basePrice - row.finalPrice)),
  };
}

/** Whether a number of this status has its price published: not once sold or hidden (0051). */
export const pricePublished = (status: NumberDetail['status']) =>
  status !== 'sold' && status !== 'hidden';

/**
 * A number's page data as anyone may read it: a sold or hidden number without its price, so
 * whoever tries its digits learns only that it is not for sale (the owner may hide a number to
 * keep it for a customer or to reprice it). Its page shows no price either.
 */
export function publicNumberDetail(detail: PricedNumberDetail): NumberDetail {
  if (pricePublished(detail.status)) return detail;
  return { ...detail, pricing: null, saving: 0 };
}
