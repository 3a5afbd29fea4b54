import { expect, it } from 'vitest';
import { multipartFile } from '../../test-support/csv-upload';
import { migrationStatements } from '../../test-support/migration-sql';
import { insertTestNumbers } from '../../test-support/numbers';
import { numberState, sentTo, signedIn, staffMember } from '../../test-support/sales';
import { api, SessionClient } from '../../test-support/session-client';
import { describeEachDatabase, type TestContext } from '../../test-support/test-app';

/** The e-mails telling `to` a number is on sale (not the Notify me links), newest first. */
async function onSaleTo(ctx: TestContext, to: string) {
  return (await sentTo(ctx.database, to)).filter((mail) => mail.subject?.includes('is on sale'));
}

/** The token of the newest Notify me link e-mailed to `to`. */
async function linkToken(ctx: TestContext, to: string): Promise<string> {
  await expect.poll(async () => (await sentTo(ctx.database, to)).length).toBeGreaterThan(0);
  const mail = (await sentTo(ctx.database, to)).find((sent) => sent.subject?.startsWith('Confirm'));
  const link = /http:\/\/store\.test\/notify-me\/confirm\?token=(\S+)/.exec(mail?.text ?? '');
  expect(link, mail?.text).not.toBeNull();
  return decodeURIComponent(link![1]!);
}

/** Presses the button of the page the newest link to `to` opens; the status code. */
async function confirmFromLink(ctx: TestContext, to: string): Promise<number> {
  const token = await linkToken(ctx, to);
  const confirmed = await new SessionClient(ctx.app).post(api('/notify-me/confirm'), { token });
  return confirmed.statusCode;
}

const COMING_SOON =
  'This number is coming soon and cannot be bought yet. Press Notify me and we will e-mail you when it goes on sale.';

