import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { orders, refunds } from '../db/schema';
import { paymentToCheckSql } from './order-store';

/**
 * Figures of orders for the console's dashboard and navigation (docs/decisions/0012). Days and
 * months are India's (Asia/Kolkata). A sale is an order paid in the period (by paid_at) that was
 * not cancelled or refunded afterwards; its revenue is what the buyer paid (total_amount, GST
 * included, TDS deducted) less what was paid back of it for numbers refunded alone (decision
 * 0039), in paise, counted on the day it was paid.
 */

const INDIA = sql.raw(`'Asia/Kolkata'`);
const isSale = sql`${orders.paidAt} is not null and ${orders.status} not in ('cancelled', 'refunded')`;
const paidLocal = sql`(${orders.paidAt} at time zone ${INDIA})`;
/** What the sale kept: its total less the numbers refunded alone. */
const keptPaise = sql`(${orders.totalAmount} - coalesce((select sum(r.amount) from ${refunds} r
  where r.order_id = ${orders.id} and r.number_id is not null and r.status = 'done'), 0))`;

interface SalesFigure {
  orders: number;
  revenuePaise: number;
}

export interface SalesFigures {
  today: SalesFigure;
  thisMonth: SalesFigure;
  lastMonth: SalesFigure;
  /** The last 30 days in India, oldest first, today last; days without sales have zeros. */
  daily: (SalesFigure & { date: string })[];
}

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Sales today, this month, last month and on each of the last 30 days, as at `now`. */
export async function salesFigures(db: Db, now: Date): Promise<SalesFigures> {
  // India's wall clock at `now`, and the starts of its day and month.
  const bounds = sql`(select date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${INDIA}) as today,
    date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${INDIA}) as month) as b`;
  const within = (from: string, to: string) => sql.raw(`p.local >= ${from} and p.local < ${to}`);
  const periods = [
    ['today', within('b.today', "b.today + interval '1 day'")],
    ['month', within('b.month', "b.month + interval '1 month'")],
    ['last', within("b.month - interval '1 month'", 'b.month')],
  ] as const;
  const [totals] = await rowsOf<Record<string, string | number>>(
    db,
    sql`select ${sql.join(
      periods.map(
        ([name, where]) =>
          sql`count(p.local) filter (where ${where})::int as ${sql.raw(`${name}_orders`)},
          coalesce(sum(p.paise) filter (where ${where}), 0)::bigint as ${sql.raw(`${name}_paise`)}`,
      ),
      sql`, `,
    )}
    from ${bounds}
    left join lateral (
      select ${keptPaise} as paise, ${paidLocal} as local from ${orders}
      where ${isSale} and ${paidLocal} >= b.month - interval '1 month'
    ) p on true`,
  );
  const daily = await rowsOf<{ date: string; orders: number; paise: string }>(
    db,
    sql`with s as (
      select date_trunc('day', ${paidLocal}) as day, count(*)::int as orders,
        sum(${keptPaise})::bigint as paise
      from ${orders}, ${bounds}
      where ${isSale} and ${paidLocal} >= b.today - interval '29 days'
        and ${paidLocal} < b.today + interval '1 day'
      group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(s.orders, 0) as orders,
      coalesce(s.paise, 0) as paise
    from ${bounds}
    cross join generate_series(b.today - interval '29 days', b.today, interval '1 day') as d(day)
    left join s on s.day = d.day
    order by d.day`,
  );
  const figure = (name: string): SalesFigure => ({
    orders: Number(totals?.[`${name}_orders`] ?? 0),
    revenuePaise: Number(totals?.[`${name}_paise`] ?? 0),
  });
  return {
    today: figure('today'),
    thisMonth: figure('month'),
    lastMonth: figure('last'),
    daily: daily.map((day) => ({
      date: day.date,
      orders: day.orders,
      revenuePaise: Number(day.paise),
    })),
  };
}

/**
 * Orders waiting at each step of the timeline now; needsRefund counts across steps. A payment
 * the buyer submitted is counted apart from the orders still awaiting the buyer's payment.
 */
export async function ordersWaiting(db: Db) {
  const [row] = await db
    .select({
      awaitingPayment: sql<number>`count(*) filter (where ${orders.status} = 'pending_payment' and ${orders.paymentSubmittedAt} is null and ${orders.holdExpiresAt} > now())::int`,
      paymentsToCheck: sql<number>`count(*) filter (where ${paymentToCheckSql})::int`,
      paid: sql<number>`count(*) filter (where ${orders.status} = 'paid')::int`,
      upcSent: sql<number>`count(*) filter (where ${orders.status} = 'upc_sent')::int`,
      porting: sql<number>`count(*) filter (where ${orders.status} = 'porting_in_progress')::int`,
      needsRefund: sql<number>`count(*) filter (where ${orders.needsRefund})::int`,
    })
    .from(orders);
  return row!;
}
