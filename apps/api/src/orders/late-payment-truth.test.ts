import { formatIndiaDateTime } from '@store/domain';
import { expect, it } from 'vitest';
import {
  buyerWithOrder,
  lapseHold,
  numberState,
  sentTo,
  staffMember,
  withSalesInventory,
} from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

describeEachDatabase(
  'a late payment says why its order was not open and where each number went (QA 16 F4)',
  (ctx) => {
    const { id, checkOut } = withSalesInventory(ctx);

    async function confirm(orderId: string, reference: string) {
      const staff = await staffMember(ctx().app);
      const res = await staff.client.post(api(`/admin/orders/${orderId}/payments`), { reference });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'cancelled', needsRefund: true });
      return { message: res.json().message, view: res.json().data };
    }

    it("tells staff and the buyer that the buyer's own newer order holds the number, to be paid as usual", async () => {
      // The buyer checks one number out, then adds another and checks out again: the first
      // order is replaced, the new one holds both numbers.
      const buyer = await buyerWithOrder(ctx().app, [id('9876598765')]);
      const newer = await checkOut(buyer.client, ['9811223344']);
      expect(newer.amounts.totalAmount).toBe(64_900);
      const holdEnd = (await numberState(ctx().database, id('9876598765'))).reservedUntil!;

      const { message, view } = await confirm(buyer.order.id, 'UTR-700100');
      expect(message).toBe(
        `The payment arrived after the buyer had replaced this order with a new checkout; meanwhile 98765 98765 is held by the same buyer's order ${newer.reference} (not paid yet): the order is cancelled and marked for a full refund. The buyer is told to pay order ${newer.reference} as usual; this payment is refunded.`,
      );
      expect(view.timeline.at(-1).note).toBe(
        `Payment UTR-700100 arrived after the buyer had replaced this order with a new checkout; meanwhile 98765 98765 is held by the same buyer's order ${newer.reference} (not paid yet). A full refund is due. The buyer is told to pay order ${newer.reference} as usual; this payment is refunded.`,
      );
      // The newer order keeps its hold.
      expect(await numberState(ctx().database, id('9876598765'))).toMatchObject({
        status: 'reserved',
        orderId: newer.id,
      });

      const [email, ...otherEmails] = await sentTo(ctx().database, buyer.user.email);
      expect(email!.subject).toBe(
        `Order ${buyer.order.reference}: your payment and your order ${newer.reference}`,
      );
      expect(email!.text).toContain(
        `We received your payment (reference UTR-700100) for order ${buyer.order.reference} after you had replaced the order with a new checkout, and meanwhile your order ${newer.reference} is holding 98765 98765 until ${formatIndiaDateTime(holdEnd)} (not paid yet).\nOrder ${buyer.order.reference} is cancelled, so this payment cannot pay for it, nor for order ${newer.reference}: to keep its numbers, pay order ${newer.reference} (₹64,900) as its page shows. This payment will be refunded in full (₹59,000). Our team sends the money back to the account you paid from, usually within 2 working days, and writes to you when it has gone.`,
      );
      for (const sent of [email!, ...otherEmails]) {
        expect(sent.text).not.toContain('hold had ended');
        expect(sent.text).not.toContain('another buyer');
      }
      const [sms] = await sentTo(ctx().database, buyer.user.mobile);
      expect(sms!.text).toBe(
        `VIP Number Store: your payment for order ${buyer.order.reference} came after the order was cancelled. You will be refunded in full (Rs 59,000). Details in our e-mail.`,
      );
    });

    /** A buyer's order of two numbers replaced by a checkout adding a third, paid by staff. */
    async function replacedThenPaid() {
      const buyer = await buyerWithOrder(ctx().app, [id('9876598765'), id('9812341234')]);
      const newer = await checkOut(buyer.client, ['9811223344']);
      const staff = await staffMember(ctx().app);
      const paid = await staff.client.post(api(`/admin/orders/${newer.id}/payments`), {
        reference: 'UTR-700501',
      });
      expect(paid.json().data.status).toBe('paid');
      return { buyer, newer, staff };
    }

    it("says the numbers are the buyer's when their own newer order paid for them, in one clause (QA 18 F3)", async () => {
      const { buyer, newer } = await replacedThenPaid();

      const { message } = await confirm(buyer.order.id, 'UTR-700500');
      expect(message).toBe(
        `The payment arrived after the buyer had replaced this order with a new checkout; meanwhile 98765 98765 and 98123 41234 were sold to the same buyer's order ${newer.reference}: the order is cancelled and marked for a full refund.`,
      );
      const [email] = await sentTo(ctx().database, buyer.user.email);
      expect(email!.text).toContain(
        `after you had replaced the order with a new checkout, and meanwhile 98765 98765 and 98123 41234 are already yours: your order ${newer.reference} paid for them.\n`,
      );
    });

    it("says the numbers were in the buyer's own order, cancelled and refunded, not that they are theirs (QA 18 F3)", async () => {
      const { buyer, newer, staff } = await replacedThenPaid();
      const refunded = await staff.client.post(api(`/admin/orders/${newer.id}/refunds`), {
        reason: 'The buyer changed their mind',
        method: 'manual',
      });
      expect(refunded.json().data.status).toBe('refunded');
      // The numbers stay sold until staff put them back on sale.
      expect((await numberState(ctx().database, id('9876598765'))).status).toBe('sold');

      const { message, view } = await confirm(buyer.order.id, 'UTR-700600');
      expect(message).toBe(
        `The payment arrived after the buyer had replaced this order with a new checkout; meanwhile 98765 98765 and 98123 41234 were sold to the same buyer's order ${newer.reference}, since cancelled and refunded: the order is cancelled and marked for a full refund.`,
      );
      expect(view.timeline.at(-1).note).toBe(
        `Payment UTR-700600 arrived after the buyer had replaced this order with a new checkout; meanwhile 98765 98765 and 98123 41234 were sold to the same buyer's order ${newer.reference}, since cancelled and refunded. A full refund is due.`,
      );
      const email = (await sentTo(ctx().database, buyer.user.email)).find((sent) =>
        sent.text.includes('UTR-700600'),
      );
      expect(email!.text).toContain(
        `We received your payment (reference UTR-700600) for order ${buyer.order.reference} after you had replaced the order with a new checkout, and meanwhile 98765 98765 and 98123 41234 were in your order ${newer.reference}, which was cancelled and refunded.\nWe are sorry: the order is cancelled and you will be refunded in full`,
      );
      expect(email!.text).not.toContain('already yours');
    });

    it("says a number refunded alone from the buyer's own order, which still stands, was refunded, not that it is theirs", async () => {
      const { buyer, newer, staff } = await replacedThenPaid();
      const refunded = await staff.client.post(
        api(`/admin/orders/${newer.id}/numbers/${id('9876598765')}/refund`),
        { reason: 'Porting failed', method: 'manual' },
      );
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(refunded.json().data.status).toBe('paid');

      const { message, view } = await confirm(buyer.order.id, 'UTR-700700');
      expect(message).toBe(
        `The payment arrived after the buyer had replaced this order with a new checkout; meanwhile 98765 98765 was sold to the same buyer's order ${newer.reference}, since refunded alone, 98123 41234 was sold to the same buyer's order ${newer.reference}: the order is cancelled and marked for a full refund.`,
      );
      expect(view.timeline.at(-1).note).toContain('98765 98765 was sold to the same buyer');
      const email = (await sentTo(ctx().database, buyer.user.email)).find((sent) =>
        sent.text.includes('UTR-700700'),
      );
      expect(email!.text).toContain(
        `after you had replaced the order with a new checkout, and meanwhile 98765 98765 was in your order ${newer.reference} and was refunded from it; 98123 41234 is already yours: your order ${newer.reference} paid for it.\n`,
      );
    });

    it("tells staff the number is only held by another buyer's order, not sold", async () => {
      const late = await buyerWithOrder(ctx().app, [id('9876598765')]);
      await lapseHold(ctx().database, late.order.id);
      const holder = await buyerWithOrder(ctx().app, [id('9876598765')]);

      const { message, view } = await confirm(late.order.id, 'UTR-700200');
      expect(message).toBe(
        `The payment arrived after the hold had ended; meanwhile 98765 98765 is held by another buyer's order ${holder.order.reference} (not paid yet): the order is cancelled and marked for a full refund.`,
      );
      expect(view.timeline.at(-1).note).toBe(
        `Payment UTR-700200 arrived after the hold had ended; meanwhile 98765 98765 is held by another buyer's order ${holder.order.reference} (not paid yet). A full refund is due.`,
      );
      const [email] = await sentTo(ctx().database, late.user.email);
      expect(email!.text).toContain(
        `for order ${late.order.reference} after the order's hold had ended, and meanwhile another buyer's order is holding 98765 98765 (not paid yet).\nWe are sorry: the order is cancelled and you will be refunded in full (₹59,000).`,
      );
      expect(email!.text).not.toContain(holder.order.reference);
    });

    it('tells staff and the buyer the number was sold when it was', async () => {
      const late = await buyerWithOrder(ctx().app, [id('9876598765')]);
      await lapseHold(ctx().database, late.order.id);
      const winner = await buyerWithOrder(ctx().app, [id('9876598765')]);
      const staff = await staffMember(ctx().app);
      const paid = await staff.client.post(api(`/admin/orders/${winner.order.id}/payments`), {
        reference: 'UTR-700301',
      });
      expect(paid.json().data.status).toBe('paid');

      const { message, view } = await confirm(late.order.id, 'UTR-700300');
      expect(message).toBe(
        `The payment arrived after the hold had ended; meanwhile 98765 98765 was sold to another buyer's order ${winner.order.reference}: the order is cancelled and marked for a full refund.`,
      );
      expect(view.timeline.at(-1).note).toBe(
        `Payment UTR-700300 arrived after the hold had ended; meanwhile 98765 98765 was sold to another buyer's order ${winner.order.reference}. A full refund is due.`,
      );
      const [email] = await sentTo(ctx().database, late.user.email);
      expect(email!.text).toContain(
        `for order ${late.order.reference} after the order's hold had ended, and meanwhile 98765 98765 was sold to another buyer.\nWe are sorry: the order is cancelled and you will be refunded in full (₹59,000).`,
      );
    });

    it('tells why the order was closed by the cause its cancellation recorded, whatever its note says (decision 0071)', async () => {
      const { database } = ctx();
      const late = await buyerWithOrder(ctx().app, [id('9876598765')]);
      const removed = await late.client.delete(
        api(`/cart/item/${id('9876598765')}?cancelOrder=${late.order.id}`),
      );
      expect(removed.statusCode, removed.body).toBe(200);
      const holder = await buyerWithOrder(ctx().app, [id('9876598765')]);
      // Whatever the words: the cause is what was recorded as the cancellation was written.
      await database.query(
        `update order_events set note = 'Payment not received before the hold expired'
          where order_id = $1 and status = 'cancelled'`,
        [late.order.id],
      );

      const { message } = await confirm(late.order.id, 'UTR-700400');
      expect(message).toBe(
        `The payment arrived after the buyer had removed its numbers from the cart, which cancelled this order; meanwhile 98765 98765 is held by another buyer's order ${holder.order.reference} (not paid yet): the order is cancelled and marked for a full refund.`,
      );
      const causes = await database.query<{ cause: string }>(
        `select cause from order_events where order_id = $1 and status = 'cancelled'
          order by created_at`,
        [late.order.id],
      );
      expect(causes.map((event) => event.cause)).toEqual(['cart', 'payment']);
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '100000' } },
);
