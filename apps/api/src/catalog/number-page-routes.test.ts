import { beforeEach, expect, it } from 'vitest';
import { insertTestNumbers, type TestNumber } from '../../test-support/numbers';
import { describeEachDatabase } from '../../test-support/test-app';

const hour = 3600 * 1000;

/** Newest first (insertTestNumbers dates each a minute before the one above). */
const inventory: TestNumber[] = [
  { number: '9898989898', basePrice: 60_000, finalPrice: 45_000 }, // semi mirror, AB AB AB...; total 4
  { number: '9876598765', basePrice: 50_000 }, // mirror; total 7
  { number: '9811223344', basePrice: 5_000, status: 'sold' }, // doubling
  { number: '9512120345', basePrice: 9_500, status: 'hidden' }, // middle ab ab
  {
    number: '9559900590',
    basePrice: 11_000,
    status: 'reserved',
    reservedUntil: new Date(Date.now() + hour),
  }, // three digit
  { number: '9988771234', basePrice: 9_000 }, // doubling, ends 1234; total 4
  { number: '9612341234', basePrice: 8_000 }, // semi mirror, ends 1234; total 8
  { number: '9156345634', basePrice: 7_000 }, // semi mirror, ends 34; total 1
  { number: '9000000061', basePrice: 9_900 }, // septa; total 7
  { number: '9700000000', basePrice: 1_000 }, // octa; total 7
  { number: '9000000004', basePrice: 2_000 }, // octa; total 4
  { number: '9100000003', basePrice: 20_000 }, // septa; total 4
];

