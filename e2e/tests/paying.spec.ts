import { expect, test } from '@playwright/test';
import {
  fillBillingAddress,
  newAccount,
  registerByApi,
  signInWithOtpInBrowser,
  SUPPORT_STATE_ENV,
} from '../support/accounts';
import { readOutbox } from '../support/outbox';
import { clickWhenHydrated } from '../support/store-pages';

/**
 * Paying by UPI, end to end (issue 17): a buyer checks out, taps the UPI link (a upi:// link
 * with the exact amount and the order reference), says "I have paid" with the UTR, support
 * confirms it in the console, and the buyer downloads the GST tax invoice as a PDF.
 */

interface ListedNumber {
  id: number;
  number: string;
}

test('a buyer pays by UPI, submits the UTR, support confirms it, the buyer downloads the invoice', async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const buyer = newAccount('uma payer');
  const utr = String(Date.now()).slice(-12).padStart(12, '4');
  let orderId = '';
  let reference = '';
  // The PNG signature and a little more: the store tells a PNG by its first bytes.
  const screenshot = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('a payment screenshot'),
  ]);

  await test.step('a buyer checks out a number', async () => {
    await registerByApi(page.request, buyer);
    const listed = await page.request.get('/api/v1/numbers?sort=price_asc&pageSize=40');
    const { items } = ((await listed.json()) as { data: { items: ListedNumber[] } }).data;
    // From the 21st to the 40th cheapest: the sale and saved-numbers specs, running alongside,
    // take the first ten.
    const picked = items[20 + Math.floor(Math.random() * (items.length - 20))]!;
    expect((await page.request.post(`/api/v1/cart/add/${picked.id}`)).ok()).toBe(true);
    await page.goto('/cart');
    // Billed to another state than the store's: the totals turn to IGST before checkout.
    await expect(page.getByTestId('cart-totals')).toContainText('CGST (9%)');
    await fillBillingAddress(page, 'Karnataka', 'Bengaluru');
    await expect(page.getByTestId('cart-totals')).toContainText('IGST (18%)');
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    orderId = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Order VN-/);
    reference = (await page.getByRole('heading', { level: 1 }).textContent())!.slice(6);
  });

  // Every order SMS links to /orders (a fixed path, whitelisted on DLT; decision 0105).
  await test.step("the order SMS's link asks a signed-out phone to sign in, then shows the order", async () => {
    const sms = (await readOutbox(page.request, buyer.mobile)).find((m) =>
      m.text.includes(reference),
    );
    const link = new URL(/https?:\/\/\S+$/.exec(sms!.text)![0]);
    expect(link.pathname).toBe('/orders');
    const phone = await browser.newContext({ baseURL });
    const signedOut = await phone.newPage();
    await signedOut.goto(link.pathname);
    const main = signedOut.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Sign in to see your orders');
    await clickWhenHydrated(main.getByRole('button', { name: 'Sign In' }));
    await signInWithOtpInBrowser(
      signedOut,
      buyer.mobile,
      signedOut.getByRole('dialog', { name: 'Sign In' }),
    );
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Your orders');
    await main.getByRole('link', { name: reference }).click();
    await expect(signedOut).toHaveURL(`/orders/${orderId}`);
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(`Order ${reference}`);
    await phone.close();
  });

  await test.step('the UPI link carries the exact amount and the order reference', async () => {
    const order = (await (await page.request.get(`/api/v1/orders/${orderId}`)).json()) as {
      data: { amounts: { totalAmount: number } };
    };
    const amount = order.data.amounts.totalAmount.toFixed(2);
    const upi = page.getByRole('link', { name: /with a UPI app$/ });
    const href = (await upi.getAttribute('href'))!;
    const link = new URL(href);
    expect(link.protocol).toBe('upi:');
    expect(link.searchParams.get('am')).toBe(amount);
    expect(link.searchParams.get('tn')).toBe(reference);
    expect(link.searchParams.get('cu')).toBe('INR');
    await expect(page.getByRole('img', { name: /^UPI QR code to pay/ })).toBeVisible();
  });

  await test.step('the buyer says "I have paid" with the UTR and a screenshot', async () => {
    await page.getByLabel(/transaction reference \(UTR\)/).fill(utr);
    await page.getByLabel(/A screenshot of the payment/).setInputFiles({
      name: 'paid.png',
      mimeType: 'image/png',
      buffer: screenshot,
    });
    await page.getByRole('button', { name: 'I have paid' }).click();
    await expect(
      page.getByText(`Payment submitted with UTR ${utr} and a screenshot`),
    ).toBeVisible();
    // The timeline's latest step is headed as the status reads, not "Awaiting payment".
    const steps = page.getByRole('region', { name: 'Order timeline' }).getByRole('listitem');
    await expect(steps.last().locator('p').first()).toHaveText('Payment submitted');
  });

  await test.step('support confirms the submitted UTR in the console', async () => {
    const staff = await browser.newContext({
      baseURL,
      storageState: process.env[SUPPORT_STATE_ENV],
    });
    const desk = await staff.newPage();
    await desk.goto(`/admin/orders/${orderId}`);
    const payments = desk.getByRole('region', { name: 'Payments' });
    await expect(payments).toContainText(`The buyer says they have paid: UTR ${utr}`);
    const steps = desk.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
    await expect(steps.last().locator('p').first()).toHaveText('Payment submitted');
    const shown = await desk.request.get(
      (await payments
        .getByRole('link', { name: 'See the payment screenshot' })
        .getAttribute('href'))!,
    );
    expect(shown.headers()['content-type']).toBe('image/png');
    expect((await shown.body()).equals(screenshot)).toBe(true);
    const form = payments.getByRole('form', { name: 'Confirm a payment' });
    await expect(form.getByLabel('UTR / bank reference')).toHaveValue(utr);
    await form.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(desk.getByRole('listitem', { name: `Payment ${utr}` })).toContainText(
      'Pays for the order',
    );
    await staff.close();
  });

  await test.step('the buyer downloads the tax invoice as a PDF', async () => {
    await page.goto(`/orders/${orderId}`);
    const invoice = page.getByRole('link', { name: 'Download your tax invoice (PDF)' });
    const [download] = await Promise.all([page.waitForEvent('download'), invoice.click()]);
    expect(download.suggestedFilename()).toMatch(/^INV-\d{2}-\d{2}-\d{6}\.pdf$/);
    const pdf = await page.request.get(`/api/v1/orders/${orderId}/invoice.pdf`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
