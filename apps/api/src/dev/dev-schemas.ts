import { z } from 'zod';

const outboxMessage = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms', 'whatsapp']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable().describe("An e-mail's HTML part, as sent; null for SMS and WhatsApp"),
  otp: z.string().nullable(),
  attachments: z.array(z.string()).describe('The names of the files an e-mail carried'),
  createdAt: z.string(),
});

export const outboxQuery = z.object({
  to: z.string().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const outboxSchema = z.object({ messages: z.array(outboxMessage) });
