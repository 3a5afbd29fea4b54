import { numerology } from '@store/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../test-support/test-app';
import { invalidateCatalogCache } from './listing-cache';
import { CANDIDATE_LIMIT, COUNT_CAP } from './listing-store';
import { insertTestNumbers, type TestNumber } from '../../test-support/numbers';

const day = 24 * 3600 * 1000;
const now = Date.now();
const ago = (days: number) => new Date(now - days * day);
const hour = 3600 * 1000;

/** Prices in rupees; listed in order of age (newest first). */
const inventory: TestNumber[] = [
  { number: '9876598765', basePrice: 50_000, createdAt: ago(1) }, // mirror
  { number: '9786012345', basePrice: 1_50_000, finalPrice: 1_20_000, createdAt: ago(2) }, // 786
  { number: '9812341234', basePrice: 20_000, createdAt: ago(3) }, // semi mirror
  { number: '9000000012', basePrice: 5_00_000, finalPrice: 4_50_000, createdAt: ago(4) }, // septa
  { number: '6824628194', basePrice: 1_500, createdAt: ago(5) }, // unique
  { number: '9137605193', basePrice: 3_000, createdAt: ago(6) }, // without 248
  { number: '7070700852', basePrice: 25_000, finalPrice: 20_000, createdAt: ago(7) }, // ab ab ab
  { number: '9811223344', basePrice: 5_000, createdAt: ago(8) }, // doubling
  { number: '9876543210', basePrice: 8_000, createdAt: ago(9) }, // counting
  { number: '9991926234', basePrice: 6_000, createdAt: ago(10) }, // triple
  { number: '9123123123', basePrice: 30_000, createdAt: ago(11) }, // abc abc abc
  { number: '9060481010', basePrice: 7_000, finalPrice: 6_300, createdAt: ago(12) }, // ending ab ab
  { number: '7770009991', basePrice: 5_000, createdAt: ago(13) }, // aaa bbb; same price as doubling
  {
    number: '9912124545',
    basePrice: 12_000,
    status: 'reserved',
    reservedUntil: new Date(now - hour),
    createdAt: ago(14),
  }, // lapsed hold: available
  { number: '9898701234', basePrice: 9_000, status: 'sold', createdAt: ago(15) }, // start ab ab
  { number: '9512120345', basePrice: 9_500, status: 'hidden', createdAt: ago(16) }, // middle ab ab
  {
    number: '9559900590',
    basePrice: 11_000,
    status: 'reserved',
    reservedUntil: new Date(now + hour),
    createdAt: ago(17),
  }, // live hold
];

const available = inventory.filter(
  (n) =>
    !n.status || (n.status === 'reserved' && n.reservedUntil && n.reservedUntil.getTime() < now),
);
const price = (n: TestNumber) => n.finalPrice ?? n.basePrice;
const newestFirst = available.map((n) => n.number);

interface Page {
  items: {
    id: number;
    number: string;
    pricing: { nwFinalPrice: number; nwBasePrice: number; discountPercent: number };
  }[];
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
  pageCount: number;
}

