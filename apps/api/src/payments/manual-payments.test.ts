import { expect, it } from 'vitest';
import { buyerWithOrder, sentTo, withSalesInventory } from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

describeEachDatabase(
  'manual payments over the UPI limit',
  (ctx) => {
    const { id } = withSalesInventory(ctx);

    it('offers bank transfer alone, and says why, for an order over PAYMENT_UPI_MAX_RUPEES', async () => {
      // ₹50,000 and 18% GST: ₹59,000, over the ₹50,000 this store offers UPI for.
      const buyer = await buyerWithOrder(ctx().app, [id('9876598765')]);
      const order = (await buyer.client.get(api(`/orders/${buyer.order.id}`))).json().data;
      expect(order.payment.instructions).toMatchObject({
        upiId: null,
        upiLimit: 50_000,
        amount: 59_000,
        bankDetails: ctx().config.PAYMENT_BANK_DETAILS,
      });
      expect(order.payment).not.toHaveProperty('upiLink');
      // What happens next says the same.
      expect(order.nextSteps[0]).toMatch(/^Pay by bank transfer before the hold ends/);

      const [email] = await sentTo(ctx().database, buyer.user.email);
      expect(email!.text).toContain('Pay ₹59,000 by bank transfer (NEFT, RTGS or IMPS) to:');
      expect(email!.text).toContain(
        'UPI is offered up to ₹50,000: most banks allow no more in one UPI payment.',
      );
      expect(email!.text).toContain('1. Pay by bank transfer before the hold ends');
      expect(email!.text).not.toContain('upi://');
      expect(email!.text).not.toContain(ctx().config.PAYMENT_UPI_ID);
      const [sms] = await sentTo(ctx().database, buyer.user.mobile);
      expect(sms!.text).toContain(
        `Pay by bank transfer (see our e-mail) quoting ${buyer.order.reference}, then enter the UTR at "I have paid" to keep the hold 24 hours: ${ctx().config.PUBLIC_BASE_URL}/orders`,
      );
    });

    it('offers UPI up to the limit itself', async () => {
      const buyer = await buyerWithOrder(ctx().app, [id('7070700852')]);
      const order = (await buyer.client.get(api(`/orders/${buyer.order.id}`))).json().data;
      expect(order.payment.instructions.amount).toBeLessThanOrEqual(50_000);
      expect(order.payment.instructions.upiId).toBe(ctx().config.PAYMENT_UPI_ID);
      expect(order.payment.upiLink).toMatch(/^upi:\/\/pay\?/);
      expect(order.nextSteps[0]).toMatch(/^Pay by UPI or bank transfer before the hold ends/);
    });
  },
  { env: { PAYMENT_UPI_MAX_RUPEES: '50000' } },
);
