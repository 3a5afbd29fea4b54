import { categories, classify, numerology } from '@store/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MIN_PRICE_RUPEES,
  OFFER_SHARE,
  generateDemoInventory,
  inventoryPlan,
  seededRandom,
  type InventoryNumber,
} from './demo-inventory';

const now = new Date('2025-06-01T00:00:00Z');

/**
 * The classifier applies domain.md §1 in order, and a number with exactly two distinct digits
 * always matches an earlier rule (a run of three or more, or a repeated block), so Two Digit
 * Numbers is never a primary category. Checked here over every such pattern, so that this list
 * fails loudly once the rules change.
 */
const unreachable = ['two-digit-numbers'];

describe('the classifier', () => {
  it('never gives Two Digit Numbers as the primary category', () => {
    const twoDigit: string[] = [];
    for (let a = 6; a <= 9; a++) {
      for (let b = 0; b <= 9; b++) {
        if (a === b) continue;
        for (let mask = 1; mask < 512; mask++) {
          // First digit a; the other nine a or b, at least one b.
          const number =
            String(a) + [...Array(9)].map((_, i) => ((mask >> i) & 1 ? b : a)).join('');
          if (classify(number).category === 'two-digit-numbers') twoDigit.push(number);
        }
      }
    }
    expect(twoDigit).toEqual([]);
  });
});

describe('the demo inventory', () => {
  let inventory: InventoryNumber[];
  beforeAll(() => {
    inventory = generateDemoInventory(20_000, { now });
  });

  it('is deterministic for a seed, and each count is a prefix of a longer one', () => {
    const again = generateDemoInventory(500, { now });
    expect(again).toEqual(inventory.slice(0, 500));
    const other = generateDemoInventory(500, { now, seed: 7 });
    expect(other.map((n) => n.number)).not.toEqual(again.map((n) => n.number));
    expect(generateDemoInventory(500, { now, seed: 7 })).toEqual(other);
  });

  it('holds distinct, valid mobile numbers, classified and summed by the domain', () => {
    expect(new Set(inventory.map((n) => n.number)).size).toBe(inventory.length);
    const wrong = inventory.filter((n) => {
      const { sum, mid, total } = numerology(n.number);
      return (
        !/^[6-9]\d{9}$/.test(n.number) ||
        n.category !== classify(n.number).category ||
        n.digitSum !== sum ||
        n.mid !== mid ||
        n.total !== total
      );
    });
    expect(wrong).toEqual([]);
  });

  it('has numbers in every category the classifier can give, in 20,000', () => {
    const present = new Set(inventory.map((n) => n.category));
    const expected = categories
      .map((c) => c.slug)
      .filter((slug) => slug !== 'all' && !unreachable.includes(slug));
    expect(expected).toHaveLength(23);
    for (const slug of expected) expect(present, slug).toContain(slug);
  });

  it('keeps the mix of a real store: many everyday patterns, few long runs', () => {
    const share = (slug: string) =>
      inventory.filter((n) => n.category === slug).length / inventory.length;
    expect(share('unique-numbers')).toBeGreaterThan(0.08);
    expect(share('doubling-numbers')).toBeGreaterThan(0.05);
    expect(share('octa')).toBeLessThan(0.002);
    expect(share('septa')).toBeLessThan(share('hexa'));
    expect(share('hexa')).toBeLessThan(share('penta'));
  });

  it('prices in whole rupees within each category range, rarer patterns dearer', () => {
    const outOfRange = inventory.filter((n) => {
      const [min, max] = inventoryPlan[n.category as keyof typeof inventoryPlan].price;
      return (
        n.basePrice % 100 !== 0 ||
        n.basePrice < min * 100 ||
        n.basePrice > max * 100 ||
        n.finalPrice > n.basePrice ||
        n.finalPrice < MIN_PRICE_RUPEES * 100
      );
    });
    expect(outOfRange).toEqual([]);
    const median = (slug: string) => {
      const prices = inventory
        .filter((n) => n.category === slug)
        .map((n) => n.basePrice)
        .sort((a, b) => a - b);
      return prices[Math.floor(prices.length / 2)]!;
    };
    expect(median('octa')).toBeGreaterThan(median('hexa'));
    expect(median('hexa')).toBeGreaterThan(median('tetra'));
    expect(median('786-numbers')).toBeGreaterThanOrEqual(1_00_000 * 100);
    expect(median('tetra')).toBeGreaterThan(median('unique-numbers'));
    const inBand = inventory.filter((n) => n.finalPrice >= 5_000_00 && n.finalPrice <= 35_000_00);
    expect(inBand.length / inventory.length).toBeGreaterThan(0.5);
  });

  it('puts about a fifth on offer, the final price below the list price', () => {
    const onOffer = inventory.filter((n) => n.finalPrice < n.basePrice);
    expect(onOffer.length / inventory.length).toBeGreaterThan(OFFER_SHARE - 0.03);
    expect(onOffer.length / inventory.length).toBeLessThan(OFFER_SHARE + 0.03);
  });

  it('hides a few numbers and spreads their ages over the past year', () => {
    const hidden = inventory.filter((n) => n.status === 'hidden').length / inventory.length;
    expect(hidden).toBeGreaterThan(0.003);
    expect(hidden).toBeLessThan(0.03);
    const ages = inventory.map((n) => now.getTime() - n.createdAt.getTime());
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeLessThanOrEqual(366 * 24 * 3600 * 1000);
  });
});

describe('seededRandom', () => {
  it('repeats for a seed and stays in [0, 1)', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const values = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(values);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(new Set(values).size).toBe(1000);
  });
});
