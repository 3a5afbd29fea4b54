import { addDays, indiaDay } from '@store/domain';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { orderItems, orders, portingAlerts, portingSteps } from '../db/schema';
import { sweepOnce } from '../plugins/hold-sweep';
import { buyerWithOrder, sentTo, staffMember, withSalesInventory } from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

const TEAM_EMAIL = 'porting.team@example.com';
const TEAM_MOBILE = '9000000098';

describeEachDatabase(
  'porting overdue',
  (ctx) => {
    const { id } = withSalesInventory(ctx);

    /** A buyer's order for this number, paid by a transfer support confirmed. */
    async function paidOrder(number: string, state: string | null = 'Delhi') {
      const buyer = await buyerWithOrder(ctx().app, [id(number)], { state });
      const staff = await staffMember(ctx().app);
      const paid = await staff.client.post(api(`/admin/orders/${buyer.order.id}/payments`), {
        reference: `UTR${buyer.order.reference.slice(-8)}`,
      });
      expect(paid.statusCode, paid.body).toBe(200);
      return { ...buyer, staff, numberId: id(number) };
    }

    /** Moves the order's payment this many hours into the past. */
    const paidHoursAgo = (orderId: string, hours: number) =>
      ctx()
        .database.db.update(orders)
        .set({ paidAt: sql`now() - make_interval(hours => ${hours})` })
        .where(eq(orders.id, orderId));

    const step = (
      staff: Awaited<ReturnType<typeof paidOrder>>['staff'],
      orderId: string,
      numberId: number,
      body: object,
    ) => staff.client.post(api(`/admin/orders/${orderId}/numbers/${numberId}/porting`), body);

    const teamAlerts = async () =>
      (await sentTo(ctx().database, TEAM_EMAIL)).filter((message) =>
        message.subject?.includes('] Porting overdue on order'),
      );

    it('lists the orders with a number overdue, by reason, server side and paged, with words per number', async () => {
      const late = await paidOrder('9876598765');
      const onTime = await paidOrder('9812341234');
      await paidHoursAgo(late.order.id, 27);
      await paidHoursAgo(onTime.order.id, 23);
      const { client } = late.staff;

      const list = async (query: string) => {
        const res = await client.get(api(`/admin/orders?${query}`));
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data;
      };
      for (const query of ['overdue=upc_late', 'overdue=any', 'overdue=any&status=paid']) {
        const page = await list(query);
        expect(page.total, query).toBe(1);
        expect(page.orders.map((order: { id: string }) => order.id)).toEqual([late.order.id]);
      }
      expect((await list('overdue=upc_expired')).total).toBe(0);
      expect((await list('overdue=porting_slow')).total).toBe(0);
      expect((await list('overdue=any&status=upc_sent')).total).toBe(0);
      expect((await list('overdue=any&pageSize=1&page=2')).orders).toEqual([]);

      const [row] = (await list('overdue=upc_late')).orders;
      expect(row.overdue).toEqual([
        {
          numberId: late.numberId,
          number: '98765 98765',
          reason: 'upc_late',
          since: expect.any(String),
          words: 'UPC not sent: paid 27 h ago, promised within 24 h',
        },
      ]);
      const one = await client.get(api(`/admin/orders/${onTime.order.id}`));
      expect(one.json().data.overdue).toEqual([]);

      const bad = await client.get(api('/admin/orders?overdue=soon'));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/overdue/);
    });

    it('counts overdue orders on the Dashboard by reason, porting slow after 5 working days but 15 days in Assam', async () => {
      const late = await paidOrder('9876598765');
      await paidHoursAgo(late.order.id, 30);
      const slow = await paidOrder('9812341234', 'Delhi');
      const assam = await paidOrder('9811223344', 'Assam');
      for (const order of [slow, assam]) {
        const code = `AB${order.order.reference.slice(-6)}`
          .toUpperCase()
          .replace(/[^A-Z0-9]/g, '7');
        for (const body of [
          { status: 'upc_sent', upcCode: code, upcExpiresOn: addDays(indiaDay(), 4) },
          { status: 'porting_in_progress' },
        ]) {
          const res = await step(order.staff, order.order.id, order.numberId, body);
          expect(res.statusCode, res.body).toBe(200);
        }
        // Porting started 9 days ago: past 5 working days, within 15 days.
        await ctx()
          .database.db.update(portingSteps)
          .set({ createdAt: sql`now() - interval '9 days'` })
          .where(
            and(
              eq(portingSteps.orderId, order.order.id),
              eq(portingSteps.status, 'porting_in_progress'),
            ),
          );
      }
      const res = await late.staff.client.get(api('/admin/dashboard'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.overdue).toEqual({
        any: 2,
        upc_late: 1,
        upc_expired: 0,
        porting_slow: 1,
      });
      const slowOne = await late.staff.client.get(api(`/admin/orders/${slow.order.id}`));
      expect(slowOne.json().data.overdue[0].words).toBe(
        'Porting slow: started 9 days ago, promised within 5 working days',
      );
    });

    it('alerts the team once per number and reason, whatever the number of sweeps', async () => {
      const late = await paidOrder('9876598765');
      await paidHoursAgo(late.order.id, 27);
      expect(await sweepOnce(ctx().app)).toMatchObject({ overdueAlerted: 1 });
      expect(await sweepOnce(ctx().app)).toMatchObject({ overdueAlerted: 0 });
      // A second process's sweep, or one after a restart, reads what was recorded.
      expect(await ctx().app.services.orders.alertOverduePorting()).toBe(0);

      const alerts = await teamAlerts();
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.subject).toBe(
        `[${ctx().config.STORE_NAME}] Porting overdue on order ${late.order.reference}: 98765 98765, UPC not sent`,
      );
      expect(alerts[0]!.text).toContain(
        '98765 98765: UPC not sent: paid 27 h ago, promised within 24 h.',
      );
      expect(alerts[0]!.text).toContain(
        `${ctx().config.PUBLIC_BASE_URL}/admin/orders/${late.order.id}`,
      );
      const sms = (await sentTo(ctx().database, TEAM_MOBILE)).filter((message) =>
        message.text.includes('UPC not sent'),
      );
      expect(sms.map((message) => message.text)).toEqual([
        `[${ctx().config.STORE_NAME}] UPC not sent ${late.order.reference}: 98765 98765. Details in your e-mail and at ${ctx().config.PUBLIC_BASE_URL}/admin`,
      ]);
      expect(await ctx().database.db.select().from(portingAlerts)).toHaveLength(1);

      // Its UPC sent: nothing overdue any more, and nothing more to tell.
      const sent = await step(late.staff, late.order.id, late.numberId, {
        status: 'upc_sent',
        upcCode: 'AB12CD34',
        upcExpiresOn: addDays(indiaDay(), 4),
      });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(await ctx().app.services.orders.alertOverduePorting()).toBe(0);
      expect(await teamAlerts()).toHaveLength(1);
    });

    it('lists many numbers found overdue at once in one alert, and a later one alone', async () => {
      const numbers = ['9876598765', '9812341234', '9137605193', '9811223344'];
      const late = [];
      for (const number of numbers) {
        const buyer = await paidOrder(number);
        await paidHoursAgo(buyer.order.id, 30);
        late.push(buyer);
      }
      const teamSms = async () =>
        (await sentTo(ctx().database, TEAM_MOBILE)).filter((message) =>
          message.text.includes('Porting overdue on'),
        );
      expect(await sweepOnce(ctx().app)).toMatchObject({ overdueAlerted: 4 });
      expect(await sweepOnce(ctx().app)).toMatchObject({ overdueAlerted: 0 });

      const digests = (await sentTo(ctx().database, TEAM_EMAIL)).filter((message) =>
        message.subject?.includes('Porting overdue on'),
      );
      expect(digests.map((message) => message.subject)).toEqual([
        `[${ctx().config.STORE_NAME}] Porting overdue on 4 numbers in 4 orders`,
      ]);
      const text = digests[0]!.text;
      expect(text).toContain('4 numbers broke a porting promise, in 4 orders:');
      for (const buyer of late) {
        expect(text).toContain(`${ctx().config.PUBLIC_BASE_URL}/admin/orders/${buyer.order.id}`);
        expect(text).toContain(`Buyer: ${buyer.user.name}`);
      }
      expect(text).toContain('98765 98765: UPC not sent: paid 30 h ago, promised within 24 h.');
      expect(text).toContain(`${ctx().config.PUBLIC_BASE_URL}/admin/orders?overdue=any`);
      expect((await teamSms()).map((message) => message.text)).toEqual([
        `[${ctx().config.STORE_NAME}] Porting overdue on 4 numbers: 4 orders. Details in your e-mail and at ${ctx().config.PUBLIC_BASE_URL}/admin`,
      ]);
      expect(await ctx().database.db.select().from(portingAlerts)).toHaveLength(4);

      // One more number late later: its own alert, as usual.
      const fifth = await paidOrder('9876543210');
      await paidHoursAgo(fifth.order.id, 25);
      expect(await ctx().app.services.orders.alertOverduePorting()).toBe(1);
      expect((await teamAlerts()).map((message) => message.subject)).toEqual([
        `[${ctx().config.STORE_NAME}] Porting overdue on order ${fifth.order.reference}: 98765 43210, UPC not sent`,
      ]);
      expect(await teamSms()).toHaveLength(1);
    });

    it('tells the buyer once when a UPC expires before porting started, and the team', async () => {
      const buyer = await paidOrder('9876598765');
      const sent = await step(buyer.staff, buyer.order.id, buyer.numberId, {
        status: 'upc_sent',
        upcCode: 'AB12CD34',
        upcExpiresOn: addDays(indiaDay(), 4),
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const yesterday = addDays(indiaDay(), -1);
      await ctx()
        .database.db.update(orderItems)
        .set({ upcExpiresOn: yesterday })
        .where(eq(orderItems.orderId, buyer.order.id));

      await sweepOnce(ctx().app);
      await sweepOnce(ctx().app);

      const emails = (await sentTo(ctx().database, buyer.user.email)).filter((message) =>
        message.subject?.includes('a new UPC'),
      );
      expect(emails).toHaveLength(1);
      expect(emails[0]!.subject).toBe(
        `Order ${buyer.order.reference}: a new UPC for 98765 98765 is on its way, free`,
      );
      expect(emails[0]!.text).toContain(
        'the UPC AB12CD34 for 98765 98765 has expired (it was valid till',
      );
      expect(emails[0]!.text).toContain(
        'We will send you a new one, free: there is nothing for you to do but wait for it.',
      );
      expect(emails[0]!.text).toContain('A question? Reply to this e-mail.');
      const sms = (await sentTo(ctx().database, buyer.user.mobile)).filter((message) =>
        message.text.includes('has expired'),
      );
      expect(sms.map((message) => message.text)).toEqual([
        `${ctx().config.STORE_NAME}: order ${buyer.order.reference}: the UPC AB12CD34 for 98765 98765 has expired. We will send you a new one, free: nothing to do but wait, or reply to our e-mail.`,
      ]);
      const alerts = await teamAlerts();
      expect(alerts.map((alert) => alert.subject)).toEqual([
        `[${ctx().config.STORE_NAME}] Porting overdue on order ${buyer.order.reference}: 98765 98765, UPC expired`,
      ]);

      // A new UPC that expires too is a new deadline: the buyer and the team are told again.
      const replaced = await step(buyer.staff, buyer.order.id, buyer.numberId, {
        status: 'upc_sent',
        upcCode: 'EF56GH78',
        upcExpiresOn: addDays(indiaDay(), 4),
        replaces: 'AB12CD34',
      });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(await ctx().app.services.orders.alertOverduePorting()).toBe(0);
      await ctx()
        .database.db.update(orderItems)
        .set({ upcExpiresOn: addDays(indiaDay(), -2) })
        .where(eq(orderItems.orderId, buyer.order.id));
      expect(await ctx().app.services.orders.alertOverduePorting()).toBe(1);
      expect(
        (await sentTo(ctx().database, buyer.user.mobile)).filter((message) =>
          message.text.includes('EF56GH78 for 98765 98765 has expired'),
        ),
      ).toHaveLength(1);
    });
  },
  { env: { STAFF_ALERT_EMAILS: TEAM_EMAIL, STAFF_ALERT_MOBILES: TEAM_MOBILE } },
);
