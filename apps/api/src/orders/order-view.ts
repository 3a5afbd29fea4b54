import { findCategory, toRupees } from '@store/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config/config';
import type { Database, Db } from '../db/database';
import { orderEvents, orderItems, orderStatuses, users } from '../db/schema';
import { displayNumber } from '../catalog/number-item';
import { paymentProvider, type OrderRow, type PaymentDetails } from '../payments/payment-provider';
import { portingSteps } from './order-messages';
import { statusLabels, type OrderStatus } from './order-timeline';
import { paymentStatuses, type PaymentStatus } from '@store/domain';

/** The buyer's details as they were at checkout (orders.billing). */
export interface Billing {
  name: string;
  email: string;
  mobile: string;
  accountType: 'Individual' | 'Corporate';
  companyName: string | null;
  gstinNo: string | null;
  address: {
    line1: string;
    line2: string | null;
    city: string;
    state: string;
    pinCode: string;
  } | null;
}

const rupees = z.number().describe('Rupees, at most two decimals');

export const orderItemSchema = z.object({
  numberId: z.number().int(),
  number: z.string(),
  display: z.string(),
  category: z.object({ slug: z.string(), name: z.string() }),
  price: rupees.describe('What the buyer pays for this number before tax, in rupees'),
  basePrice: rupees.describe('The list price at checkout, in rupees'),
});

export const orderAmountsSchema = z.object({
  subtotal: rupees,
  tdsPercent: z.number(),
  tdsDeducted: rupees,
  taxable: rupees,
  taxPercent: z.number(),
  cgstPercent: z.number(),
  cgstAmount: rupees,
  sgstPercent: z.number(),
  sgstAmount: rupees,
  totalAmount: rupees,
});

export const billingSchema = z.object({
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  accountType: z.enum(['Individual', 'Corporate']),
  companyName: z.string().nullable(),
  gstinNo: z.string().nullable(),
  address: z
    .object({
      line1: z.string(),
      line2: z.string().nullable(),
      city: z.string(),
      state: z.string(),
      pinCode: z.string(),
    })
    .nullable(),
});

export const orderPaymentSchema = z.object({
  provider: z.string().describe('manual or razorpay'),
  status: z
    .enum(paymentStatuses)
    .describe(
      'pending (hold live), expired (hold lapsed, unpaid), paid, cancelled (unpaid), refund_due, refunded',
    ),
  paymentReference: z.string().nullable().describe('The UPI/bank or Razorpay payment reference'),
  instructions: z
    .object({
      upiId: z.string(),
      bankDetails: z.string(),
      reference: z.string().describe('Quote this with the transfer'),
      amount: rupees,
    })
    .optional()
    .describe('manual: how to pay; only while the order awaits payment'),
  razorpay: z
    .object({
      keyId: z.string(),
      orderId: z.string(),
      amount: z.number().int().describe('paise'),
      currency: z.literal('INR'),
      name: z.string(),
      description: z.string(),
    })
    .nullable()
    .optional()
    .describe('razorpay: options for the checkout script; null until the Razorpay order exists'),
});

export const timelineEntrySchema = z.object({
  status: z.enum(orderStatuses),
  label: z.string(),
  note: z.string().nullable(),
  at: z.string().describe('ISO time'),
  by: z.string().nullable().describe('The staff member who recorded the step'),
});

export const orderSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(orderStatuses),
  statusLabel: z.string(),
  items: z.array(orderItemSchema),
  amounts: orderAmountsSchema,
  billing: billingSchema,
  holdExpiresAt: z.string().describe('When the hold on the numbers ends unless paid (ISO time)'),
  payment: orderPaymentSchema,
  timeline: z.array(timelineEntrySchema),
  needsRefund: z.boolean(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  nextSteps: z.array(z.string()).describe('What happens after payment (porting, domain.md §4)'),
});

export const staffOrderSchema = orderSchema.extend({
  buyer: z.object({ id: z.string(), name: z.string(), email: z.string(), mobile: z.string() }),
  attribution: z.record(z.string(), z.unknown()).nullable(),
  providerOrderId: z.string().nullable(),
});

export type OrderView = z.infer<typeof orderSchema>;
export type StaffOrderView = z.infer<typeof staffOrderSchema>;

type OrderItemRow = typeof orderItems.$inferSelect;
interface TimelineRow {
  orderId: string;
  status: OrderStatus;
  note: string | null;
  createdAt: Date;
  staffName: string | null;
}

export function paymentStatus(order: OrderRow, now: Date = new Date()): PaymentStatus {
  switch (order.status) {
    case 'pending_payment':
      return order.holdExpiresAt.getTime() > now.getTime() ? 'pending' : 'expired';
    case 'refunded':
      return 'refunded';
    case 'cancelled':
      if (order.needsRefund) return 'refund_due';
      return order.paidAt ? 'refunded' : 'cancelled';
    default:
      // A live order stays paid even when a further payment for it is due back (needsRefund,
      // which staff see, with the event naming that payment): the order itself goes on.
      return 'paid';
  }
}

