import { toPaise } from '@store/domain';
import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../test-support/test-app';
import { insertTestNumbers, type TestNumber } from '../../test-support/numbers';
import { invalidateCatalogCache } from './listing-cache';

/**
 * Three or four digits anywhere, and endings of two to four, are listed through number_runs
 * (decision 0025), which triggers derive from numbers: the listing must be exactly what filtering and sorting every number
 * gives, and number_runs must follow every change to numbers.
 */

/** A fixed pseudo-random sequence, so the inventory is the same on every run. */
function sequence(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

const next = sequence(7);
const digits = (length: number) => Array.from({ length }, () => next(10)).join('');
const day = 24 * 3600 * 1000;
const now = Date.now();

/** 786 at every place, twice in some; numbers without it; shared prices; every status. */
const inventory: TestNumber[] = Array.from({ length: 160 }, (_, i) => {
  const place = i % 8;
  let number = `${6 + next(4)}${digits(9)}`;
  if (i % 5 !== 4) number = `${number.slice(0, place)}786${number.slice(place + 3)}`;
  if (i % 11 === 0) number = `${number.slice(0, 7)}786`;
  if (i % 3 === 0) number = `${number.slice(0, place % 7)}7860${number.slice((place % 7) + 4)}`;
  if (!/^[6-9]/.test(number)) number = `9${number.slice(1)}`;
  const statuses = [undefined, undefined, undefined, 'sold', 'hidden', 'reserved'] as const;
  const status = statuses[i % 6 === 5 ? 5 : i % 13 === 3 ? 3 : i % 17 === 4 ? 4 : 0];
  return {
    number,
    basePrice: 1_000 * (1 + next(40)),
    status,
    reservedUntil: status === 'reserved' ? new Date(now + (i % 2 ? 1 : -1) * day) : null,
    createdAt: new Date(now - next(100) * day),
  };
}).filter((spec, i, all) => all.findIndex((other) => other.number === spec.number) === i);

/**
 * The run codes of a number (runCode): its runs of three digits as themselves, of four as 1000 +
 * themselves; its endings of two, three and four digits as 11000, 11100 and 12100 + themselves.
 */
const runsOf = (number: string) => {
  const runs = (size: number) =>
    Array.from({ length: 11 - size }, (_, place) => Number(number.slice(place, place + size)));
  const ending = (size: number) => Number(number.slice(-size));
  const codes = [
    ...runs(3),
    ...runs(4).map((run) => 1_000 + run),
    11_000 + ending(2),
    11_100 + ending(3),
    12_100 + ending(4),
  ];
  return [...new Set(codes)].sort((a, b) => a - b);
};

function digitRunsTests(ctx: () => TestContext) {
  let ids = new Map<string, number>();
  const prices = new Map<string, number>();
  beforeEach(async () => {
    invalidateCatalogCache(ctx().database);
    ids = await insertTestNumbers(ctx().app, inventory);
    prices.clear();
    for (const spec of inventory) prices.set(spec.number, spec.basePrice);
  });

  const isAvailable = (spec: TestNumber) =>
    spec.status === undefined ||
    (spec.status === 'reserved' && spec.reservedUntil!.getTime() < now);
  /** The listing as filtering and sorting the inventory gives it. */
  const expected = (run: string, sort: string, also: (number: string) => boolean = () => true) => {
    const matches = inventory.filter(
      (spec) => isAvailable(spec) && spec.number.includes(run) && also(spec.number),
    );
    const id = (spec: TestNumber) => ids.get(spec.number)!;
    const price = (spec: TestNumber) => prices.get(spec.number)!;
    const compare = {
      price_asc: (a: TestNumber, b: TestNumber) => price(a) - price(b) || id(a) - id(b),
      price_desc: (a: TestNumber, b: TestNumber) => price(b) - price(a) || id(b) - id(a),
      newest: (a: TestNumber, b: TestNumber) =>
        b.createdAt!.getTime() - a.createdAt!.getTime() || id(b) - id(a),
    }[sort]!;
    return matches.sort(compare).map((spec) => spec.number);
  };
  /** Every page of a listing, in order, and the total it gave. */
  const listAll = async (query: string) => {
    const numbers: string[] = [];
    let total = -1;
    for (let page = 1; page < 20; page++) {
      const res = await ctx().app.inject({
        method: 'GET',
        url: `/api/v1/numbers?${query}&pageSize=10&page=${page}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as { items: { number: string }[]; total: number };
      total = data.total;
      if (data.items.length === 0) break;
      numbers.push(...data.items.map((item) => item.number));
    }
    return { numbers, total };
  };

  it('lists every available number with the digits, in each order, page after page', async () => {
    expect(expected('786', 'price_asc').length).toBeGreaterThan(40);
    expect(expected('7860', 'price_asc').length).toBeGreaterThan(15);
    for (const digits of ['786', '7860']) {
      for (const sort of ['price_asc', 'price_desc', 'newest']) {
        const listing = await listAll(`q=${digits}&sort=${sort}`);
        expect(listing.numbers, `${digits} ${sort}`).toEqual(expected(digits, sort));
        expect(listing.total, `${digits} ${sort}`).toBe(listing.numbers.length);
      }
    }
    for (const digits of ['123', '0786', '78601']) {
      const other = await listAll(`q=${digits}&sort=price_asc`);
      expect(other.numbers, digits).toEqual(expected(digits, 'price_asc'));
    }
  });

  it('lists every available number with the ending, in each order', async () => {
    expect(expected('', 'newest', (number) => number.endsWith('786')).length).toBeGreaterThan(8);
    for (const ending of ['86', '786', '0786', '6', '56786']) {
      for (const sort of ['price_asc', 'price_desc', 'newest']) {
        const listing = await listAll(`q=${ending}&match=end&sort=${sort}`);
        const endsWith = (number: string) => number.endsWith(ending);
        expect(listing.numbers, `${ending} ${sort}`).toEqual(expected('', sort, endsWith));
        expect(listing.total, `${ending} ${sort}`).toBe(listing.numbers.length);
      }
    }
  });

  it('combines the three digits with other filters, broad and narrow', async () => {
    const priced = await listAll('q=786&sort=price_desc&minPrice=10000&maxPrice=30000');
    expect(priced.numbers).toEqual(
      expected('786', 'price_desc', (number) => {
        const price = prices.get(number)!;
        return price >= 10_000 && price <= 30_000;
      }),
    );
    const masked = await listAll('q=786&sort=newest&mask=%3F%3F%3F%3F%3F%3F%3F786');
    expect(masked.numbers).toEqual(expected('786', 'newest', (number) => number.endsWith('786')));
    expect(masked.numbers.length).toBeGreaterThan(3);

    // Numbers coming soon are not in number_runs: their listing finds them all the same.
    const [soon] = expected('786', 'newest');
    await ctx().database.query("update numbers set status = 'coming_soon' where number = $1", [
      soon,
    ]);
    expect((await listAll('q=786&status=coming_soon')).numbers).toEqual([soon]);
    expect((await listAll('q=786&sort=newest')).numbers).not.toContain(soon);
  });

  it('follows a price change at once', async () => {
    const last = expected('786', 'price_asc').at(-1)!;
    await ctx().app.services.catalog.reprice(ids.get(last)!, { finalPrice: toPaise(500) });
    prices.set(last, 500);
    const listing = await listAll('q=786&sort=price_asc');
    expect(listing.numbers[0]).toBe(last);
    expect(listing.numbers).toEqual(expected('786', 'price_asc'));
  });

  it('keeps number_runs equal to the runs of the numbers on sale or held through every change', async () => {
    const { database } = ctx();
    const row = (run: number, id: number, price: number, created: Date) =>
      `${run} ${id} ${price} ${created.toISOString()}`;
    const expectRunsOfNumbersOnSale = async () => {
      const numbers = await database.query<{
        id: number;
        number: string;
        final_price: number;
        created_at: Date;
        status: string;
      }>('select id, number, final_price, created_at, status from numbers');
      const expected = numbers
        .filter((n) => n.status === 'available' || n.status === 'reserved')
        .flatMap((n) => runsOf(n.number).map((run) => row(run, n.id, n.final_price, n.created_at)));
      const stored = await database.query<{
        run: number;
        number_id: number;
        final_price: number;
        created_at: Date;
      }>('select run, number_id, final_price, created_at from number_runs');
      expect(
        stored.map((r) => row(r.run, r.number_id, r.final_price, r.created_at)).sort(),
      ).toEqual(expected.sort());
      return stored.length;
    };
    const update = (set: string, number: string) =>
      database.query(`update numbers set ${set} where number = $1`, [number]);

    expect(await expectRunsOfNumbersOnSale()).toBeGreaterThan(1_000);
    const [repriced, aged, sold, hidden, held, removed] = inventory
      .filter((spec) => spec.status === undefined)
      .map((spec) => spec.number);
    await ctx().app.services.catalog.reprice(ids.get(repriced!)!, { finalPrice: toPaise(700) });
    await update("created_at = created_at - interval '1 day'", aged!);
    await update("status = 'sold'", sold!);
    await update("status = 'hidden'", hidden!);
    await update("status = 'reserved', reserved_until = now() + interval '10 minutes'", held!);
    await database.query('delete from numbers where number = $1', [removed]);
    await expectRunsOfNumbersOnSale();
    await update("status = 'available'", hidden!);
    await update("status = 'available', reserved_until = null", held!);
    await expectRunsOfNumbersOnSale();

    await ctx().app.services.catalog.removeUnreferenced();
    expect(await expectRunsOfNumbersOnSale()).toBe(0);
    await insertTestNumbers(ctx().app, inventory.slice(0, 10));
    expect(await expectRunsOfNumbersOnSale()).toBeGreaterThan(50);
  });
}

describeEachDatabase('Digit runs and endings', digitRunsTests);

describeEachDatabase('Digit runs and endings with the listing cache on', digitRunsTests, {
  env: { CATALOG_CACHE_SECONDS: '30' },
});
