import { expect, it } from 'vitest';
import { formatIndiaDateTime } from '@store/domain';
import {
  buyerWithOrder,
  lapseHold,
  numberState,
  sentTo,
  signedIn,
  staffMember,
  withSalesInventory,
} from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

const TEAM_EMAIL = 'sales.team@example.com';
const TEAM_MOBILE = '9000000099';

describeEachDatabase(
  'payments and refunds in the console',
  (ctx) => {
    const { id } = withSalesInventory(ctx);
    const confirm = (
      staff: Awaited<ReturnType<typeof staffMember>>,
      orderId: string,
      reference: string,
    ) => staff.client.post(api(`/admin/orders/${orderId}/payments`), { reference });
    const refund = (
      staff: Awaited<ReturnType<typeof staffMember>>,
      orderId: string,
      body: object,
    ) => staff.client.post(api(`/admin/orders/${orderId}/refunds`), body);

    it('records a confirmed transfer with its reference, and refuses that reference on another order', async () => {
      const first = await buyerWithOrder(ctx().app, [id('9876598765')]);
      const second = await buyerWithOrder(ctx().app, [id('9812341234')]);
      const staff = await staffMember(ctx().app);

      const paid = await confirm(staff, first.order.id, 'utr 4321 0987 6543');
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().data.payments).toEqual([
        {
          id: expect.any(String),
          provider: 'manual',
          reference: 'utr 4321 0987 6543',
          amount: 59_000,
          status: 'confirmed',
          applied: true,
          dueBack: false,
          refundable: true,
          confirmedBy: 'Sunita Support',
          at: expect.any(String),
          refunds: [],
        },
      ]);

      for (const typed of ['UTR432109876543', '  Utr 4321 0987 6543 ', 'UTR 432 109 876 543']) {
        const reused = await confirm(staff, second.order.id, typed);
        expect(reused.statusCode, typed).toBe(409);
        expect(reused.json()).toMatchObject({
          code: 'PAYMENT_REFERENCE_USED',
          orderReference: first.order.reference,
          message: `The payment reference ${typed.trim()} is already recorded for order ${first.order.reference}.`,
        });
      }
      // Nothing changed on the second order.
      const untouched = (await staff.client.get(api(`/admin/orders/${second.order.id}`))).json()
        .data;
      expect(untouched).toMatchObject({ status: 'pending_payment', payments: [] });
      expect((await numberState(ctx().database, id('9812341234'))).status).toBe('reserved');

      // The same reference again on its own order is the same payment: nothing changes, and
      // the agent is told they confirmed it already, and when (decision 0086).
      const again = await confirm(staff, first.order.id, 'UTR432109876543');
      expect(again.statusCode).toBe(200);
      expect(again.json().message).toBe(
        `Order ${first.order.reference}: payment utr 4321 0987 6543 was already confirmed by you at ${formatIndiaDateTime(paid.json().data.payments[0].at)}.`,
      );
      expect(again.json().data.payments).toHaveLength(1);
    });

    it('alerts the team by e-mail and SMS of a new order and of each payment', async () => {
      const { order, user } = await buyerWithOrder(ctx().app, [id('9876598765')], {
        name: 'Ravi Kulkarni',
      });
      const [placed] = await sentTo(ctx().database, TEAM_EMAIL);
      expect(placed!.subject).toBe(`[VIP Number Store] New order ${order.reference}: ₹59,000`);
      expect(placed!.text).toContain(
        `98765 98765, held until ${formatIndiaDateTime(order.holdExpiresAt)} for payment by UPI / bank transfer.`,
      );
      expect(placed!.text).toContain(`Buyer: Ravi Kulkarni, ${user.mobile}, ${user.email}`);
      expect(placed!.text).toContain(`http://store.test/admin/orders/${order.id}`);
      expect((await sentTo(ctx().database, TEAM_MOBILE))[0]!.text).toContain(
        `New order ${order.reference}`,
      );

      const staff = await staffMember(ctx().app);
      await confirm(staff, order.id, 'UTR-111222');
      const [payment] = await sentTo(ctx().database, TEAM_EMAIL);
      expect(payment!.subject).toBe(
        `[VIP Number Store] Payment received for order ${order.reference}: ₹59,000`,
      );
      expect(payment!.text).toContain('UPI / bank transfer UTR-111222, confirmed in the console.');
      // Confirming again is no new money: no second alert.
      await confirm(staff, order.id, 'UTR-111222');
      const alerts = (await sentTo(ctx().database, TEAM_MOBILE)).map((m) => m.text);
      expect(alerts).toHaveLength(2);
      expect(alerts[0]).toContain(`Payment received for order ${order.reference}`);

      // A late transfer for a number sold meanwhile is money to refund: the team is told so.
      const late = await buyerWithOrder(ctx().app, [id('9812341234')]);
      await lapseHold(ctx().database, late.order.id);
      await buyerWithOrder(ctx().app, [id('9812341234')]);
      await confirm(staff, late.order.id, 'UTR-LATE-1');
      const [due] = await sentTo(ctx().database, TEAM_EMAIL);
      expect(due!.subject).toBe(
        `[VIP Number Store] Payment to refund on order ${late.order.reference}: ₹23,600`,
      );
    });

    it('records a manual refund with its reason, who and when, once, and audits it', async () => {
      const { order, user, client } = await buyerWithOrder(ctx().app, [id('9876598765')]);
      const staff = await staffMember(ctx().app, 'admin');
      const unpaid = await refund(staff, order.id, { reason: 'Changed mind' });
      expect(unpaid.statusCode).toBe(409);
      expect(unpaid.json().message).toBe(
        'No payment was received for this order, so there is nothing to refund.',
      );
      await confirm(staff, order.id, 'UTR-555666');

      expect((await refund(staff, order.id, {})).statusCode).toBe(400);
      const blank = await refund(staff, order.id, { reason: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toMatch(/reason/);
      const throughRazorpay = await refund(staff, order.id, {
        reason: 'Porting failed',
        method: 'razorpay',
      });
      expect(throughRazorpay.statusCode).toBe(400);
      expect(throughRazorpay.json().code).toBe('MANUAL_REFUND_ONLY');
      const otherPayment = await refund(staff, order.id, {
        reason: 'Porting failed',
        paymentId: '00000000-0000-4000-8000-000000000000',
      });
      expect(otherPayment.statusCode).toBe(404);
      expect((await refund(staff, order.id, { reason: 'x', paymentId: 'nope' })).statusCode).toBe(
        400,
      );
      expect(
        (await refund(staff, '00000000-0000-4000-8000-000000000000', { reason: 'x' })).statusCode,
      ).toBe(404);

      const done = await refund(staff, order.id, {
        reason: 'Porting failed at the operator; paid back by NEFT',
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().message).toBe(`Order ${order.reference}: refund made.`);
      const data = done.json().data;
      expect(data).toMatchObject({ status: 'refunded', needsRefund: false });
      expect(data.payments[0]).toMatchObject({
        refundable: false,
        dueBack: false,
        refunds: [
          {
            method: 'manual',
            amount: 59_000,
            reason: 'Porting failed at the operator; paid back by NEFT',
            status: 'done',
            providerRefundId: null,
            by: 'Anil Admin',
            at: expect.any(String),
            completedAt: expect.any(String),
          },
        ],
      });
      expect(data.timeline.at(-1)).toMatchObject({
        status: 'refunded',
        by: 'Anil Admin',
        note: '₹59,000 of payment UTR-555666 refunded (paid back by our team). Reason: Porting failed at the operator; paid back by NEFT',
      });
      // The same agent sends it again (a second click, a retry): 200, nothing made twice, and
      // the words say it was made already, by them, and when (decision 0086).
      const repeat = await refund(staff, order.id, {
        reason: 'Porting failed at the operator; paid back by NEFT',
      });
      expect(repeat.statusCode, repeat.body).toBe(200);
      expect(repeat.json().message).toBe(
        `Order ${order.reference}: this refund was already made by you at ${formatIndiaDateTime(data.payments[0].refunds[0].at)}.`,
      );
      expect(repeat.json().data.payments[0].refunds).toHaveLength(1);
      expect(repeat.json().data.timeline).toHaveLength(data.timeline.length);
      const twice = await refund(staff, order.id, { reason: 'again' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(
        `This order has already been refunded by you at ${formatIndiaDateTime(data.payments[0].refunds[0].at)} (reason: Porting failed at the operator; paid back by NEFT). This request, with other details, was not recorded.`,
      );

      const refundEmails = (await sentTo(ctx().database, user.email)).filter((sent) =>
        sent.subject?.endsWith('your refund has been made'),
      );
      expect(refundEmails).toHaveLength(1);
      const [email] = refundEmails;
      expect(email!.subject).toBe(`Order ${order.reference}: your refund has been made`);
      expect(email!.text).toContain(
        'a full refund of ₹59,000 for your order (98765 98765) has been made',
      );
      // Paid back by the team: where it went, and when it shows (QA 13b F12).
      expect(email!.text).toContain(
        'It has gone to the account you paid from and usually shows there within 1 to 2 working days.',
      );
      expect(email!.text).toContain('Reason: Porting failed at the operator');
      expect((await client.get(api(`/orders/${order.id}`))).json().data.payment.status).toBe(
        'refunded',
      );

      const { views } = await ctx().app.services.audit.list({ orderId: order.id }, 1, 50);
      expect(views.map((entry) => entry.action)).toEqual([
        'order.refund',
        'order.payment_confirmed',
      ]);
      expect(views[0]).toMatchObject({
        actor: { name: 'Anil Admin' },
        before: { status: 'paid', needsRefund: false },
        after: {
          status: 'refunded',
          needsRefund: false,
          refund: {
            payment: 'UTR-555666',
            amount: 5_900_000,
            method: 'manual',
            // The credit note it produced, so the log ties the money to the document.
            creditNote: expect.stringMatching(/^CN\/\d{2}-\d{2}\/000001$/),
          },
        },
        note: 'Porting failed at the operator; paid back by NEFT',
      });
    });

    it('tells an agent confirming a payment that another agent has just cancelled the order who cancelled it and when', async () => {
      const staff = await staffMember(ctx().app);
      const agentTwo = await signedIn(ctx().app, { role: 'support', name: 'Agent Two' });
      const { order } = await buyerWithOrder(ctx().app, [id('9876598765')]);
      // Both had the unpaid order open; Sunita cancels it, then Agent Two confirms the transfer.
      const cancelled = await staff.client.post(api(`/admin/orders/${order.id}/events`), {
        status: 'cancelled',
        note: 'Buyer asked to cancel on the phone',
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const confirmed = await confirm(agentTwo, order.id, '466677788899');
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().message).toMatch(
        /^Sunita Support cancelled this order at \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m IST: it stays cancelled, and the payment is recorded and marked for a full refund\.$/,
      );
      expect(confirmed.json().data).toMatchObject({ status: 'cancelled', needsRefund: true });
      // The number was released by the cancel and is still on sale: nothing was sold.
      expect((await numberState(ctx().database, id('9876598765'))).status).toBe('available');

      // At the same moment: whichever comes first, the agent is never told of a lapsed hold.
      const race = await buyerWithOrder(ctx().app, [id('7070700852')]);
      const [cancel, pay] = await Promise.all([
        staff.client.post(api(`/admin/orders/${race.order.id}/events`), {
          status: 'cancelled',
          note: 'Buyer asked to cancel on the phone',
        }),
        confirm(agentTwo, race.order.id, '466677788811'),
      ]);
      expect([cancel.statusCode, pay.statusCode]).toEqual([200, 200]);
      expect(pay.json().message).not.toContain('hold ended');

      // A hold that lapsed while a number went to another buyer is still told as such.
      const lapsed = await buyerWithOrder(ctx().app, [id('9812341234')]);
      await lapseHold(ctx().database, lapsed.order.id);
      const holder = await buyerWithOrder(ctx().app, [id('9812341234')]);
      const late = await confirm(agentTwo, lapsed.order.id, '466677788800');
      expect(late.json().message).toBe(
        `The payment arrived after the hold had ended; meanwhile 98123 41234 is held by another buyer's order ${holder.order.reference} (not paid yet): the order is cancelled and marked for a full refund.`,
      );
    });

    it('refunds the money an order cancelled by staff received, and cancelling a paid order makes its payment due back', async () => {
      const staff = await staffMember(ctx().app);
      const cancelledFirst = await buyerWithOrder(ctx().app, [id('9876598765')]);
      await staff.client.post(api(`/admin/orders/${cancelledFirst.order.id}/events`), {
        status: 'cancelled',
        note: 'Buyer asked to cancel',
      });
      const late = await confirm(staff, cancelledFirst.order.id, 'UTR-AFTER-CANCEL');
      expect(late.json().data).toMatchObject({ status: 'cancelled', needsRefund: true });
      expect(late.json().data.payments[0]).toMatchObject({ applied: false, dueBack: true });
      const refunded = await refund(staff, cancelledFirst.order.id, { reason: 'Paid back by UPI' });
      expect(refunded.json().data).toMatchObject({ status: 'refunded', needsRefund: false });

      const paidFirst = await buyerWithOrder(ctx().app, [id('9812341234')]);
      await confirm(staff, paidFirst.order.id, 'UTR-PAID-FIRST');
      const cancelled = await staff.client.post(api(`/admin/orders/${paidFirst.order.id}/events`), {
        status: 'cancelled',
        note: 'KYC failed',
      });
      expect(cancelled.json().data).toMatchObject({ status: 'cancelled', needsRefund: true });
      expect(cancelled.json().data.payments[0]).toMatchObject({ applied: false, dueBack: true });
      const { views } = await ctx().app.services.audit.list({ orderId: paidFirst.order.id }, 1, 5);
      expect(views[0]).toMatchObject({
        action: 'order.status',
        before: { status: 'paid', needsRefund: false },
        after: { status: 'cancelled', needsRefund: true },
        note: 'KYC failed',
      });
    });
  },
  {
    env: {
      RATE_LIMIT_PER_MINUTE: '100000',
      STAFF_ALERT_EMAILS: TEAM_EMAIL,
      STAFF_ALERT_MOBILES: TEAM_MOBILE,
    },
  },
);
