import { orderStatuses, paymentStatuses } from '@store/domain';
import { z } from 'zod';

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

/** An order id in a path; anything that is not one of ours is answered 404. */
export const orderParams = z.object({ id: z.string().max(100) });
