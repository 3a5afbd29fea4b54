import { classify } from '@store/domain';
import { expect, it } from 'vitest';
import { insertTestNumbers } from '../../test-support/numbers';
import { insertOrders, sendEnquiry } from '../../test-support/console-fixtures';
import { staffMember } from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

describeEachDatabase('the dashboard and the navigation counts', (ctx) => {
  it('counts sales by India’s days and months, at the edges of each', async () => {
    const { app } = ctx();
    await insertOrders(app, [
      // Midnight in India, 1 April: today and this month.
      { status: 'paid', rupees: 1000, paidAt: '2026-03-31T18:30:00Z' },
      // A second earlier, 31 March 23:59:59 in India: last month.
      { status: 'completed', rupees: 2000, paidAt: '2026-03-31T18:29:59Z' },
      // 1 March 00:00 in India: last month, but more than 30 days ago.
      { status: 'ported', rupees: 4000, paidAt: '2026-02-28T18:30:00Z' },
      // 28 February 23:59:59 in India: neither.
      { status: 'completed', rupees: 8000, paidAt: '2026-02-28T18:29:59Z' },
      // Paid today but cancelled for a refund, or refunded: no sale.
      { status: 'cancelled', rupees: 16000, paidAt: '2026-04-01T09:00:00Z', needsRefund: true },
      { status: 'refunded', rupees: 32000, paidAt: '2026-04-01T09:00:00Z' },
      // Not paid: no sale.
      { status: 'pending_payment', rupees: 64000 },
      // Later steps of today's sales still count; paise are kept.
      { status: 'upc_sent', rupees: 500.5, paidAt: '2026-04-01T09:30:00Z' },
      { status: 'paid', rupees: 64, paidAt: '2026-04-01T18:29:59Z', needsRefund: true },
      // 2 April 00:00 in India: this month, not today.
      { status: 'paid', rupees: 128, paidAt: '2026-04-01T18:30:00Z' },
    ]);
    // 15:30 on 1 April 2026 in India.
    const { sales } = await app.services.orders.dashboardFigures(new Date('2026-04-01T10:00:00Z'));
    expect(sales.today).toEqual({ orders: 3, revenuePaise: 156450 });
    expect(sales.thisMonth).toEqual({ orders: 4, revenuePaise: 169250 });
    expect(sales.lastMonth).toEqual({ orders: 2, revenuePaise: 600000 });
    expect(sales.daily).toHaveLength(30);
    expect(sales.daily[0]!.date).toBe('2026-03-03');
    expect(sales.daily.at(-1)).toEqual({ date: '2026-04-01', orders: 3, revenuePaise: 156450 });
    expect(sales.daily.at(-2)).toEqual({ date: '2026-03-31', orders: 1, revenuePaise: 200000 });
    expect(
      sales.daily.slice(0, -2).every((day) => day.orders === 0 && day.revenuePaise === 0),
    ).toBe(true);
  });

  it('takes last month across the new year, in India’s time', async () => {
    const { app } = ctx();
    await insertOrders(app, [
      { status: 'paid', rupees: 100, paidAt: '2026-12-31T18:29:59Z' },
      { status: 'paid', rupees: 200, paidAt: '2026-12-31T18:30:00Z' },
      { status: 'paid', rupees: 400, paidAt: '2026-11-30T18:30:00Z' },
      { status: 'paid', rupees: 800, paidAt: '2026-11-30T18:29:59Z' },
    ]);
    // 05:30 on 1 January 2027 in India, still 31 December in UTC.
    const { sales } = await app.services.orders.dashboardFigures(new Date('2027-01-01T00:00:00Z'));
    expect(sales.today).toEqual({ orders: 1, revenuePaise: 20000 });
    expect(sales.thisMonth).toEqual({ orders: 1, revenuePaise: 20000 });
    expect(sales.lastMonth).toEqual({ orders: 2, revenuePaise: 50000 });
    expect(sales.daily.map((day) => day.date).slice(-2)).toEqual(['2026-12-31', '2027-01-01']);
  });

  it('answers every figure of the dashboard in one call, money in rupees', async () => {
    const { app } = ctx();
    const soon = new Date(Date.now() + 60_000);
    await insertTestNumbers(app, [
      { number: '9876598765', basePrice: 50_000 },
      { number: '9786012345', basePrice: 1_50_000 },
      { number: '9898701234', basePrice: 9_000, status: 'sold' },
      // Sold, then its order cancelled after payment before a UPC went out: it may go back on sale.
      { number: '9898705678', basePrice: 9_000, status: 'sold' },
      { number: '9512120345', basePrice: 9_500, status: 'hidden' },
      { number: '9000078600', basePrice: 7_000, status: 'coming_soon' },
      { number: '9811223344', basePrice: 5_000, status: 'reserved', reservedUntil: soon },
      // A lapsed hold is available again.
      {
        number: '9876543210',
        basePrice: 8_000,
        status: 'reserved',
        reservedUntil: new Date(Date.now() - 60_000),
      },
    ]);
    const orderIds = await insertOrders(app, [
      { status: 'pending_payment' },
      { status: 'pending_payment', holdMinutes: -5 },
      { status: 'pending_payment', paymentSubmitted: true },
      { status: 'pending_payment', paymentSubmitted: true, holdMinutes: 600 },
      { status: 'paid', rupees: 1180.5, paidAt: new Date() },
      { status: 'paid', paidAt: '2020-01-01T00:00:00Z', needsRefund: true },
      { status: 'upc_sent', paidAt: '2020-01-01T00:00:00Z' },
      { status: 'porting_in_progress', paidAt: '2020-01-01T00:00:00Z' },
      { status: 'cancelled', paidAt: '2020-01-01T00:00:00Z', needsRefund: true },
      { status: 'completed', paidAt: '2020-01-01T00:00:00Z' },
    ]);
    // Sold by the completed order; sold by the order cancelled after payment.
    for (const [number, orderId] of [
      ['9898701234', orderIds[9]],
      ['9898705678', orderIds[8]],
    ]) {
      await app.database.query(`update numbers set order_id = $1 where number = $2`, [
        orderId,
        number,
      ]);
    }
    await sendEnquiry(app);
    // The enquiry's own messages were sent; one more message the store gave up on.
    await app.database.query(
      `insert into outbox (message, attempts, failed_at) values ($1, 8, now())`,
      [JSON.stringify({ channel: 'email', to: 'a@example.com', subject: 'Paid', text: 'x' })],
    );

    const staff = await staffMember(app);
    const res = await staff.client.get(api('/admin/dashboard'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data;
    const indiaToday = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    expect(data.timeZone).toBe('Asia/Kolkata');
    expect(data.today).toBe(indiaToday);
    expect(data.sales.today).toEqual({ orders: 1, revenue: 1180.5 });
    expect(data.daily).toHaveLength(30);
    expect(data.daily.at(-1)).toEqual({ date: indiaToday, orders: 1, revenue: 1180.5 });
    expect(data.waiting).toEqual({
      awaitingPayment: 1,
      paymentsToCheck: 2,
      paid: 2,
      upcSent: 1,
      porting: 1,
      needsRefund: 2,
    });
    expect(data.enquiries).toEqual({ open: 1 });
    expect(data.messages).toEqual({ undelivered: 1 });
    expect(data.inventory.totals).toEqual({
      available: 3,
      reserved: 1,
      sold: 2,
      hidden: 1,
      comingSoon: 1,
      total: 8,
    });
    // One of the two sold numbers was never the buyer's to keep.
    expect(data.inventory.relistable).toBe(1);
    const mirror = classify('9876598765').category;
    const row = data.inventory.categories.find((c: { category: string }) => c.category === mirror);
    expect(row.name).not.toBe(mirror);
    const sum = (key: string) =>
      data.inventory.categories.reduce((n: number, c: Record<string, number>) => n + c[key]!, 0);
    expect(['available', 'reserved', 'sold', 'hidden', 'comingSoon', 'total'].map(sum)).toEqual([
      3, 1, 2, 1, 1, 8,
    ]);
  });

  it('counts orders needing the team and open enquiries for the navigation', async () => {
    const { app } = ctx();
    await insertOrders(app, [
      { status: 'pending_payment' },
      // A payment the buyer submitted waits for staff to check it.
      { status: 'pending_payment', paymentSubmitted: true },
      { status: 'paid', paidAt: new Date() },
      { status: 'paid', paidAt: new Date(), needsRefund: true },
      { status: 'upc_sent', paidAt: new Date() },
      { status: 'cancelled', paidAt: new Date(), needsRefund: true },
      { status: 'refunded', paidAt: new Date() },
    ]);
    const staff = await staffMember(app);
    const counts = await staff.client.get(api('/admin/counts'));
    expect(counts.statusCode).toBe(200);
    expect(counts.headers['cache-control']).toBe('no-store');
    expect(counts.json().data).toEqual({ orders: 4, enquiries: 0 });
  });
});