/** Percent from basis points (1800 -> 18, 10 -> 0.1). */
const percent = (basisPoints: number) => basisPoints / 100;

export function orderAmounts(order: OrderRow) {
  const taxPercent = percent(order.taxBasisPoints);
  return {
    subtotal: toRupees(order.subtotal),
    tdsPercent: percent(order.tdsBasisPoints),
    tdsDeducted: toRupees(order.tdsDeducted),
    taxable: toRupees(order.taxable),
    taxPercent,
    cgstPercent: taxPercent / 2,
    cgstAmount: toRupees(order.cgstAmount),
    sgstPercent: taxPercent / 2,
    sgstAmount: toRupees(order.sgstAmount),
    totalAmount: toRupees(order.totalAmount),
  };
}

export function toOrderItem(item: OrderItemRow) {
  return {
    numberId: item.numberId,
    number: item.number,
    display: displayNumber(item.number),
    category: { slug: item.category, name: findCategory(item.category)?.name ?? item.category },
    price: toRupees(item.price),
    basePrice: toRupees(item.basePrice),
  };
}

export function toOrderView(
  order: OrderRow,
  items: readonly OrderItemRow[],
  timeline: readonly TimelineRow[],
  details: PaymentDetails,
  now: Date = new Date(),
): OrderView {
  const status = paymentStatus(order, now);
  const payable = status === 'pending';
  return {
    id: order.id,
    reference: order.reference,
    status: order.status,
    statusLabel: statusLabels[order.status],
    items: items.map(toOrderItem),
    amounts: orderAmounts(order),
    billing: order.billing as Billing,
    holdExpiresAt: order.holdExpiresAt.toISOString(),
    payment: {
      provider: order.paymentProvider,
      status,
      paymentReference: order.paymentReference,
      ...(payable && details.instructions ? { instructions: details.instructions } : {}),
      ...(payable && details.razorpay !== undefined ? { razorpay: details.razorpay } : {}),
    },
    timeline: timeline.map((event) => ({
      status: event.status,
      label: statusLabels[event.status],
      note: event.note,
      at: event.createdAt.toISOString(),
      by: event.staffName,
    })),
    needsRefund: order.needsRefund,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt ? order.paidAt.toISOString() : null,
    nextSteps: portingSteps(order.paymentProvider),
  };
}

export interface OrderViewDeps {
  config: Config;
  database: Database;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * The API view of orders, items and timelines read in three queries. With `createPayment`,
 * a payable order's provider-side payment is created when it is still missing (the retry path
 * of a Razorpay order that could not be created at checkout); otherwise nothing is fetched.
 */
export async function orderViews(
  deps: OrderViewDeps,
  rows: readonly OrderRow[],
  options: { createPayment?: boolean } = {},
): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const db = deps.database.db;
  const ids = rows.map((row) => row.id);
  const [items, events] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.numberId)),
    timelineRows(db, ids),
  ]);
  const now = new Date();
  const views: OrderView[] = [];
  for (const order of rows) {
    const details = await paymentDetails(deps, order, now, options.createPayment ?? false);
    views.push(
      toOrderView(
        order,
        items.filter((item) => item.orderId === order.id),
        events.filter((event) => event.orderId === order.id),
        details,
        now,
      ),
    );
  }
  return views;
}

export async function orderView(
  deps: OrderViewDeps,
  order: OrderRow,
  options: { createPayment?: boolean } = {},
): Promise<OrderView> {
  const [view] = await orderViews(deps, [order], options);
  return view!;
}

function timelineRows(db: Db, orderIds: string[]): Promise<TimelineRow[]> {
  return db
    .select({
      orderId: orderEvents.orderId,
      status: orderEvents.status,
      note: orderEvents.note,
      createdAt: orderEvents.createdAt,
      staffName: users.name,
    })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.staffUserId))
    .where(inArray(orderEvents.orderId, orderIds))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}

/** Payment details for a payable order; never throws (a provider failure is logged). */
export async function paymentDetails(
  deps: OrderViewDeps,
  order: OrderRow,
  now: Date,
  create: boolean,
): Promise<PaymentDetails> {
  if (paymentStatus(order, now) !== 'pending') return {};
  const provider = paymentProvider(deps, order.paymentProvider);
  if (!create) return provider.describePayment(order);
  try {
    return await provider.createPayment(order);
  } catch (error) {
    deps.log.error(
      { err: error, orderId: order.id },
      'payment provider failed; the order stays pending and the next read retries',
    );
    return provider.describePayment(order);
  }
}
