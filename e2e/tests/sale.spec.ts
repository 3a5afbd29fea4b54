import { expect, request as playwrightRequest, test } from '@playwright/test';
import {
  enterRegistrationCodes,
  fillBillingAddress,
  header,
  newAccount,
  registerByApi,
  supportRequest,
} from '../support/accounts';
import { readOutbox } from '../support/outbox';
import { clickWhenHydrated } from '../support/store-pages';

/**
 * The sale, end to end: a guest fills a cart, signs up (the cart syncs), checks out and sees the
 * order; nobody else can buy those numbers; support confirms the payment and walks the porting
 * timeline to "Ported", and the buyer sees it.
 */

interface GuestCartItem {
  product: { id: number; number: string };
}

test('a guest buys two numbers and support ports them', async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  const buyer = newAccount('ravi buyer');
  const picked: { id: number; number: string }[] = [];

  await test.step('a guest from a campaign adds two numbers to the cart', async () => {
    await page.goto(
      '/premium-numbers?sort=price_asc&utm_source=e2e-newsletter&utm_campaign=diwali',
    );
    const cards = page.getByTestId('number-card');
    for (const index of [0, 1]) {
      await cards
        .nth(index)
        .getByRole('button', { name: /Add .* to cart/ })
        .click();
      await expect(page.getByRole('status').getByText('Item added to cart').first()).toBeVisible();
    }
    await expect(header(page).getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
    const saved = await page.evaluate(() => localStorage.getItem('guest_cart'));
    for (const item of (JSON.parse(saved ?? '{}') as { items: GuestCartItem[] }).items) {
      picked.push({ id: item.product.id, number: item.product.number });
    }
    expect(picked).toHaveLength(2);
  });

  await test.step('Checkout asks the guest to sign in; signing up syncs the cart', async () => {
    await header(page).getByRole('link', { name: 'Cart, 2 items' }).click();
    await expect(page.getByTestId('cart-item')).toHaveCount(2);
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page.getByText('Please log in to checkout')).toBeVisible();
    const signIn = page.getByRole('dialog', { name: 'Sign In' });
    await signIn.getByRole('button', { name: 'Create an account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await dialog.getByLabel('Full name').fill(buyer.name);
    await dialog.getByLabel('E-mail address').fill(buyer.email);
    await dialog.getByLabel('Mobile number').fill(buyer.mobile);
    await dialog.getByLabel('Password', { exact: true }).fill(buyer.password);
    await dialog.getByLabel(/I accept the/).check();
    const since = new Date();
    await dialog.getByRole('button', { name: 'Create account' }).click();
    const verify = page.getByRole('dialog', { name: 'Verify your details' });
    await enterRegistrationCodes(request, verify, buyer, since, 'paste');
    await verify.getByRole('button', { name: 'Verify and create account' }).click();
    await expect(page.getByText('Your cart has been synced with your account')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('guest_cart'))).toBeNull();
    await expect(header(page).getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  });

  let orderId = '';
  await test.step('checkout goes on at the billing form, then reserves the numbers', async () => {
    // The new account has no address: the purchase goes on at the billing form, on its first
    // missing field, with the same cart.
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-item')).toHaveCount(2);
    await expect(
      page.getByRole('region', { name: 'Billing details' }).getByLabel('Address line 1'),
    ).toBeFocused();
    await expect(page.getByTestId('cart-totals')).toContainText('CGST (9%)');
    await fillBillingAddress(page, 'Delhi', 'New Delhi', '110001');
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    orderId = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/VN-|Order/);
    for (const { number } of picked) {
      await expect(page.getByRole('main')).toContainText(
        `${number.slice(0, 5)} ${number.slice(5)}`,
      );
    }
    await expect(page.getByRole('main')).toContainText('Awaiting payment');
    await expect(page.getByRole('main')).toContainText(/UPI/);
  });

  await test.step('a second buyer cannot buy those numbers', async () => {
    const second = await playwrightRequest.newContext({ baseURL });
    try {
      await registerByApi(second, newAccount('meera second'));
      for (const { id } of picked) {
        const added = await second.post(`/api/v1/cart/add/${id}`);
        expect(added.status()).toBe(409);
        expect(((await added.json()) as { message: string }).message).toMatch(
          /no longer available/,
        );
        expect((await second.get(`/api/v1/numbers/${id}`)).status()).toBe(404);
      }
    } finally {
      await second.dispose();
    }
  });

  await test.step('support confirms the payment and moves the order to ported', async () => {
    const support = await supportRequest(baseURL);
    try {
      // The campaign that brought the buyer is on the order.
      const staffView = await support.get(`/api/v1/admin/orders/${orderId}`);
      expect(
        ((await staffView.json()) as { data: { attribution: unknown } }).data.attribution,
      ).toMatchObject({
        utm_source: 'e2e-newsletter',
        utm_campaign: 'diwali',
        landing_page: expect.stringContaining('/premium-numbers'),
      });
      const paid = await support.post(`/api/v1/admin/orders/${orderId}/payments`, {
        data: { reference: 'UPI-412345678901' },
      });
      expect(paid.status()).toBe(200);
      for (const [status, note] of [
        ['upc_sent', 'UPC sent by SMS and e-mail'],
        ['porting_in_progress', 'Buyer visited the Jio store'],
        ['ported', 'Number active on Jio'],
      ] as const) {
        const moved = await support.post(`/api/v1/admin/orders/${orderId}/events`, {
          data: { status, note },
        });
        expect(moved.status(), `moving to ${status}`).toBe(200);
      }
    } finally {
      await support.dispose();
    }
  });

  await test.step('the buyer sees the order ported, and the cart emptied', async () => {
    await page.reload();
    const main = page.getByRole('main');
    await expect(main).toContainText('Ported');
    await expect(main).toContainText('Number active on Jio');
    await expect(main).toContainText('UPC sent');
    await expect(header(page).getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
    // Each step reached the buyer by SMS (and e-mail).
    await expect
      .poll(async () =>
        (await readOutbox(request, buyer.mobile)).some((message) => /ported/i.test(message.text)),
      )
      .toBe(true);
  });
});

test('a Corporate buyer with no saved address is asked for it, and the order is billed to it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const buyer = newAccount('rahul shah');
  await registerByApi(page.request, buyer, 'Corporate');
  // Past the cheapest 80: the other specs running alongside take from the cheapest.
  const listed = await page.request.get('/api/v1/numbers?sort=price_asc&page=5&pageSize=20');
  const { items } = ((await listed.json()) as { data: { items: { id: number }[] } }).data;
  const { id } = items[Math.floor(Math.random() * items.length)]!;
  expect((await page.request.post(`/api/v1/cart/add/${id}`)).ok()).toBe(true);

  await test.step('the API refuses an invoice to a GSTIN with no address (decision 0106)', async () => {
    const refused = await page.request.post('/api/v1/cart/checkout', { data: {} });
    expect(refused.status()).toBe(422);
    expect(await refused.json()).toMatchObject({
      code: 'BILLING_ADDRESS_REQUIRED',
      message: expect.stringContaining(
        'A GST invoice to a registered business needs its billing address',
      ),
    });
  });

  await test.step('Checkout stops on the billing address, then places the order billed to it', async () => {
    await page.goto('/cart');
    await expect(page.getByTestId('cart-item')).toHaveCount(1);
    const form = page.getByRole('region', { name: 'Billing details' });
    // The billing form is loaded after the page: Checkout submits it once it is there.
    await expect(form.getByLabel('Address line 1')).toBeVisible();
    await clickWhenHydrated(page.getByRole('button', { name: 'Checkout' }));
    await expect(form.getByLabel('Address line 1')).toBeFocused();
    await expect(form.getByText('Enter the first address line.')).toBeVisible();
    await expect(page).toHaveURL(/\/cart$/);

    await fillBillingAddress(page, 'Maharashtra', 'Pune', '411005');
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('main')).toContainText('Awaiting payment');
    const orderId = page.url().split('/').pop()!;
    const order = (await (await page.request.get(`/api/v1/orders/${orderId}`)).json()) as {
      data: { billing: { address: { line1: string; state: string } }; amounts: object };
    };
    // The GSTIN's state (27, Maharashtra) and the address agree: IGST, the store being in Delhi.
    expect(order.data.billing.address).toMatchObject({
      line1: '14 Residency Road',
      state: 'Maharashtra',
    });
    expect(order.data.amounts).toMatchObject({ placeOfSupply: 'Maharashtra', cgstAmount: 0 });
    // The address billed is the profile's now.
    const profile = await page.request.get('/api/v1/user/profile');
    expect((await profile.json()).data.address).toMatchObject({ state: 'Maharashtra' });
  });
});
