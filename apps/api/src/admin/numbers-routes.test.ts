import { expect, it, vi } from 'vitest';
import { insertOrders } from '../../test-support/console-fixtures';
import { csvRows, multipartFile } from '../../test-support/csv-upload';
import { insertTestNumbers, listedPrices } from '../../test-support/numbers';
import { staffMember } from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

describeEachDatabase('the console inventory', (ctx) => {
  /** A small stock: two on sale (one on offer), one hidden, one held, one sold. */
  async function stock() {
    const { app } = ctx();
    const inAnHour = new Date(Date.now() + 3_600_000);
    const ids = await insertTestNumbers(app, [
      { number: '9820098200', basePrice: 25_000, finalPrice: 20_000 },
      { number: '9876543210', basePrice: 12_000 },
      { number: '9812377777', basePrice: 50_000, status: 'hidden' },
      { number: '9811223344', basePrice: 8_000, status: 'reserved', reservedUntil: inAnHour },
      { number: '7770009991', basePrice: 30_000, status: 'sold' },
    ]);
    return {
      ids,
      support: await staffMember(app, 'support'),
      admin: await staffMember(app, 'admin'),
    };
  }

  async function auditFor(number: string) {
    const admin = await staffMember(ctx().app, 'admin');
    const res = await admin.client.get(api(`/admin/audit?number=${number}`));
    return res.json().data.entries as {
      action: string;
      actor: { name: string };
      before: unknown;
      after: unknown;
      note: string | null;
    }[];
  }

  it('lists every status with filters, digits search, sorting and paging', async () => {
    const { support } = await stock();
    const all = await support.client.get(api('/admin/numbers?sort=number_asc'));
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toMatchObject({ total: 5, page: 1, pageSize: 50, pageCount: 1 });
    expect(
      all.json().data.numbers.map((n: { number: string; status: string }) => [n.number, n.status]),
    ).toEqual([
      ['7770009991', 'sold'],
      ['9811223344', 'held'],
      ['9812377777', 'hidden'],
      ['9820098200', 'available'],
      ['9876543210', 'available'],
    ]);
    expect(all.json().data.numbers[3]).toMatchObject({
      display: '98200 98200',
      category: { slug: 'mirror-numbers', name: 'Mirror Numbers' },
      price: 25_000,
      offerPrice: 20_000,
    });

    const digits = await support.client.get(api('/admin/numbers?q=98200'));
    expect(digits.json().data.numbers.map((n: { number: string }) => n.number)).toEqual([
      '9820098200',
    ]);
    const held = await support.client.get(api('/admin/numbers?status=held'));
    expect(held.json().data.numbers.map((n: { number: string }) => n.number)).toEqual([
      '9811223344',
    ]);
    const offers = await support.client.get(api('/admin/numbers?offer=true'));
    expect(offers.json().data.total).toBe(1);
    const dearest = await support.client.get(
      api('/admin/numbers?sort=price_desc&pageSize=2&page=2'),
    );
    expect(dearest.json().data).toMatchObject({ total: 5, pageCount: 3 });
    // Final prices (what buyers pay): 50,000 30,000 | 20,000 12,000 | 8,000.
    expect(dearest.json().data.numbers.map((n: { number: string }) => n.number)).toEqual([
      '9820098200',
      '9876543210',
    ]);

    for (const query of ['status=gone', 'sort=cheapest', 'q=98a', 'pageSize=500']) {
      const bad = await support.client.get(api(`/admin/numbers?${query}`));
      expect(bad.statusCode, query).toBe(400);
    }
    const unknownStatus = await support.client.get(api('/admin/numbers?status=bogus'));
    expect(unknownStatus.json().message).toBe(
      'Invalid query parameter: status: must be available, held, sold, hidden or coming_soon',
    );
  });

  it('says which order holds a held number and until when, and nothing of any other', async () => {
    const { support, ids } = await stock();
    const { app, database } = ctx();
    const [orderId] = await insertOrders(app, [{ reference: 'VN-20261130-5G1V4C1S' }]);
    const until = new Date(Date.now() + 1_800_000);
    await database.query(
      "update numbers set order_id = $1, reserved_until = $2 where number = '9811223344'",
      [orderId, until],
    );
    // A hold that lapsed leaves the number on sale, held by nothing.
    await database.query(
      "update numbers set status = 'reserved', order_id = $1, reserved_until = now() - interval '1 minute' where number = '9876543210'",
      [orderId],
    );
    const listed = await support.client.get(api('/admin/numbers?sort=number_asc'));
    const heldBy = Object.fromEntries(
      listed
        .json()
        .data.numbers.map((n: { number: string; heldBy: unknown }) => [n.number, n.heldBy]),
    );
    expect(heldBy).toEqual({
      '7770009991': null,
      '9811223344': {
        orderId,
        orderReference: 'VN-20261130-5G1V4C1S',
        until: until.toISOString(),
      },
      '9812377777': null,
      '9820098200': null,
      '9876543210': null,
    });
    // The one number's answer (a refused edit's current state) says the same.
    const hidden = await support.client.post(api(`/admin/numbers/${ids.get('9812377777')}/unhide`));
    expect(hidden.json().data.heldBy).toBeNull();
  });

  it('adds a number, classified on save, and refuses one already in the store', async () => {
    const { support } = await stock();
    const added = await support.client.post(api('/admin/numbers'), {
      number: '+91 98765 98765',
      price: 45_000,
      offerPrice: 40_000,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({
      number: '9876598765',
      category: { slug: 'mirror-numbers' },
      price: 45_000,
      offerPrice: 40_000,
      status: 'available',
    });
    const storefront = await ctx().app.inject({ url: api('/numbers?q=9876598765') });
    expect(storefront.json().data.items).toHaveLength(1);
    // In every category it fits at once, not only its own (the listing filters on them all).
    const page = await ctx().app.inject({ url: api('/numbers/by-number/9876598765') });
    expect(page.json().data.categories.map((c: { slug: string }) => c.slug)).toEqual([
      'mirror-numbers',
      'semi-mirror-numbers',
      'abc-abc-numbers',
      'counting-numbers',
    ]);
    const inCategory = await ctx().app.inject({
      url: api('/numbers?category=counting-numbers&q=9876598765'),
    });
    expect(inCategory.json().data.items).toHaveLength(1);
    expect(await auditFor('9876598765')).toMatchObject([
      {
        action: 'number.add',
        actor: { name: 'Sunita Support' },
        after: { price: 45_000, offerPrice: 40_000, status: 'available' },
      },
    ]);

    const sold = await support.client.post(api('/admin/numbers'), {
      number: '07770009991',
      price: 1_000,
    });
    expect(sold.statusCode).toBe(409);
    expect(sold.json()).toMatchObject({
      code: 'NUMBER_EXISTS',
      message: '7770009991 is already in the store (sold).',
      existing: { status: 'sold' },
    });

    const problems: [object, RegExp][] = [
      [{ number: '5820098200', price: 100 }, /number: must start with 6, 7, 8 or 9/],
      [{ number: '98200', price: 100 }, /number: must have 10 digits \(it has 5\)/],
      [{ number: '9000012345', price: 0 }, /price: must be more than 0/],
      [{ number: '9000012345', price: 100, offerPrice: 120 }, /offerPrice: must not be above/],
      [{ number: '9000012345', price: 100.555 }, /price: must have at most two decimals/],
    ];
    for (const [body, message] of problems) {
      const refused = await support.client.post(api('/admin/numbers'), body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(message);
    }
  });

  it('changes a price and an offer, and refuses held and sold numbers', async () => {
    const { ids, support } = await stock();
    const id = ids.get('9876543210')!;
    const offered = await support.client.request({
      method: 'PATCH',
      url: api(`/admin/numbers/${id}`),
      payload: { price: 15_000, offerPrice: 13_500 },
    });
    expect(offered.statusCode).toBe(200);
    expect(offered.json().data).toMatchObject({ price: 15_000, offerPrice: 13_500 });
    const storefront = await ctx().app.inject({ url: api(`/numbers/${id}`) });
    expect(storefront.json().data.pricing).toMatchObject({
      nwBasePrice: 15_000,
      nwFinalPrice: 13_500,
      discountPercent: 10,
    });

    const noOffer = await support.client.request({
      method: 'PATCH',
      url: api(`/admin/numbers/${id}`),
      payload: { price: 15_000, offerPrice: null },
    });
    expect(noOffer.json().data).toMatchObject({ price: 15_000, offerPrice: null });
    expect(await auditFor('9876543210')).toMatchObject([
      {
        action: 'number.reprice',
        before: { price: 15_000, offerPrice: 13_500 },
        after: { price: 15_000, offerPrice: null },
      },
      {
        action: 'number.reprice',
        before: { price: 12_000, offerPrice: null },
        after: { price: 15_000, offerPrice: 13_500 },
      },
    ]);

    const patch = (numberId: number, payload: object) =>
      support.client.request({ method: 'PATCH', url: api(`/admin/numbers/${numberId}`), payload });
    const held = await patch(ids.get('9811223344')!, { price: 9_000 });
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({
      code: 'NUMBER_HELD',
      message: '98112 23344 is held for an order awaiting payment: its price cannot change now.',
    });
    const sold = await patch(ids.get('7770009991')!, { price: 9_000 });
    expect(sold.json()).toMatchObject({ code: 'NUMBER_SOLD' });
    expect((await patch(99_999, { price: 9_000 })).statusCode).toBe(404);
    expect((await patch(id, { price: 9_000, offerPrice: 9_500 })).statusCode).toBe(400);
    expect((await patch(id, { offerPrice: 9_500 })).statusCode).toBe(400);
    expect(await auditFor('9811223344')).toEqual([]);
  });

  it('hides a number from the storefront and shows it again', async () => {
    const { ids, support } = await stock();
    const id = ids.get('9820098200')!;
    const hidden = await support.client.post(api(`/admin/numbers/${id}/hide`));
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().data.status).toBe('hidden');
    expect((await ctx().app.inject({ url: api(`/numbers/${id}`) })).statusCode).toBe(404);
    // Twice changes nothing (and records nothing).
    expect((await support.client.post(api(`/admin/numbers/${id}/hide`))).statusCode).toBe(200);

    const shown = await support.client.post(api(`/admin/numbers/${id}/unhide`));
    expect(shown.json().data.status).toBe('available');
    expect((await ctx().app.inject({ url: api(`/numbers/${id}`) })).statusCode).toBe(200);
    expect((await auditFor('9820098200')).map((entry) => entry.action)).toEqual([
      'number.unhide',
      'number.hide',
    ]);

    const sold = await support.client.post(api(`/admin/numbers/${ids.get('7770009991')}/hide`));
    expect(sold.statusCode).toBe(409);
    expect(sold.json().message).toBe('77700 09991 is sold: it cannot be hidden.');
    const held = await support.client.post(api(`/admin/numbers/${ids.get('9811223344')}/hide`));
    expect(held.json().code).toBe('NUMBER_HELD');
    expect((await support.client.post(api('/admin/numbers/99999/unhide'))).statusCode).toBe(404);
    expect((await support.client.post(api('/admin/numbers/abc/hide'))).statusCode).toBe(400);
  });

  it('previews and applies a bulk price change on a filtered selection, in whole rupees', async () => {
    const { ids, support } = await stock();
    await insertTestNumbers(ctx().app, [{ number: '9820012345', basePrice: 4_999 }]);
    const body = { filter: { q: '98' }, change: { mode: 'raise', percent: 10 } };
    const preview = await support.client.post(api('/admin/numbers/bulk-price/preview'), body);
    expect(preview.statusCode).toBe(200);
    // 98: five numbers; the held one is skipped; the hidden one changes too.
    expect(preview.json().data).toMatchObject({ selected: 5, changing: 4, skipped: 1 });
    expect(preview.json().data.sample).toEqual([
      {
        id: ids.get('9812377777'),
        number: '9812377777',
        before: { price: 50_000, offerPrice: null },
        after: { price: 55_000, offerPrice: null },
      },
      expect.objectContaining({
        number: '9820012345',
        before: { price: 4_999, offerPrice: null },
        after: { price: 5_499, offerPrice: null },
      }),
      expect.objectContaining({
        number: '9820098200',
        before: { price: 25_000, offerPrice: 20_000 },
        after: { price: 27_500, offerPrice: 22_000 },
      }),
      expect.objectContaining({ number: '9876543210' }),
    ]);

    const moved = await support.client.post(api('/admin/numbers/bulk-price'), {
      ...body,
      expectedCount: 3,
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ code: 'SELECTION_CHANGED', changing: 4 });
    expect(await auditFor('9820098200')).toEqual([]);

    const applied = await support.client.post(api('/admin/numbers/bulk-price'), {
      ...body,
      expectedCount: 4,
    });
    expect(applied.json().data).toEqual({ changed: 4 });
    expect(await listedPrices(support.client, 'q=98')).toEqual([
      ['9811223344', 8_000, null],
      ['9812377777', 55_000, null],
      ['9820012345', 5_499, null],
      ['9820098200', 27_500, 22_000],
      ['9876543210', 13_200, null],
    ]);
    expect(await auditFor('9820098200')).toMatchObject([
      {
        action: 'number.reprice',
        before: { price: 25_000, offerPrice: 20_000 },
        after: { price: 27_500, offerPrice: 22_000 },
        note: 'bulk price change: raise by 10%',
      },
    ]);
    const admin = await staffMember(ctx().app, 'admin');
    const summary = await admin.client.get(api('/admin/audit?entityType=number&entityId=bulk'));
    expect(summary.json().data.entries).toMatchObject([
      {
        action: 'number.bulk_reprice',
        after: { filter: { q: '98' }, change: { mode: 'raise', percent: 10 }, count: 4 },
      },
    ]);

    // Set: one price, offers end; lower: a percent off, rounded, never below 1 rupee.
    const set = await support.client.post(api('/admin/numbers/bulk-price'), {
      filter: { status: 'available', offer: 'true' },
      change: { mode: 'set', amount: 21_000 },
    });
    expect(set.json().data.changed).toBe(1);
    const lowered = await support.client.post(api('/admin/numbers/bulk-price/preview'), {
      filter: { q: '9820098200' },
      change: { mode: 'lower', percent: 33.3 },
    });
    expect(lowered.json().data.sample[0].after).toEqual({ price: 14_007, offerPrice: null });

    // Raise: never above the price limit a price typed in the console has (₹2 crore).
    await support.client.post(api('/admin/numbers/bulk-price'), {
      filter: { q: '9820098200' },
      change: { mode: 'set', amount: 50_00_000 },
    });
    const raised = await support.client.post(api('/admin/numbers/bulk-price/preview'), {
      filter: { q: '9820098200' },
      change: { mode: 'raise', percent: 500 },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().data.sample[0].after).toEqual({ price: 2_00_00_000, offerPrice: null });

    for (const change of [
      { mode: 'lower', percent: 100 },
      { mode: 'raise', percent: 0 },
      { mode: 'set', amount: 10.5 },
      { mode: 'double' },
    ]) {
      const bad = await support.client.post(api('/admin/numbers/bulk-price/preview'), {
        filter: {},
        change,
      });
      expect(bad.statusCode, JSON.stringify(change)).toBe(400);
    }
  });

  it('refuses a price edit or a status change from a page opened before another agent changed the number', async () => {
    const { ids, support, admin } = await stock();
    const id = ids.get('9820098200')!;
    const seen = { price: 25_000, offerPrice: 20_000 };
    const patch = (agent: typeof support, payload: object) =>
      agent.client.request({ method: 'PATCH', url: api(`/admin/numbers/${id}`), payload });

    // Both opened the number at 25,000 with offer 20,000; the admin saves first.
    const first = await patch(admin, { price: 30_000, offerPrice: 22_000, expected: seen });
    expect(first.statusCode).toBe(200);
    const stale = await patch(support, { price: 26_000, offerPrice: null, expected: seen });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'NUMBER_CHANGED',
      message: expect.stringMatching(
        /^This number was changed by someone else since you opened it: 98200 98200 is now ₹30,000 with offer ₹22,000, on sale \(last changed by Anil Admin, \d+ \w+ \d{4}, \d+:\d\d [ap]m IST\)\. Check it and try again\.$/,
      ),
      current: { id, price: 30_000, offerPrice: 22_000, status: 'available' },
    });
    expect(await listedPrices(support.client, 'q=9820098200')).toEqual([
      ['9820098200', 30_000, 22_000],
    ]);
    expect((await auditFor('9820098200')).map((entry) => entry.actor.name)).toHaveLength(1);
    // Seen as it is now, the edit goes through; the same prices again change nothing (200).
    const current = { price: 30_000, offerPrice: 22_000 };
    expect((await patch(support, { price: 26_000, expected: current })).statusCode).toBe(200);
    expect((await patch(admin, { price: 26_000, expected: current })).statusCode).toBe(200);

    // Two saves from the same page at the same moment: one is taken, the other told.
    const now = { price: 26_000, offerPrice: null };
    const both = await Promise.all([
      patch(admin, { price: 27_000, expected: now }),
      patch(support, { price: 28_000, offerPrice: 27_500, expected: now }),
    ]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const kept = both.find((res) => res.statusCode === 200)!.json().data;
    expect(await listedPrices(support.client, 'q=9820098200')).toEqual([
      ['9820098200', kept.price, kept.offerPrice],
    ]);

    // Hide and coming soon carry the status the agent saw.
    const other = ids.get('9876543210')!;
    const hide = (agent: typeof support, path: string, status: string) =>
      agent.client.post(api(`/admin/numbers/${other}/${path}`), { expected: { status } });
    expect((await hide(admin, 'hide', 'available')).statusCode).toBe(200);
    const staleStatus = await hide(support, 'coming-soon', 'available');
    expect(staleStatus.statusCode).toBe(409);
    expect(staleStatus.json()).toMatchObject({
      code: 'NUMBER_CHANGED',
      message: expect.stringMatching(
        /^This number was changed by someone else since you opened it: 98765 43210 is now ₹12,000, hidden \(last changed by Anil Admin, .+ IST\)\. Check it and try again\.$/,
      ),
      current: { status: 'hidden' },
    });
    // Asking for what it already is changes nothing and is no conflict.
    expect((await hide(support, 'hide', 'available')).statusCode).toBe(200);
    expect((await auditFor('9876543210')).map((entry) => entry.action)).toEqual(['number.hide']);
    // Without `expected` (an older client) the change is made as before.
    const unconditional = await support.client.post(api(`/admin/numbers/${other}/coming-soon`));
    expect(unconditional.json().data.status).toBe('coming_soon');
  });

  it('applies a bulk price change once when two agents apply the same preview at the same moment', async () => {
    const { support, admin } = await stock();
    const body = { filter: { q: '98' }, change: { mode: 'raise', percent: 10 } };
    const preview = (
      await support.client.post(api('/admin/numbers/bulk-price/preview'), body)
    ).json().data;
    expect(preview).toMatchObject({ changing: 3, fingerprint: expect.any(String) });
    const fromPreview = {
      ...body,
      expectedCount: preview.changing,
      expectedFingerprint: preview.fingerprint,
    };

    const both = await Promise.all([
      support.client.post(api('/admin/numbers/bulk-price'), fromPreview),
      admin.client.post(api('/admin/numbers/bulk-price'), fromPreview),
    ]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((res) => res.statusCode === 200)!.json().data).toEqual({ changed: 3 });
    expect(both.find((res) => res.statusCode === 409)!.json()).toMatchObject({
      code: 'SELECTION_CHANGED',
      message:
        "These numbers' prices changed since your preview (someone may have applied a change to them): preview again.",
    });
    // Each number raised once: 10%, not 21%.
    expect(await listedPrices(support.client, 'q=98')).toEqual([
      ['9811223344', 8_000, null],
      ['9812377777', 55_000, null],
      ['9820098200', 27_500, 22_000],
      ['9876543210', 13_200, null],
    ]);

    // Applied again later from the same (now stale) preview: refused too.
    const later = await admin.client.post(api('/admin/numbers/bulk-price'), fromPreview);
    expect(later.json().code).toBe('SELECTION_CHANGED');
    const summary = await admin.client.get(api('/admin/audit?entityType=number&entityId=bulk'));
    expect(summary.json().data.entries).toHaveLength(1);
  });

  it('answers a retried bulk apply with the same Idempotency-Key with the first result', async () => {
    const { support, admin } = await stock();
    const body = { filter: { q: '98' }, change: { mode: 'lower', percent: 10 } };
    const preview = (
      await support.client.post(api('/admin/numbers/bulk-price/preview'), body)
    ).json().data;
    const fromPreview = {
      ...body,
      expectedCount: preview.changing,
      expectedFingerprint: preview.fingerprint,
    };
    const apply = (agent: typeof support, key: string, payload: object = fromPreview) =>
      agent.client.post(api('/admin/numbers/bulk-price'), payload, {
        headers: { 'idempotency-key': key },
      });

    // The first answer is lost; the console sends the same apply again with the same key, twice
    // at once (a double retry) and once more after.
    const first = await apply(support, 'bulk-key-0001');
    const retries = await Promise.all([
      apply(support, 'bulk-key-0001'),
      apply(support, 'bulk-key-0001'),
    ]);
    const again = await apply(support, 'bulk-key-0001');
    for (const res of [first, ...retries, again]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ data: { changed: 3 }, message: '3 numbers repriced.' });
    }
    // Lowered once: 10% off, not 19%.
    expect(await listedPrices(support.client, 'q=98')).toEqual([
      ['9811223344', 8_000, null],
      ['9812377777', 45_000, null],
      ['9820098200', 22_500, 18_000],
      ['9876543210', 10_800, null],
    ]);
    expect(await auditFor('9876543210')).toHaveLength(1);

    // The key is the agent's own: another agent's same key is another apply (refused here, the
    // preview being stale), and the same key with another body is a mistake (422).
    expect((await apply(admin, 'bulk-key-0001')).json().code).toBe('SELECTION_CHANGED');
    const reused = await apply(support, 'bulk-key-0001', { ...body, expectedCount: 3 });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await apply(support, 'bad key!')).statusCode).toBe(400);
  });

  it('exports the filtered inventory as CSV, and importing it again changes nothing', async () => {
    const { support } = await stock();
    const exported = await support.client.get(api('/admin/numbers/export.csv'));
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="inventory-/);
    expect(csvRows(exported.body)).toEqual([
      ['number', 'price', 'offer_price', 'status', 'category'],
      ['7770009991', '30000', '', 'sold', 'aaa-bbb-numbers'],
      ['9811223344', '8000', '', 'held', 'doubling-numbers'],
      ['9812377777', '50000', '', 'hidden', 'penta'],
      ['9820098200', '25000', '20000', 'available', 'mirror-numbers'],
      ['9876543210', '12000', '', 'available', 'counting-numbers'],
    ]);
    // Named by the day in India: 8 pm UTC on 15 January is already 16 January there.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2020-01-15T20:00:00Z') });
    try {
      const late = await support.client.get(api('/admin/numbers/export.csv'));
      expect(late.headers['content-disposition']).toBe(
        'attachment; filename="inventory-2020-01-16.csv"',
      );
    } finally {
      vi.useRealTimers();
    }
    const filtered = await support.client.get(api('/admin/numbers/export.csv?status=available'));
    expect(csvRows(filtered.body)).toHaveLength(3);
    expect((await support.client.get(api('/admin/numbers/export.csv?status=x'))).statusCode).toBe(
      400,
    );

    const upload = multipartFile(exported.body, { fileName: 'inventory.csv' });
    const dryRun = await support.client.request({
      method: 'POST',
      url: api('/admin/numbers/import?dryRun=true'),
      ...upload,
    });
    expect(dryRun.json().data).toEqual({
      total: 5,
      valid: 5,
      invalid: 0,
      new: 0,
      newOnSale: 0,
      newHidden: 0,
      newComingSoon: 0,
      updated: 0,
      unchanged: 5,
      offersEnding: 0,
      ignoredColumns: [], // the export's category column is the store's own
      errors: [],
    });
  });
});
