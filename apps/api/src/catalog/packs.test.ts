import { expect, it } from 'vitest';
import { insertTestNumbers } from '../../test-support/numbers';
import { signedIn, staffMember } from '../../test-support/sales';
import { api, SessionClient } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

describeEachDatabase('family packs', (ctx) => {
  async function stock() {
    return insertTestNumbers(ctx().app, [
      // Three sharing 123456, one of them sold; a pair sharing 555000.
      { number: '9811123456', basePrice: 10_000 },
      { number: '9922123456', basePrice: 12_000, finalPrice: 11_000 },
      { number: '7000123456', basePrice: 9_000, status: 'sold' },
      { number: '9000555000', basePrice: 5_000 },
      { number: '8111555000', basePrice: 6_000 },
      // A run of three and a lone number; 9700000004 is held (live), cutting the next run.
      { number: '9700000001', basePrice: 3_000 },
      { number: '9700000002', basePrice: 3_000 },
      { number: '9700000003', basePrice: 3_000 },
      {
        number: '9700000004',
        basePrice: 3_000,
        status: 'reserved',
        reservedUntil: new Date(Date.now() + 60_000),
      },
      { number: '9700000005', basePrice: 3_000 },
      { number: '9700000009', basePrice: 3_000 },
    ]);
  }
  const packs = async (query: string) =>
    (await ctx().app.inject({ method: 'GET', url: api(`/packs?${query}`) })).json().data;

  it('groups available numbers by their last six digits, with the price together', async () => {
    await stock();
    const page = await packs('kind=ending');
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 12, pageCount: 1 });
    expect(
      page.packs.map((p: { key: string; numbers: { number: string }[]; totalPrice: number }) => [
        p.key,
        p.numbers.map((n) => n.number),
        p.totalPrice,
      ]),
    ).toEqual([
      ['123456', ['9811123456', '9922123456'], 21_000],
      ['555000', ['8111555000', '9000555000'], 11_000],
    ]);
  });

  it('finds runs of consecutive available numbers, paged', async () => {
    await stock();
    const first = await packs('kind=consecutive&pageSize=1');
    expect(first).toMatchObject({ total: 1, pageCount: 1 });
    expect(first.packs[0].key).toBe('9700000001');
    expect(first.packs[0].numbers.map((n: { number: string }) => n.number)).toEqual([
      '9700000001',
      '9700000002',
      '9700000003',
    ]);
    expect((await packs('kind=consecutive&page=2&pageSize=1')).packs).toEqual([]);
    const bad = await ctx().app.inject({ method: 'GET', url: api('/packs?kind=triplets') });
    expect(bad.statusCode).toBe(400);
  });

  it('cuts a run longer than ten into packs of at most ten', async () => {
    await insertTestNumbers(
      ctx().app,
      Array.from({ length: 12 }, (_, i) => ({
        number: `96000000${String(i + 10)}`,
        basePrice: 1_000,
      })),
    );
    const page = await packs('kind=consecutive');
    expect(page.packs.map((p: { numbers: unknown[] }) => p.numbers.length)).toEqual([10, 2]);
  });

  it('adds a pack to the cart all or none, naming the numbers that are gone by id', async () => {
    const ids = await stock();
    const buyer = await signedIn(ctx().app);
    const pack = [ids.get('9811123456')!, ids.get('9922123456')!];
    const added = await buyer.client.post(api('/cart/add-pack'), { numberIds: pack });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe('Pack of 2 numbers added to cart');
    expect(added.json().data.productIds.sort()).toEqual([...pack].sort());

    const sold = ids.get('7000123456')!;
    const withSold = await buyer.client.post(api('/cart/add-pack'), {
      numberIds: [ids.get('9000555000')!, sold],
    });
    expect(withSold.statusCode).toBe(409);
    expect(withSold.json()).toMatchObject({
      code: 'PACK_UNAVAILABLE',
      message: `Number ${sold} is no longer available, so the pack was not added. Open Family packs again to see the packs on sale now.`,
      numberIds: [sold],
    });
    // A guest trying ids learns no digits of a sold, held or hidden number (issue #16 item 5).
    const held = ids.get('9700000004')!;
    const staff = await staffMember(ctx().app);
    const hidden = ids.get('9000555000')!;
    await staff.client.post(api(`/admin/numbers/${hidden}/hide`));
    const probe = await new SessionClient(ctx().app).post(api('/cart/add-pack'), {
      numberIds: [sold, held, hidden],
    });
    expect(probe.statusCode).toBe(409);
    expect(probe.json()).toMatchObject({
      message: `Numbers ${sold}, ${held} and ${hidden} are no longer available, so the pack was not added. Open Family packs again to see the packs on sale now.`,
      numberIds: [sold, held, hidden],
    });
    expect(probe.body).not.toMatch(/23456|00004|55000/);
    const cart = (await buyer.client.get(api('/cart'))).json().data;
    expect(cart.productIds.sort()).toEqual([...pack].sort());

    // A guest gets the numbers for the browser's cart.
    const guest = new SessionClient(ctx().app);
    const forGuest = await guest.post(api('/cart/add-pack'), { numberIds: pack });
    expect(forGuest.statusCode).toBe(200);
    expect(forGuest.json().data.products.map((p: { number: string }) => p.number)).toEqual([
      '9811123456',
      '9922123456',
    ]);
    const repeated = await guest.post(api('/cart/add-pack'), { numberIds: [pack[0], pack[0]] });
    expect(repeated.statusCode).toBe(400);
  });
});
