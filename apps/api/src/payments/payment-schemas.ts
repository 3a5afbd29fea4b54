import { z } from 'zod';
import { paymentRecordStatuses, refundStatuses } from '../db/schema';

export const webhookAnswer = z.object({
  received: z.literal(true),
  duplicate: z.boolean().describe('This event id was handled before: nothing changed'),
  handled: z
    .boolean()
    .describe(
      'The event was applied to an order: marked it paid (or found it paid), or flagged it for refund (wrong amount, a further payment)',
    ),
});

const rupees = z.number().describe('Rupees, at most two decimals');

const refundSchema = z.object({
  id: z.string(),
  method: z
    .enum(['razorpay', 'manual'])
    .describe("razorpay: through Razorpay's refund API; manual: paid back by staff (bank, UPI)"),
  amount: rupees,
  numberId: z
    .number()
    .int()
    .nullable()
    .describe(
      "The number of the order this refund paid back alone (its share); null: the payment's refund",
    ),
  reason: z.string(),
  status: z
    .enum(refundStatuses)
    .describe('requested: sent to Razorpay, no answer yet (asking again resumes it); done; failed'),
  providerRefundId: z.string().nullable().describe("Razorpay's refund id (rfnd_...)"),
  reference: z
    .string()
    .nullable()
    .describe(
      "The refund's reference: Razorpay's refund id, or the UTR / bank reference staff gave for a manual refund (null until given)",
    ),
  failure: z.string().nullable().describe('Why Razorpay refused it, when it did'),
  by: z.string().describe('The staff member who made the refund; "System" for an automatic one'),
  at: z.string().describe('ISO time it was asked for'),
  completedAt: z.string().nullable(),
});

/** One payment of an order, as the console shows it. */
export const paymentRecordSchema = z.object({
  id: z.string(),
  provider: z.string().describe('manual (UPI / bank transfer) or razorpay'),
  reference: z.string().describe('The UTR / bank reference, or the Razorpay payment id'),
  amount: rupees,
  status: z
    .enum(paymentRecordStatuses)
    .describe('confirmed: money received; submitted: claimed by the buyer, to be checked'),
  applied: z.boolean().describe('This payment pays for the order'),
  dueBack: z
    .boolean()
    .describe(
      'Received but not paying for the order (late, wrong amount, further, or the order was cancelled) and not yet refunded',
    ),
  refundable: z.boolean().describe('Received and not refunded as a whole (nor being refunded)'),
  confirmedBy: z.string().nullable().describe('The staff member who confirmed a manual payment'),
  at: z.string().describe('ISO time it was received or confirmed'),
  refunds: z.array(refundSchema),
});

export type PaymentRecordView = z.infer<typeof paymentRecordSchema>;

/** A text field of an event: anything else (another type, a NUL character) counts as absent. */
const eventText = z
  .string()
  .max(200)
  .refine((value) => !value.includes('\0'))
  .optional()
  .catch(undefined);

const eventEntity = z
  .object({
    id: eventText,
    order_id: eventText,
    amount: z.number().int().nonnegative().optional().catch(undefined),
    status: eventText,
  })
  .optional()
  .catch(undefined);

const eventPart = z.object({ entity: eventEntity }).optional().catch(undefined);

/**
 * The fields of a Razorpay webhook event the store reads. The body must be a JSON object; a
 * field of an unexpected shape counts as absent (the event is then recorded, not applied).
 */
export const razorpayEventSchema = z.object({
  event: eventText,
  payload: z.object({ payment: eventPart, order: eventPart }).optional().catch(undefined),
});

export type RazorpayEvent = z.output<typeof razorpayEventSchema>;
