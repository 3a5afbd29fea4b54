import { z } from 'zod';

const count = z.number().int();
const sales = z.object({
  orders: count.describe('Orders paid in the period and not cancelled or refunded since'),
  revenue: z.number().describe('What those orders were paid, GST included, in rupees'),
});
const statusCounts = {
  available: count,
  reserved: count,
  sold: count,
  hidden: count,
  comingSoon: count.describe('Listed with Notify me, not for sale yet'),
  total: count,
};

/** GET /admin/dashboard: every figure of the console's first page in one answer. */
export const dashboardSchema = z.object({
  timeZone: z.literal('Asia/Kolkata').describe('Days and months are counted in this time zone'),
  today: z.string().describe("Today's date in India, YYYY-MM-DD"),
  sales: z.object({ today: sales, thisMonth: sales, lastMonth: sales }),
  daily: z
    .array(sales.extend({ date: z.string() }))
    .describe('The last 30 days in India, oldest first, today last'),
  waiting: z
    .object({
      awaitingPayment: count.describe(
        "Awaiting the buyer's payment (none submitted) with the hold still live",
      ),
      paymentsToCheck: count.describe(
        'A payment the buyer submitted (a UTR) for staff to check: confirm or reject it',
      ),
      paid: count.describe('Paid, the UPC code not yet sent'),
      upcSent: count,
      porting: count.describe('Porting in progress'),
      needsRefund: count.describe('Money to give back, whatever the step'),
    })
    .describe('Orders waiting at each step now'),
  overdue: z
    .object({
      any: count.describe('Orders with a number past any porting promise'),
      upc_late: count.describe('Orders with a number paid over 24 h ago and no UPC sent'),
      upc_expired: count.describe('Orders with a number whose UPC expired before porting started'),
      porting_slow: count.describe(
        'Orders with a number porting longer than 5 working days, Monday to Saturday (15 days in J&K, Assam and the North-East)',
      ),
    })
    .describe(
      'Porting overdue now (decision 0107): the list is GET /admin/orders?overdue=<reason or any>',
    ),
  enquiries: z.object({ open: count.describe('New or in progress') }),
  messages: z.object({
    undelivered: count.describe('Messages the store gave up sending, for support (decision 0087)'),
  }),
  inventory: z.object({
    categories: z.array(z.object({ category: z.string(), name: z.string(), ...statusCounts })),
    totals: z.object(statusCounts),
    relistable: count.describe(
      'Of the sold numbers, those whose sale was undone (refunded, or cancelled after payment) before a UPC went out: staff may put them back on sale',
    ),
  }),
});

/** GET /admin/counts: what the console's navigation shows beside its areas. */
export const consoleCountsSchema = z.object({
  orders: count.describe(
    'Orders whose next step is the team’s: a submitted payment to check, paid (UPC to send) or to refund',
  ),
  enquiries: count.describe('Open enquiries (new or in progress)'),
});
