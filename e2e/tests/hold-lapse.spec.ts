import { expect, test } from '@playwright/test';
import { newAccount, registerByApi } from '../support/accounts';
import { readOutbox } from '../support/outbox';
import { checkOutByApi } from '../support/orders';
import { storeOfItsOwn } from '../support/own-store';

/**
 * A hold that lapses, on a store of its own with one-minute holds swept every few seconds and no
 * cool-down: the lapse SMS links to the order page, which offers to order the same number again
 * in one click.
 */

const store = storeOfItsOwn({
  HOLD_MINUTES: '1',
  HOLD_SWEEP_SECONDS: '3',
  HOLD_COOLDOWN_MINUTES: '0',
  HOLD_REMINDER_MINUTES: '0',
});

test('the lapse message offers the same number again in one click', async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ baseURL: store().url });
  const page = await context.newPage();
  const buyer = newAccount('lapse tester');
  let orderId = '';

  await test.step('a buyer checks out a number and lets the hold lapse', async () => {
    await registerByApi(page.request, buyer);
    const listed = await page.request.get('/api/v1/numbers?sort=price_asc&pageSize=5');
    const [picked] = ((await listed.json()) as { data: { items: { id: number }[] } }).data.items;
    orderId = (await checkOutByApi(page.request, [picked!.id])).id;
  });

  let link = '';
  // The e-mail: an SMS's DLT template can hold no link of its own (decision 0052).
  await test.step('the lapse e-mail links to the order page with the offer', async () => {
    await expect
      .poll(
        async () => {
          const mail = await readOutbox(page.request, buyer.email);
          link = /https?:\/\/\S+\?retry=1/.exec(mail.map((m) => m.text).join('\n'))?.[0] ?? '';
          return link;
        },
        { timeout: 150_000, intervals: [3_000] },
      )
      .toContain(`/orders/${orderId}?retry=1`);
  });

  await test.step('one click orders the same number again', async () => {
    const url = new URL(link);
    await page.goto(`${url.pathname}${url.search}`);
    const card = page.getByRole('region', { name: 'The hold has lapsed' });
    const again = card.getByRole('button', { name: 'Try again: order the same numbers' });
    await expect(again).toBeFocused();
    await again.click();
    await page.waitForURL(
      (next) => /\/orders\/[0-9a-f-]{36}$/.test(next.pathname) && !next.pathname.endsWith(orderId),
    );
    await expect(page.getByRole('region', { name: 'Payment' })).toBeVisible();
  });
  await context.close();
});
