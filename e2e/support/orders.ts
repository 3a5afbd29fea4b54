import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { supportRequest } from './accounts';

interface ListedNumber {
  id: number;
  number: string;
}

/**
 * A billing name and address in Delhi, the store's state: an order of ₹50,000 or more names the
 * buyer's address (decision 0106), and a buyer registered by API has none saved.
 */
export const delhiBilling = (name: string) => ({
  name,
  line1: '14 Residency Road',
  city: 'New Delhi',
  state: 'Delhi',
  pinCode: '110001',
});

/**
 * The signed-in buyer of `request` puts the numbers `ids` in the cart and checks out (billed to
 * `billing`, else the profile): the new order's id and reference.
 */
export async function checkOutByApi(
  request: APIRequestContext,
  ids: readonly number[],
  billing?: object,
) {
  for (const id of ids) {
    expect((await request.post(`/api/v1/cart/add/${id}`)).ok()).toBe(true);
  }
  const checkout = await request.post('/api/v1/cart/checkout', {
    data: billing ? { billing } : {},
  });
  expect(checkout.status()).toBe(201);
  return ((await checkout.json()) as { data: { order: { id: string; reference: string } } }).data
    .order;
}

/**
 * The signed-in buyer of `page` checks out `count` neighbouring numbers (billed to `billing`, else
 * the profile) and support confirms the payment by API: the order's id, reference and numbers.
 */
export async function paidOrder(
  page: Page,
  baseURL: string | undefined,
  count: number,
  billing?: object,
) {
  // Past the cheapest 60: the other specs running alongside take from the cheapest.
  const listed = await page.request.get('/api/v1/numbers?sort=price_asc&page=4&pageSize=20');
  const { items } = ((await listed.json()) as { data: { items: ListedNumber[] } }).data;
  const start = Math.floor(Math.random() * (items.length - count));
  const picked = items.slice(start, start + count);
  const order = await checkOutByApi(
    page.request,
    picked.map(({ id }) => id),
    billing,
  );
  const support = await supportRequest(baseURL);
  try {
    const paid = await support.post(`/api/v1/admin/orders/${order.id}/payments`, {
      data: { reference: `UTR${Date.now()}` },
    });
    expect(paid.status()).toBe(200);
  } finally {
    await support.dispose();
  }
  return { id: order.id, reference: order.reference, numbers: picked.map(({ number }) => number) };
}
