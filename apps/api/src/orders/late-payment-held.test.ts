import { formatIndiaDateTime } from '@store/domain';
import { expect, it } from 'vitest';
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

describeEachDatabase(
  'a late payment for a number another buyer only holds (decision 0054)',
  (ctx) => {
    const { id } = withSalesInventory(ctx);

    it('tells the team which order holds the number and until when, and names the late order when that hold lapses, while a checkout races the sweep', async () => {
      const number = id('9876598765');
      const late = await buyerWithOrder(ctx().app, [number]);
      await lapseHold(ctx().database, late.order.id);
      const holder = await buyerWithOrder(ctx().app, [number]);
      const holdEnd = (await numberState(ctx().database, number)).reservedUntil!;

      // The late buyer's UPI payment is confirmed: the number is only held, so it cannot pay.
      const staff = await staffMember(ctx().app);
      const confirmed = await staff.client.post(api(`/admin/orders/${late.order.id}/payments`), {
        reference: 'UTR-800100',
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().data).toMatchObject({ status: 'cancelled', needsRefund: true });
      const [paymentAlert] = await sentTo(ctx().database, TEAM_EMAIL);
      expect(paymentAlert!.subject).toBe(
        `[VIP Number Store] Payment to refund on order ${late.order.reference}: ₹59,000`,
      );
      expect(paymentAlert!.text).toContain(
        `98765 98765 is only held, not sold: order ${holder.order.reference} holds it until ${formatIndiaDateTime(holdEnd)}. If that hold lapses unpaid, the number comes free: offer it to this buyer first`,
      );

      // The other hold lapses; a third buyer checks the number out while the sweep runs.
      await lapseHold(ctx().database, holder.order.id);
      const third = await signedIn(ctx().app);
      expect((await third.client.post(api(`/cart/add/${number}`))).statusCode).toBe(200);
      const [swept, checkout] = await Promise.all([
        ctx().app.services.orders.sweepExpiredHolds(),
        third.client.post(api('/cart/checkout')),
      ]);
      expect(checkout.statusCode, checkout.body).toBe(201);
      expect(swept.cancelled).toContain(holder.order.id);
      // Held once, by the checkout; the late order is not given it by itself: its money waits.
      expect(await numberState(ctx().database, number)).toMatchObject({
        status: 'reserved',
        orderId: checkout.json().data.order.id,
      });
      const lateNow = (await late.client.get(api(`/orders/${late.order.id}`))).json().data;
      expect(lateNow).toMatchObject({ status: 'cancelled', needsRefund: true });

      const lapseAlerts = (await sentTo(ctx().database, TEAM_EMAIL)).filter(
        (alert) =>
          alert.subject ===
          `[VIP Number Store] Hold lapsed on order ${holder.order.reference}: ₹59,000`,
      );
      expect(lapseAlerts).toHaveLength(1);
      expect(lapseAlerts[0]!.text).toContain(
        `Order ${late.order.reference} paid for 98765 98765 but could not have it, and its money is due back: offer the number to that buyer first, while it is still free.`,
      );
    });

    it('names no late order once its money has gone back', async () => {
      const number = id('9876598765');
      const late = await buyerWithOrder(ctx().app, [number]);
      await lapseHold(ctx().database, late.order.id);
      const holder = await buyerWithOrder(ctx().app, [number]);
      const staff = await staffMember(ctx().app, 'admin');
      await staff.client.post(api(`/admin/orders/${late.order.id}/payments`), {
        reference: 'UTR-800200',
      });
      const refunded = await staff.client.post(api(`/admin/orders/${late.order.id}/refunds`), {
        reason: 'Paid after the hold',
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
      await lapseHold(ctx().database, holder.order.id);
      await ctx().app.services.orders.sweepExpiredHolds();
      const [lapse] = await sentTo(ctx().database, TEAM_EMAIL);
      expect(lapse!.subject).toContain(`Hold lapsed on order ${holder.order.reference}`);
      expect(lapse!.text).not.toContain(late.order.reference);
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '100000', STAFF_ALERT_EMAILS: TEAM_EMAIL } },
);
