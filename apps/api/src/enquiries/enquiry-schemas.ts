import { enquiryTopics, type EnquiryTopic } from '@store/domain';
import { z } from 'zod';
import { enquiryStatuses } from '../db/schema';
import { emailField, mobileField, nameField } from '../users/user-schemas';

/** How each topic is named in e-mails. */
export const topicLabels: Record<EnquiryTopic, string> = {
  general: 'a general question',
  'vip-number': 'a VIP number',
  'smart-ivr': 'Smart IVR',
  'sms-solutions': 'SMS solutions',
  whatsapp: 'the WhatsApp Business API',
  career: 'a job application',
};

export const ENQUIRY_RECEIVED_MESSAGE = 'Thank you! We will get back to you shortly.';

/** users/user-schemas.ts's, with a length limit first: the form is open to anyone. */
const enquiryMobileField = z
  .string({ error: 'Enter your mobile number.' })
  .max(20, 'Enter a valid 10-digit Indian mobile number.')
  .pipe(mobileField);

const messageField = z
  .string({ error: 'Enter your message.' })
  .trim()
  .min(10, 'Please write a little more: at least 10 characters.')
  .max(3000, 'Please keep your message under 3000 characters.');

/** POST /enquiries. `website` is a honeypot: people never see it, so it stays empty. */
export const enquiryBody = z.object({
  name: nameField,
  mobile: enquiryMobileField,
  email: emailField,
  topic: z.enum(enquiryTopics, {
    error: `Choose a topic: ${enquiryTopics.join(', ')}.`,
  }),
  message: messageField,
  /** The page the form was sent from, e.g. '/products/smart-ivr'. */
  pagePath: z
    .string()
    .trim()
    .max(300)
    .regex(/^\/[^\s]*$/, 'must be a path starting with /')
    .optional()
    .describe('The page the form was sent from'),
  website: z
    .string()
    .max(2000)
    .optional()
    .describe('Leave empty. Anti-spam field that people never see.'),
});

export type EnquiryInput = z.output<typeof enquiryBody>;

export const enquiryCreatedSchema = z.object({ id: z.string() });

/** An enquiry as the support console sees it. */
export const enquirySchema = z.object({
  id: z.string(),
  name: z.string(),
  mobile: z.string(),
  email: z.string(),
  topic: z.enum(enquiryTopics),
  message: z.string(),
  status: z.enum(enquiryStatuses),
  pagePath: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type EnquiryView = z.infer<typeof enquirySchema>;

export const enquiryListQuery = z.object({
  status: z.enum(enquiryStatuses).optional(),
  topic: z.enum(enquiryTopics).optional(),
});

export const enquiryParams = z.object({ id: z.uuid('must be an enquiry id') });
export const enquiryStatusBody = z.object({ status: z.enum(enquiryStatuses) });
