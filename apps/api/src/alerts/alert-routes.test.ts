import { expect, it } from 'vitest';
import { insertTestNumbers } from '../../test-support/numbers';
import {
  lapseHold,
  numberState,
  sentTo,
  setPrice,
  signedIn,
  withSalesInventory,
} from '../../test-support/sales';
import { api, SessionClient } from '../../test-support/session-client';
import { describeEachDatabase, testConfig } from '../../test-support/test-app';
import { buildApp } from '../app';

const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase('favourites', (ctx) => {
  const { id } = withSalesInventory(ctx);

  const setStatus = (numberId: number, status: string) =>
    ctx().database.query('update numbers set status = $2 where id = $1', [numberId, status]);
  type Listed = { id: number; number: string; status: string; pricing: object | null };

  it('keeps a buyer’s favourites with their status, adds a guest’s at sign-in, removes one', async () => {
    const { client } = await signedIn(ctx().app);
    expect((await client.put(api(`/favourites/${id('9876598765')}`))).statusCode).toBe(200);
    // Again: no change, no error.
    expect((await client.put(api(`/favourites/${id('9876598765')}`))).statusCode).toBe(200);
    const merged = await client.post(api('/favourites/merge'), {
      ids: [id('9898701234'), id('9811223344'), id('9137605193'), 999_999],
    });
    expect(merged.statusCode, merged.body).toBe(200);
    // A sold number the buyer never kept is skipped, named by its id only.
    expect(merged.json().data.skipped).toEqual([id('9898701234'), 999_999]);
    expect(merged.body).not.toContain('9898701234');

    // Kept while on sale, then sold, hidden and held by another buyer's order: still listed (the
    // buyer saw them), as not for sale, and a sold or hidden one without its price.
    await setStatus(id('9876598765'), 'sold');
    await setStatus(id('9811223344'), 'hidden');
    const other = await signedIn(ctx().app);
    await other.client.post(api(`/cart/add/${id('9137605193')}`));
    expect((await other.client.post(api('/cart/checkout'))).statusCode).toBe(201);
    const listed = (await client.get(api('/favourites'))).json().data.items as Listed[];
    expect(listed.map((item) => [item.number, item.status, item.pricing === null]).sort()).toEqual([
      ['9137605193', 'reserved', false],
      ['9811223344', 'hidden', true],
      ['9876598765', 'sold', true],
    ]);
    // Kept already: adding it again is no change, whatever it is now.
    expect((await client.put(api(`/favourites/${id('9811223344')}`))).statusCode).toBe(200);

    expect((await client.delete(api(`/favourites/${id('9811223344')}`))).statusCode).toBe(200);
    const left = (await client.get(api('/favourites'))).json().data.items;
    expect(left.map((item: { number: string }) => item.number).sort()).toEqual([
      '9137605193',
      '9876598765',
    ]);
  });

  it('refuses with 404 a number not on sale that the buyer never kept (issue #16 item 5)', async () => {
    const { client } = await signedIn(ctx().app);
    const other = await signedIn(ctx().app);
    await other.client.post(api(`/cart/add/${id('9137605193')}`));
    expect((await other.client.post(api('/cart/checkout'))).statusCode).toBe(201);
    for (const number of ['9898701234', '9512120345', '9137605193']) {
      const refused = await client.put(api(`/favourites/${id(number)}`));
      expect(refused.statusCode, number).toBe(404);
      expect(refused.json().message).toBe(`Number ${id(number)} is not available.`);
    }
    const unknown = await client.put(api('/favourites/999999'));
    expect(unknown.statusCode).toBe(404);
    expect((await client.get(api('/favourites'))).json().data.items).toEqual([]);
    // The buyer's own held number and a coming-soon one (its digits are listed) may be kept.
    expect((await other.client.put(api(`/favourites/${id('9137605193')}`))).statusCode).toBe(200);
    await setStatus(id('9876543210'), 'coming_soon');
    expect((await other.client.put(api(`/favourites/${id('9876543210')}`))).statusCode).toBe(200);
    const theirs = (await other.client.get(api('/favourites'))).json().data.items as Listed[];
    expect(theirs.map((item) => item.number).sort()).toEqual(['9137605193', '9876543210']);
    const guest = new SessionClient(ctx().app);
    expect((await guest.put(api(`/favourites/${id('9876598765')}`))).statusCode).toBe(401);
  });
});