function catalogTests(ctx: () => TestContext) {
  let ids = new Map<string, number>();
  beforeEach(async () => {
    invalidateCatalogCache(ctx().database);
    ids = await insertTestNumbers(ctx().app, inventory);
  });

  const get = (url: string) => ctx().app.inject({ method: 'GET', url });
  const list = async (query = ''): Promise<Page> => {
    const res = await get(`/api/v1/numbers${query ? `?${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(true);
    return res.json().data;
  };
  const numbersOf = async (query: string) =>
    (await list(`${query}&pageSize=100`)).items.map((i) => i.number);
  /** The available numbers a predicate picks, newest first (the default order). */
  const expected = (predicate: (n: TestNumber) => boolean) =>
    available.filter(predicate).map((n) => n.number);

  it('lists every available number, newest first, with paging figures', async () => {
    const page = await list();
    expect(page.items.map((i) => i.number)).toEqual(newestFirst);
    expect(page).toMatchObject({ total: available.length, page: 1, pageSize: 24, pageCount: 1 });
  });

  it('counts up to COUNT_CAP and says when more match; below it, counts exactly without the held', async () => {
    const many = Array.from({ length: COUNT_CAP + 10 }, (_, i) => ({
      number: `8${String(i).padStart(9, '0')}`,
      // A thousand of them (8000004000 to 8000004999) at a price of their own.
      basePrice: i >= 4_000 && i < 5_000 ? 3_333 : 2_000,
    }));
    await insertTestNumbers(ctx().app, many);
    await ctx().database.query(
      "update numbers set status = 'reserved', reserved_until = now() + interval '1 hour' where number = '8000004321'",
    );

    const all = await list('pageSize=50');
    expect(all).toMatchObject({ total: COUNT_CAP, totalCapped: true, pageCount: COUNT_CAP / 50 });
    expect(all.items).toHaveLength(50);
    // A broad filter (a price band, counted) and a narrow one (digits, counted with its order).
    for (const query of ['minPrice=3333&maxPrice=3333', 'q=8000004&match=start']) {
      expect(await list(query), query).toMatchObject({
        total: 999,
        totalCapped: false,
        pageCount: Math.ceil(999 / 24),
      });
    }
  });

  it('answers each item in the documented shape, prices in rupees', async () => {
    const page = await list('q=9876598765');
    expect(page.items).toEqual([
      {
        id: ids.get('9876598765'),
        number: '9876598765',
        display: '98765 98765',
        category: { slug: 'mirror-numbers', name: 'Mirror Numbers' },
        pricing: { nwFinalPrice: 50_000, nwBasePrice: 50_000, discountPercent: 0 },
        sum: 70,
        mid: 7,
        total: 7,
        spans: [
          [0, 5],
          [5, 10],
        ],
      },
    ]);
    const [offer] = (await list('q=9786012345')).items;
    expect(offer?.pricing).toEqual({
      nwFinalPrice: 1_20_000,
      nwBasePrice: 1_50_000,
      discountPercent: 20,
    });
  });

  it('lists a reserved number whose hold has lapsed, never one held, sold or hidden', async () => {
    const listed = await numbersOf('sort=price_asc');
    expect(listed).toContain('9912124545');
    for (const gone of ['9559900590', '9898701234', '9512120345'])
      expect(listed).not.toContain(gone);
  });

  it('filters by category; all or absent is every category', async () => {
    expect(await numbersOf('category=mirror-numbers')).toEqual(['9876598765']);
    expect(await numbersOf('category=786-numbers')).toEqual(['9786012345']);
    // Every category a number fits: 7070700852 (AB AB AB first) starts AB AB too; the sold
    // 9898701234, Start AB AB first, is not listed.
    expect(await numbersOf('category=start-ab-ab-numbers')).toEqual(['7070700852']);
    expect(await numbersOf('category=all')).toEqual(newestFirst);
    expect(await numbersOf('category=Mirror-Numbers')).toEqual(['9876598765']);
  });

  it('filters numbers on offer', async () => {
    expect(await numbersOf('offer=true')).toEqual(expected((n) => price(n) < n.basePrice));
    expect(await numbersOf('offer=false')).toEqual(newestFirst);
  });

  it('finds digits anywhere, at the start and at the end', async () => {
    expect(await numbersOf('q=786')).toEqual(['9786012345']);
    expect(await numbersOf('q=123')).toEqual(expected((n) => n.number.includes('123')));
    expect(await numbersOf('q=12&match=anywhere')).toEqual(
      expected((n) => n.number.includes('12')),
    );
    expect(await numbersOf('q=98&match=start')).toEqual(expected((n) => n.number.startsWith('98')));
    expect(await numbersOf('q=9876&match=start')).toEqual(['9876598765', '9876543210']);
    expect(await numbersOf('q=0&match=end')).toEqual(expected((n) => n.number.endsWith('0')));
    expect(await numbersOf('q=10&match=end')).toEqual(['9876543210', '9060481010']);
    expect(await numbersOf('q=1010&match=end')).toEqual(['9060481010']);
    expect(await numbersOf('q=345&match=end')).toEqual(['9786012345']); // 9512120345 is hidden
    expect(await numbersOf('q=98765%2043210')).toEqual(['9876543210']); // spaces are ignored
    expect(await numbersOf('q=9898701234')).toEqual([]); // sold
  });

  it('filters by digits that must and must not appear', async () => {
    const has = (n: TestNumber, d: string) => n.number.includes(d);
    expect(await numbersOf('mustContain=0,5')).toEqual(expected((n) => has(n, '0') && has(n, '5')));
    expect(await numbersOf('notContain=2,4,8')).toEqual(expected((n) => !/[248]/.test(n.number)));
    expect(await numbersOf('mustContain=1&notContain=0')).toEqual(
      expected((n) => has(n, '1') && !has(n, '0')),
    );
  });

  it('filters by a mask of fixed places', async () => {
    const masks = [
      '98??5?????',
      '98??54????',
      '??????1010',
      '?8?6?????5',
      '9876598765',
      '??????????',
      '9?????????',
      '?????????4',
    ];
    for (const mask of masks) {
      const regex = new RegExp(`^${mask.replaceAll('?', '.')}$`);
      expect(await numbersOf(`mask=${encodeURIComponent(mask)}`), mask).toEqual(
        expected((n) => regex.test(n.number)),
      );
    }
  });

  it('filters by sum, mid and total (1..9 the root, more the plain sum)', async () => {
    const of = (n: TestNumber) => numerology(n.number);
    expect(await numbersOf('sum=45')).toEqual(expected((n) => of(n).sum === 45));
    expect(await numbersOf('mid=9')).toEqual(expected((n) => of(n).mid === 9));
    expect(await numbersOf('total=3')).toEqual(expected((n) => of(n).total === 3));
    expect(await numbersOf('total=45')).toEqual(expected((n) => of(n).sum === 45));
    expect((await numbersOf('total=3')).length).toBeGreaterThan(0);
  });

  it('filters by a price range, inclusive, in rupees', async () => {
    expect(await numbersOf('minPrice=5000&maxPrice=20000')).toEqual(
      expected((n) => price(n) >= 5_000 && price(n) <= 20_000),
    );
    expect(await numbersOf('minPrice=100000')).toEqual(expected((n) => price(n) >= 1_00_000));
    expect(await numbersOf('maxPrice=3000')).toEqual(expected((n) => price(n) <= 3_000));
    expect(await numbersOf('minPrice=6300&maxPrice=6300')).toEqual(['9060481010']);
  });

  it('combines filters', async () => {
    expect(await numbersOf('offer=true&maxPrice=30000&q=0&match=anywhere')).toEqual([
      '7070700852',
      '9060481010',
    ]);
  });

  it('sorts by price both ways, ties by id, and by newest', async () => {
    const byPrice = [...available].sort(
      (a, b) => price(a) - price(b) || ids.get(a.number)! - ids.get(b.number)!,
    );
    expect(await numbersOf('sort=price_asc')).toEqual(byPrice.map((n) => n.number));
    expect(await numbersOf('sort=price_desc')).toEqual([...byPrice].reverse().map((n) => n.number));
    expect(await numbersOf('sort=newest')).toEqual(newestFirst);
    const tie = await numbersOf('sort=price_asc&minPrice=5000&maxPrice=5000');
    expect(tie).toEqual(['9811223344', '7770009991']);
    // Narrow digit filters sort their matches the same way.
    expect(await numbersOf('q=123&sort=price_desc')).toEqual(
      [...byPrice]
        .reverse()
        .filter((n) => n.number.includes('123'))
        .map((n) => n.number),
    );
  });

  it('pages through the listing without overlap', async () => {
    const first = await list('pageSize=5&sort=price_asc');
    expect(first).toMatchObject({ total: available.length, page: 1, pageSize: 5, pageCount: 3 });
    const second = await list('pageSize=5&page=2&sort=price_asc');
    const last = await list('pageSize=5&page=3&sort=price_asc');
    expect(last).toMatchObject({ total: available.length, pageCount: 3, page: 3 });
    // Every available number once, in order (from a cached order, the page that would have held
    // the number on hold shows one fewer: decision 0022).
    const all = [...first.items, ...second.items, ...last.items].map((i) => i.number);
    expect(all).toEqual(await numbersOf('sort=price_asc'));
    expect(all).toHaveLength(available.length);
    const beyond = await list('pageSize=5&page=4');
    expect(beyond).toMatchObject({ items: [], total: available.length, page: 4, pageCount: 3 });
    expect(await list('q=99999')).toMatchObject({ items: [], total: 0, pageCount: 0 });
  });

  it('treats empty parameters as absent', async () => {
    const page = await list('category=&q=&match=&mask=&sort=&page=&pageSize=&minPrice=&offer=');
    expect(page.items.map((i) => i.number)).toEqual(newestFirst);
    expect(page.pageSize).toBe(24);
  });

  it('answers one available number by id, 404 when it is not available', async () => {
    const res = await get(`/api/v1/numbers/${ids.get('9876598765')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ number: '9876598765', display: '98765 98765' });
    expect((await get(`/api/v1/numbers/${ids.get('9912124545')}`)).statusCode).toBe(200); // lapsed hold
    for (const gone of ['9898701234', '9512120345', '9559900590']) {
      const missing = await get(`/api/v1/numbers/${ids.get(gone)}`);
      expect(missing.statusCode, gone).toBe(404);
      expect(missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    expect((await get('/api/v1/numbers/999999')).statusCode).toBe(404);
  });

  it('answers a bad id with 400 naming it', async () => {
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
      const res = await get(`/api/v1/numbers/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message, id).toMatch(/\bid\b/);
    }
    // In words a person reads, not the validator's.
    expect((await get('/api/v1/numbers/abc')).json().message).toBe(
      "Invalid params: id: must be a number's id (a whole number)",
    );
  });

  it('answers each bad parameter with 400 and a message naming it', async () => {
    const bad: [string, string][] = [
      ['category=no-such-category', 'category'],
      ['offer=maybe', 'offer'],
      ['q=12a', 'q'],
      ['q=12345678901', 'q'],
      ['match=middle', 'match'],
      ['mustContain=12', 'mustContain'],
      ['mustContain=1,a', 'mustContain'],
      ['notContain=2;4', 'notContain'],
      ['mask=98%3F%3F', 'mask'],
      ['mask=98%3F%3F54%3F%3F%3F%3Fz', 'mask'],
      ['sum=abc', 'sum'],
      ['sum=0', 'sum'],
      ['sum=91', 'sum'],
      ['mid=99', 'mid'],
      ['total=0', 'total'],
      ['total=4.5', 'total'],
      ['minPrice=-1', 'minPrice'],
      ['maxPrice=lots', 'maxPrice'],
      ['minPrice=9000&maxPrice=5000', 'minPrice'],
      ['sort=cheapest', 'sort'],
      ['page=0', 'page'],
      ['page=two', 'page'],
      ['pageSize=0', 'pageSize'],
      ['pageSize=101', 'pageSize'],
      ['q=1&q=2', 'q'],
    ];
    for (const [query, name] of bad) {
      const res = await get(`/api/v1/numbers?${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = res.json();
      expect(body.success, query).toBe(false);
      expect(body.message, query).toContain(`${name}:`);
    }
    const range = await get('/api/v1/numbers?minPrice=9000&maxPrice=5000');
    expect(range.json().message).toContain('maxPrice');
  });

  it("says in the store's words what each refused parameter takes, never the validator's", async () => {
    const said: [string, string][] = [
      ['pageSize=1000', 'pageSize: must be a whole number from 1 to 100'],
      ['pageSize=ten', 'pageSize: must be a whole number from 1 to 100'],
      ['pageSize=2.5', 'pageSize: must be a whole number from 1 to 100'],
      ['page=0', 'page: must be a whole number from 1 to 100000'],
      ['page=two', 'page: must be a whole number from 1 to 100000'],
      ['page=1&page=2', 'page: must be a whole number from 1 to 100000'],
      ['page=1e2', 'page: must be a whole number from 1 to 100000'],
      ['pageSize=0x10', 'pageSize: must be a whole number from 1 to 100'],
      ['sum=Infinity', 'sum: must be a whole number from 1 to 90'],
      ['maxPrice=1e5', 'maxPrice: must be an amount in rupees, digits only, e.g. 100000'],
      ['minPrice=0x10', 'minPrice: must be an amount in rupees, digits only, e.g. 100000'],
      ['minPrice=1,00,000', 'minPrice: must be an amount in rupees, digits only, e.g. 100000'],
      ['maxPrice=lots', 'maxPrice: must be an amount in rupees, digits only, e.g. 100000'],
      ['minPrice=-1', 'minPrice: must be 0 or more rupees'],
      ['sum=0', 'sum: must be a whole number from 1 to 90'],
      ['sum=abc', 'sum: must be a whole number from 1 to 90'],
      ['mid=19', 'mid: must be a whole number from 1 to 18'],
      ['total=0', 'total: must be a whole number from 1 to 90'],
      ['total=4.5', 'total: must be a whole number from 1 to 90'],
      ['q=1&q=2', 'q: must be 1 to 10 digits'],
      [
        'category=a&category=b',
        'category: must be one category slug, such as mirror-numbers, or all',
      ],
      [
        'mustContain=1&mustContain=2',
        'mustContain: must be single digits separated by commas, e.g. 2,4,8',
      ],
      ['mask=1&mask=2', 'mask: must be exactly 10 places, each a digit or ? (e.g. 98??54????)'],
      ['text=a&text=b', 'text: must be words, given once, of at most 200 characters'],
    ];
    for (const [query, words] of said) {
      const res = await get(`/api/v1/numbers?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(`Invalid query parameter: ${words}`);
    }
    const elsewhere: [string, string][] = [
      ['/api/v1/packs?pageSize=51', 'pageSize: must be a whole number from 1 to 50'],
      [
        '/api/v1/numbers/by-number/9876598765/similar?limit=25',
        'limit: must be a whole number from 1 to 24',
      ],
    ];
    for (const [url, words] of elsewhere) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(`Invalid query parameter: ${words}`);
    }
  });
}

describeEachDatabase('GET /api/v1/numbers', catalogTests);

describeEachDatabase(
  'GET /api/v1/numbers with the listing cache on',
  (ctx) => {
    catalogTests(ctx);

    describe('cached listings', () => {
      const get = (url: string) => ctx().app.inject({ method: 'GET', url });
      const setStatus = (number: string, status: string) =>
        ctx().database.query('update numbers set status = $1 where number = $2', [status, number]);

      it('never shows a number that stopped being available, even from a cached order', async () => {
        const before = (await get('/api/v1/numbers?sort=price_asc')).json().data;
        expect(before.items.map((i: { number: string }) => i.number)).toContain('9876598765');
        await setStatus('9876598765', 'sold');
        const after = (await get('/api/v1/numbers?sort=price_asc')).json().data;
        expect(after.items.map((i: { number: string }) => i.number)).not.toContain('9876598765');
        expect(after.items).toHaveLength(before.items.length - 1);
        const digits = (await get('/api/v1/numbers?q=98765')).json().data;
        expect(digits.items.map((i: { number: string }) => i.number)).not.toContain('9876598765');
      });

      it('shows a number that became available once the cache is refreshed', async () => {
        await setStatus('9876598765', 'hidden');
        const hidden = (await get('/api/v1/numbers')).json().data;
        expect(hidden.total).toBe(available.length - 1);
        await setStatus('9876598765', 'available');
        invalidateCatalogCache(ctx().database);
        const shown = (await get('/api/v1/numbers')).json().data;
        expect(shown.total).toBe(available.length);
        expect(shown.items[0].number).toBe('9876598765');
      });

      it('shows a number whose hold lapsed in the next listing, without waiting for the cache', async () => {
        const numbersOf = (res: { json(): { data: Page } }) =>
          res.json().data.items.map((i) => i.number);
        await ctx().database.query(
          "update numbers set status = 'reserved', reserved_until = now() + interval '10 minutes' where number = $1",
          ['9876598765'],
        );
        // Held: missing from the listing, whose order is now cached for 30 s.
        const held = await get('/api/v1/numbers?sort=price_desc');
        expect(numbersOf(held)).not.toContain('9876598765');
        expect(numbersOf(await get('/api/v1/numbers?sort=price_desc'))).toEqual(numbersOf(held));

        // The hold ends by time alone: nothing in the process is told.
        await ctx().database.query('update numbers set reserved_until = now() where number = $1', [
          '9876598765',
        ]);
        const lapsed = await get('/api/v1/numbers?sort=price_desc');
        expect(numbersOf(lapsed)).toContain('9876598765');
        expect(numbersOf(lapsed)).toHaveLength(numbersOf(held).length + 1);
      });

      it('reads pages past the cached order live', async () => {
        const page = (
          await get(`/api/v1/numbers?pageSize=100&page=${Math.floor(CANDIDATE_LIMIT / 100) + 2}`)
        ).json().data;
        expect(page).toMatchObject({ items: [], total: available.length, pageCount: 1 });
      });
    });
  },
  { env: { CATALOG_CACHE_SECONDS: '30' } },
);

describe('the catalogue in the API document', () => {
  it('is published', async () => {
    const { buildApp } = await import('../app');
    const { sharedDatabase, testConfig } = await import('../../test-support/test-app');
    const app = await buildApp(testConfig(), { database: await sharedDatabase() });
    try {
      const doc = await app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(doc.statusCode).toBe(200);
      const paths = doc.json().paths;
      expect(paths).toHaveProperty('/api/v1/numbers');
      expect(paths).toHaveProperty('/api/v1/numbers/{id}');
      const names = paths['/api/v1/numbers'].get.parameters.map((p: { name: string }) => p.name);
      expect(names).toEqual(
        expect.arrayContaining([
          'category',
          'offer',
          'q',
          'match',
          'mask',
          'sort',
          'page',
          'pageSize',
        ]),
      );
    } finally {
      await app.close();
    }
  });
});
