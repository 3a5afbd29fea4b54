import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamps } from './timestamps';
import { enquiryTopics } from '@store/domain';

export { enquiryTopics };

/** new and in_progress are "open" in the console, closed is "answered". */
export const enquiryStatuses = ['new', 'in_progress', 'closed'] as const;

export const enquiries = pgTable(
  'enquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    email: text('email').notNull(),
    topic: text('topic', { enum: enquiryTopics }).notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: enquiryStatuses }).notNull().default('new'),
    pagePath: text('page_path'),
    /** The mobile number the enquiry is about (a product or number page), if any. */
    number: text('number'),
    /** The team's note on it (what was done, what is next). */
    staffNote: text('staff_note'),
    clientIp: text('client_ip'),
    /** The sender's Idempotency-Key, if given: a retry with it gets this enquiry back. */
    idempotencyKey: text('idempotency_key'),
    /** The fingerprint of the request that made it, to refuse the key with another body. */
    requestHash: text('request_hash'),
    ...timestamps,
  },
  (t) => [
    index('enquiries_status_idx').on(t.status, t.createdAt),
    uniqueIndex('enquiries_idempotency_key').on(t.idempotencyKey),
  ],
);

/** A reply the team sent to the enquirer by e-mail from the console. */
export const enquiryReplies = pgTable(
  'enquiry_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => users.id),
    /** The address it went to (the enquiry's, as it was then). */
    sentTo: text('sent_to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** The console's Idempotency-Key, if given: a retry with it is answered without a resend. */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('enquiry_replies_enquiry_idx').on(t.enquiryId, t.createdAt),
    uniqueIndex('enquiry_replies_idempotency_key').on(t.enquiryId, t.idempotencyKey),
  ],
);
