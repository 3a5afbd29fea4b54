import { enquiryTopics, normalizeMobile, type EnquiryTopic } from '@store/domain';
import { z } from 'zod';
import { enquiryStatuses } from '../db/schema';
import { searchQuery } from '../http/paging';
import { absentWhenEmpty, emailField, mobileField, signedNameField } from '../users/user-schemas';

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
  name: signedNameField,
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
  number: absentWhenEmpty(
    z
      .string()
      .max(20, 'The number must be a 10-digit Indian mobile number.')
      .transform((value, ctx) => {
        const number = normalizeMobile(value.trim());
        if (!number) {
          ctx.addIssue({
            code: 'custom',
            message: 'The number must be a 10-digit Indian mobile number.',
          });
          return z.NEVER;
        }
        return number;
      }),
  ).describe('The mobile number the enquiry is about (from a number or product page)'),
  website: z
    .string()
    .max(2000)
    .optional()
    .describe('Leave empty. Anti-spam field that people never see.'),
});

export type EnquiryInput = z.output<typeof enquiryBody>;

export const enquiryCreatedSchema = z.object({
  id: z.string(),
  reference: z.string().describe('What the sender quotes to the team, e.g. ENQ-3F2A9C1B'),
});

const enquiryStates = ['open', 'answered'] as const;

/** An enquiry as the support console sees it. */
export const enquirySchema = z.object({
  id: z.string(),
  /** ENQ- and the start of the id: what the acknowledgement gave the sender to quote. */
  reference: z.string(),
  name: z.string(),
  mobile: z.string(),
  email: z.string(),
  topic: z.enum(enquiryTopics),
  message: z.string(),
  status: z.enum(enquiryStatuses),
  /** open (status new or in_progress) or answered (status closed). */
  state: z.enum(enquiryStates),
  pagePath: z.string().nullable(),
  /** The number it is about, if any. */
  number: z.string().nullable(),
  /** The team's note. */
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type EnquiryView = z.infer<typeof enquirySchema>;

/** A reply sent from the console by e-mail. */
const enquiryReplySchema = z.object({
  id: z.string(),
  sentTo: z.string(),
  subject: z.string(),
  text: z.string(),
  sentAt: z.string(),
  staff: z.object({ id: z.string(), name: z.string() }),
});

/** One enquiry with the replies sent to it. */
export const enquiryDetailSchema = enquirySchema.extend({ replies: z.array(enquiryReplySchema) });
export type EnquiryDetailView = z.infer<typeof enquiryDetailSchema>;

export const enquiryListQuery = z.object({
  status: z.enum(enquiryStatuses).optional(),
  state: z.enum(enquiryStates).optional().describe('open: new or in progress; answered: closed'),
  topic: z.enum(enquiryTopics).optional(),
  q: searchQuery(
    "Search: the reference the sender was given (ENQ-…, whole or its start), the sender's name (any part), e-mail (whole) or mobile (+91, 0 and spaces allowed), or the number an enquiry is about",
  ),
});

export const enquiryParams = z.object({ id: z.uuid('must be an enquiry id') });

/** PATCH /admin/enquiries/:id: a new status, the team's note (null or '' clears it), or both. */
/** A note as sent: trimmed, '' and null alike meaning none. */
const noteField = z
  .string()
  .trim()
  .max(2000, 'Please keep the note under 2000 characters.')
  .nullish()
  .transform((note) => (note === undefined ? undefined : note || null));

export const enquiryUpdateBody = z
  .object({
    status: z.enum(enquiryStatuses).optional(),
    note: noteField,
    noteSeen: noteField.describe(
      "The note as the caller's page showed it (null or '' for none). When another note was saved since, the note is not saved: 409 NOTE_CHANGED with the current note (note: text, by, at).",
    ),
  })
  .refine((body) => body.status !== undefined || body.note !== undefined, {
    message: 'Give a status, a note, or both.',
  });
export type EnquiryUpdate = z.output<typeof enquiryUpdateBody>;

/** POST /admin/enquiries/:id/replies: e-mailed to the enquirer. */
export const enquiryReplyBody = z.object({
  subject: absentWhenEmpty(
    z.string().trim().max(200, 'Please keep the subject under 200 characters.'),
  ),
  text: z
    .string({ error: 'Write the reply.' })
    .trim()
    .min(2, 'Write the reply.')
    .max(5000, 'Please keep the reply under 5000 characters.'),
  repliesSeen: z
    .int()
    .min(0)
    .optional()
    .describe(
      "How many replies the caller's page showed. When more have been sent since (another agent answered), nothing is sent: 409 ALREADY_REPLIED with the replies not seen (replies).",
    ),
  statusSeen: z
    .enum(enquiryStatuses)
    .optional()
    .describe(
      "The status the caller's page showed. When another agent has marked the enquiry answered (closed) since, nothing is sent: 409 ALREADY_ANSWERED, naming who and when (answered).",
    ),
  sendAnyway: z
    .boolean()
    .optional()
    .describe(
      'true: send even though other replies were sent, or the enquiry was marked answered, since (the agent was told and chose to)',
    ),
});
export type EnquiryReplyInput = z.output<typeof enquiryReplyBody>;
