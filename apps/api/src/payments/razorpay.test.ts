import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { numbers, orderEvents, orders, webhookEvents } from '../db/schema';
import {
  lapseHold,
  numberState,
  sentTo,
  signedIn,
  staffMember,
  withSalesInventory,
} from '../../test-support/sales';
import { api, type SessionClient } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';
import { startFakeRazorpay } from '../../stand-ins/fake-razorpay';
import { checkoutSignature, hmacSha256Hex } from './razorpay-signatures';

const keys = {
  keyId: 'rzp_test_1DP5mmOlF5G5ag',
  keySecret: 'test-key-secret-not-real',
  webhookSecret: 'test-webhook-secret-not-real',
};
const { webhookSecret } = keys;
const fake = await startFakeRazorpay(keys);
afterAll(() => fake.close());
/** The store's settings for Razorpay payments against the fake. */
const razorpayEnv = fake.storeSettings;

function paymentCaptured(razorpayOrderId: string, paymentId: string, amountPaise: number) {
  return {
    entity: 'event',
    account_id: 'acc_test',
    event: 'payment.captured',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          amount: amountPaise,
          currency: 'INR',
          status: 'captured',
          order_id: razorpayOrderId,
          method: 'upi',
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  };
}

describeEachDatabase(
  'Razorpay payments',
  (ctx) => {
    const { id, checkOut } = withSalesInventory(ctx);

    async function checkedOut(numbers: string[]) {
      const buyer = await signedIn(ctx().app);
      return { ...buyer, order: await checkOut(buyer.client, numbers) };
    }

    const webhook = (body: string, signature: string, eventId?: string, origin?: string) =>
      ctx().app.inject({
        method: 'POST',
        url: api('/payments/razorpay/webhook'),
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': signature,
          ...(eventId ? { 'x-razorpay-event-id': eventId } : {}),
          ...(origin ? { origin } : {}),
        },
        payload: body,
      });
    const signedWebhook = (event: object, eventId: string) => {
      const body = JSON.stringify(event);
      return webhook(body, hmacSha256Hex(webhookSecret, body), eventId);
    };
    const verify = (client: SessionClient, orderId: string, payload: object) =>
      client.post(api(`/orders/${orderId}/payments/razorpay/verify`), payload);
    const paidEvents = async (orderId: string) =>
      (
        await ctx().database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))
      ).filter((e) => e.status === 'paid');

    it('creates the Razorpay order in paise with the keys, once per order', async () => {
      const before = fake.orders.length;
      const { client, order } = await checkedOut(['9876598765', '7070700852']);
      expect(fake.orders.length).toBe(before + 1);
      const created = fake.orders.at(-1)!;
      expect(created).toMatchObject({
        amount: 8_260_000,
        currency: 'INR',
        receipt: order.reference,
        notes: { orderId: order.id, reference: order.reference },
      });
      expect(fake.authorizations.at(-1)).toBe(
        `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`,
      );
      expect(order.payment).toEqual({
        provider: 'razorpay',
        status: 'pending',
        paymentReference: null,
        razorpay: {
          keyId: keys.keyId,
          orderId: created.id,
          amount: 8_260_000,
          currency: 'INR',
          name: ctx().config.STORE_NAME,
          description: `Order ${order.reference}`,
          checkoutUrl: fake.checkoutUrl,
        },
      });
      const again = await client.post(api('/cart/checkout'));
      expect(again.statusCode).toBe(200);
      expect(again.json().data.order.payment.razorpay.orderId).toBe(created.id);
      expect(
        (await client.get(api(`/orders/${order.id}`))).json().data.payment.razorpay.orderId,
      ).toBe(created.id);
      expect(fake.orders.length).toBe(before + 1);
      const [email] = await sentTo(ctx().database, order.billing.email);
      expect(email!.text).toContain('Pay ₹82,600 online on your order page');
    });

    it('keeps the order pending when Razorpay fails, and creates its payment on the next read', async () => {
      fake.failNext(1);
      const { client, order } = await checkedOut(['9876598765']);
      expect(order.status).toBe('pending_payment');
      expect(order.payment.razorpay).toBeNull();
      const read = await client.get(api(`/orders/${order.id}`));
      expect(read.json().data.payment.razorpay).toMatchObject({
        amount: 5_900_000,
        currency: 'INR',
      });
      const [row] = await ctx().database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row!.providerOrderId).toBe(read.json().data.payment.razorpay.orderId);
    });

    it('verifies the checkout signature: forged is 400 and changes nothing, genuine marks paid once', async () => {
      const { client, order, user } = await checkedOut(['9876598765', '9812341234']);
      const razorpayOrderId = order.payment.razorpay.orderId;
      const paymentId = 'pay_29QQoUBi66xm2f';
      const forged = await verify(client, order.id, {
        razorpay_order_id: razorpayOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: hmacSha256Hex('not-the-secret', `${razorpayOrderId}|${paymentId}`),
      });
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toMatchObject({
        code: 'INVALID_SIGNATURE',
        message:
          'We could not confirm this payment with Razorpay. If money has left your account, contact us with your order reference; otherwise, please try again.',
      });
      const garbage = await verify(client, order.id, {
        razorpay_order_id: razorpayOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: 'abc',
      });
      expect(garbage.statusCode).toBe(400);
      const otherOrder = await verify(client, order.id, {
        razorpay_order_id: 'order_someoneelse',
        razorpay_payment_id: paymentId,
        razorpay_signature: checkoutSignature('order_someoneelse', paymentId, keys.keySecret),
      });
      expect(otherOrder.statusCode).toBe(400);
      expect((await client.get(api(`/orders/${order.id}`))).json().data.status).toBe(
        'pending_payment',
      );

      const genuine = {
        razorpay_order_id: razorpayOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: checkoutSignature(razorpayOrderId, paymentId, keys.keySecret),
      };
      const stranger = await signedIn(ctx().app);
      expect((await verify(stranger.client, order.id, genuine)).statusCode).toBe(404);

      const paid = await verify(client, order.id, genuine);
      expect(paid.statusCode).toBe(200);
      expect(paid.json().message).toBe('Payment received. Thank you!');
      expect(paid.json().data).toMatchObject({
        status: 'paid',
        payment: { provider: 'razorpay', status: 'paid', paymentReference: paymentId },
        paidAt: expect.any(String),
      });
      expect(paid.json().data.payment.razorpay).toBeUndefined();
      for (const number of ['9876598765', '9812341234']) {
        expect(await numberState(ctx().database, id(number))).toMatchObject({
          status: 'sold',
          orderId: order.id,
        });
      }
      expect((await client.get(api('/cart'))).json().data.items).toEqual([]);
      const [sms] = await sentTo(ctx().database, user.mobile);
      expect(sms!.text).toContain('payment received');

      // The same payment again (a second tab, or the webhook came first): received, still once.
      const repeat = await verify(client, order.id, genuine);
      expect(repeat.statusCode).toBe(200);
      expect(repeat.json().message).toBe('Payment received. Thank you!');
      expect(await paidEvents(order.id)).toHaveLength(1);
    });

    it('takes the webhook on the raw body: forged is 400 without effect, a repeated event is handled once', async () => {
      const { order, user } = await checkedOut(['9876598765']);
      const event = paymentCaptured(order.payment.razorpay.orderId, 'pay_webhook01', 5_900_000);
      const body = JSON.stringify(event);

      const forged = await webhook(body, hmacSha256Hex('wrong-secret', body), 'evt_forged');
      expect(forged.statusCode).toBe(400);
      expect(forged.json().code).toBe('INVALID_SIGNATURE');
      // A signature over a different body (one byte changed) fails too.
      const tampered = await webhook(
        body.replace('5900000', '5900001'),
        hmacSha256Hex(webhookSecret, body),
        'evt_t',
      );
      expect(tampered.statusCode).toBe(400);
      expect((await webhook(body, '', 'evt_none')).statusCode).toBe(400);
      expect(await ctx().database.db.select().from(webhookEvents)).toHaveLength(0);
      expect((await numberState(ctx().database, id('9876598765'))).status).toBe('reserved');

      // Webhooks skip the Origin check: they prove themselves by signature.
      const first = await webhook(
        body,
        hmacSha256Hex(webhookSecret, body),
        'evt_0001',
        'https://elsewhere.example',
      );
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data).toEqual({ received: true, duplicate: false, handled: true });
      const second = await webhook(body, hmacSha256Hex(webhookSecret, body), 'evt_0001');
      expect(second.json().data).toEqual({ received: true, duplicate: true, handled: false });
      // Razorpay also sends order.paid for the same payment: a new event, but the order is paid already.
      const orderPaid = await signedWebhook(
        {
          ...event,
          event: 'order.paid',
          payload: { ...event.payload, order: { entity: { id: order.payment.razorpay.orderId } } },
        },
        'evt_0002',
      );
      expect(orderPaid.json().data).toEqual({ received: true, duplicate: false, handled: true });

      expect(await paidEvents(order.id)).toHaveLength(1);
      expect(await ctx().database.db.select().from(webhookEvents)).toHaveLength(2);
      expect(await numberState(ctx().database, id('9876598765'))).toMatchObject({ status: 'sold' });
      const paidMessages = (await sentTo(ctx().database, user.email)).filter((m) =>
        m.subject?.startsWith('Payment received'),
      );
      expect(paidMessages).toHaveLength(1);
    });

    it('acknowledges signed events it does not act on', async () => {
      const { order } = await checkedOut(['9876598765']);
      const other = await signedWebhook({ event: 'payment.failed', payload: {} }, 'evt_failed');
      expect(other.json().data).toEqual({ received: true, duplicate: false, handled: false });
      const unknown = await signedWebhook(
        paymentCaptured('order_unknown', 'pay_x', 100),
        'evt_unknown',
      );
      expect(unknown.json().data.handled).toBe(false);
      const [row] = await ctx().database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row!.status).toBe('pending_payment');
    });

    it('answers a signed body that is not an event with 400, and wrong field types like missing ones', async () => {
      const signedRaw = (body: string, eventId: string) =>
        webhook(body, hmacSha256Hex(webhookSecret, body), eventId);
      for (const body of ['null', '[]', '"payment.captured"', '7', 'true']) {
        const res = await signedRaw(body, `evt_${body}`);
        expect(res.statusCode, body).toBe(400);
        expect(res.json(), body).toMatchObject({ success: false, code: 'INVALID_EVENT' });
      }
      const { order } = await checkedOut(['9876598765']);
      for (const [n, event] of [
        { event: 'payment.captured', payload: null },
        { event: 'payment.captured', payload: { payment: { entity: { id: {}, order_id: 5 } } } },
        { event: 7, payload: { payment: { entity: { id: 'pay_1', order_id: ['x'] } } } },
        { event: 'payment.captured', payload: { payment: 'x', order: { entity: null } } },
        {
          event: 'order.paid',
          payload: { payment: { entity: { id: 'pay_\u0000', order_id: 'order_\u0000' } } },
        },
      ].entries()) {
        const res = await signedWebhook(event, `evt_shape_${n}`);
        expect(res.statusCode, JSON.stringify(event)).toBe(200);
        expect(res.json().data).toEqual({ received: true, duplicate: false, handled: false });
      }
      const [row] = await ctx().database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row!.status).toBe('pending_payment');
    });

    it('never marks a wrong amount paid: the order is cancelled, its hold released and flagged for refund, once', async () => {
      const { order, client, user } = await checkedOut(['9876598765']);
      const razorpayOrderId = order.payment.razorpay.orderId;
      const short = await signedWebhook(
        paymentCaptured(razorpayOrderId, 'pay_short', 100),
        'evt_short',
      );
      expect(short.statusCode).toBe(200);
      expect(short.json().data).toEqual({ received: true, duplicate: false, handled: true });
      const view = (await client.get(api(`/orders/${order.id}`))).json().data;
      expect(view).toMatchObject({
        status: 'cancelled',
        needsRefund: true,
        paidAt: expect.any(String),
        payment: { status: 'refund_due', paymentReference: 'pay_short' },
      });
      expect(view.timeline.at(-1).note).toBe(
        'Payment pay_short of ₹1 does not match the order total of ₹59,000, so it cannot pay for this order. A full refund is due.',
      );
      // Nothing was sold: the number is back on sale for anyone, at once.
      expect(await numberState(ctx().database, id('9876598765'))).toMatchObject({
        status: 'available',
        orderId: null,
      });
      const [email] = await sentTo(ctx().database, user.email);
      expect(email!.subject).toBe(`Order ${order.reference}: a payment will be refunded`);
      expect(email!.text).toContain('but the order total is ₹59,000');

      // Razorpay's order.paid for the same payment, and the same event again: no second flag.
      await signedWebhook(
        {
          ...paymentCaptured(razorpayOrderId, 'pay_short', 100),
          event: 'order.paid',
        },
        'evt_short_order_paid',
      );
      expect(
        (
          await signedWebhook(paymentCaptured(razorpayOrderId, 'pay_short', 100), 'evt_short')
        ).json().data.duplicate,
      ).toBe(true);
      const events = await ctx()
        .database.db.select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, order.id));
      expect(events.filter((e) => e.status === 'cancelled')).toHaveLength(1);

      // Support finds it in the refund queue.
      const staff = await staffMember(ctx().app);
      const queue = await staff.client.get(api('/admin/orders?needsRefund=true'));
      expect(queue.json().data.orders.map((o: { id: string }) => o.id)).toEqual([order.id]);

      // The right amount arriving afterwards, as another payment, cannot revive the order: it
      // is flagged for refund too (the number may be someone else's by now).
      const full = await signedWebhook(
        paymentCaptured(razorpayOrderId, 'pay_full', 5_900_000),
        'evt_full',
      );
      expect(full.json().data.handled).toBe(true);
      const after = (await client.get(api(`/orders/${order.id}`))).json().data;
      expect(after).toMatchObject({ status: 'cancelled', needsRefund: true });
      expect(after.timeline.at(-1).note).toContain('A further payment pay_full of ₹59,000');
      expect((await numberState(ctx().database, id('9876598765'))).status).toBe('available');
    });

    it('flags a further, different payment for an order already paid, once, and the order goes on', async () => {
      const { order, client, user } = await checkedOut(['9876598765']);
      const razorpayOrderId = order.payment.razorpay.orderId;
      const genuine = (paymentId: string) => ({
        razorpay_order_id: razorpayOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: checkoutSignature(razorpayOrderId, paymentId, keys.keySecret),
      });
      expect((await verify(client, order.id, genuine('pay_first'))).json().data.status).toBe(
        'paid',
      );
      // The same payment through the webhook: already paid, nothing flagged.
      await signedWebhook(paymentCaptured(razorpayOrderId, 'pay_first', 5_900_000), 'evt_first');
      const flaggedEvents = async () =>
        (
          await ctx()
            .database.db.select()
            .from(orderEvents)
            .where(eq(orderEvents.orderId, order.id))
        ).filter((e) => e.note?.includes('A further payment'));
      expect(await flaggedEvents()).toHaveLength(0);
      expect((await client.get(api(`/orders/${order.id}`))).json().data.needsRefund).toBe(false);

      // A second payment (another tab, say): the money is flagged for refund.
      const second = await signedWebhook(
        paymentCaptured(razorpayOrderId, 'pay_second', 5_900_000),
        'evt_second',
      );
      expect(second.json().data).toEqual({ received: true, duplicate: false, handled: true });
      const view = (await client.get(api(`/orders/${order.id}`))).json().data;
      expect(view).toMatchObject({
        status: 'paid',
        needsRefund: true,
        // For the buyer the order is paid and goes on; the timeline says what is due back.
        payment: { status: 'paid', paymentReference: 'pay_first' },
      });
      expect(view.timeline.at(-1)).toMatchObject({
        status: 'paid',
        note: 'A further payment pay_second of ₹59,000 arrived for this order, which was already paid (payment pay_first). It is due a full refund.',
      });
      expect(await numberState(ctx().database, id('9876598765'))).toMatchObject({
        status: 'sold',
        orderId: order.id,
      });
      const [email] = await sentTo(ctx().database, user.email);
      expect(email!.subject).toBe(`Order ${order.reference}: a payment will be refunded`);
      expect(email!.text).toContain('Your order goes on as before');

      // The same second payment by its other doors: order.paid, the browser callback. Once.
      await signedWebhook(
        { ...paymentCaptured(razorpayOrderId, 'pay_second', 5_900_000), event: 'order.paid' },
        'evt_second_order_paid',
      );
      // The buyer whose browser reports the second payment after its webhook is told what it
      // came to, a further payment due back (QA pass 19, F1), not "already paid".
      const again = await verify(client, order.id, genuine('pay_second'));
      expect(again.json().message).toBe(
        'This order had already been paid: this further payment will be refunded in full. Your order goes on as before.',
      );
      expect(await flaggedEvents()).toHaveLength(1);

      // A third one through the browser callback is flagged too, and the buyer is told.
      const third = await verify(client, order.id, genuine('pay_third'));
      expect(third.statusCode).toBe(200);
      expect(third.json().message).toBe(
        'This order had already been paid: this further payment will be refunded in full. Your order goes on as before.',
      );
      expect(await flaggedEvents()).toHaveLength(2);

      const staff = await staffMember(ctx().app);
      const queue = await staff.client.get(api('/admin/orders?needsRefund=true'));
      expect(queue.json().data.orders.map((o: { id: string }) => o.id)).toEqual([order.id]);
      // Porting goes on; the flag stays until support records the refund.
      const step = await staff.client.post(api(`/admin/orders/${order.id}/events`), {
        status: 'upc_sent',
      });
      expect(step.json().data).toMatchObject({ status: 'upc_sent', needsRefund: true });
    });

    it('sells the numbers to a payment that comes after the hold lapsed when they are still free', async () => {
      const { order, client } = await checkedOut(['9876598765']);
      await lapseHold(ctx().database, order.id);
      const res = await signedWebhook(
        paymentCaptured(order.payment.razorpay.orderId, 'pay_late01', 5_900_000),
        'evt_late01',
      );
      expect(res.json().data.handled).toBe(true);
      const view = (await client.get(api(`/orders/${order.id}`))).json().data;
      expect(view).toMatchObject({ status: 'paid', needsRefund: false });
      expect(view.timeline.at(-1).note).toContain(
        'after the hold had ended; the numbers were still free',
      );
      expect(await numberState(ctx().database, id('9876598765'))).toMatchObject({
        status: 'sold',
        orderId: order.id,
      });
    });

    it('sells to a payment captured in time or late while the numbers are free, refunding nothing', async () => {
      for (const [late, paymentId] of [
        [false, 'pay_intime03'],
        [true, 'pay_latefree03'],
      ] as const) {
        const { order, client } = await checkedOut(['9786012345']);
        if (late) await lapseHold(ctx().database, order.id);
        const res = await signedWebhook(
          paymentCaptured(
            order.payment.razorpay.orderId,
            paymentId,
            order.amounts.totalAmount * 100,
          ),
          `evt_${paymentId}`,
        );
        expect(res.statusCode).toBe(200);
        expect((await client.get(api(`/orders/${order.id}`))).json().data).toMatchObject({
          status: 'paid',
          needsRefund: false,
        });
        expect(fake.refunds.filter((r) => r.payment_id === paymentId)).toEqual([]);
        await ctx()
          .database.db.update(orders)
          .set({ status: 'completed' })
          .where(eq(orders.id, order.id));
        await ctx()
          .database.db.update(numbers)
          .set({ status: 'available', orderId: null, reservedUntil: null })
          .where(eq(numbers.id, id('9786012345')));
      }
    });

    it('refunds a late payment through Razorpay by itself when a number had gone, once, and tells the buyer', async () => {
      const late = await checkedOut(['9876598765']);
      await lapseHold(ctx().database, late.order.id);
      await checkedOut(['9876598765']);
      const event = paymentCaptured(
        late.order.payment.razorpay.orderId,
        'pay_late04',
        late.order.amounts.totalAmount * 100,
      );
      expect((await signedWebhook(event, 'evt_late04')).statusCode).toBe(200);

      const made = fake.refunds.filter((r) => r.payment_id === 'pay_late04');
      // What is true: the hold had ended and another buyer's order holds the number (QA 16 F4).
      const LATE_REASON =
        "Your payment arrived after the order's hold had ended, and meanwhile another buyer's order is holding 98765 98765 (not paid yet).";
      expect(made).toMatchObject([{ amount: late.order.amounts.totalAmount * 100 }]);
      const staff = await staffMember(ctx().app, 'admin');
      const view = (await staff.client.get(api(`/admin/orders/${late.order.id}`))).json().data;
      expect(view).toMatchObject({ status: 'refunded', needsRefund: false });
      expect(view.payments[0].refunds).toMatchObject([
        {
          method: 'razorpay',
          status: 'done',
          providerRefundId: made[0]!.id,
          reason: LATE_REASON,
          by: 'System',
        },
      ]);
      const audit = (await staff.client.get(api(`/admin/audit?orderId=${late.order.id}`))).json()
        .data;
      expect(
        audit.entries.map((entry: { action: string; actor: { id: string } }) => [
          entry.action,
          entry.actor.id,
        ]),
      ).toEqual([
        ['order.view', staff.user.id], // the staff member's look at the order above
        ['order.refund', 'system'],
        ['order.refund_requested', 'system'],
      ]);
      // One message per channel (QA 19 F3): the e-mail says the refund has been made, and why;
      // the SMS why, and that the money comes back. No "you will be refunded" e-mail.
      // Newest first: what came of the payment, then the order's own at checkout.
      const emails = await sentTo(ctx().database, late.user.email);
      expect(emails.map((email) => email.subject)).toEqual([
        `Order ${late.order.reference}: your refund has been made`,
        expect.stringContaining(`Order ${late.order.reference}: please pay by`),
      ]);
      expect(emails[0]!.text).toContain(
        `Order ${late.order.reference}: a full refund of ₹59,000 for your order (98765 98765) has been made (payment pay_late04).`,
      );
      expect(emails[0]!.text).toContain(`Reason: ${LATE_REASON}`);
      const sms = await sentTo(ctx().database, late.user.mobile);
      expect(sms.map((message) => message.text)).toEqual([
        `VIP Number Store: your payment for order ${late.order.reference} came after its hold ended, and meanwhile we could not keep 98765 98765 for you. The order is cancelled and you will be refunded in full (Rs 59,000). Details in our e-mail.`,
        expect.stringContaining(`order ${late.order.reference} for Rs 59,000 is held until`),
      ]);
      // The "you will be refunded" e-mail it replaced is not left waiting in the outbox either.
      const waiting = await ctx().database.query(
        `select id from outbox where sent_at is null and message->>'to' = $1`,
        [late.user.email],
      );
      expect(waiting).toEqual([]);

      // The webhook again, and the same payment by another event: no second refund.
      expect((await signedWebhook(event, 'evt_late04')).statusCode).toBe(200);
      expect(
        (await signedWebhook({ ...event, event: 'order.paid' }, 'evt_late04_paid')).statusCode,
      ).toBe(200);
      expect(fake.refunds.filter((r) => r.payment_id === 'pay_late04')).toHaveLength(1);
      expect(fake.refundRequests.filter((key) => key === made[0]!.idempotencyKey)).toHaveLength(1);
    });

    it('flags a late payment for refund when a number went to someone else meanwhile', async () => {
      const first = await checkedOut(['9876598765', '9812341234']);
      await lapseHold(ctx().database, first.order.id);
      const second = await checkedOut(['9876598765']);
      // Razorpay refuses the automatic refund: the payment stays due back, for support.
      fake.nextRefund('refuse');
      const res = await signedWebhook(
        paymentCaptured(
          first.order.payment.razorpay.orderId,
          'pay_late02',
          first.order.amounts.totalAmount * 100,
        ),
        'evt_late02',
      );
      expect(res.statusCode).toBe(200);
      const view = (await first.client.get(api(`/orders/${first.order.id}`))).json().data;
      expect(view).toMatchObject({
        status: 'cancelled',
        needsRefund: true,
        paidAt: expect.any(String),
        payment: { status: 'refund_due', paymentReference: 'pay_late02' },
      });
      expect(view.timeline.at(-1).note).toContain('98765 98765');
      expect(view.timeline.at(-1).note).toContain('A full refund is due.');
      expect(await numberState(ctx().database, id('9876598765'))).toMatchObject({
        status: 'reserved',
        orderId: second.order.id,
      });
      expect((await numberState(ctx().database, id('9812341234'))).status).toBe('available');
      const [email] = await sentTo(ctx().database, first.user.email);
      expect(email!.subject).toContain('refunded');
      expect(fake.refunds.filter((r) => r.payment_id === 'pay_late02')).toEqual([]);
      // The buyer's browser reports the payment after its webhook: told it cannot pay the order,
      // never "Payment received" (QA pass 19, F1).
      const reported = await verify(first.client, first.order.id, {
        razorpay_order_id: first.order.payment.razorpay.orderId,
        razorpay_payment_id: 'pay_late02',
        razorpay_signature: checkoutSignature(
          first.order.payment.razorpay.orderId,
          'pay_late02',
          keys.keySecret,
        ),
      });
      expect(reported.json()).toMatchObject({
        message:
          'This payment came after the order had closed, so it cannot pay for it: the order is cancelled and your payment will be refunded in full. Our e-mail says why.',
        data: { status: 'cancelled', payment: { status: 'refund_due' } },
      });

      // Support sees it in the refund queue and records the refund.
      const staff = await staffMember(ctx().app);
      const queue = await staff.client.get(api('/admin/orders?needsRefund=true'));
      expect(queue.json().data.orders.map((o: { id: string }) => o.id)).toEqual([first.order.id]);
      const refunded = await staff.client.post(api(`/admin/orders/${first.order.id}/events`), {
        status: 'refunded',
        note: 'Refunded to the original UPI account, RRN 123456789012',
      });
      expect(refunded.statusCode).toBe(200);
      expect(refunded.json().data).toMatchObject({
        status: 'refunded',
        needsRefund: false,
        payment: { status: 'refunded' },
      });
    });
  },
  {
    env: {
      ...razorpayEnv,
      RATE_LIMIT_PER_MINUTE: '100000',
    },
  },
);

describeEachDatabase(
  'Razorpay webhook and the rate limit',
  (ctx) => {
    it('never rate-limits the webhook: Razorpay proves itself by signature', async () => {
      const call = () =>
        ctx().app.inject({
          method: 'POST',
          url: api('/payments/razorpay/webhook'),
          headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'forged' },
          payload: '{}',
        });
      for (let i = 0; i < 5; i++) expect((await call()).statusCode).toBe(400);
      // The limit is on for everything else.
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await ctx().app.inject({ url: api('/numbers?pageSize=1') })).statusCode);
      }
      expect(statuses).toContain(429);
    });
  },
  {
    env: {
      ...razorpayEnv,
      RATE_LIMIT_PER_MINUTE: '3',
    },
  },
);
