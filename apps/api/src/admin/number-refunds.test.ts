import { createHmac } from 'node:crypto';
import { addDays, indiaDay } from '@store/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { payments, refunds } from '../db/schema';
import { startFakeRazorpay } from '../../stand-ins/fake-razorpay';
import { pdfText } from '../../test-support/pdf-text';
import { buyerWithOrder, sentTo, staffMember, withSalesInventory } from '../../test-support/sales';
import { api, type SessionClient } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

const keys = {
  keyId: 'rzp_test_1DP5mmOlF5G5ag',
  keySecret: 'test-key-secret-not-real',
  webhookSecret: 'test-webhook-secret-not-real',
};
const fake = await startFakeRazorpay(keys);
/** Razorpay checkout's signature of a payment (razorpay-signatures.ts is the payments' own). */
const checkoutSignature = (orderId: string, paymentId: string, secret: string) =>
  createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');
afterAll(() => fake.close());

interface Item {
  numberId: number;
  display: string;
  porting: { status: string };
  refund: { amount: number; method: string; creditNote: string | null } | null;
}

describeEachDatabase(
  'refunding one number of an order',
  (ctx) => {
    const { id } = withSalesInventory(ctx);
    beforeEach(() => {
      fake.refunds.length = 0;
      fake.refundRequests.length = 0;
    });

    /** A buyer's order for these numbers, paid through Razorpay's checkout. */
    async function paidOrder(numbers: string[], paymentId: string) {
      const buyer = await buyerWithOrder(ctx().app, numbers.map(id));
      const { razorpay } = buyer.order.payment;
      const paid = await buyer.client.post(
        api(`/orders/${buyer.order.id}/payments/razorpay/verify`),
        {
          razorpay_order_id: razorpay.orderId,
          razorpay_payment_id: paymentId,
          razorpay_signature: checkoutSignature(razorpay.orderId, paymentId, keys.keySecret),
        },
      );
      expect(paid.json().data.status).toBe('paid');
      return { ...buyer, staff: await staffMember(ctx().app) };
    }

    const refundNumber = (staff: SessionClient, orderId: string, numberId: number, body: object) =>
      staff.post(api(`/admin/orders/${orderId}/numbers/${numberId}/refund`), body);
    const itemOf = (order: { items: Item[] }, numberId: number) =>
      order.items.find((item) => item.numberId === numberId)!;
    const auditActions = async (orderId: string) =>
      (await ctx().app.services.audit.list({ orderId }, 1, 50)).views.map((entry) => entry.action);
    const creditNotes = async (orderId: string) =>
      (await ctx().app.services.invoices.documentsOf(orderId))
        .filter((document) => document.kind === 'CN')
        .map((document) => document.amount);

    it('refunds two numbers of three (one by hand, one through Razorpay), refuses the last, and the order completes with the third', async () => {
      // ₹50,000 + ₹20,000 + ₹3,000, 18% GST within the state: ₹86,140 paid.
      const [big, mid, small] = ['9876598765', '9812341234', '9137605193'].map(id);
      const { order, staff, user } = await paidOrder(
        ['9876598765', '9812341234', '9137605193'],
        'pay_line01',
      );
      expect(order.amounts.totalAmount).toBe(86_140);

      const byHand = await refundNumber(staff.client, order.id, mid!, {
        reason: 'The donor operator refused the port',
        method: 'manual',
      });
      expect(byHand.statusCode, byHand.body).toBe(200);
      let data = byHand.json().data;
      expect(byHand.json().message).toBe(
        `Order ${order.reference}: ${itemOf(data, mid!).display} refunded.`,
      );
      expect(data.status).toBe('paid');
      expect(itemOf(data, mid!).refund).toMatchObject({ amount: 23_600, method: 'manual' });
      expect(itemOf(data, big!).refund).toBeNull();
      expect(data.payments[0].refunds).toMatchObject([
        { numberId: mid, amount: 23_600, method: 'manual', status: 'done' },
      ]);
      expect(data.payments[0].refundable).toBe(true);
      expect(data.timeline.at(-1).note).toBe(
        `${itemOf(data, mid!).display} refunded: ₹23,600, its share of payment pay_line01 (paid back by our team). Reason: The donor operator refused the port`,
      );
      expect(fake.refunds).toEqual([]);

      // The same call again refunds nothing more.
      const again = await refundNumber(staff.client, order.id, mid!, { reason: 'Again' });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('ALREADY_REFUNDED');

      const throughRazorpay = await refundNumber(staff.client, order.id, small!, {
        reason: 'Number not portable',
      });
      expect(throughRazorpay.statusCode, throughRazorpay.body).toBe(200);
      expect(fake.refunds).toMatchObject([{ payment_id: 'pay_line01', amount: 354_000 }]);
      data = throughRazorpay.json().data;
      expect(itemOf(data, small!).refund).toMatchObject({ amount: 3_540, method: 'razorpay' });

      // The last number still carried on is the whole order's refund.
      const last = await refundNumber(staff.client, order.id, big!, { reason: 'No' });
      expect(last.statusCode).toBe(409);
      expect(last.json()).toMatchObject({ code: 'LAST_NUMBER' });
      expect(last.json().message).toContain('refund the whole order instead');

      // Credit notes for those amounts, against the invoice; the PDF names the number.
      expect(await creditNotes(order.id)).toEqual([2_360_000, 354_000]);
      expect(data.taxDocuments.creditNotes).toMatchObject([
        { amount: 23_600, numberId: mid },
        { amount: 3_540, numberId: small },
      ]);
      const file = itemOf(data, mid!).refund!.creditNote!;
      const pdf = await staff.client.get(api(`/admin/orders/${order.id}/credit-notes/${file}`));
      expect(pdf.statusCode).toBe(200);
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain(`Mobile number ${itemOf(data, mid!).display} (refunded)`);
      expect(text).not.toContain(itemOf(data, big!).display);
      expect(text).toMatch(/CGST @ 9%\s*₹1,800\.00/);
      expect(text).toMatch(/SGST @ 9%\s*₹1,800\.00/);
      expect(text).toMatch(/Credit note value\s*₹23,600\.00/);
      const buyerPdf = await ctx().app.inject({
        method: 'GET',
        url: api(`/orders/${order.id}/credit-notes/${file}`),
      });
      expect(buyerPdf.statusCode).toBe(401);

      // Porting of a refunded number is refused; the order follows the number carried on.
      const portRefunded = await staff.client.post(
        api(`/admin/orders/${order.id}/numbers/${mid}/porting`),
        { status: 'upc_sent', upcCode: 'AB12CD34', upcExpiresOn: addDays(indiaDay(), 3) },
      );
      expect(portRefunded.statusCode).toBe(409);
      expect(portRefunded.json().code).toBe('NUMBER_REFUNDED');
      for (const step of [
        { status: 'upc_sent', upcCode: 'AB12CD34', upcExpiresOn: addDays(indiaDay(), 3) },
        { status: 'porting_in_progress' },
        { status: 'ported' },
      ]) {
        const moved = await staff.client.post(
          api(`/admin/orders/${order.id}/numbers/${big}/porting`),
          step,
        );
        expect(moved.statusCode, moved.body).toBe(200);
        data = moved.json().data;
      }
      expect(data.status).toBe('completed');
      // The numbers refunded before any UPC went out may go back on sale.
      expect(data.relistableNumberIds).toEqual([mid, small].sort((a, b) => a! - b!));

      // The buyer was told.
      const mails = await sentTo(ctx().database, user.email);
      const subjects = mails.map((mail) => mail.subject);
      expect(subjects).toContain(
        `Order ${order.reference}: ${itemOf(data, mid!).display} refunded`,
      );
      expect(subjects).toContain(
        `Order ${order.reference}: ${itemOf(data, small!).display} refunded`,
      );
      const sms = await sentTo(ctx().database, user.mobile);
      expect(sms.some((message) => message.text.includes('has been refunded, Rs 23,600,'))).toBe(
        true,
      );

      const actions = await auditActions(order.id);
      expect(actions.filter((action) => action === 'order.number_refund')).toHaveLength(2);
      expect(actions).toContain('order.refund_requested');

      // The dashboard counts what the sale kept.
      const { sales } = await ctx().app.services.orders.dashboardFigures(new Date());
      expect(sales.today).toEqual({ orders: 1, revenuePaise: 5_900_000 });
    });

    it('shows the buyer the number refunded with its amount', async () => {
      const [big, small] = ['9876598765', '9811223344'].map(id);
      const { order, staff, client } = await paidOrder(['9876598765', '9811223344'], 'pay_line02');
      const res = await refundNumber(staff.client, order.id, small!, {
        reason: 'Porting failed',
        method: 'manual',
      });
      expect(res.statusCode, res.body).toBe(200);
      const own = (await client.get(api(`/orders/${order.id}`))).json().data;
      expect(itemOf(own, small!).refund).toMatchObject({ amount: 5_900 });
      expect(itemOf(own, big!).refund).toBeNull();
      const file = itemOf(own, small!).refund!.creditNote!;
      expect((await client.get(api(`/orders/${order.id}/credit-notes/${file}`))).statusCode).toBe(
        200,
      );
      expect(
        (await client.get(api(`/orders/${order.id}/credit-notes/CN-99-00-000001.pdf`))).statusCode,
      ).toBe(404);
    });

    it('pays back only the rest when the whole order is refunded after one of its numbers', async () => {
      // ₹50,000 + ₹5,000 with 18% GST: ₹64,900, of which ₹5,900 is the small number's.
      const [big, small] = ['9876598765', '9811223344'].map(id);
      const { order, staff, user } = await paidOrder(['9876598765', '9811223344'], 'pay_line03');
      // Both UPCs went out: each refund cancels its number's (QA 13b F6).
      for (const [numberId, upcCode] of [
        [small!, 'AB12CD34'],
        [big!, 'ZX98CV76'],
      ] as const) {
        const sent = await staff.client.post(
          api(`/admin/orders/${order.id}/numbers/${numberId}/porting`),
          { status: 'upc_sent', upcCode, upcExpiresOn: addDays(indiaDay(), 3) },
        );
        expect(sent.statusCode, sent.body).toBe(200);
      }
      const line = await refundNumber(staff.client, order.id, small!, { reason: 'Not portable' });
      expect(line.statusCode, line.body).toBe(200);
      const [lineSms] = await sentTo(ctx().database, user.mobile);
      // The SMS's DLT template says it of the number's UPC; the e-mail names the code.
      expect(lineSms!.text).toContain(
        '98112 23344 has been refunded, Rs 5,900, its share of your payment pay_line03.',
      );
      expect(lineSms!.text).toContain('If we sent you its UPC, it is cancelled: do not use it.');
      const [lineMail] = await sentTo(ctx().database, user.email);
      expect(lineMail!.text).toContain(
        'The UPC AB12CD34 we sent for 98112 23344 is cancelled: do not use it.',
      );
      expect(lineMail!.text).not.toContain('ZX98CV76');
      // Staff see it on the timeline.
      expect(line.json().data.timeline.at(-1).note).toContain(
        'UPC AB12CD34 sent for 98112 23344 is void: the buyer is told not to use it.',
      );
      expect(fake.refunds.map((refund) => refund.amount)).toEqual([590_000]);

      const whole = await staff.client.post(api(`/admin/orders/${order.id}/refunds`), {
        reason: 'Buyer cancelled the rest',
      });
      expect(whole.statusCode, whole.body).toBe(200);
      const data = whole.json().data;
      expect(data.status).toBe('refunded');
      expect(fake.refunds.map((refund) => refund.amount)).toEqual([590_000, 5_900_000]);
      expect(data.payments[0].refunds).toMatchObject([
        { numberId: small, amount: 5_900, status: 'done' },
        { numberId: null, amount: 59_000, status: 'done' },
      ]);
      expect(await creditNotes(order.id)).toEqual([590_000, 5_900_000]);
      // One bracket, for how it went back (QA 19 F11).
      expect(data.timeline.at(-1).note).toBe(
        `₹59,000 of payment pay_line03, what was left after the numbers refunded alone, refunded (through Razorpay, refund ${fake.refunds[1]!.id}). Reason: Buyer cancelled the rest UPC ZX98CV76 sent for 98765 98765 is void: the buyer is told not to use it.`,
      );
      const rest = await staff.client.get(api(`/admin/orders/${order.id}/credit-note.pdf`));
      const text = await pdfText(rest.rawPayload);
      expect(text).toContain(`Mobile number ${itemOf(data, big!).display}`);
      expect(text).not.toContain(itemOf(data, small!).display);
      expect(text).toMatch(/Credit note value\s*₹59,000\.00/);
      const [mail] = await sentTo(ctx().database, user.email);
      expect(mail!.text).toContain(
        'the rest of your payment pay_line03, ₹59,000, has been refunded for 98765 98765:',
      );
      expect(mail!.text).toContain(
        'The UPC ZX98CV76 we sent for 98765 98765 is cancelled: do not use it.',
      );
      expect(mail!.text).not.toContain('AB12CD34');

      // Nothing more to refund, number by number or whole.
      const after = await refundNumber(staff.client, order.id, big!, { reason: 'x' });
      expect(after.statusCode).toBe(409);
      expect(after.json().code).toBe('INVALID_STEP');
    });

    it('cancelling after a number refunded alone promises only the rest, and voids the UPC sent (QA 16 F2, F3)', async () => {
      // ₹50,000 + ₹5,000 with 18% GST: ₹64,900, of which ₹5,900 is the small number's.
      const [big, small] = ['9876598765', '9811223344'].map(id);
      const { order, staff, user } = await paidOrder(['9876598765', '9811223344'], 'pay_line06');
      const sent = await staff.client.post(
        api(`/admin/orders/${order.id}/numbers/${big!}/porting`),
        { status: 'upc_sent', upcCode: 'ZX98YW76', upcExpiresOn: addDays(indiaDay(), 3) },
      );
      expect(sent.statusCode, sent.body).toBe(200);
      const line = await refundNumber(staff.client, order.id, small!, {
        reason: 'Cannot port',
        method: 'manual',
        reference: 'RFND20261130H',
      });
      expect(line.statusCode, line.body).toBe(200);

      const cancelled = await staff.client.post(api(`/admin/orders/${order.id}/events`), {
        status: 'cancelled',
        note: 'Cannot deliver the other number either',
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      // The timeline, as staff read it, says the UPC is void too.
      expect(cancelled.json().data.timeline.at(-1).note).toBe(
        'Cannot deliver the other number either. UPC ZX98YW76 sent for 98765 98765 is void: the buyer is told not to use it.',
      );
      const [mail] = await sentTo(ctx().database, user.email);
      expect(mail!.subject).toContain('your order has been cancelled');
      expect(mail!.text).toMatch(
        /your order for 98765 98765 has been cancelled\. The rest of your payment, ₹59,000, will be refunded to you; ₹5,900 for 98112 23344 was refunded on \d{1,2} [A-Z][a-z]{2} \d{4}\. The UPC ZX98YW76 we sent for 98765 98765 is cancelled: do not use it\./,
      );
      expect(mail!.text).not.toContain('₹64,900');
      const [sms] = await sentTo(ctx().database, user.mobile);
      expect(sms!.text).toContain(
        `order ${order.reference} for 98765 98765 is cancelled, and Rs 59,000 will be refunded to you. If we sent you a UPC for it, that UPC is cancelled: do not use it.`,
      );

      // The refund then pays back what the cancel said.
      const rest = await staff.client.post(api(`/admin/orders/${order.id}/refunds`), {
        reason: 'Cancelled',
        method: 'manual',
      });
      expect(rest.statusCode, rest.body).toBe(200);
      expect(rest.json().data.payments[0].refunds.at(-1)).toMatchObject({ amount: 59_000 });
    });

    it('cancelling while a number’s Razorpay refund is not confirmed says it is on its way, and it is finished once, not twice (decision 0071)', async () => {
      // ₹50,000 + ₹5,000 with 18% GST: ₹64,900, of which ₹5,900 is the small number's.
      const small = id('9811223344');
      const { order, staff, user } = await paidOrder(['9876598765', '9811223344'], 'pay_line07');
      // Razorpay makes the refund, but its answer is lost: the store holds it as requested.
      fake.nextRefund('lose-answer');
      const asked = await refundNumber(staff.client, order.id, small!, { reason: 'Cannot port' });
      expect(asked.statusCode, asked.body).toBe(502);

      const cancelled = await staff.client.post(api(`/admin/orders/${order.id}/events`), {
        status: 'cancelled',
        note: 'Cannot deliver the other number either',
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const [mail] = await sentTo(ctx().database, user.email);
      expect(mail!.text).toContain(
        'your order for 98765 98765, 98112 23344 has been cancelled. The rest of your payment, ₹59,000, will be refunded to you; ₹5,900 for 98112 23344 is on its way to you through Razorpay.',
      );
      expect(mail!.text).not.toContain('₹64,900');
      const [sms] = await sentTo(ctx().database, user.mobile);
      expect(sms!.text).toContain(`is cancelled, and Rs 59,000 will be refunded to you.`);

      // Refunding the number again finishes the same refund (its own key), the order cancelled.
      const finished = await refundNumber(staff.client, order.id, small!, {
        reason: 'Cannot port',
      });
      expect(finished.statusCode, finished.body).toBe(200);
      expect(finished.json().data.status).toBe('cancelled');
      expect(fake.refunds).toHaveLength(1);
      const [numberMail] = await sentTo(ctx().database, user.email);
      expect(numberMail!.text).toContain(
        '98112 23344 has been refunded: ₹5,900, its share of your payment pay_line07. The rest of your payment comes back with the refund of your cancelled order.',
      );
      expect(numberMail!.text).not.toContain('carry on');
      const [numberSms] = await sentTo(ctx().database, user.mobile);
      expect(numberSms!.text).toBe(
        `VIP Number Store: order ${order.reference} for 98112 23344: refunded, Rs 5,900. Details in our e-mail and on your order page at http://store.test/orders`,
      );

      // The rest pays back what the cancel said: ₹64,900 in all, nothing twice.
      const rest = await staff.client.post(api(`/admin/orders/${order.id}/refunds`), {
        reason: 'Cancelled',
      });
      expect(rest.statusCode, rest.body).toBe(200);
      expect(rest.json().data.status).toBe('refunded');
      expect(fake.refunds.map((refund) => refund.amount)).toEqual([590_000, 5_900_000]);
    });

    it('refuses an unpaid order, a number not in it, a ported number, and a reason on two lines', async () => {
      const staff = await staffMember(ctx().app);
      const unpaid = await buyerWithOrder(ctx().app, [id('9876598765'), id('9811223344')]);
      const early = await refundNumber(staff.client, unpaid.order.id, id('9811223344'), {
        reason: 'Too soon',
      });
      expect(early.statusCode).toBe(409);
      expect(early.json().code).toBe('INVALID_STEP');

      const { order } = await paidOrder(['9812341234', '9137605193'], 'pay_line04');
      const stranger = await refundNumber(staff.client, order.id, id('9876598765'), {
        reason: 'Not ours',
      });
      expect(stranger.statusCode).toBe(404);
      const twoLines = await refundNumber(staff.client, order.id, id('9812341234'), {
        reason: 'One\nTwo',
      });
      expect(twoLines.statusCode).toBe(400);

      for (const step of [
        { status: 'upc_sent', upcCode: 'ZX98CV76', upcExpiresOn: addDays(indiaDay(), 3) },
        { status: 'porting_in_progress' },
        { status: 'ported' },
      ]) {
        const moved = await staff.client.post(
          api(`/admin/orders/${order.id}/numbers/${id('9812341234')}/porting`),
          step,
        );
        expect(moved.statusCode, moved.body).toBe(200);
      }
      const ported = await refundNumber(staff.client, order.id, id('9812341234'), {
        reason: 'Too late',
      });
      expect(ported.statusCode).toBe(409);
      expect(ported.json().code).toBe('NUMBER_PORTED');
    });

    it('moves only the numbers carried on, and completes the order without the one refunded', async () => {
      const [big, mid, small] = ['9876598765', '9812341234', '9137605193'].map(id);
      const { order, staff } = await paidOrder(
        ['9876598765', '9812341234', '9137605193'],
        'pay_line07',
      );
      // The whole order's step moves every number but the one refunded.
      const early = await refundNumber(staff.client, order.id, small!, {
        reason: 'Operator refused',
        method: 'manual',
      });
      expect(early.statusCode, early.body).toBe(200);
      for (const status of ['upc_sent', 'porting_in_progress']) {
        const step = await staff.client.post(api(`/admin/orders/${order.id}/events`), { status });
        expect(step.statusCode, step.body).toBe(200);
      }
      let data = (await staff.client.get(api(`/admin/orders/${order.id}`))).json().data;
      expect(data.status).toBe('porting_in_progress');
      expect(itemOf(data, small!).porting.status).toBe('awaiting_upc');
      expect(itemOf(data, big!).porting.status).toBe('porting_in_progress');

      const ported = await staff.client.post(
        api(`/admin/orders/${order.id}/numbers/${big}/porting`),
        { status: 'ported' },
      );
      expect(ported.json().data.status).toBe('porting_in_progress');
      // The refunded number, awaiting its UPC, holds nothing back.
      const done = await staff.client.post(
        api(`/admin/orders/${order.id}/numbers/${mid}/porting`),
        {
          status: 'ported',
        },
      );
      data = done.json().data;
      expect(data.status).toBe('completed');
      expect(data.timeline.at(-1).note).toBe('Every number is ported: the order is complete.');
    });

    it('completes the order at once when the number refunded was the last not ported', async () => {
      const [big, mid, small] = ['9876598765', '9812341234', '9137605193'].map(id);
      const { order, staff, user } = await paidOrder(
        ['9876598765', '9812341234', '9137605193'],
        'pay_line08',
      );
      for (const status of ['upc_sent', 'porting_in_progress']) {
        await staff.client.post(api(`/admin/orders/${order.id}/events`), { status });
      }
      for (const numberId of [big, mid]) {
        const ported = await staff.client.post(
          api(`/admin/orders/${order.id}/numbers/${numberId}/porting`),
          { status: 'ported' },
        );
        expect(ported.statusCode, ported.body).toBe(200);
      }
      const refunded = await refundNumber(staff.client, order.id, small!, {
        reason: 'The SIM was blocked',
        method: 'manual',
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(refunded.json().data.status).toBe('completed');
      const subjects = (await sentTo(ctx().database, user.email)).map((mail) => mail.subject);
      expect(subjects.slice(0, 2)).toContain(
        `Order ${order.reference}: ${itemOf(refunded.json().data, small!).display} refunded`,
      );
      expect(await auditActions(order.id)).toContain('order.number_refund');
    });

    it('holds a number’s porting, and the order’s steps, while its refund awaits Razorpay', async () => {
      const [big, small] = ['9876598765', '9811223344'].map(id);
      const { order, staff } = await paidOrder(['9876598765', '9811223344'], 'pay_line08');
      // Asked of Razorpay, which did not answer: the refund stays requested.
      const db = ctx().database.db;
      const [payment] = await db.select().from(payments).where(eq(payments.orderId, order.id));
      await db.insert(refunds).values({
        orderId: order.id,
        paymentId: payment!.id,
        method: 'razorpay',
        amount: 590_000,
        reason: 'Porting failed',
        numberId: small!,
        status: 'requested',
      });
      const upc = { status: 'upc_sent', upcCode: 'AB12CD34', upcExpiresOn: addDays(indiaDay(), 3) };
      const move = (numberId: number, step: object) =>
        staff.client.post(api(`/admin/orders/${order.id}/numbers/${numberId}/porting`), step);

      const held = await move(small!, upc);
      expect(held.statusCode, held.body).toBe(409);
      expect(held.json()).toMatchObject({ code: 'REFUND_IN_PROGRESS' });
      expect(held.json().message).toMatch(/^98112 23344 is being refunded/);
      const whole = await staff.client.post(api(`/admin/orders/${order.id}/events`), {
        status: 'upc_sent',
      });
      expect(whole.statusCode, whole.body).toBe(409);
      expect(whole.json().code).toBe('REFUND_IN_PROGRESS');
      // The other number moves on.
      expect((await move(big!, upc)).statusCode).toBe(200);

      // Finished from the payment panel, the refund lets the order move without that number.
      const finished = await refundNumber(staff.client, order.id, small!, {
        reason: 'Porting failed',
      });
      expect(finished.statusCode, finished.body).toBe(200);
      const next = await staff.client.post(api(`/admin/orders/${order.id}/events`), {
        status: 'porting_in_progress',
      });
      expect(next.statusCode, next.body).toBe(200);
      expect(itemOf(next.json().data, small!).porting.status).toBe('awaiting_upc');
    });

    it('tells a second agent who is refunding the number and when; the first agent resumes it (decision 0084)', async () => {
      const small = id('9811223344');
      const { order, staff } = await paidOrder(['9876598765', '9811223344'], 'pay_line09');
      const admin = await staffMember(ctx().app, 'admin');
      // Razorpay makes the refund, but its answer is lost: it may still be in flight.
      fake.nextRefund('lose-answer');
      const asked = await refundNumber(staff.client, order.id, small, { reason: 'Cannot port' });
      expect(asked.statusCode, asked.body).toBe(502);

      const second = await refundNumber(admin.client, order.id, small, { reason: 'Not portable' });
      expect(second.statusCode, second.body).toBe(409);
      expect(second.json().code).toBe('REFUND_IN_PROGRESS');
      expect(second.json().message).toMatch(
        /^Sunita Support at .+ asked Razorpay to refund 98112 23344 \(reason: Cannot port\); it is on its way\. Yours was not recorded\.$/,
      );

      const retried = await refundNumber(staff.client, order.id, small, { reason: 'Cannot port' });
      expect(retried.statusCode, retried.body).toBe(200);
      // Once done, the same agent's retry with the same details is still answered 200.
      const again = await refundNumber(staff.client, order.id, small, { reason: 'Cannot port' });
      expect(again.statusCode, again.body).toBe(200);
      expect(retried.json().message).toBe(`Order ${order.reference}: 98112 23344 refunded.`);
      expect(again.json().message).toMatch(
        new RegExp(
          `^Order ${order.reference}: 98112 23344 was already refunded by you at \\d{1,2} \\w{3} \\d{4}, \\d{1,2}:\\d{2} [ap]m IST\\.$`,
        ),
      );
      expect(fake.refunds).toHaveLength(1);
      expect(await creditNotes(order.id)).toEqual([590_000]);
      const done = await refundNumber(admin.client, order.id, small, { reason: 'Not portable' });
      expect(done.statusCode).toBe(409);
      expect(done.json().code).toBe('ALREADY_REFUNDED');
      expect(done.json().message).toMatch(
        /^98112 23344 has already been refunded by Sunita Support at .+\. Yours was not recorded\.$/,
      );
    });

    it("lets another agent finish a number's refund no longer in flight", async () => {
      const small = id('9811223344');
      const { order, staff } = await paidOrder(['9876598765', '9811223344'], 'pay_line10');
      fake.nextRefund('lose-answer');
      expect(
        (await refundNumber(staff.client, order.id, small, { reason: 'Cannot port' })).statusCode,
      ).toBe(502);
      // Asked longer ago than twice the call's time limit: stuck, not in flight.
      const db = ctx().database.db;
      await db
        .update(refunds)
        .set({
          createdAt: new Date(Date.now() - 2_000 * ctx().config.OUTBOUND_TIMEOUT_SECONDS - 1_000),
        })
        .where(eq(refunds.orderId, order.id));
      const admin = await staffMember(ctx().app, 'admin');
      const finished = await refundNumber(admin.client, order.id, small, { reason: 'Stuck' });
      expect(finished.statusCode, finished.body).toBe(200);
      expect(fake.refunds).toHaveLength(1);
    });

    it('refunds a number once when two requests for it come at once', async () => {
      const small = id('9811223344');
      const { order, staff } = await paidOrder(['9876598765', '9811223344'], 'pay_line05');
      const answers = await Promise.all([
        refundNumber(staff.client, order.id, small, { reason: 'Porting failed' }),
        refundNumber(staff.client, order.id, small, { reason: 'Porting failed' }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toContain(200);
      for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
      expect(fake.refunds).toHaveLength(1);
      const rows = await ctx()
        .database.db.select()
        .from(refunds)
        .where(eq(refunds.orderId, order.id));
      expect(rows.map((row) => [row.numberId, row.status])).toEqual([[small, 'done']]);
      expect(await creditNotes(order.id)).toEqual([590_000]);
      const actions = await auditActions(order.id);
      expect(actions.filter((action) => action === 'order.number_refund')).toHaveLength(1);

      // And by hand: one refund, the other request (the same agent's, the same details) answered
      // with it as a retry.
      const other = await paidOrder(['9812341234', '9137605193'], 'pay_line06');
      const byHand = await Promise.all(
        [1, 2].map(() =>
          refundNumber(other.staff.client, other.order.id, id('9137605193'), {
            reason: 'Porting failed',
            method: 'manual',
          }),
        ),
      );
      expect(byHand.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(await creditNotes(other.order.id)).toEqual([354_000]);
    });
  },
  {
    env: {
      ...fake.storeSettings,
      RATE_LIMIT_PER_MINUTE: '100000',
    },
  },
);
