import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { startFakeRazorpay, type FakeRazorpay } from '../../apps/api/stand-ins/fake-razorpay';
import {
  fillBillingAddress,
  newAccount,
  registerByApi,
  signInWithOtp,
  SUPPORT_MOBILE,
} from '../support/accounts';
import { startStore, type StoreServer } from '../support/store-server';

/**
 * Paying through Razorpay, end to end (decision 0076), on a store of its own paid through the
 * Razorpay stand-in (apps/api/stand-ins/fake-razorpay.ts): a buyer's failed payment and a closed
 * window leave the order payable; a payment made in the window is verified by the browser and
 * announced by the webhook, and recorded once; support refund it through Razorpay in the console
 * and the buyer sees the refund and its credit note.
 */

const keys = {
  keyId: 'rzp_test_e2estandin',
  keySecret: 'e2e-stand-in-key-secret',
  webhookSecret: 'e2e-stand-in-webhook-secret',
};
let fake: FakeRazorpay | undefined;
let store: StoreServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fake = await startFakeRazorpay(keys);
  store = await startStore({
    DEMO_DATA_COUNT: '300',
    ...fake.storeSettings,
  });
  fake.deliverWebhooksTo(`${store.url}/api/v1/payments/razorpay/webhook`);
});

test.afterAll(async () => {
  await store?.stop();
  await fake?.close();
});

interface ListedNumber {
  id: number;
  number: string;
}

/** Opens the stand-in's window with the order page's Pay button: the dialog, focused. */
async function openWindow(page: Page, pay: string) {
  await page.getByRole('button', { name: pay }).click();
  const window = page.getByRole('dialog', { name: 'Razorpay test stand-in' });
  await expect(window).toBeVisible();
  await expect(window.getByRole('button', { name: 'Pay' })).toBeFocused();
  return window;
}

