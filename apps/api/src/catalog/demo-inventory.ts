import { classify, numerology, type CategorySlug } from '@store/domain';

/** A number ready to load: prices in paise, category and numerology computed by the domain. */
export interface InventoryNumber {
  number: string;
  basePrice: number;
  finalPrice: number;
  category: CategorySlug;
  digitSum: number;
  mid: number;
  total: number;
  status: 'available' | 'hidden' | 'coming_soon';
  createdAt: Date;
}

type Slug = Exclude<CategorySlug, 'all'>;
type Rng = () => number;

interface CategoryPlan {
  /** Share of the inventory, in percent. */
  share: number;
  /** List price range in rupees; rarer patterns cost more. */
  price: [min: number, max: number];
}

/**
 * The inventory mix of a typical VIP-number store: plenty of everyday patterns (doubling,
 * counting, triples, AB AB) at Rs 3,000 to 20,000, cheap "unique" numbers at Rs 1,400 to 5,000,
 * and a thin top of long runs, mirrors and 786 at lakh level. Shares add up to 100.
 */
export const inventoryPlan: Record<Slug, CategoryPlan> = {
  'unique-numbers': { share: 13, price: [1_400, 5_000] },
  'without-248-numbers': { share: 6, price: [2_500, 9_000] },
  'doubling-numbers': { share: 10, price: [4_000, 14_000] },
  'counting-numbers': { share: 8, price: [4_500, 16_000] },
  triple: { share: 9, price: [5_000, 18_000] },
  'middle-ab-ab-numbers': { share: 6, price: [4_000, 14_000] },
  'ending-ab-ab-numbers': { share: 5, price: [6_000, 22_000] },
  'start-ab-ab-numbers': { share: 3, price: [5_000, 16_000] },
  'three-digit-numbers': { share: 5, price: [7_000, 30_000] },
  'abc-abc-numbers': { share: 6.5, price: [6_000, 28_000] },
  'ab-ab-xy-xy-numbers': { share: 4, price: [8_000, 30_000] },
  'semi-mirror-numbers': { share: 4, price: [9_000, 35_000] },
  tetra: { share: 5.5, price: [10_000, 35_000] },
  'aaa-bbb-numbers': { share: 3, price: [12_000, 45_000] },
  'ab-ab-ab-numbers': { share: 2, price: [15_000, 60_000] },
  'abc-abc-abc-numbers': { share: 0.6, price: [20_000, 80_000] },
  'two-digit-numbers': { share: 0.6, price: [30_000, 2_00_000] },
  '108-numbers': { share: 1.5, price: [15_000, 60_000] },
  'mirror-numbers': { share: 1.5, price: [25_000, 1_50_000] },
  penta: { share: 2.5, price: [25_000, 90_000] },
  '786-numbers': { share: 1.5, price: [1_00_000, 2_50_000] },
  hexa: { share: 0.6, price: [1_00_000, 3_00_000] },
  septa: { share: 0.2, price: [2_50_000, 7_50_000] },
  octa: { share: 0.05, price: [6_00_000, 15_00_000] },
};

/** Share of numbers on offer (final price below list price). */
export const OFFER_SHARE = 0.2;
/** Share of numbers the staff keep hidden from the storefront. */
const HIDDEN_SHARE = 0.01;
/** No number is priced below this, on offer or not (rupees). */
export const MIN_PRICE_RUPEES = 1_400;

const DAY_MS = 24 * 3600 * 1000;

/** sfc32: a small, fast, seedable generator; the same seed gives the same stream everywhere. */
export function seededRandom(seed: number): Rng {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 15; i++) next();
  return next;
}

const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
const digit = (rng: Rng) => String(int(rng, 0, 9));
/** Indian mobile numbers start 6 to 9, most of them 9. */
const firstDigit = (rng: Rng) => pick(rng, ['9', '9', '9', '9', '8', '8', '8', '7', '7', '6']);
const otherDigit = (rng: Rng, not: string) => {
  const d = int(rng, 0, 8);
  return String(d >= Number(not) ? d + 1 : d);
};

function randomNumber(rng: Rng, alphabet?: string): string {
  if (!alphabet) {
    let s = firstDigit(rng);
    for (let i = 1; i < 10; i++) s += digit(rng);
    return s;
  }
  const leading = [...alphabet].filter((d) => d >= '6');
  let s = pick(rng, leading);
  for (let i = 1; i < 10; i++) s += pick(rng, [...alphabet]);
  return s;
}

/** Writes `block` into `number` at `at`. */
const put = (number: string, block: string, at: number) =>
  number.slice(0, at) + block + number.slice(at + block.length);

/** A block of `size` digits, not all one digit. */
function mixedBlock(rng: Rng, size: number): string {
  for (;;) {
    let block = '';
    for (let i = 0; i < size; i++) block += digit(rng);
    if (new Set(block).size > 1) return block;
  }
}

