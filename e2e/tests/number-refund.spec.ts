import { expect, test } from '@playwright/test';
import { newAccount, registerByApi, supportRequest, SUPPORT_STATE_ENV } from '../support/accounts';
import { readOutbox } from '../support/outbox';

/**
 * One number of an order refunded alone (decision 0039), end to end: a buyer's two-number order
 * is paid; support refunds one number from the console (its share shown before confirming);
 * the other carries on; the buyer sees the number refunded on the order page, downloads its
 * credit note and is told by SMS.
 */

interface ListedNumber {
  id: number;
  number: string;
}

const display = (number: string) => `${number.slice(0, 5)} ${number.slice(5)}`;

test('support refunds one number of a paid order; the buyer sees it and its credit note', async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const buyer = newAccount('neha refund');
  let orderId = '';
  let refunded = '';
  const refundUtr = `NEFT${Date.now()}`;
  let kept = '';

  await test.step('a buyer checks out two numbers and support confirms the payment', async () => {
    await registerByApi(page.request, buyer);
    // Past the cheapest 60: the other specs running alongside take from the cheapest.
    const listed = await page.request.get('/api/v1/numbers?sort=price_asc&page=4&pageSize=20');
    const { items } = ((await listed.json()) as { data: { items: ListedNumber[] } }).data;
    const start = Math.floor(Math.random() * (items.length - 1));
    const picked = [items[start]!, items[start + 1]!];
    for (const { id } of picked) {
      expect((await page.request.post(`/api/v1/cart/add/${id}`)).ok()).toBe(true);
    }
    const checkout = await page.request.post('/api/v1/cart/checkout');
    expect(checkout.status()).toBe(201);
    orderId = ((await checkout.json()) as { data: { order: { id: string } } }).data.order.id;
    [refunded, kept] = picked.map(({ number }) => display(number)) as [string, string];

    const support = await supportRequest(baseURL);
    try {
      const paid = await support.post(`/api/v1/admin/orders/${orderId}/payments`, {
        data: { reference: `UTR${Date.now()}` },
      });
      expect(paid.status()).toBe(200);
    } finally {
      await support.dispose();
    }
  });

  await test.step('support refunds one number from the console; the other carries on', async () => {
    const staff = await browser.newContext({
      baseURL,
      storageState: process.env[SUPPORT_STATE_ENV],
    });
    const desk = await staff.newPage();
    await desk.goto(`/admin/orders/${orderId}`);
    const numbers = desk.getByRole('region', { name: 'Numbers and porting' });
    const row = numbers.getByRole('listitem', { name: refunded });
    await row.getByRole('button', { name: `Refund this number… (${refunded})` }).click();
    const form = row.getByRole('form', { name: `Refund ${refunded}` });
    await expect(form).toContainText('this number’s share of what the buyer paid');
    await form.getByLabel(/^Reason/).fill('The operator refused the port');
    // Paid back by hand: the transfer's UTR goes with it (decision 0054).
    await form.getByLabel('Refund UTR / reference (optional)').fill(refundUtr);
    const submit = form.getByRole('button', { name: /^Refund ₹/ });
    const amount = (await submit.textContent())!.replace(/^Refund /, '');
    await submit.click();
    await expect(row).toContainText(`Refunded ${amount} on`);
    await expect(row.getByRole('button', { name: /Refund this number/ })).toHaveCount(0);
    const other = numbers.getByRole('listitem', { name: kept });
    await expect(other).toContainText('Awaiting UPC');
    // The last number left is the whole order's refund, not this one's.
    await expect(other.getByRole('button', { name: /Refund this number/ })).toHaveCount(0);
    await staff.close();
  });

  await test.step('the buyer sees the number refunded, its credit note, and is told', async () => {
    await page.goto(`/orders/${orderId}`);
    const main = page.getByRole('main');
    const porting = main.getByRole('region', { name: 'Porting, number by number' });
    await expect(porting.getByRole('listitem', { name: refunded })).toContainText('Refunded');
    await expect(porting.getByRole('listitem', { name: kept })).toContainText('Awaiting UPC');
    await expect(main.getByRole('region', { name: 'Your numbers' })).toContainText(
      `Refund reference ${refundUtr}`,
    );
    const creditNote = main.getByRole('link', { name: 'Credit note (PDF)' });
    const pdf = await page.request.get((await creditNote.getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expect
      .poll(async () =>
        (await readOutbox(page.request, buyer.mobile)).some(
          (message) =>
            message.text.includes(`${refunded} has been refunded`) &&
            message.text.includes(`Refund reference: ${refundUtr}.`),
        ),
      )
      .toBe(true);
  });
});