test('a buyer pays in the Razorpay window after a failure and a close; support refund it through Razorpay', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: store!.url });
  const page = await context.newPage();
  // The stand-in's script and its calls back are admitted by the CSP, nothing refused.
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  const buyer = newAccount('ravi razorpay');
  let orderId = '';
  let picked: ListedNumber | undefined;
  let pay = '';

  await test.step('a signed-in buyer checks out a number', async () => {
    await registerByApi(page.request, buyer);
    const listed = await page.request.get('/api/v1/numbers?sort=price_asc&pageSize=5');
    picked = ((await listed.json()) as { data: { items: ListedNumber[] } }).data.items[0]!;
    expect((await page.request.post(`/api/v1/cart/add/${picked.id}`)).ok()).toBe(true);
    await page.goto('/cart');
    await fillBillingAddress(page, 'Karnataka', 'Bengaluru');
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    orderId = page.url().split('/').pop()!;
    pay = (await page
      .getByRole('region', { name: 'Payment' })
      .getByRole('button', { name: /^Pay ₹/ })
      .textContent())!;
  });

  await test.step('the window says it is a stand-in, with the amount and the Razorpay order', async () => {
    const order = (await (await page.request.get(`/api/v1/orders/${orderId}`)).json()) as {
      data: { payment: { razorpay: { orderId: string; checkoutUrl: string } } };
    };
    const { razorpay } = order.data.payment;
    expect(razorpay.checkoutUrl).toBe(fake!.checkoutUrl);
    const window = await openWindow(page, pay);
    await expect(window).toContainText('This is a test stand-in for Razorpay Checkout');
    await expect(window).toContainText(`Amount: ${pay.replace(/^Pay /, '')}`);
    await expect(window).toContainText(`Razorpay order: ${razorpay.orderId}`);
  });

  await test.step('a failed payment is told and leaves the order payable', async () => {
    const window = page.getByRole('dialog', { name: 'Razorpay test stand-in' });
    await window.getByRole('button', { name: 'Fail' }).click();
    await expect(
      page.getByText('Payment failed: declined in the Razorpay test stand-in.'),
    ).toBeVisible();
    await window.getByRole('button', { name: 'Close' }).click();
    await expect(window).toBeHidden();
    await expect(page.getByRole('button', { name: pay })).toBeEnabled();
    const order = await page.request.get(`/api/v1/orders/${orderId}`);
    expect(((await order.json()) as { data: { status: string } }).data.status).toBe(
      'pending_payment',
    );
  });

  await test.step('a window closed without paying leaves the button usable again', async () => {
    const window = await openWindow(page, pay);
    await expect(
      page.getByRole('button', { name: 'Paying in the Razorpay window…' }),
    ).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(window).toBeHidden();
    await expect(page.getByRole('button', { name: pay })).toBeEnabled();
    expect(fake!.payments).toHaveLength(0);
  });

  await test.step('paid in the window: verified by the browser, the webhook too, the order paid', async () => {
    const window = await openWindow(page, pay);
    const verified = page.waitForResponse((response) =>
      response.url().endsWith(`/orders/${orderId}/payments/razorpay/verify`),
    );
    await window.getByRole('button', { name: 'Pay' }).click();
    expect((await verified).status()).toBe(200);
    await expect(page.getByText('Payment received. Thank you!')).toBeVisible();
    const paid = page.getByRole('region', { name: 'Payment received' });
    await expect(paid).toBeVisible();
    await expect(paid.getByRole('link', { name: 'Download your tax invoice (PDF)' })).toBeVisible();
    await expect.poll(() => fake!.webhooks.map((webhook) => webhook.status)).toEqual([200]);
    await expect
      .poll(async () => {
        const listed = await page.request.get(`/api/v1/numbers?q=${picked!.number}`);
        return ((await listed.json()) as { data: { items: ListedNumber[] } }).data.items.map(
          (item) => item.id,
        );
      })
      .not.toContain(picked!.id);
  });

  const support = await playwrightRequest.newContext({ baseURL: store!.url });
  await signInWithOtp(support, SUPPORT_MOBILE);
  const [payment] = fake!.payments;

  await test.step('the store recorded the payment once', async () => {
    const order = await support.get(`/api/v1/admin/orders/${orderId}`);
    const { payments } = (
      (await order.json()) as {
        data: { payments: { provider: string; reference: string; applied: boolean }[] };
      }
    ).data;
    expect(payments).toEqual([
      expect.objectContaining({ provider: 'razorpay', reference: payment!.id, applied: true }),
    ]);
  });

  await test.step('support refund the payment through Razorpay in the console', async () => {
    const staff = await browser.newContext({
      baseURL: store!.url,
      storageState: await support.storageState(),
    });
    const desk = await staff.newPage();
    await desk.goto(`/admin/orders/${orderId}`);
    const row = desk
      .getByRole('region', { name: 'Payments' })
      .getByRole('listitem', { name: `Payment ${payment!.id}` });
    await row.getByRole('button', { name: /^Refund ₹/ }).click();
    const form = row.getByRole('form', { name: `Refund payment ${payment!.id}` });
    await form.getByLabel(/^Reason/).fill('The buyer changed their mind');
    await form.getByRole('button', { name: /^Refund ₹/ }).click();
    await expect(row).toContainText('Refund done');
    expect(fake!.refunds.map((refund) => refund.payment_id)).toEqual([payment!.id]);
    await expect(row).toContainText(`through Razorpay (reference ${fake!.refunds[0]!.id})`);
    await staff.close();
  });

  await test.step("the buyer's order page shows the refund and its credit note", async () => {
    await page.goto(`/orders/${orderId}`);
    const refunded = page.getByRole('region', { name: 'Refunded' });
    await expect(refunded).toContainText(`Refund reference: ${fake!.refunds[0]!.id}`);
    const creditNote = refunded.getByRole('link', {
      name: /^Download credit note CN\/\S+ \(PDF\)$/,
    });
    const pdf = await page.request.get((await creditNote.getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });
  expect(refused).toEqual([]);
  await support.dispose();
  await context.close();
});