describeEachDatabase('a number by its digits', (ctx) => {
  let ids = new Map<string, number>();
  beforeEach(async () => {
    ids = await insertTestNumbers(ctx().app, inventory);
  });
  const get = (url: string) => ctx().app.inject({ method: 'GET', url });

  it('answers an available number with every category, numerology, price and saving', async () => {
    const res = await get('/api/v1/numbers/by-number/9898989898');
    expect(res.statusCode).toBe(200);
    const detail = res.json().data;
    expect(detail).toMatchObject({
      id: ids.get('9898989898'),
      number: '9898989898',
      display: '98989 89898',
      status: 'available',
      category: { slug: 'semi-mirror-numbers', name: 'Semi Mirror Numbers' },
      pricing: { nwFinalPrice: 45_000, nwBasePrice: 60_000, discountPercent: 25 },
      saving: 15_000,
      sum: 85,
      mid: 13,
      total: 4,
    });
    expect(detail.categories.map((c: { slug: string }) => c.slug)).toEqual([
      'semi-mirror-numbers',
      'ab-ab-ab-numbers',
      'abc-abc-numbers',
      'ab-ab-xy-xy-numbers',
      'two-digit-numbers',
      'start-ab-ab-numbers',
      'middle-ab-ab-numbers',
      'ending-ab-ab-numbers',
    ]);
    expect(detail.categories[1]).toEqual({ slug: 'ab-ab-ab-numbers', name: 'AB AB AB Numbers' });
  });

  it('says when a number is held, sold or hidden', async () => {
    const status = async (digits: string) =>
      (await get(`/api/v1/numbers/by-number/${digits}`)).json().data.status;
    expect(await status('9559900590')).toBe('reserved');
    expect(await status('9811223344')).toBe('sold');
    expect(await status('9512120345')).toBe('hidden');
    expect(await status('9876598765')).toBe('available');
  });

  it("publishes no price of a sold or hidden number, a held one's as on sale", async () => {
    const detail = async (digits: string) =>
      (await get(`/api/v1/numbers/by-number/${digits}`)).json().data;
    for (const digits of ['9811223344', '9512120345']) {
      const gone = await detail(digits);
      expect(gone.pricing).toBeNull();
      expect(gone.saving).toBe(0);
      expect(JSON.stringify(gone)).not.toMatch(/5000|9500|nwFinalPrice/);
    }
    expect((await detail('9559900590')).pricing).toMatchObject({
      nwFinalPrice: expect.any(Number),
    });
  });

  it('answers 404 for a number the store never had, 400 for one that is no number', async () => {
    const unknown = await get('/api/v1/numbers/by-number/9000000001');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      success: false,
      message: 'We do not have the number 9000000001.',
    });
    for (const bad of ['12345', '5876598765', '98765987650', 'abcdefghij']) {
      const res = await get(`/api/v1/numbers/by-number/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toMatch(/10-digit mobile number/);
    }
  });

  it('lists similar numbers: same category and last four, then last two, then the total', async () => {
    const res = await get('/api/v1/numbers/by-number/9123451234/similar');
    expect(res.statusCode).toBe(200);
    const similar = res.json().data.items.map((item: { number: string }) => item.number);
    // 9123451234 is not in the store: semi mirror, total 7, no price (so the cheapest first).
    // Semi mirror ending 1234, then semi mirror ending 34, then total 7; never a number sold,
    // hidden or held, and 9988771234 (ends 1234, but doubling) only for its total (it has 4).
    expect(similar).toEqual(['9612341234', '9156345634', '9700000000', '9000000061', '9876598765']);
  });

  it('puts the nearest price first for a number the store has, and leaves it out', async () => {
    const similar = async (limit: number) =>
      (await get(`/api/v1/numbers/by-number/9988771234/similar?limit=${limit}`))
        .json()
        .data.items.map((item: { number: string }) => item.number);
    // Doubling, total 4, ₹9,000: no other doubling number ends 1234 or 34 (9811223344 is
    // sold), so the total decides: ₹2,000, ₹20,000, ₹45,000 are 7,000, 11,000 and 36,000 away.
    expect(await similar(8)).toEqual(['9000000004', '9100000003', '9898989898']);
    expect(await similar(2)).toEqual(['9000000004', '9100000003']);
  });

  it('refuses a limit out of range', async () => {
    const res = await get('/api/v1/numbers/by-number/9988771234/similar?limit=50');
    expect(res.statusCode).toBe(400);
  });
});

describeEachDatabase('GET /api/v1/numbers?text=: plain words', (ctx) => {
  beforeEach(async () => {
    await insertTestNumbers(ctx().app, inventory);
  });
  const list = async (query: string) => {
    const res = await ctx().app.inject({ method: 'GET', url: `/api/v1/numbers?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const numbersOf = (data: { items: { number: string }[] }) => data.items.map((i) => i.number);

  it('lists what the words mean, with what was understood and what was ignored', async () => {
    const data = await list(`text=${encodeURIComponent('ending 1234 under 8,500 xyzzy')}`);
    expect(numbersOf(data)).toEqual(['9612341234']);
    expect(data.understood).toEqual([
      { filter: 'q', value: '1234', label: 'Ends with 1234', source: 'ending 1234' },
      { filter: 'maxPrice', value: 8500, label: 'Up to ₹8,500', source: 'under 8,500' },
    ]);
    expect(data.ignored).toEqual(['xyzzy']);
    expect(data.notes).toEqual([]);
  });

  it('reads Hinglish and categories, and sorts as asked', async () => {
    const data = await list(`text=${encodeURIComponent('7 ka total sasta')}`);
    expect(numbersOf(data)).toEqual(['9700000000', '9000000061', '9876598765']);
    expect(data.understood.map((part: { filter: string }) => part.filter)).toEqual([
      'total',
      'sort',
    ]);
    // Every semi mirror number, the mirror number 9876598765 among them.
    expect(numbersOf(await list('text=semi+mirror&sort=price_desc'))).toEqual([
      '9876598765',
      '9898989898',
      '9612341234',
      '9156345634',
    ]);
  });

  it('finds a whole number typed the usual Indian ways, never reading it as prices', async () => {
    for (const typed of [
      '+91 98765 98765',
      '+919876598765',
      '919876598765',
      '09876598765',
      '98765-98765',
      '+91-98765-98765',
      '987-659-8765',
    ]) {
      const data = await list(`text=${encodeURIComponent(typed)}`);
      expect(numbersOf(data), typed).toEqual(['9876598765']);
      expect(data.understood, typed).toEqual([
        { filter: 'q', value: '9876598765', label: 'Contains 9876598765', source: typed },
      ]);
      expect(data.notes, typed).toEqual([]);
    }
    // Digits that make no mobile number are still a price range.
    expect(numbersOf(await list(`text=${encodeURIComponent('7000-9000')}`))).toEqual([
      '9988771234',
      '9612341234',
      '9156345634',
    ]);
  });

  it('lets a filter given beside the words win, and says which part it replaced', async () => {
    const data = await list(`text=${encodeURIComponent('mirror under 5k')}&category=octa`);
    expect(numbersOf(data)).toEqual(['9700000000', '9000000004']);
    expect(data.understood.map((part: { label: string }) => part.label)).toEqual(['Up to ₹5,000']);
    expect(data.notes).toEqual([
      '"mirror" (Mirror Numbers) was set aside: a filter chosen beside the words replaces it.',
    ]);
  });

  it('answers without understood or ignored when no words are given', async () => {
    const data = await list('category=octa');
    expect(data.understood).toBeUndefined();
    expect(data.ignored).toBeUndefined();
  });

  it('refuses words longer than 200 characters', async () => {
    const res = await ctx().app.inject({
      method: 'GET',
      url: `/api/v1/numbers?text=${'a'.repeat(201)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/text.*at most 200 characters/);
  });
});
