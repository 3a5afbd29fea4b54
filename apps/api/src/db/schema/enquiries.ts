import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './timestamps';
import { enquiryTopics } from '@store/domain';

export { enquiryTopics };

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
    clientIp: text('client_ip'),
    ...timestamps,
  },
  (t) => [index('enquiries_status_idx').on(t.status, t.createdAt)],
);
