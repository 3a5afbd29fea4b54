import { expect, it } from 'vitest';
import { formatIndiaDateTime } from '@store/domain';
import { buyerWithOrder, sentTo, staffMember, withSalesInventory } from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

describeEachDatabase(
  'a further UPI or bank payment for an order already paid (QA 16 F5, decision 0068)',
  (ctx) => {
    const { id } = withSalesInventory(ctx);

    it('tells a second agent confirming the payment who confirmed which reference and when (decision 0084)', async () => {
      const buyer = await buyerWithOrder(ctx().app, [id('9876598765')]);
      const [support, admin] = [
        await staffMember(ctx().app),
        await staffMember(ctx().app, 'admin'),
      ];
      const pay = (staff: typeof support, reference: string) =>
        staff.client.post(api(`/admin/orders/${buyer.order.id}/payments`), { reference });
      const answers = await Promise.all([
        pay(support, 'UTR432109876543'),
        pay(admin, 'UTR432109876999'),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const [won, lost] = answers[0]!.statusCode === 200 ? answers : [answers[1]!, answers[0]!];
      const winner = won!.json().data.payments[0];
      expect(lost!.json().code).toBe('PAYMENT_ALREADY_CONFIRMED');
      expect(lost!.json().message).toContain(
        `confirmed payment ${winner.reference} for this order at `,
      );
      expect(lost!.json().message).toMatch(/Yours \(UTR4321098769?\d*\) was not recorded/);

      // The agent who confirmed it, again with the same reference: a retry, 200.
      const winnerClient = winner.reference === 'UTR432109876543' ? support : admin;
      const retried = await pay(winnerClient, winner.reference);
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json().message).toBe(
        `Order ${buyer.order.reference}: payment ${winner.reference} was already confirmed by you at ${formatIndiaDateTime(winner.at)}.`,
      );
      // Another agent with that same reference is told who confirmed it.
      const other = await pay(winnerClient === support ? admin : support, winner.reference);
      expect(other.statusCode).toBe(409);
      expect(other.json().message).toMatch(/: nothing was recorded again\.$/);
    });

    it('is recorded only when support says so, as a payment due back, once, and refunded with the buyer told', async () => {
      const buyer = await buyerWithOrder(ctx().app, [id('9876598765')]);
      const staff = await staffMember(ctx().app, 'admin');
      const pay = (body: object) =>
        staff.client.post(api(`/admin/orders/${buyer.order.id}/payments`), body);
      expect((await pay({ reference: 'HDFCR520261130123' })).json().data.status).toBe('paid');

      // Without `extra`, nothing recorded, and the agent is told so (decision 0084).
      const plain = await pay({ reference: 'HDFCN5202611309' });
      expect(plain.statusCode).toBe(409);
      expect(plain.json()).toMatchObject({ code: 'PAYMENT_ALREADY_CONFIRMED' });
      expect(plain.json().message).toMatch(
        /^Anil Admin confirmed payment HDFCR520261130123 for this order at .+\. Yours \(HDFCN5202611309\) was not recorded; if it is more money received, record it as a further payment\.$/,
      );

      // Deliberately, as a further payment: kept as due back, the order goes on.
      const further = await pay({ reference: 'HDFCN5202611309', extra: true });
      expect(further.statusCode, further.body).toBe(200);
      expect(further.json().message).toBe(
        'This order had already been paid: this further payment is marked for a full refund. The order goes on as before.',
      );
      expect(further.json().data).toMatchObject({ status: 'paid', needsRefund: true });
      expect(further.json().data.payments).toHaveLength(2);
      expect(
        further
          .json()
          .data.payments.find(
            (payment: { reference: string }) => payment.reference === 'HDFCN5202611309',
          ),
      ).toMatchObject({ provider: 'manual', amount: 59_000, applied: false, dueBack: true });
      expect(further.json().data.timeline.at(-1).note).toBe(
        'A further payment HDFCN5202611309 arrived for this order, which was already paid (payment HDFCR520261130123). It is due a full refund.',
      );
      const [told] = await sentTo(ctx().database, buyer.user.email);
      expect(told!.text).toContain(
        `We received a further payment (reference HDFCN5202611309) for order ${buyer.order.reference}, which was already paid. Your order goes on as before, and this further payment will be refunded in full.`,
      );
      const { views } = await ctx().app.services.audit.list({ orderId: buyer.order.id }, 1, 5);
      expect(views[0]).toMatchObject({
        action: 'order.payment_confirmed',
        after: { status: 'paid', needsRefund: true, payment: { reference: 'HDFCN5202611309' } },
      });

      // The same reference again, however typed, or the first one: nothing recorded twice.
      for (const [reference, recorded] of [
        ['hdfcn 5202 611309', 'HDFCN5202611309'],
        ['HDFCR520261130123', 'HDFCR520261130123'],
      ] as const) {
        const again = await pay({ reference, extra: true });
        expect(again.statusCode).toBe(200);
        const payment = again
          .json()
          .data.payments.find((one: { reference: string }) => one.reference === recorded);
        expect(again.json().message).toBe(
          `Order ${buyer.order.reference}: payment ${recorded} was already confirmed by you at ${formatIndiaDateTime(payment.at)}.`,
        );
        expect(again.json().data.payments).toHaveLength(2);
      }

      // On the console's "needs refund" list and the dashboard.
      const queue = await staff.client.get(api('/admin/orders?needsRefund=true'));
      expect(queue.json().data.orders.map((order: { id: string }) => order.id)).toEqual([
        buyer.order.id,
      ]);
      const dashboard = await staff.client.get(api('/admin/dashboard'));
      expect(dashboard.json().data.waiting.needsRefund).toBe(1);

      // Refunded by hand with its reference: the order goes on, the buyer is told.
      const refunded = await staff.client.post(api(`/admin/orders/${buyer.order.id}/refunds`), {
        reason: 'Paid twice by the bank',
        method: 'manual',
        reference: 'RFND20261130X',
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(refunded.json().data).toMatchObject({ status: 'paid', needsRefund: false });
      const [refundMail] = await sentTo(ctx().database, buyer.user.email);
      expect(refundMail!.text).toContain(
        `Order ${buyer.order.reference}: your further payment HDFCN5202611309 of ₹59,000 has been refunded in full. Your order goes on as before.`,
      );
      expect(refundMail!.text).toContain('Refund reference: RFND20261130X.');
    });

    it('is refused for an order not paid yet, and a reference of another order stays refused', async () => {
      const unpaid = await buyerWithOrder(ctx().app, [id('9812341234')]);
      const paid = await buyerWithOrder(ctx().app, [id('9876598765')]);
      const staff = await staffMember(ctx().app);
      const refused = await staff.client.post(api(`/admin/orders/${unpaid.order.id}/payments`), {
        reference: 'UTR-600100',
        extra: true,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'ORDER_NOT_PAID',
        message: `Order ${unpaid.order.reference} is not paid yet: confirm this payment as its payment, not as a further one.`,
      });
      await staff.client.post(api(`/admin/orders/${unpaid.order.id}/payments`), {
        reference: 'UTR-600100',
      });
      await staff.client.post(api(`/admin/orders/${paid.order.id}/payments`), {
        reference: 'UTR-600200',
      });
      const reused = await staff.client.post(api(`/admin/orders/${paid.order.id}/payments`), {
        reference: 'UTR-600100',
        extra: true,
      });
      expect(reused.statusCode).toBe(409);
      expect(reused.json().code).toBe('PAYMENT_REFERENCE_USED');
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '100000' } },
);