describeEachDatabase('coming-soon numbers', (ctx) => {
  async function comingSoon() {
    const ids = await insertTestNumbers(ctx().app, [
      { number: '9000000786', basePrice: 7_000 },
      { number: '9111111786', basePrice: 9_000 },
    ]);
    const id = ids.get('9000000786')!;
    const staff = await staffMember(ctx().app);
    const marked = await staff.client.post(api(`/admin/numbers/${id}/coming-soon`));
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ message: '90000 00786 is coming soon.' });
    return { id, staff };
  }
  const numbersListed = async (query: string) =>
    (await ctx().app.inject({ method: 'GET', url: api(`/numbers?${query}`) }))
      .json()
      .data.items.map((item: { number: string }) => item.number);

  it('lists it only under status=coming_soon, and its page says so', async () => {
    await comingSoon();
    expect(await numbersListed('q=786&match=end')).toEqual(['9111111786']);
    expect(await numbersListed('q=786&match=end&status=coming_soon')).toEqual(['9000000786']);
    const page = await ctx().app.inject({
      method: 'GET',
      url: api('/numbers/by-number/9000000786'),
    });
    expect(page.json().data.status).toBe('coming_soon');
    const bad = await ctx().app.inject({ method: 'GET', url: api('/numbers?status=sold') });
    expect(bad.statusCode).toBe(400);
  });

  it('can never go in a cart, be bought now or be held', async () => {
    const { id } = await comingSoon();
    const guest = new SessionClient(ctx().app);
    const guestAdd = await guest.post(api(`/cart/add/${id}`));
    expect(guestAdd.statusCode).toBe(409);
    expect(guestAdd.json()).toMatchObject({ code: 'NUMBER_COMING_SOON', message: COMING_SOON });

    const buyer = await signedIn(ctx().app);
    const add = await buyer.client.post(api(`/cart/add/${id}`));
    expect(add.statusCode).toBe(409);
    expect(add.json().code).toBe('NUMBER_COMING_SOON');
    const buyNow = await buyer.client.post(api('/cart/checkout'), { numberId: id });
    expect(buyNow.statusCode).toBe(409);
    expect(buyNow.json()).toMatchObject({ code: 'NUMBER_COMING_SOON', message: COMING_SOON });
    expect((await numberState(ctx().database, id)).status).toBe('coming_soon');
  });

  it('refuses checkout of a cart whose number was marked coming soon since', async () => {
    const ids = await insertTestNumbers(ctx().app, [{ number: '9000000786', basePrice: 7_000 }]);
    const id = ids.get('9000000786')!;
    const buyer = await signedIn(ctx().app);
    expect((await buyer.client.post(api(`/cart/add/${id}`))).statusCode).toBe(200);
    const staff = await staffMember(ctx().app);
    await staff.client.post(api(`/admin/numbers/${id}/coming-soon`));
    const checkout = await buyer.client.post(api('/cart/checkout'));
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json().code).toBe('CART_ITEMS_UNAVAILABLE');
    expect((await numberState(ctx().database, id)).status).toBe('coming_soon');
  });

  it('tells each buyer who asked, once, when it goes on sale', async () => {
    const { id, staff } = await comingSoon();
    const guest = new SessionClient(ctx().app);
    const noEmail = await guest.post(api(`/numbers/${id}/notify-me`));
    expect(noEmail.statusCode).toBe(400);
    const asked = await guest.post(api(`/numbers/${id}/notify-me`), { email: 'Ravi@Example.com' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({
      data: { pending: true },
      message:
        'We sent a link to ravi@example.com — open it to get the alert when 90000 00786 goes on sale.',
    });
    // Asking twice is one request.
    await guest.post(api(`/numbers/${id}/notify-me`), { email: 'ravi@example.com' });
    expect(await confirmFromLink(ctx(), 'ravi@example.com')).toBe(200);
    const buyer = await signedIn(ctx().app);
    expect((await buyer.client.post(api(`/numbers/${id}/notify-me`))).statusCode).toBe(200);

    const onSale = await staff.client.post(api(`/admin/numbers/${id}/unhide`));
    expect(onSale.json()).toMatchObject({ message: '90000 00786 is on sale.' });
    // Putting it on sale starts the e-mails; the digest run is the backstop.
    await ctx().app.services.alerts.tellOnSale();
    for (const to of ['ravi@example.com', buyer.user.email]) {
      await expect.poll(async () => (await onSaleTo(ctx(), to)).length).toBe(1);
      const mails = await onSaleTo(ctx(), to);
      expect(mails[0]!.subject).toBe('90000 00786 is on sale now at VIP Number Store');
      expect(mails[0]!.text).toContain('http://store.test/numbers/9000000786');
    }
    // The buyer who asked signed in is greeted by name; the guest gave only an address.
    expect((await onSaleTo(ctx(), buyer.user.email))[0]!.text).toMatch(
      new RegExp(`^Dear ${buyer.user.name},`),
    );
    expect((await onSaleTo(ctx(), 'ravi@example.com'))[0]!.text).toMatch(/^Hello,/);

    // Hidden and shown again: nobody is told twice.
    await staff.client.post(api(`/admin/numbers/${id}/hide`));
    await staff.client.post(api(`/admin/numbers/${id}/unhide`));
    await ctx().app.services.alerts.tellOnSale();
    expect(await onSaleTo(ctx(), 'ravi@example.com')).toHaveLength(1);

    const again = await guest.post(api(`/numbers/${id}/notify-me`), { email: 'ravi@example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'NUMBER_NOT_COMING_SOON',
      message: `Number ${id} is on sale now: add it to your cart.`,
    });
  });

  it('tells who asked when a stock import puts it on sale', async () => {
    const { id, staff } = await comingSoon();
    const guest = new SessionClient(ctx().app);
    await guest.post(api(`/numbers/${id}/notify-me`), { email: 'ravi@example.com' });
    expect(await confirmFromLink(ctx(), 'ravi@example.com')).toBe(200);
    const started = await staff.client.request({
      method: 'POST',
      url: api('/admin/numbers/import'),
      ...multipartFile('number,price,status\n9000000786,7000,available\n'),
    });
    expect(started.statusCode).toBe(202);
    await expect.poll(async () => (await numberState(ctx().database, id)).status).toBe('available');
    // No tellOnSale() here: the import's status change starts the e-mails.
    await expect.poll(async () => (await onSaleTo(ctx(), 'ravi@example.com')).length).toBe(1);
  });
});

