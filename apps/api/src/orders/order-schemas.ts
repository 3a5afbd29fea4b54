import { orderStatuses, paymentStatuses } from '@store/domain';
import { z } from 'zod';
import { pageQuery } from '../http/paging';
import { apiAddressSchema, apiUserSchema } from '../users/user-schemas';

const rupees = z.number().describe('Rupees, at most two decimals');

const orderItemSchema = z.object({
  numberId: z.number().int(),
  number: z.string(),
  display: z.string(),
  category: z.object({ slug: z.string(), name: z.string() }),
  price: rupees.describe('What the buyer pays for this number before tax, in rupees'),
  basePrice: rupees.describe('The list price at checkout, in rupees'),
});

const orderAmountsSchema = z.object({
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

const billingSchema = apiUserSchema
  .pick({
    name: true,
    email: true,
    mobile: true,
    accountType: true,
    companyName: true,
    gstinNo: true,
  })
  .extend({ address: apiAddressSchema.nullable() });

const orderPaymentSchema = z.object({
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

const timelineEntrySchema = z.object({
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

/** An order id in a path; anything that is not one of ours is answered 404. */
export const orderParams = z.object({ id: z.string().max(100) });

/** GET /orders: a page of the buyer's orders. */
export const buyerOrderListQuery = z.object(pageQuery(20, 50));

/** Razorpay checkout's callback, as the browser posts it. */
export const razorpayCallbackBody = z.object({
  razorpay_order_id: z.string().min(1).max(100),
  razorpay_payment_id: z.string().min(1).max(100),
  razorpay_signature: z.string().min(1).max(200),
});

/** GET /admin/orders: the support console's filters (the page comes on top). */
export const staffOrderListQuery = z.object({
  status: z.enum(orderStatuses).optional(),
  needsRefund: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

/** POST /admin/orders/{id}/payments: a UPI or bank transfer support received. */
export const manualPaymentBody = z.object({
  reference: z.string().trim().min(3, 'must be the UPI or bank transfer reference').max(100),
});

/** POST /admin/orders/{id}/events: a step on the porting timeline. */
export const orderStepBody = z.object({
  status: z.enum(orderStatuses),
  note: z.string().trim().max(1000).optional(),
});
