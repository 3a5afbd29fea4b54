import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { orderEvents } from '../db/schema';
import { insertOrders, sampleBilling } from '../../test-support/console-fixtures';
import {
  numberState,
  sentTo,
  signedIn,
  staffMember,
  withSalesInventory,
} from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

describeEachDatabase(
  'support order calls',
  (ctx) => {
    const { id, checkOut } = withSalesInventory(ctx);

    async function checkedOut(numbers: string[]) {
      const buyer = await signedIn(ctx().app, { name: 'Asha Verma' });
      return { ...buyer, order: await checkOut(buyer.client, numbers) };
    }

    it('answers 401 to visitors and 403 to customers on every staff call', async () => {
      const { client, order } = await checkedOut(['9876598765']);
      const calls = [
        ['GET', '/admin/orders', undefined],
        ['GET', `/admin/orders/${order.id}`, undefined],
        ['POST', `/admin/orders/${order.id}/payments`, { reference: 'UPI-123456' }],
        ['POST', `/admin/orders/${order.id}/events`, { status: 'upc_sent' }],
      ] as const;
      for (const [method, url, payload] of calls) {
        const visitor = await ctx().app.inject({
          method,
          url: api(url),
          ...(payload ? { payload } : {}),
        });
        expect(visitor.statusCode, `visitor ${method} ${url}`).toBe(401);
        const customer = await client.request({
          method,
          url: api(url),
          ...(payload ? { payload } : {}),
        });
        expect(customer.statusCode, `customer ${method} ${url}`).toBe(403);
      }
      expect((await client.get(api(`/orders/${order.id}`))).json().data.status).toBe(
        'pending_payment',
      );
    });

    it('confirms a manual payment once, selling the numbers, emptying the cart and telling the buyer', async () => {
      const { client, order, user } = await checkedOut(['9876598765', '7070700852']);
      const staff = await staffMember(ctx().app);
      const missing = await staff.client.post(api(`/admin/orders/${order.id}/payments`), {});
      expect(missing.statusCode).toBe(400);
      const res = await staff.client.post(api(`/admin/orders/${order.id}/payments`), {
        reference: 'UPI 4321 0987 6543',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(
        'Payment confirmed: the order is paid and the buyer is sent the invoice.',
      );
      expect(res.json().data).toMatchObject({
        status: 'paid',
        buyer: { id: user.id, name: 'Asha Verma', email: user.email, mobile: user.mobile },
        payment: { provider: 'manual', status: 'paid', paymentReference: 'UPI 4321 0987 6543' },
      });
      expect(res.json().data.timeline.at(-1)).toMatchObject({
        status: 'paid',
        label: 'Paid',
        by: 'Sunita Support',
        note: 'Payment confirmed by support (reference UPI 4321 0987 6543).',
      });
      for (const number of ['9876598765', '7070700852']) {
        expect(await numberState(ctx().database, id(number))).toMatchObject({
          status: 'sold',
          orderId: order.id,
        });
      }
      expect((await client.get(api('/cart'))).json().data.items).toEqual([]);
      const email = (await sentTo(ctx().database, user.email)).find((m) =>
        m.subject?.startsWith('Payment received'),
      );
      expect(email!.text).toContain('Unique Porting Code');
      expect((await sentTo(ctx().database, user.mobile))[0]!.text).toContain('payment received');

      const again = await staff.client.post(api(`/admin/orders/${order.id}/payments`), {
        reference: 'UPI-OTHER',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('PAYMENT_ALREADY_CONFIRMED');
      const paid = (await staff.client.get(api(`/admin/orders/${order.id}`))).json().data;
      expect(paid.payment.paymentReference).toBe('UPI 4321 0987 6543');
      const events = await ctx()
        .database.db.select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, order.id));
      expect(events.filter((e) => e.status === 'paid')).toHaveLength(1);

      const buyerView = (await client.get(api(`/orders/${order.id}`))).json().data;
      expect(buyerView.timeline.map((t: { status: string }) => t.status)).toEqual([
        'pending_payment',
        'paid',
      ]);
      expect(buyerView.timeline[1]).toMatchObject({ actor: 'staff', by: 'Sunita Support' });
    });

    it('moves the timeline one step at a time, recording the staff member and telling the buyer', async () => {
      const { client, order, user } = await checkedOut(['9876598765']);
      const staff = await staffMember(ctx().app, 'admin');
      const step = (status: string, note?: string) =>
        staff.client.post(
          api(`/admin/orders/${order.id}/events`),
          note === undefined ? { status } : { status, note },
        );

      const early = await step('upc_sent');
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toContain('awaiting payment');
      const paidByStep = await step('paid');
      expect(paidByStep.statusCode).toBe(409);
      expect(paidByStep.json().code).toBe('USE_PAYMENT_CONFIRMATION');

      await staff.client.post(api(`/admin/orders/${order.id}/payments`), {
        reference: 'NEFT-778899',
      });
      const skip = await step('ported');
      expect(skip.statusCode).toBe(409);
      expect(skip.json()).toMatchObject({
        code: 'INVALID_STEP',
        message: 'This order is at "Paid": the next step is "UPC sent".',
      });
      const upc = await step('upc_sent', 'UPC sent by SMS from the operator');
      expect(upc.statusCode, upc.body).toBe(200);
      expect(upc.json().data.timeline.at(-1)).toMatchObject({
        status: 'upc_sent',
        label: 'UPC sent',
        note: 'UPC sent by SMS from the operator',
        by: 'Anil Admin',
      });
      const back = await step('paid');
      expect(back.statusCode).toBe(409);
      const backTwo = await step('pending_payment');
      expect(backTwo.statusCode).toBe(409);
      expect(backTwo.json().message).toBe(
        'This order is at "UPC sent": the next step is "Porting in progress".',
      );
      const [upcEmail] = await sentTo(ctx().database, user.email);
      expect(upcEmail!.subject).toBe(`Order ${order.reference}: your UPC has been sent`);
      expect(upcEmail!.text).toContain('your UPC (Unique Porting Code) has been sent');
      expect(upcEmail!.text).toContain('Note: UPC sent by SMS from the operator');
      const [upcSms] = await sentTo(ctx().database, user.mobile);
      // Its DLT template (decision 0052): no code here, the e-mail has the details.
      expect(upcSms!.text).toContain(
        `order ${order.reference}: UPC sent for 98765 98765 (see our e-mail).`,
      );

      // Every number ported completes the order at once: "ported" answers completed, and
      // completed is then no further step.
      for (const [status, reached] of [
        ['porting_in_progress', 'porting_in_progress'],
        ['ported', 'completed'],
      ]) {
        const res = await step(status!);
        expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
        expect(res.json().data.status).toBe(reached);
      }
      expect((await step('completed')).statusCode).toBe(409);
      expect((await step('upc_sent')).statusCode).toBe(409);
      expect((await step('cancelled', 'Changed my mind')).statusCode).toBe(409);

      const view = (await client.get(api(`/orders/${order.id}`))).json().data;
      expect(view.timeline.map((t: { status: string }) => t.status)).toEqual([
        'pending_payment',
        'paid',
        'upc_sent',
        'porting_in_progress',
        'ported',
        'completed',
      ]);
      expect(view.timeline.slice(1).every((t: { by: string }) => t.by === 'Anil Admin')).toBe(true);
      const times = view.timeline.map((t: { at: string }) => Date.parse(t.at));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      const emails = await sentTo(ctx().database, user.email);
      expect(emails.map((m) => m.subject)).toEqual(
        expect.arrayContaining([
          `Order ${order.reference}: porting is in progress`,
          `Order ${order.reference}: your number has been ported, and your order is complete`,
        ]),
      );
      const smsCount = (await sentTo(ctx().database, user.mobile)).length;
      // Checkout, payment, and the three staff steps, the last told with the order's completion.
      expect(smsCount).toBe(5);

      const refund = await step('refunded');
      expect(refund.statusCode).toBe(400);
      expect(refund.json().code).toBe('REASON_REQUIRED');
      const refunded = await step('refunded', 'Porting failed at the operator');
      expect(refunded.statusCode).toBe(200);
      expect(refunded.json().data.payment.status).toBe('refunded');
      expect((await step('refunded', 'again')).statusCode).toBe(409);
    });

    it('cancels with a reason: a pending order releases its hold, a paid one is flagged for refund', async () => {
      const pending = await checkedOut(['9876598765']);
      const staff = await staffMember(ctx().app);
      const noReason = await staff.client.post(api(`/admin/orders/${pending.order.id}/events`), {
        status: 'cancelled',
        note: '   ',
      });
      expect(noReason.statusCode).toBe(400);
      const cancelled = await staff.client.post(api(`/admin/orders/${pending.order.id}/events`), {
        status: 'cancelled',
        note: 'Buyer asked to cancel by phone',
      });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().data).toMatchObject({ status: 'cancelled', needsRefund: false });
      expect(await numberState(ctx().database, id('9876598765'))).toMatchObject({
        status: 'available',
        orderId: null,
      });
      const refundUnpaid = await staff.client.post(
        api(`/admin/orders/${pending.order.id}/events`),
        {
          status: 'refunded',
          note: 'x',
        },
      );
      expect(refundUnpaid.statusCode).toBe(409);
      // Staff's reason goes by e-mail: an SMS variable holds 30 characters (decision 0052).
      const [sms] = await sentTo(ctx().database, pending.user.mobile);
      expect(sms!.text).toContain(`order ${pending.order.reference} for 98765 98765: cancelled.`);
      const [cancelMail] = await sentTo(ctx().database, pending.user.email);
      expect(cancelMail!.text).toContain('Reason: Buyer asked to cancel by phone');
      expect(cancelMail!.text).toMatch(
        /your order for 98765 98765 \(₹[\d,.]+\) has been cancelled/,
      );
      // Money that arrives for an order staff cancelled is refunded: the order stays cancelled.
      const lateMoney = await staff.client.post(api(`/admin/orders/${pending.order.id}/payments`), {
        reference: 'UPI-77777',
      });
      expect(lateMoney.statusCode).toBe(200);
      expect(lateMoney.json().data).toMatchObject({
        status: 'cancelled',
        needsRefund: true,
        payment: { status: 'refund_due', paymentReference: 'UPI-77777' },
      });
      expect((await numberState(ctx().database, id('9876598765'))).status).toBe('available');

      const paid = await checkedOut(['9812341234']);
      await staff.client.post(api(`/admin/orders/${paid.order.id}/payments`), {
        reference: 'UPI-55555',
      });
      await staff.client.post(api(`/admin/orders/${paid.order.id}/events`), { status: 'upc_sent' });
      const afterPayment = await staff.client.post(api(`/admin/orders/${paid.order.id}/events`), {
        status: 'cancelled',
        note: 'KYC failed',
      });
      expect(afterPayment.statusCode).toBe(200);
      expect(afterPayment.json().data).toMatchObject({
        status: 'cancelled',
        needsRefund: true,
        payment: { status: 'refund_due' },
      });
      expect((await numberState(ctx().database, id('9812341234'))).status).toBe('sold');
      const [email] = await sentTo(ctx().database, paid.user.email);
      expect(email!.text).toContain('will be refunded in full');
      const refunded = await staff.client.post(api(`/admin/orders/${paid.order.id}/events`), {
        status: 'refunded',
        note: 'Refunded by NEFT',
      });
      expect(refunded.json().data).toMatchObject({ status: 'refunded', needsRefund: false });
      // The paid order was invoiced: its refund after the cancel issues the credit note too.
      expect(refunded.json().data.taxDocuments).toMatchObject({
        invoice: true,
        creditNote: true,
        creditNotes: [{ amount: 23_600, numberId: null }],
      });
      const documents = await ctx().app.services.invoices.documentsOf(paid.order.id);
      expect(documents.map((document) => [document.kind, document.amount])).toEqual([
        // ₹20,000 and 18% GST, in paise.
        ['INV', 2_360_000],
        ['CN', 2_360_000],
      ]);
      const [refundMail] = await sentTo(ctx().database, paid.user.email);
      expect(refundMail!.text).toContain(`Our credit note ${documents[1]!.serial}`);
      expect(
        (await staff.client.get(api(`/admin/orders/${paid.order.id}/credit-note.pdf`))).statusCode,
      ).toBe(200);
      // The late money of the order cancelled unpaid was never invoiced: nothing to credit.
      const lateRefund = await staff.client.post(api(`/admin/orders/${pending.order.id}/refunds`), {
        reason: 'Paid after the cancel',
        method: 'manual',
      });
      expect(lateRefund.json().data.taxDocuments).toEqual({
        invoice: false,
        invoiceFile: null,
        invoiceSerial: null,
        replacedInvoices: [],
        creditNote: false,
        creditNotes: [],
      });
    });

    it('lists orders for the console, filtered by status', async () => {
      const a = await checkedOut(['9876598765']);
      const b = await checkedOut(['9812341234']);
      const staff = await staffMember(ctx().app);
      await staff.client.post(api(`/admin/orders/${b.order.id}/payments`), { reference: 'UPI-1' });
      const all = (await staff.client.get(api('/admin/orders'))).json().data;
      expect(all).toMatchObject({ total: 2, page: 1, pageCount: 1 });
      expect(all.orders.map((o: { id: string }) => o.id).sort()).toEqual(
        [a.order.id, b.order.id].sort(),
      );
      const paid = (await staff.client.get(api('/admin/orders?status=paid'))).json().data;
      expect(paid.orders.map((o: { id: string }) => o.id)).toEqual([b.order.id]);
      expect(paid.orders[0]).toMatchObject({ attribution: null, providerOrderId: null });
      expect((await staff.client.get(api('/admin/orders?status=nonsense'))).statusCode).toBe(400);
      expect(
        (await staff.client.get(api(`/admin/orders/${a.order.id}`))).json().data.buyer.id,
      ).toBe(a.user.id);
      expect((await staff.client.get(api('/admin/orders/not-an-id'))).statusCode).toBe(404);
      expect(
        (
          await staff.client.post(
            api('/admin/orders/00000000-0000-4000-8000-000000000000/payments'),
            { reference: 'UPI-1' },
          )
        ).statusCode,
      ).toBe(404);
    });

    it('lists first the payments waiting to be checked, longest waiting first, then the rest newest first', async () => {
      const { app, database } = ctx();
      const [completed, waitingLess, waitingLonger, unpaid, paid] = await insertOrders(app, [
        { status: 'completed', paidAt: new Date() },
        {},
        {},
        {},
        { status: 'paid', paidAt: new Date() },
      ]);
      const billing = JSON.stringify(sampleBilling);
      // [order, placed minutes ago, its UTR sent minutes ago]
      const times: [string | undefined, number, number | null][] = [
        [completed, 180, 175],
        [waitingLess, 120, 60],
        [waitingLonger, 90, 80],
        [unpaid, 10, null],
        [paid, 5, 4],
      ];
      for (const [orderId, placed, submitted] of times) {
        await database.query(
          `update orders set created_at = now() - $2 * interval '1 minute',
             payment_submitted_at = now() - $3 * interval '1 minute', billing = $4::jsonb,
             submitted_utr = case when $3::int is null then null else '6123456' || $3 end
           where id = $1`,
          [orderId, placed, submitted, billing],
        );
      }
      const staff = await staffMember(app);
      const res = await staff.client.get(api('/admin/orders'));
      expect(res.statusCode, res.body).toBe(200);
      const listed = res.json().data.orders;
      // An order long paid or completed does not stay on top for its old UTR.
      expect(listed.map((o: { id: string }) => o.id)).toEqual([
        waitingLonger,
        waitingLess,
        paid,
        unpaid,
        completed,
      ]);
      // The dashboard's "Payments to check" and "Awaiting payment" each link to a list of their own.
      const ids = async (status: string) =>
        (await staff.client.get(api(`/admin/orders?status=${status}`)))
          .json()
          .data.orders.map((o: { id: string; statusLabel: string }) => [o.id, o.statusLabel]);
      expect(await ids('payment_submitted')).toEqual([
        [waitingLonger, 'Payment submitted'],
        [waitingLess, 'Payment submitted'],
      ]);
      expect(await ids('pending_payment')).toEqual([[unpaid, 'Awaiting payment']]);
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '100000' } },
);
