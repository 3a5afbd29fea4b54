import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { payments, webhookEvents } from '../db/schema';
import { startFakeRazorpay } from '../../stand-ins/fake-razorpay';
import { signedIn, withSalesInventory } from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

/**
 * The Razorpay stand-in (stand-ins/fake-razorpay.ts, decision 0076) against the store, over
 * HTTP as a browser and Razorpay reach them: its checkout's Pay answers what the store's verify
 * route accepts, and its payment.captured webhook is one the store's webhook route accepts; the
 * two meet on one payment.
 */

const keys = {
  keyId: 'rzp_test_standin01',
  keySecret: 'stand-in-key-secret',
  webhookSecret: 'stand-in-webhook-secret',
};
const fake = await startFakeRazorpay(keys);
afterAll(() => fake.close());

describeEachDatabase(
  'the Razorpay stand-in',
  (ctx) => {
    const { checkOut } = withSalesInventory(ctx);
    let store = '';
    beforeAll(async () => {
      store = await ctx().app.listen({ host: '127.0.0.1', port: 0 });
      fake.deliverWebhooksTo(`${store}/api/v1/payments/razorpay/webhook`);
    });

    const pay = (body: object) =>
      fetch(`${fake.base}/checkout/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: store },
        body: JSON.stringify(body),
      });

    it('serves its checkout.js, which defines window.Razorpay', async () => {
      const script = await fetch(fake.checkoutUrl);
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(await script.text()).toContain('window.Razorpay = Razorpay');
      expect(ctx().config.RAZORPAY_CHECKOUT_URL).toBe(fake.checkoutUrl);
    });

    it("pays an order: the store verifies the checkout's answer and takes the webhook, one payment", async () => {
      const buyer = await signedIn(ctx().app);
      const order = await checkOut(buyer.client, ['9876598765']);
      const razorpayOrderId = order.payment.razorpay.orderId;
      expect(order.payment.razorpay.checkoutUrl).toBe(fake.checkoutUrl);

      expect((await pay({ key: 'rzp_test_other', order_id: razorpayOrderId })).status).toBe(401);
      expect((await pay({ key: keys.keyId, order_id: 'order_unknown' })).status).toBe(400);
      const answer = await pay({ key: keys.keyId, order_id: razorpayOrderId });
      expect(answer.status).toBe(200);
      const handed = (await answer.json()) as Record<string, string>;
      expect(Object.keys(handed).sort()).toEqual([
        'razorpay_order_id',
        'razorpay_payment_id',
        'razorpay_signature',
      ]);
      expect(handed.razorpay_order_id).toBe(razorpayOrderId);

      const verified = await buyer.client.post(
        api(`/orders/${order.id}/payments/razorpay/verify`),
        handed,
      );
      expect(verified.statusCode).toBe(200);
      expect(verified.json().data).toMatchObject({
        status: 'paid',
        payment: { paymentReference: handed.razorpay_payment_id },
      });

      await expect.poll(() => fake.webhooks.length, { timeout: 5_000 }).toBe(1);
      expect(fake.webhooks[0]).toMatchObject({
        event: 'payment.captured',
        paymentId: handed.razorpay_payment_id,
        status: 200,
      });
      const { db } = ctx().database;
      const recorded = await db.select().from(payments).where(eq(payments.orderId, order.id));
      expect(recorded).toHaveLength(1);
      expect(recorded[0]).toMatchObject({
        provider: 'razorpay',
        reference: handed.razorpay_payment_id,
        amount: 5_900_000,
        applied: true,
      });
      expect(
        await db
          .select()
          .from(webhookEvents)
          .where(eq(webhookEvents.id, fake.webhooks[0]!.eventId)),
      ).toHaveLength(1);
    });
  },
  {
    env: fake.storeSettings,
  },
);
