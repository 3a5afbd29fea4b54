import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A consent given or withdrawn (decision 0057): the store must be able to show when a person
 * agreed to what, under which privacy policy (DPDP Act 2023 s.6(10)). Rows are only added: the
 * account's flags say what holds now, these rows how it came to be.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['terms', 'whatsapp_updates', 'price_alerts'] }).notNull(),
    /** true: given; false: withdrawn. */
    given: boolean('given').notNull(),
    /** Where: registration, profile, saved_page, unsubscribe_link, favourite, saved_search. */
    source: text('source').notNull(),
    policyVersion: text('policy_version').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consent_records_user_idx').on(t.userId, t.kind, t.at)],
);
