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
