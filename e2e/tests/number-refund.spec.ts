import { expect, test } from '@playwright/test';
import { newAccount, registerByApi, SUPPORT_STATE_ENV } from '../support/accounts';
import { paidOrder } from '../support/orders';
import { readOutbox } from '../support/outbox';

/**
 * Support's work on a paid order's money and tax documents, end to end. One number of an order
 * refunded alone (decision 0039): a buyer's two-number order is paid; support refunds one number
 * from the console (its share shown before confirming); the other carries on; the buyer sees the
 * number refunded on the order page, downloads its credit note and is told by SMS. A billing
 * correction (decision 0070): support corrects a paid order's billing details from the console;
 * its invoice is reissued, and the buyer sees the new one beside the replaced one.
 */

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
    const order = await paidOrder(page, baseURL, 2);
    orderId = order.id;
    [refunded, kept] = order.numbers.map(display) as [string, string];
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
    const creditNote = main.getByRole('link', { name: /^Credit note CN\/\S+ \(PDF\)$/ });
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

test("support corrects a paid order's billing details; the buyer gets the new invoice and keeps the old one", async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const buyer = newAccount('vikram billing');
  let orderId = '';

  await test.step('a buyer pays an order billed to a misspelt name in Maharashtra', async () => {
    await registerByApi(page.request, buyer);
    const billing = {
      name: 'Vikram Sharmma',
      line1: '4 FC Road',
      city: 'Pune',
      state: 'Maharashtra',
      pinCode: '411005',
    };
    orderId = (await paidOrder(page, baseURL, 1, billing)).id;
  });

  await test.step('support corrects the name and state from the console; the invoice is reissued', async () => {
    const staff = await browser.newContext({
      baseURL,
      storageState: process.env[SUPPORT_STATE_ENV],
    });
    const desk = await staff.newPage();
    await desk.goto(`/admin/orders/${orderId}`);
    const panel = desk.getByRole('region', { name: 'Correct billing details' });
    await panel.getByRole('button', { name: 'Correct billing details…' }).click();
    const form = panel.getByRole('form', { name: 'Correct billing details' });
    await expect(form.getByLabel('Billing name')).toHaveValue('Vikram Sharmma');
    await form.getByLabel('Billing name').fill('Vikram Sharma');
    await form.getByLabel('Address line 1').fill('12 MG Road');
    await form.getByLabel('State or union territory').selectOption('Karnataka');
    await form.getByLabel('City').fill('Bengaluru');
    await form.getByLabel('PIN code').fill('560001');
    await form
      .getByLabel(/^Reason/)
      .fill('The buyer e-mailed: name misspelt, billed to the wrong office');
    await form.getByRole('button', { name: 'Correct the billing details' }).click();
    await expect(
      desk.getByText(
        /billing details corrected; invoice INV\/\d{2}-\d{2}\/\d{6} replaces INV\/\d{2}-\d{2}\/\d{6}\./,
      ),
    ).toBeVisible();
    const payments = desk.getByRole('region', { name: 'Payments' });
    await expect(
      payments.getByRole('link', { name: /^Download replaced invoice INV/ }),
    ).toBeVisible();
    await expect(
      payments.getByRole('link', { name: /\(billing corrected\) \(PDF\)$/ }),
    ).toBeVisible();
    await expect(desk.getByRole('region', { name: 'Billing details', exact: true })).toContainText(
      'Vikram Sharma',
    );
    await staff.close();
  });

  await test.step('the buyer downloads the new invoice, sees the replaced one and is e-mailed', async () => {
    await page.goto(`/orders/${orderId}`);
    const received = page.getByRole('main').getByRole('region', { name: 'Payment received' });
    await expect(received).toContainText('Your billing details were corrected');
    for (const name of [
      'Download your tax invoice (PDF)',
      /^Invoice INV.*, replaced \(PDF\)$/,
      /^Credit note CN/,
    ]) {
      const link = received.getByRole('link', { name });
      const pdf = await page.request.get((await link.getAttribute('href'))!);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    }
    await expect
      .poll(async () =>
        (await readOutbox(page.request, buyer.email)).some((message) =>
          message.subject?.endsWith('your billing details are corrected'),
        ),
      )
      .toBe(true);
  });
});
