import { afterAll, beforeEach, expect, it } from 'vitest';
import { startFakeRazorpay } from '../../stand-ins/fake-razorpay';
import {
  buyerWithOrder,
  lapseHold,
  sentTo,
  staffMember,
  withSalesInventory,
} from '../../test-support/sales';
import { api, type SessionClient } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';
import { checkoutSignature } from './razorpay-signatures';

const keys = {
  keyId: 'rzp_test_1DP5mmOlF5G5ag',
  keySecret: 'test-key-secret-not-real',
  webhookSecret: 'test-webhook-secret-not-real',
};
const fake = await startFakeRazorpay(keys);
afterAll(() => fake.close());

describeEachDatabase(
  'Razorpay refunds',
  (ctx) => {
    const { id, checkOut } = withSalesInventory(ctx);
    beforeEach(() => {
      fake.refunds.length = 0;
      fake.refundRequests.length = 0;
    });

    /** Razorpay checkout's signed callback for this payment of the buyer's order. */
    const pay = (
      client: SessionClient,
      order: { id: string; payment: { razorpay: { orderId: string } } },
      paymentId: string,
    ) =>
      client.post(api(`/orders/${order.id}/payments/razorpay/verify`), {
        razorpay_order_id: order.payment.razorpay.orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: checkoutSignature(
          order.payment.razorpay.orderId,
          paymentId,
          keys.keySecret,
        ),
      });

    async function paidOrder(paymentId: string) {
      const buyer = await buyerWithOrder(ctx().app, [id('9876598765')]);
      expect((await pay(buyer.client, buyer.order, paymentId)).json().data.status).toBe('paid');
      return { ...buyer, staff: await staffMember(ctx().app) };
    }

    const refund = (staff: SessionClient, orderId: string, body: object) =>
      staff.post(api(`/admin/orders/${orderId}/refunds`), body);

    it("refunds a payment in full through Razorpay's refund API, once", async () => {
      const { order, staff, user } = await paidOrder('pay_refund01');
      const res = await refund(staff.client, order.id, { reason: 'Porting failed' });
      expect(res.statusCode, res.body).toBe(200);
      expect(fake.refunds).toEqual([
        {
          id: expect.stringMatching(/^rfnd_/),
          payment_id: 'pay_refund01',
          amount: 5_900_000,
          notes: { order: order.reference, reason: 'Porting failed' },
          idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
        },
      ]);
      const data = res.json().data;
      expect(data).toMatchObject({ status: 'refunded', needsRefund: false });
      expect(data.payments[0].refunds).toMatchObject([
        {
          id: fake.refunds[0]!.idempotencyKey,
          method: 'razorpay',
          status: 'done',
          providerRefundId: fake.refunds[0]!.id,
          reason: 'Porting failed',
          by: 'Sunita Support',
        },
      ]);
      expect(data.timeline.at(-1).note).toBe(
        `₹59,000 of payment pay_refund01 refunded (through Razorpay, refund ${fake.refunds[0]!.id}). Reason: Porting failed`,
      );

      // A second click does not refund twice: it is answered with the refund made (decision 0084).
      const again = await refund(staff.client, order.id, { reason: 'Porting failed' });
      expect(again.statusCode).toBe(200);
      expect(again.json().data.status).toBe('refunded');
      expect(fake.refundRequests).toHaveLength(1);

      const [email] = await sentTo(ctx().database, user.email);
      expect(email!.text).toContain('reaches the account you paid from in 5 to 7 working days');
      // Razorpay's refund id, which the buyer's bank can trace, as a manual refund's (QA 30 F4).
      const told = `Refund reference: ${fake.refunds[0]!.id}.`;
      expect(email!.text).toContain(told);
      const [sms] = await sentTo(ctx().database, user.mobile);
      expect(sms!.text).toContain(`a full refund of Rs 59,000 for your order has been made`);
      expect(sms!.text).toContain(told);
      const { views } = await ctx().app.services.audit.list({ orderId: order.id }, 1, 10);
      expect(views.map((entry) => entry.action)).toEqual([
        'order.refund',
        'order.refund_requested',
      ]);
    });

    it('resumes a refund whose answer was lost with the same idempotency key, never refunding twice', async () => {
      const { order, staff } = await paidOrder('pay_refund02');
      fake.nextRefund('lose-answer');
      const lost = await refund(staff.client, order.id, { reason: 'Duplicate order' });
      expect(lost.statusCode).toBe(502);
      expect(lost.json()).toMatchObject({ code: 'REFUND_FAILED' });
      expect(lost.json().message).toContain('It stays requested: try again');
      const pending = (await staff.client.get(api(`/admin/orders/${order.id}`))).json().data;
      expect(pending).toMatchObject({ status: 'paid', needsRefund: false });
      expect(pending.payments[0]).toMatchObject({
        refundable: false,
        refunds: [{ status: 'requested', providerRefundId: null }],
      });

      // The reason given the second time is not what was asked of Razorpay: the first request is resumed.
      const resumed = await refund(staff.client, order.id, { reason: 'Clicked again' });
      expect(resumed.statusCode, resumed.body).toBe(200);
      expect(resumed.json().data.status).toBe('refunded');
      expect(fake.refunds).toHaveLength(1);
      expect(fake.refundRequests).toEqual([
        fake.refunds[0]!.idempotencyKey,
        fake.refunds[0]!.idempotencyKey,
      ]);
      expect(resumed.json().data.payments[0].refunds).toMatchObject([
        { status: 'done', reason: 'Duplicate order', providerRefundId: fake.refunds[0]!.id },
      ]);
    });

    it('tells a second agent who asked for the refund and when, while it may be in flight (decision 0084)', async () => {
      const { order, staff } = await paidOrder('pay_refund09');
      fake.nextRefund('lose-answer');
      expect((await refund(staff.client, order.id, { reason: 'Duplicate order' })).statusCode).toBe(
        502,
      );
      const admin = await staffMember(ctx().app, 'admin');
      const second = await refund(admin.client, order.id, { reason: 'Buyer asked' });
      expect(second.statusCode, second.body).toBe(409);
      expect(second.json().code).toBe('REFUND_IN_PROGRESS');
      expect(second.json().message).toMatch(
        /^Sunita Support at .+ asked Razorpay to refund payment pay_refund09 \(reason: Duplicate order\); it is on its way\. Yours was not recorded\.$/,
      );
      const retried = await refund(staff.client, order.id, { reason: 'Duplicate order' });
      expect(retried.statusCode, retried.body).toBe(200);
      // Done: the same agent's retry is answered 200, another agent's told who and when.
      const again = await refund(staff.client, order.id, { reason: 'Duplicate order' });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data.status).toBe('refunded');
      expect(fake.refunds).toHaveLength(1);
      const late = await refund(admin.client, order.id, { reason: 'Buyer asked' });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'ALREADY_REFUNDED' });
      expect(late.json().message).toMatch(
        /^This order has already been refunded by Sunita Support at .+\. Yours was not recorded\.$/,
      );
    });

    it('marks a refund Razorpay refuses as failed; a new request may follow', async () => {
      const { order, staff } = await paidOrder('pay_refund03');
      fake.nextRefund('refuse');
      const refused = await refund(staff.client, order.id, { reason: 'Porting failed' });
      expect(refused.statusCode).toBe(502);
      expect(refused.json().message).toMatch(
        /^Razorpay refused the refund: .*fully refunded already/,
      );
      const view = (await staff.client.get(api(`/admin/orders/${order.id}`))).json().data;
      expect(view.status).toBe('paid');
      expect(view.payments[0]).toMatchObject({
        refundable: true,
        refunds: [{ status: 'failed', failure: expect.stringContaining('(400)') }],
      });
      const retried = await refund(staff.client, order.id, { reason: 'Porting failed' });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(new Set(fake.refundRequests).size).toBe(2);
      expect(fake.refunds).toHaveLength(1);
    });

    it('refunds from here a payment that came after the hold lapsed and another buyer took the number', async () => {
      const late = await buyerWithOrder(ctx().app, [id('9876598765')]);
      await lapseHold(ctx().database, late.order.id);
      await buyerWithOrder(ctx().app, [id('9876598765')]);
      // Razorpay refuses the automatic refund: the payment stays due back, for support.
      fake.nextRefund('refuse');
      const paidLate = await pay(late.client, late.order, 'pay_late_refund');
      expect(paidLate.json().data).toMatchObject({ status: 'cancelled', needsRefund: true });
      // The other buyer only holds it, unpaid: the buyer is told so, not "sold" (QA 13b F18).
      const told = (await sentTo(ctx().database, late.user.email)).find((mail) =>
        mail.subject?.endsWith('you will be refunded'),
      );
      expect(told!.text).toContain(
        "after the order's hold had ended, and meanwhile another buyer's order is holding 98765 98765 (not paid yet).",
      );
      expect(told!.text).not.toContain('sold');
      expect(told!.text).toContain(`/orders/${late.order.id}`);
      // The refund not made, the buyer has both: the e-mail and the SMS, each once (QA 19 F3).
      // Newest first: what came of the payment, then the order's own at checkout.
      expect((await sentTo(ctx().database, late.user.email)).map((mail) => mail.subject)).toEqual([
        `Order ${late.order.reference}: you will be refunded`,
        expect.stringContaining('please pay by'),
      ]);
      expect((await sentTo(ctx().database, late.user.mobile)).map((sms) => sms.text)).toEqual([
        `VIP Number Store: your payment for order ${late.order.reference} came after its hold ended, and meanwhile we could not keep 98765 98765 for you. The order is cancelled and you will be refunded in full (Rs 59,000). Details in our e-mail.`,
        expect.stringContaining('is held until'),
      ]);

      const staff = await staffMember(ctx().app);
      const queue = (await staff.client.get(api('/admin/orders?needsRefund=true'))).json().data;
      expect(queue.orders.map((o: { id: string }) => o.id)).toEqual([late.order.id]);
      expect(queue.orders[0].payments[0]).toMatchObject({ applied: false, dueBack: true });
      const res = await refund(staff.client, late.order.id, {
        reason: 'The number was sold before the payment arrived',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'refunded', needsRefund: false });
      expect(fake.refunds.map((r) => r.payment_id)).toEqual(['pay_late_refund']);
      // Never invoiced, so no credit note: the buyer still sees the refund's reference (QA 19 F4).
      const seen = (await late.client.get(api(`/orders/${late.order.id}`))).json().data;
      expect(seen.taxDocuments.creditNotes).toEqual([]);
      expect(seen.refunds).toEqual([
        {
          amount: 59000,
          at: expect.any(String),
          method: 'razorpay',
          reference: fake.refunds[0]!.id,
          creditNote: null,
          numberId: null,
        },
      ]);
    });

    it('refunds at once an order replaced by a new checkout and paid in its still open window, with one message per channel (QA 19 F3, F11)', async () => {
      const buyer = await buyerWithOrder(ctx().app, [id('9876598765')]);
      const newer = await checkOut(buyer.client, ['9811223344']);
      const paid = await pay(buyer.client, buyer.order, 'pay_replaced');
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().data).toMatchObject({ status: 'refunded', needsRefund: false });
      expect(fake.refunds.map((made) => made.payment_id)).toEqual(['pay_replaced']);

      const emails = (await sentTo(ctx().database, buyer.user.email)).filter(
        (mail) => !mail.subject?.includes('please pay by'),
      );
      expect(emails.map((mail) => mail.subject)).toEqual([
        `Order ${buyer.order.reference}: your refund has been made`,
      ]);
      expect(emails[0]!.text).toContain(
        `Reason: Your payment arrived after you had replaced the order with a new checkout, and meanwhile your order ${newer.reference} is holding 98765 98765 until`,
      );
      const sms = (await sentTo(ctx().database, buyer.user.mobile)).filter(
        (message) => !message.text.includes('is held until'),
      );
      expect(sms.map((message) => message.text)).toEqual([
        `VIP Number Store: your payment for order ${buyer.order.reference} came after the order was cancelled. You will be refunded in full (Rs 59,000). Details in our e-mail.`,
      ]);
    });

    it('tells the buyer they will be refunded when the automatic refund of a late payment is left pending', async () => {
      const late = await buyerWithOrder(ctx().app, [id('9876598765')]);
      await lapseHold(ctx().database, late.order.id);
      await buyerWithOrder(ctx().app, [id('9876598765')]);
      // Razorpay's answer is lost: the refund stays requested, nothing is made yet.
      fake.nextRefund('lose-answer');
      const paidLate = await pay(late.client, late.order, 'pay_late_pending');
      expect(paidLate.json().data).toMatchObject({ status: 'cancelled', needsRefund: true });
      const emails = await sentTo(ctx().database, late.user.email);
      expect(emails.map((mail) => mail.subject)).toEqual([
        `Order ${late.order.reference}: you will be refunded`,
        expect.stringContaining('please pay by'),
      ]);
      expect(emails[0]!.text).toContain('you will be refunded in full (₹59,000)');
      // The order placed, then the late payment.
      expect(await sentTo(ctx().database, late.user.mobile)).toHaveLength(2);

      // Support finishes the same request: now the refund e-mail and SMS say it has been made.
      const staff = await staffMember(ctx().app);
      const res = await refund(staff.client, late.order.id, { reason: 'Finishing the refund' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await sentTo(ctx().database, late.user.email))[0]!.subject).toBe(
        `Order ${late.order.reference}: your refund has been made`,
      );
      expect(await sentTo(ctx().database, late.user.mobile)).toHaveLength(3);
    });

    it('refunds a further payment on its own: the order goes on', async () => {
      const { order, staff, client, user } = await paidOrder('pay_first');
      const extra = await pay(client, order, 'pay_second');
      expect(extra.json().data.needsRefund).toBe(true);
      const res = await refund(staff.client, order.id, { reason: 'Paid twice' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'paid', needsRefund: false });
      expect(res.json().data.payments).toMatchObject([
        { reference: 'pay_first', applied: true, refundable: true, refunds: [] },
        { reference: 'pay_second', applied: false, dueBack: false, refunds: [{ status: 'done' }] },
      ]);
      expect(fake.refunds.map((r) => r.payment_id)).toEqual(['pay_second']);
      const [email] = await sentTo(ctx().database, user.email);
      expect(email!.text).toContain(
        'your further payment pay_second of ₹59,000 has been refunded in full. Your order goes on as before.',
      );
      // Not a refund of the order's money: the buyer's view of its refunds leaves it out, and the
      // order's own refund later is its one transfer (QA 19 F4).
      const own = () => client.get(api(`/orders/${order.id}`)).then((r) => r.json().data);
      expect((await own()).refunds).toEqual([]);
      expect((await refund(staff.client, order.id, { reason: 'Porting failed' })).statusCode).toBe(
        200,
      );
      const refunded = await own();
      expect(refunded.refunds).toHaveLength(1);
      expect(refunded.refunds[0]).toMatchObject({
        reference: fake.refunds[1]!.id,
        creditNote: refunded.taxDocuments.creditNotes[0].file,
      });
    });

    it('records a Razorpay payment staff paid back themselves, without calling Razorpay', async () => {
      const { order, staff } = await paidOrder('pay_refund04');
      const res = await refund(staff.client, order.id, {
        reason: 'Refunded from the Razorpay dashboard',
        method: 'manual',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.payments[0].refunds).toMatchObject([
        { method: 'manual', status: 'done' },
      ]);
      expect(fake.refundRequests).toEqual([]);
    });
  },
  {
    env: {
      ...fake.storeSettings,
      RATE_LIMIT_PER_MINUTE: '100000',
    },
  },
);