describeEachDatabase('saved searches', (ctx) => {
  it('saves the listing’s filters without its page, lists and deletes them', async () => {
    const { client } = await signedIn(ctx().app);
    const saved = await client.post(api('/saved-searches'), {
      name: 'Ending 786 under 20k',
      query: '?q=786&match=end&maxPrice=20000&page=3&utm_source=x',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data).toMatchObject({
      name: 'Ending 786 under 20k',
      query: 'q=786&match=end&maxPrice=20000',
    });
    const list = (await client.get(api('/saved-searches'))).json().data;
    expect(list).toMatchObject({ limit: 20, alertsOn: true });
    expect(list.items).toHaveLength(1);

    // Another buyer can neither see nor delete it.
    const other = await signedIn(ctx().app);
    expect((await other.client.get(api('/saved-searches'))).json().data.items).toEqual([]);
    const theirs = await other.client.delete(api(`/saved-searches/${saved.json().data.id}`));
    expect(theirs.statusCode).toBe(404);

    expect((await client.delete(api(`/saved-searches/${saved.json().data.id}`))).statusCode).toBe(
      200,
    );
    expect((await client.get(api('/saved-searches'))).json().data.items).toEqual([]);
  });

  it('refuses filters the listing refuses (400) and a 21st search (409)', async () => {
    const { client } = await signedIn(ctx().app);
    const bad = await client.post(api('/saved-searches'), { name: 'Odd', query: 'category=nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('unknown category');
    // A parameter the listing does not know is named, with those it takes (QA 30 F6).
    const unknown = await client.post(api('/saved-searches'), {
      name: 'Typo',
      query: 'search=786&maxPrice=50000',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(
      /^The search cannot be saved: "search" is not a parameter of the listing\. It takes text, .*\bq\b.*\bmaxPrice\b.*, sort\.$/,
    );
    expect((await client.get(api('/saved-searches'))).json().data.items).toEqual([]);

    for (let n = 1; n <= 20; n++) {
      const res = await client.post(api('/saved-searches'), { name: `S${n}`, query: `sum=${n}` });
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await client.post(api('/saved-searches'), { name: 'One more', query: 'sum=40' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'SAVED_SEARCH_LIMIT',
      message: 'You can keep at most 20 saved searches. Delete one to save this search.',
    });
  });
});

describeEachDatabase('alert digests', (ctx) => {
  const { id } = withSalesInventory(ctx);
  const digests = (email: string) => sentTo(ctx().database, email);

  async function buyerWatching(query: string) {
    const buyer = await signedIn(ctx().app);
    const res = await buyer.client.post(api('/saved-searches'), { name: 'My 786', query });
    expect(res.statusCode, res.body).toBe(201);
    return buyer;
  }
  const send = (at: Date) => ctx().app.services.alerts.sendDigests(at);

  it('lists numbers new to a saved search at most once a day, and never one number twice', async () => {
    const buyer = await buyerWatching('q=786&match=end');
    const now = Date.now();
    // In stock before the search was saved: not news.
    expect(await send(new Date(now + 1000))).toEqual({ sent: 0 });

    await insertTestNumbers(ctx().app, [{ number: '9000000786', basePrice: 7_000 }]);
    expect(await send(new Date(now + 2000))).toEqual({ sent: 1 });
    const [first, ...rest] = await digests(buyer.user.email);
    expect(rest).toEqual([]);
    expect(first!.subject).toBe('1 number for you at VIP Number Store');
    expect(first!.text).toContain('New for your saved search "My 786": 1 number');
    expect(first!.text).toContain('90000 00786');
    expect(first!.text).toContain('http://store.test/premium-numbers?q=786&match=end');

    // Another match the same day waits for tomorrow's digest.
    await insertTestNumbers(ctx().app, [{ number: '9111111786', basePrice: 9_000 }]);
    expect(await send(new Date(now + 3 * 60 * 60 * 1000))).toEqual({ sent: 0 });
    expect(await digests(buyer.user.email)).toHaveLength(1);

    expect(await send(new Date(now + DAY + 3000))).toEqual({ sent: 1 });
    const [second] = await digests(buyer.user.email);
    expect(second!.text).toContain('91111 11786');
    expect(second!.text).not.toContain('90000 00786');
  });

  it('lists a number put back on sale (a lapsed hold swept), and a favourite whose price dropped', async () => {
    const buyer = await buyerWatching('q=9876598765');
    await buyer.client.put(api(`/favourites/${id('9811223344')}`));
    const holder = await signedIn(ctx().app);
    await holder.client.post(api(`/cart/add/${id('9876598765')}`));
    const order = (await holder.client.post(api('/cart/checkout'))).json().data.order;
    expect((await numberState(ctx().database, id('9876598765'))).status).toBe('reserved');

    await lapseHold(ctx().database, order.id);
    await ctx().app.services.orders.sweepExpiredHolds();
    expect((await numberState(ctx().database, id('9876598765'))).status).toBe('available');
    await setPrice(ctx().app, id('9811223344'), 4_000);

    expect(await send(new Date(Date.now() + 1000))).toEqual({ sent: 1 });
    const [digest] = await digests(buyer.user.email);
    expect(digest!.text).toContain('98765 98765');
    expect(digest!.text).toContain('Price drops on your favourites:');
    expect(digest!.text).toMatch(/98112 23344 {2}₹4,000 \(was ₹5,000\)/);

    // The drop was told: the same price is no news tomorrow.
    expect(await send(new Date(Date.now() + DAY + 2000))).toEqual({ sent: 0 });
  });

  it('unsubscribes in one click without signing in; a forged link is refused', async () => {
    const buyer = await buyerWatching('q=786&match=end');
    await insertTestNumbers(ctx().app, [{ number: '9000000786', basePrice: 7_000 }]);
    await send(new Date(Date.now() + 1000));
    const [digest] = await digests(buyer.user.email);
    const link = /Stop these e-mails: (\S+)/.exec(digest!.text)![1]!;
    const token = new URL(link).searchParams.get('token')!;
    expect(link.startsWith('http://store.test/unsubscribe?token=')).toBe(true);

    const forged = await ctx().app.inject({
      method: 'POST',
      url: api(
        `/alerts/unsubscribe?token=${encodeURIComponent(token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))}`,
      ),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('INVALID_UNSUBSCRIBE_LINK');

    // Another process (the CLI, the server after a restart, or with SESSION_SECRET rotated)
    // reads the same link: its key is kept in the database (QA 30 F5, decision 0105).
    const other = await buildApp(
      testConfig({ SESSION_SECRET: 'another-secret-of-32-characters-or-more' }),
      {
        database: ctx().database,
      },
    );
    try {
      const elsewhere = await other.inject({
        method: 'POST',
        url: api(`/alerts/unsubscribe?token=${encodeURIComponent(token)}`),
      });
      expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    } finally {
      await other.close();
    }
    expect((await buyer.client.get(api('/saved-searches'))).json().data.alertsOn).toBe(false);
    await buyer.client.put(api('/alerts/settings'), { alertsOn: true });

    // What a mail client sends for List-Unsubscribe-Post: a form, no cookie, no Origin.
    const res = await ctx().app.inject({
      method: 'POST',
      url: api(`/alerts/unsubscribe?token=${encodeURIComponent(token)}`),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await buyer.client.get(api('/saved-searches'))).json().data.alertsOn).toBe(false);

    await insertTestNumbers(ctx().app, [{ number: '9111111786', basePrice: 9_000 }]);
    expect(await send(new Date(Date.now() + DAY + 2000))).toEqual({ sent: 0 });
    expect(await digests(buyer.user.email)).toHaveLength(1);
  });

  it('sends nothing while another process holds the digest lock', async () => {
    const buyer = await buyerWatching('q=786&match=end');
    await insertTestNumbers(ctx().app, [{ number: '9000000786', basePrice: 7_000 }]);
    const other = await ctx().database.connect();
    try {
      await other.query("select pg_advisory_lock(hashtext('store-alert-digest'))");
      expect(await send(new Date(Date.now() + 1000))).toEqual({});
      expect(await digests(buyer.user.email)).toEqual([]);
    } finally {
      await other.query("select pg_advisory_unlock(hashtext('store-alert-digest'))");
      other.release();
    }
    // Two runs at once: one sends, the other finds the lock taken or nothing due.
    const at = new Date(Date.now() + 2000);
    const runs = await Promise.all([send(at), send(at)]);
    expect(runs.reduce((n, run) => n + (run.sent ?? 0), 0)).toBe(1);
    expect(await digests(buyer.user.email)).toHaveLength(1);
  });
});