describeEachDatabase(
  "a guest's Notify me, bounded (decision 0048)",
  (ctx) => {
    async function comingSoonNumbers() {
      const ids = await insertTestNumbers(ctx().app, [
        { number: '9000000786', basePrice: 7_000 },
        { number: '9111111786', basePrice: 9_000 },
      ]);
      const staff = await staffMember(ctx().app);
      for (const id of ids.values()) {
        await staff.client.post(api(`/admin/numbers/${id}/coming-soon`));
      }
      return { first: ids.get('9000000786')!, second: ids.get('9111111786')!, staff };
    }
    const ask = (id: number, email: string, remoteAddress: string) =>
      ctx().app.inject({
        method: 'POST',
        url: api(`/numbers/${id}/notify-me`),
        payload: { email },
        remoteAddress,
      });
    const kept = async (id: number) =>
      (
        await ctx().database.query<{ email: string }>(
          'select email from coming_soon_requests where number_id = $1 order by email',
          [id],
        )
      ).map((row) => row.email);

    it('takes NOTIFY_ME_PER_IP_PER_HOUR guest addresses from one client address, then 429', async () => {
      const { first, second } = await comingSoonNumbers();
      for (const n of [1, 2]) {
        expect((await ask(first, `victim${n}@relay.test`, '203.0.113.7')).statusCode).toBe(200);
      }
      // The limit is per client address, whatever the number.
      expect((await ask(second, 'victim3@relay.test', '203.0.113.7')).statusCode).toBe(200);
      const refused = await ask(first, 'victim4@relay.test', '203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      expect(refused.json().message).toMatch(
        /^You have asked us to e-mail you about several numbers recently\. Please try again in (60|59) minutes/,
      );
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
      expect(await kept(first)).toEqual(['victim1@relay.test', 'victim2@relay.test']);
      // Another address has its own count; a signed-in buyer is not a guest.
      expect((await ask(first, 'ravi@shop.test', '198.51.100.4')).statusCode).toBe(200);
      const buyer = await signedIn(ctx().app);
      expect((await buyer.client.post(api(`/numbers/${first}/notify-me`))).statusCode).toBe(200);
    });

    it('names a number not coming soon by its id only, and counts the refusal (decision 0083)', async () => {
      const ids = await insertTestNumbers(ctx().app, [
        { number: '9458582121', basePrice: 13_500, status: 'hidden' },
        { number: '7593842562', basePrice: 8_000, status: 'sold' },
        {
          number: '9257079241',
          basePrice: 9_000,
          status: 'reserved',
          reservedUntil: new Date(Date.now() + 600_000),
        },
      ]);
      for (const [digits, id] of ids) {
        const refused = await ask(id, 'prober@relay.test', '203.0.113.9');
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toMatchObject({
          code: 'NUMBER_NOT_COMING_SOON',
          message: `Number ${id} is not available.`,
        });
        expect(refused.body).not.toContain(digits.slice(5));
      }
      // Three refused asks used this address's three: the next, of any id, is 429.
      const limited = await ask(999_999, 'prober@relay.test', '203.0.113.9');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      // A signed-in buyer is told by id too.
      const buyer = await signedIn(ctx().app);
      const told = await buyer.client.post(api(`/numbers/${ids.get('9458582121')}/notify-me`));
      expect(told.json().message).toBe(`Number ${ids.get('9458582121')} is not available.`);
    });

    it('keeps NOTIFY_ME_GUESTS_PER_NUMBER guest addresses per number; buyers and repeats still pass', async () => {
      const { first, second, staff } = await comingSoonNumbers();
      const addresses = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'];
      for (const [n, from] of addresses.entries()) {
        expect((await ask(first, `guest${n}@relay.test`, from)).statusCode).toBe(200);
      }
      const full = await ask(first, 'guest9@relay.test', '198.51.100.9');
      expect(full.statusCode).toBe(409);
      expect(full.json()).toMatchObject({
        code: 'NOTIFY_ME_LIST_FULL',
        message:
          "Many people are already waiting for 90000 00786. Sign in and press Notify me, and we will tell your account's e-mail when it goes on sale.",
      });
      // A full list answers a guest already on it the same (it tells nobody who is on it)...
      expect((await ask(first, 'guest0@relay.test', '198.51.100.9')).statusCode).toBe(409);
      // ...and keeps a signed-in buyer; another number has its own list.
      const buyer = await signedIn(ctx().app);
      expect((await buyer.client.post(api(`/numbers/${first}/notify-me`))).statusCode).toBe(200);
      expect((await ask(second, 'guest9@relay.test', '198.51.100.9')).statusCode).toBe(200);
      expect(await kept(first)).toHaveLength(5);

      // Two guests at once for the last place: one is kept (the list is locked per number).
      await staff.client.post(api(`/admin/numbers/${second}/coming-soon`));
      for (const [n, from] of addresses.slice(0, 2).entries()) {
        await ask(second, `late${n}@relay.test`, from);
      }
      const [a, b] = await Promise.all([
        ask(second, 'racer-a@relay.test', '192.0.2.1'),
        ask(second, 'racer-b@relay.test', '192.0.2.2'),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect(await kept(second)).toHaveLength(4);
    });
  },
  { env: { NOTIFY_ME_PER_IP_PER_HOUR: '3', NOTIFY_ME_GUESTS_PER_NUMBER: '4' } },
);

describeEachDatabase(
  "a guest's Notify me, confirmed from the link e-mailed to it (decision 0053)",
  (ctx) => {
    async function comingSoonNumber() {
      const ids = await insertTestNumbers(ctx().app, [{ number: '9000000786', basePrice: 7_000 }]);
      const id = ids.get('9000000786')!;
      const staff = await staffMember(ctx().app);
      await staff.client.post(api(`/admin/numbers/${id}/coming-soon`));
      return { id, staff };
    }
    const ask = (id: number, email: string) =>
      new SessionClient(ctx().app).post(api(`/numbers/${id}/notify-me`), { email });
    const confirm = (token: string) =>
      new SessionClient(ctx().app).post(api('/notify-me/confirm'), { token });
    const links = async (to: string) =>
      (await sentTo(ctx().database, to)).filter((mail) => mail.subject?.startsWith('Confirm'));
    const requests = (id: number) =>
      ctx().database.query<{ email: string; confirmed: boolean; token_hash: string | null }>(
        'select email, confirmed_at is not null as confirmed, token_hash from coming_soon_requests where number_id = $1 order by email',
        [id],
      );
    /** The link sent to `to` as if sent `seconds` ago. */
    const sentAgo = (id: number, to: string, seconds: number) =>
      ctx().database.query(
        `update coming_soon_requests set confirm_sent_at = now() - make_interval(secs => $3) where number_id = $1 and email = $2`,
        [id, to, seconds],
      );

    it('e-mails one link, keeps only its hash, and tells only the confirmed guest of the sale', async () => {
      const { id, staff } = await comingSoonNumber();
      for (const email of ['ravi@example.com', 'stranger@example.com']) {
        const asked = await ask(id, email);
        expect(asked.statusCode, asked.body).toBe(200);
        expect(asked.json().data).toEqual({ pending: true });
      }
      const [mail] = await links('ravi@example.com');
      expect(mail!.subject).toBe('Confirm your alert for 90000 00786 at VIP Number Store');
      expect(mail!.text).toContain('The link works for 7 days. If you did not ask, ignore this');
      const token = await linkToken(ctx(), 'ravi@example.com');
      expect(token.length).toBeGreaterThanOrEqual(43);
      const kept = await requests(id);
      expect(kept.map((row) => row.confirmed)).toEqual([false, false]);
      expect(JSON.stringify(kept)).not.toContain(token);

      const confirmed = await confirm(token);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toMatchObject({
        data: { number: '9000000786', display: '90000 00786' },
        message: 'Confirmed: we will e-mail ravi@example.com once, when 90000 00786 goes on sale.',
      });

      await staff.client.post(api(`/admin/numbers/${id}/unhide`));
      await ctx().app.services.alerts.tellOnSale();
      await expect.poll(async () => (await onSaleTo(ctx(), 'ravi@example.com')).length).toBe(1);
      expect(await onSaleTo(ctx(), 'stranger@example.com')).toHaveLength(0);
      // The unconfirmed request waits for its link (or its end), told of nothing meanwhile.
      expect((await requests(id)).map((row) => row.email)).toEqual(['stranger@example.com']);
      // Confirmed while the number is on sale: told at once.
      const late = await confirm(await linkToken(ctx(), 'stranger@example.com'));
      expect(late.json().message).toBe(
        '90000 00786 is on sale now: we have e-mailed stranger@example.com its link.',
      );
      await expect.poll(async () => (await onSaleTo(ctx(), 'stranger@example.com')).length).toBe(1);
    });

    it('takes each link once, even pressed twice at the same moment', async () => {
      const { id } = await comingSoonNumber();
      await ask(id, 'ravi@example.com');
      const token = await linkToken(ctx(), 'ravi@example.com');
      const [a, b] = await Promise.all([confirm(token), confirm(token)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
      const again = await confirm(token);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({
        code: 'INVALID_NOTIFY_ME_LINK',
        message:
          "This link has expired or was used already. Press Notify me on the number's page again and we will send a new one.",
      });
      expect((await confirm('made-up-token')).statusCode).toBe(400);
      expect((await requests(id))[0]).toMatchObject({ confirmed: true, token_hash: null });
    });

    it('sends no second link within 15 minutes, the same answer, and a new one after', async () => {
      const { id } = await comingSoonNumber();
      const first = await ask(id, 'ravi@example.com');
      const firstToken = await linkToken(ctx(), 'ravi@example.com');
      const second = await ask(id, 'ravi@example.com');
      expect(second.json()).toEqual(first.json());
      expect(await links('ravi@example.com')).toHaveLength(1);

      await sentAgo(id, 'ravi@example.com', 16 * 60);
      expect((await ask(id, 'ravi@example.com')).json()).toEqual(first.json());
      await expect.poll(async () => (await links('ravi@example.com')).length).toBe(2);
      const secondToken = await linkToken(ctx(), 'ravi@example.com');
      expect(secondToken).not.toBe(firstToken);
      // The newest link is the one that works.
      expect((await confirm(firstToken)).statusCode).toBe(400);
      expect((await confirm(secondToken)).statusCode).toBe(200);

      // Confirmed, asked again: the same answer, and nothing sent.
      expect((await ask(id, 'ravi@example.com')).json()).toEqual(first.json());
      await sentAgo(id, 'ravi@example.com', 16 * 60);
      expect((await ask(id, 'ravi@example.com')).json()).toEqual(first.json());
      expect(await links('ravi@example.com')).toHaveLength(2);
    });

    it('ends a link after 7 days: not confirmed, not counted in the list, then deleted', async () => {
      const { id } = await comingSoonNumber();
      await ask(id, 'old@example.com');
      const token = await linkToken(ctx(), 'old@example.com');
      await sentAgo(id, 'old@example.com', 7 * 86_400 + 60);
      expect((await confirm(token)).statusCode).toBe(400);
      // NOTIFY_ME_GUESTS_PER_NUMBER is 2 here: the expired request leaves its place free.
      expect((await ask(id, 'new@example.com')).statusCode).toBe(200);
      expect((await ask(id, 'next@example.com')).statusCode).toBe(200);
      expect((await ask(id, 'third@example.com')).statusCode).toBe(409);

      await ctx().app.services.alerts.sendDigests();
      expect((await requests(id)).map((row) => row.email)).toEqual([
        'new@example.com',
        'next@example.com',
      ]);
      // Asked again after its end: a new link, which works.
      await sentAgo(id, 'new@example.com', 7 * 86_400 + 60);
      await ask(id, 'old@example.com');
      await expect.poll(async () => (await links('old@example.com')).length).toBe(2);
      expect((await confirm(await linkToken(ctx(), 'old@example.com'))).statusCode).toBe(200);
    });

    it('keeps as confirmed, by migration 0024, the requests kept before it', async () => {
      const { id, staff } = await comingSoonNumber();
      // As an earlier version kept a guest's request: no link, no confirmation.
      await ctx().database.query(
        'insert into coming_soon_requests (number_id, email) values ($1, $2)',
        [id, 'early@example.com'],
      );
      for (const statement of migrationStatements(
        '0024_notify_me_confirmed.sql',
        '-- Requests kept before confirming',
      )) {
        await ctx().database.query(statement);
      }
      await staff.client.post(api(`/admin/numbers/${id}/unhide`));
      await ctx().app.services.alerts.tellOnSale();
      await expect.poll(async () => (await onSaleTo(ctx(), 'early@example.com')).length).toBe(1);
    });

    it("keeps a signed-in buyer's verified e-mail at once, with no link", async () => {
      const { id, staff } = await comingSoonNumber();
      const buyer = await signedIn(ctx().app);
      const asked = await buyer.client.post(api(`/numbers/${id}/notify-me`));
      expect(asked.json()).toMatchObject({
        data: { pending: false },
        message: `We will e-mail ${buyer.user.email} when 90000 00786 goes on sale.`,
      });
      expect(await requests(id)).toEqual([
        { email: buyer.user.email, confirmed: true, token_hash: null },
      ]);
      await staff.client.post(api(`/admin/numbers/${id}/unhide`));
      await ctx().app.services.alerts.tellOnSale();
      await expect.poll(async () => (await onSaleTo(ctx(), buyer.user.email)).length).toBe(1);
      expect(await links(buyer.user.email)).toHaveLength(0);
    });
  },
  { env: { NOTIFY_ME_GUESTS_PER_NUMBER: '2' } },
);