const abab = (rng: Rng) => {
  const a = digit(rng);
  const b = otherDigit(rng, a);
  return a + b + a + b;
};

const run = (rng: Rng, length: number) => digit(rng).repeat(length);

/** A counting pattern: 123, 9876, 10 20 30, 300 200 100, 11 12 13, 201 202 203. */
function countingBlock(rng: Rng): string {
  const kind = int(rng, 0, 5);
  const down = rng() < 0.35;
  const step = (values: number[]) => (down ? values.reverse() : values);
  if (kind <= 2) {
    const length = int(rng, 3, 5);
    const start = int(rng, 0, 10 - length);
    return step(Array.from({ length }, (_, i) => start + i)).join('');
  }
  if (kind === 3) {
    const start = int(rng, 1, 7);
    return step([start, start + 1, start + 2].map((t) => t * 10)).join('');
  }
  if (kind === 4) {
    const start = int(rng, 10, 97);
    return step([start, start + 1, start + 2]).join('');
  }
  const start = int(rng, 1, 7);
  return step([start, start + 1, start + 2].map((h) => h * 100)).join('');
}

/** Builds a candidate for each category; the classifier has the final word. */
const makers: Record<Slug, (rng: Rng) => string> = {
  'unique-numbers': (rng) => randomNumber(rng),
  'without-248-numbers': (rng) => randomNumber(rng, '0135679'),
  '786-numbers': (rng) => put(randomNumber(rng), '786', int(rng, 0, 7)),
  '108-numbers': (rng) => put(randomNumber(rng), '108', int(rng, 1, 7)),
  'mirror-numbers': (rng) => randomNumber(rng).slice(0, 5).repeat(2),
  octa: (rng) => put(randomNumber(rng), run(rng, 8), int(rng, 0, 2)),
  septa: (rng) => put(randomNumber(rng), run(rng, 7), int(rng, 0, 3)),
  hexa: (rng) => put(randomNumber(rng), run(rng, 6), int(rng, 0, 4)),
  penta: (rng) => put(randomNumber(rng), run(rng, 5), int(rng, 0, 5)),
  tetra: (rng) => put(randomNumber(rng), run(rng, 4), int(rng, 0, 6)),
  'semi-mirror-numbers': (rng) => {
    const block = mixedBlock(rng, 4);
    const first = int(rng, 0, 2);
    return put(put(randomNumber(rng), block, first), block, int(rng, first + 4, 6));
  },
  'abc-abc-abc-numbers': (rng) => {
    const block = mixedBlock(rng, 3);
    const free = int(rng, 0, 3); // which gap holds the one free digit
    const starts = [0, 3, 6].map((start, i) => start + (i >= free ? 1 : 0));
    return starts.reduce((n, start) => put(n, block, start), randomNumber(rng));
  },
  'ab-ab-ab-numbers': (rng) => {
    const pair = abab(rng);
    return put(randomNumber(rng), pair + pair.slice(0, 2), int(rng, 0, 4));
  },
  'abc-abc-numbers': (rng) => {
    const block = mixedBlock(rng, 3);
    const first = int(rng, 0, 4);
    return put(put(randomNumber(rng), block, first), block, int(rng, first + 3, 7));
  },
  'ab-ab-xy-xy-numbers': (rng) => {
    const first = int(rng, 0, 2);
    return put(put(randomNumber(rng), abab(rng), first), abab(rng), int(rng, first + 4, 6));
  },
  'aaa-bbb-numbers': (rng) => {
    const a = digit(rng);
    const first = int(rng, 0, 4);
    return put(
      put(randomNumber(rng), a.repeat(3), first),
      otherDigit(rng, a).repeat(3),
      int(rng, first + 3, 7),
    );
  },
  triple: (rng) => put(randomNumber(rng), run(rng, 3), int(rng, 0, 7)),
  'two-digit-numbers': (rng) => {
    const a = firstDigit(rng);
    return randomNumber(rng, a + otherDigit(rng, a));
  },
  'three-digit-numbers': (rng) => {
    const a = firstDigit(rng);
    const b = otherDigit(rng, a);
    let c = otherDigit(rng, a);
    while (c === b) c = otherDigit(rng, a);
    return randomNumber(rng, a + b + c);
  },
  'doubling-numbers': (rng) => {
    let n = randomNumber(rng);
    const pairs = int(rng, 2, 3);
    for (let i = 0; i < pairs; i++) n = put(n, run(rng, 2), int(rng, 0, 8));
    return n;
  },
  'start-ab-ab-numbers': (rng) => put(randomNumber(rng), abab(rng), 0),
  'middle-ab-ab-numbers': (rng) => put(randomNumber(rng), abab(rng), int(rng, 1, 5)),
  'ending-ab-ab-numbers': (rng) => put(randomNumber(rng), abab(rng), 6),
  'counting-numbers': (rng) => {
    const block = countingBlock(rng);
    return put(randomNumber(rng), block, int(rng, 0, 10 - block.length));
  },
};

