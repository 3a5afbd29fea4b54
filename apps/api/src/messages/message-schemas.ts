import { z } from 'zod';
import { pageQuery } from '../http/paging';
import { wholeNumber } from '../http/query-numbers';

/** GET /admin/undelivered-messages: a page of 25 by default. */
export const undeliveredListQuery = z.object(pageQuery(25, 100));

/** The id of a message in the outbox, as the console's paths give it. */
export const undeliveredParams = z.object({
  id: wholeNumber(1, Number.MAX_SAFE_INTEGER, 'must be a message id').describe('The message’s id'),
});

/** One message the store gave up on, as support sees it (decision 0087). */
export const undeliveredMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms', 'whatsapp']),
  to: z.string().describe('The address or mobile it was last sent to'),
  about: z
    .string()
    .describe(
      "An e-mail's subject; an SMS's or WhatsApp message's kind in words (never its text, which may carry a UPC or a code)",
    ),
  order: z
    .object({ id: z.uuid(), reference: z.string() })
    .nullable()
    .describe('The order the message was about, when it was about one'),
  followsAccount: z
    .boolean()
    .describe("Sent again to the account's e-mail or mobile as they are then"),
  attempts: z.number().int(),
  createdAt: z.string(),
  failedAt: z.string().describe('When the store gave it up'),
  lastError: z
    .string()
    .nullable()
    .describe("The provider's last refusal, one line of at most 300 characters"),
});

/** POST /admin/undelivered-messages/{id}/send-again: where the message is once tried again. */
export const sendAgainSchema = z.object({
  id: z.number().int(),
  status: z
    .enum(['sent', 'waiting', 'failed'])
    .describe(
      'sent; waiting: refused again, retried with back-off by the outbox; failed: refused for good again',
    ),
  to: z.string().describe('Where it was sent: the account’s contact now when it follows one'),
  lastError: z.string().nullable(),
});

/** DELETE /admin/undelivered-messages/{id}: the message dismissed. */
export const dismissedSchema = z.object({ id: z.number().int() });
