import { z } from 'zod';

export const webhookAnswer = z.object({
  received: z.literal(true),
  duplicate: z.boolean().describe('This event id was handled before: nothing changed'),
  handled: z
    .boolean()
    .describe(
      'The event was applied to an order: marked it paid (or found it paid), or flagged it for refund (wrong amount, a further payment)',
    ),
});

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
