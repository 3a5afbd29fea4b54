import { formatIndiaDateTime } from '@store/domain';
import { eq, sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { numbers, orders } from '../db/schema';
import {
  buyerWithOrder,
  lapseHold,
  moveHoldEnd,
  sentTo,
  withSalesInventory,
} from '../../test-support/sales';
import { api, changeContact } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

const TEAM_EMAIL = 'sales.team@example.com';
const TEAM_MOBILE = '9000000099';

describeEachDatabase(
  'hold reminders',
  (ctx) => {
    const { id } = withSalesInventory(ctx);

    it('reminds the buyer once, by e-mail and SMS, a few minutes before the hold lapses, then tells the lapse', async () => {
      const buyer = await buyerWithOrder(ctx().app, [id('9876598765')]);
      const sweep = () => ctx().app.services.orders.sweepExpiredHolds();
      // 15 minutes left: too early.
      expect((await sweep()).reminded).toEqual([]);

      const soon = sql`now() + interval '3 minutes'`;
      await ctx()
        .database.db.update(orders)
        .set({ holdExpiresAt: soon })
        .where(eq(orders.id, buyer.order.id));
      await ctx()
        .database.db.update(numbers)
        .set({ reservedUntil: soon })
        .where(eq(numbers.orderId, buyer.order.id));
      expect((await sweep()).reminded).toEqual([buyer.order.id]);
      expect((await sweep()).reminded).toEqual([]);

      const [email] = await sentTo(ctx().database, buyer.user.email);
      expect(email!.subject).toMatch(
        new RegExp(`^Order ${buyer.order.reference}: your hold ends at .+ IST$`),
      );
      expect(email!.text).toContain(`${ctx().config.PUBLIC_BASE_URL}/orders/${buyer.order.id}`);
      const sms = await sentTo(ctx().database, buyer.user.mobile);
      // The order-placed SMS, then exactly one reminder.
      expect(sms.filter((message) => message.text.includes('held only until'))).toHaveLength(1);
      // One number, named with the order's total to pay (QA 13b F8, QA 30 F9); the UTR step keeps it (F1).
      expect(sms[0]!.text).toContain(
        `order ${buyer.order.reference} for 98765 98765: Rs 59,000 to pay, GST included, is held only until`,
      );
      expect(sms[0]!.text).toContain(
        `Paid? Enter the UTR on your order page ("I have paid") to keep the hold 24 hours. Else pay now: ${ctx().config.PUBLIC_BASE_URL}/orders`,
      );

      await lapseHold(ctx().database, buyer.order.id);
      expect((await sweep()).cancelled).toEqual([buyer.order.id]);
      const [lapsedSms] = await sentTo(ctx().database, buyer.user.mobile);
      const retryUrl = `${ctx().config.PUBLIC_BASE_URL}/orders/${buyer.order.id}?retry=1`;
      // From when: the cool-down after the hold (hold-limits.ts) refuses a retry before it.
      const from = formatIndiaDateTime(
        new Date(
          Date.parse(
            (await buyer.client.get(api(`/orders/${buyer.order.id}`))).json().data.retryFrom,
          ),
        ),
      );
      // A link is no DLT variable: the SMS points to the buyer's orders, the e-mail to the retry.
      expect(lapsedSms!.text).toContain(
        `Order again from ${from}, if still free: ${ctx().config.PUBLIC_BASE_URL}/orders`,
      );
      const [lapsedEmail] = await sentTo(ctx().database, buyer.user.email);
      expect(lapsedEmail!.text).toContain(
        'so the order is cancelled and 98765 98765 is back on sale.',
      );
      expect(lapsedEmail!.text).toContain(
        `Already paid? Contact us with your payment reference and order reference ${buyer.order.reference}: reply to this e-mail`,
      );
      expect(lapsedEmail!.text).toContain(
        `To order it again in one click from ${from}, if it is still free: ${retryUrl}`,
      );
      // The team is told too: a lead a call may still win (QA 13b F14).
      const [alert] = await sentTo(ctx().database, TEAM_EMAIL);
      expect(alert!.subject).toBe(
        `[VIP Number Store] Hold lapsed on order ${buyer.order.reference}: ₹59,000`,
      );
      expect(alert!.text).toContain('98765 98765: not paid by ');
      expect(alert!.text).toContain('so the order is cancelled and the number is back on sale.');
      expect(alert!.text).toContain(`/admin/orders/${buyer.order.id}`);
      const [alertSms] = await sentTo(ctx().database, TEAM_MOBILE);
      expect(alertSms!.text).toContain(`Hold lapsed on order ${buyer.order.reference}: Rs 59,000`);
    });

    it("reminds the buyers of several orders at once, each at its own account's contacts as they are now, read in one query", async () => {
      const { app, database } = ctx();
      const buyers = [];
      for (const number of ['9876598765', '9812341234', '9137605193']) {
        buyers.push(await buyerWithOrder(app, [id(number)]));
      }
      const moved = buyers[1]!;
      const [newEmail, newMobile] = ['moved.buyer@example.in', '9123400079'];
      await changeContact(app, moved.client, { email: newEmail });
      await changeContact(app, moved.client, { mobile: newMobile });
      for (const buyer of buyers) await moveHoldEnd(database, buyer.order.id, 3);

      const reads = vi.spyOn(app.services.users, 'openContacts');
      const { reminded } = await app.services.orders.sweepExpiredHolds();
      expect(reads).toHaveBeenCalledTimes(1);
      reads.mockRestore();
      expect(reminded.sort()).toEqual(buyers.map((buyer) => buyer.order.id).sort());

      const reminders = async (to: string) =>
        (await sentTo(database, to)).filter(
          (message) =>
            message.subject?.includes('your hold ends') || message.text.includes('held only'),
        );
      const addresses = buyers.map((buyer) =>
        buyer === moved
          ? { email: newEmail, mobile: newMobile }
          : { email: buyer.user.email, mobile: buyer.user.mobile },
      );
      for (const [i, buyer] of buyers.entries()) {
        const { email, mobile } = addresses[i]!;
        const [mail, ...moreMail] = await reminders(email);
        expect(moreMail).toEqual([]);
        expect(mail!.subject).toContain(`Order ${buyer.order.reference}: `);
        const [sms, ...moreSms] = await reminders(mobile);
        expect(moreSms).toEqual([]);
        expect(sms!.text).toContain(`order ${buyer.order.reference} for `);
      }
      // Nothing to the contacts the moved buyer replaced.
      expect(await reminders(moved.user.email)).toEqual([]);
      expect(await reminders(moved.user.mobile)).toEqual([]);
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
