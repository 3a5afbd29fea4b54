import { expect, it } from 'vitest';
import { multipartFile } from '../../test-support/csv-upload';
import { insertTestNumbers } from '../../test-support/numbers';
import { numberState, sentTo, signedIn, staffMember } from '../../test-support/sales';
import { api, SessionClient } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

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
    expect(asked.json().message).toBe(
      'We will e-mail ravi@example.com when 90000 00786 goes on sale.',
    );
    // Asking twice is one request.
    await guest.post(api(`/numbers/${id}/notify-me`), { email: 'ravi@example.com' });
    const buyer = await signedIn(ctx().app);
    expect((await buyer.client.post(api(`/numbers/${id}/notify-me`))).statusCode).toBe(200);

    const onSale = await staff.client.post(api(`/admin/numbers/${id}/unhide`));
    expect(onSale.json()).toMatchObject({ message: '90000 00786 is on sale.' });
    // Putting it on sale starts the e-mails; the digest run is the backstop.
    await ctx().app.services.alerts.tellOnSale();
    for (const to of ['ravi@example.com', buyer.user.email]) {
      await expect.poll(async () => (await sentTo(ctx().database, to)).length).toBe(1);
      const mails = await sentTo(ctx().database, to);
      expect(mails[0]!.subject).toBe('90000 00786 is on sale now at VIP Number Store');
      expect(mails[0]!.text).toContain('http://store.test/numbers/9000000786');
    }

    // Hidden and shown again: nobody is told twice.
    await staff.client.post(api(`/admin/numbers/${id}/hide`));
    await staff.client.post(api(`/admin/numbers/${id}/unhide`));
    await ctx().app.services.alerts.tellOnSale();
    expect(await sentTo(ctx().database, 'ravi@example.com')).toHaveLength(1);

    const again = await guest.post(api(`/numbers/${id}/notify-me`), { email: 'ravi@example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'NUMBER_NOT_COMING_SOON',
      message: '90000 00786 is on sale now: add it to your cart.',
    });
  });

  it('tells who asked when a stock import puts it on sale', async () => {
    const { id, staff } = await comingSoon();
    const guest = new SessionClient(ctx().app);
    await guest.post(api(`/numbers/${id}/notify-me`), { email: 'ravi@example.com' });
    const started = await staff.client.request({
      method: 'POST',
      url: api('/admin/numbers/import'),
      ...multipartFile('number,price,status\n9000000786,7000,available\n'),
    });
    expect(started.statusCode).toBe(202);
    await expect.poll(async () => (await numberState(ctx().database, id)).status).toBe('available');
    // No tellOnSale() here: the import's status change starts the e-mails.
    await expect
      .poll(async () => (await sentTo(ctx().database, 'ravi@example.com')).length)
      .toBe(1);
  });
});