const slugs = Object.keys(inventoryPlan) as Slug[];
const cumulativeShares = (() => {
  const total = slugs.reduce((sum, slug) => sum + inventoryPlan[slug].share, 0);
  let running = 0;
  return slugs.map((slug) => (running += inventoryPlan[slug].share / total));
})();

function pickCategory(rng: Rng): Slug {
  const r = rng();
  const index = cumulativeShares.findIndex((edge) => r < edge);
  return slugs[index === -1 ? slugs.length - 1 : index]!;
}

/** A store's kind of price: 4,999 or 5,000 below ten thousand, 12,499 or 12,500, 1,25,000. */
function storePrice(rng: Rng, rupees: number): number {
  const unit = rupees < 10_000 ? 100 : rupees < 1_00_000 ? 500 : 5_000;
  const rounded = Math.max(unit, Math.round(rupees / unit) * unit);
  return rupees < 1_00_000 && rng() < 0.5 ? rounded - 1 : rounded;
}

/** Log-uniform in [min, max]: more numbers near the bottom of each category's range. */
function listPrice(rng: Rng, [min, max]: [number, number]): number {
  const raw = Math.exp(Math.log(min) + rng() * (Math.log(max) - Math.log(min)));
  return Math.min(max, Math.max(min, storePrice(rng, raw)));
}

const discounts = [5, 10, 10, 15, 15, 20, 20, 25, 30, 40];

/** An offer price: a common discount, to a round ten rupees, never below the floor. */
function offerPrice(rng: Rng, base: number): number {
  const off = pick(rng, discounts);
  const price = Math.floor((base * (100 - off)) / 100 / 10) * 10;
  return Math.max(MIN_PRICE_RUPEES, price);
}

export interface DemoInventoryOptions {
  /** The PRNG seed; the same seed gives the same numbers, prices and ages. */
  seed?: number;
  /** created_at is spread over the year before this moment. */
  now?: Date;
}

const DEMO_SEED = 20_240_601;

/**
 * The demo inventory as an endless stream of distinct numbers. Deterministic for a seed, and
 * every count is a prefix of the same stream: 20,000 numbers are the first 20,000 of a million,
 * so seeding more on top of the demo data only adds.
 */
function* demoInventory(options: DemoInventoryOptions = {}): Generator<InventoryNumber> {
  const rng = seededRandom(options.seed ?? DEMO_SEED);
  const now = (options.now ?? new Date()).getTime();
  const seen = new Set<string>();

  for (;;) {
    const target = pickCategory(rng);
    let number: string | undefined;
    let category: Slug | undefined;
    // The candidate must be new and a valid mobile number; it should land in its target
    // category, which most builds do within two tries. After ten misses, any new number will do.
    for (let attempt = 0; attempt < 30; attempt++) {
      const candidate = makers[target](rng);
      if (!/^[6-9]\d{9}$/.test(candidate) || seen.has(candidate)) continue;
      const classified = classify(candidate).category as Slug;
      if (classified === target || attempt >= 10) {
        number = candidate;
        category = classified;
        break;
      }
    }
    if (!number || !category) continue;
    seen.add(number);

    const basePrice = listPrice(rng, inventoryPlan[category].price);
    let finalPrice = basePrice;
    if (rng() < OFFER_SHARE) {
      const offer = offerPrice(rng, basePrice);
      if (offer < basePrice) finalPrice = offer;
    }
    const { sum, mid, total } = numerology(number);
    yield {
      number,
      // Whole rupees, so paise are exact.
      basePrice: basePrice * 100,
      finalPrice: finalPrice * 100,
      category,
      digitSum: sum,
      mid,
      total,
      status: rng() < HIDDEN_SHARE ? 'hidden' : 'available',
      createdAt: new Date(now - Math.floor(rng() * 365 * DAY_MS)),
    };
  }
}

/** The first `count` numbers of the demo stream, in batches. */
export function* demoInventoryBatches(
  count: number,
  batchSize: number,
  options: DemoInventoryOptions = {},
): Generator<InventoryNumber[]> {
  const stream = demoInventory(options);
  let batch: InventoryNumber[] = [];
  for (let produced = 0; produced < count; produced++) {
    batch.push(stream.next().value as InventoryNumber);
    if (batch.length === batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** The first `count` numbers of the demo stream. */
export function generateDemoInventory(
  count: number,
  options: DemoInventoryOptions = {},
): InventoryNumber[] {
  return [...demoInventoryBatches(count, Math.max(1, count), options)].flat();
}
