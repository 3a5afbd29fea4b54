import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { numbers } from './catalog';

/**
 * A number a buyer keeps an eye on. `toldPrice` is the lowest final price (paise) the buyer has
 * seen for it: the price when favourited, lowered by each alert of a price drop.
 */
export const favourites = pgTable(
  'favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    numberId: integer('number_id')
      .notNull()
      .references(() => numbers.id, { onDelete: 'cascade' }),
    toldPrice: integer('told_price').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.numberId] })],
);

/**
 * A listing's filters a buyer saved, as the listing's query string (`category=...&maxPrice=...`).
 * `checkedAt`: numbers listed (put on sale) since then are new to the search.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: text('query').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId, t.createdAt)],
);

/** The numbers an alert listed for a saved search: never listed twice for one search. */
export const savedSearchHits = pgTable(
  'saved_search_hits',
  {
    searchId: uuid('search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    numberId: integer('number_id')
      .notNull()
      .references(() => numbers.id, { onDelete: 'cascade' }),
    toldAt: timestamp('told_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.searchId, t.numberId] })],
);

/**
 * A buyer's alert e-mails: when the last daily digest went and the numbers it listed, and
 * whether the buyer unsubscribed (then none go until they subscribe again).
 */
export const alertRecipients = pgTable('alert_recipients', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  lastDigestNumbers: text('last_digest_numbers').array(),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
});

/**
 * The key the one-click unsubscribe links of alert e-mails are signed with (decision 0105):
 * random, made once by the first process that needs it and read by every other one, so a
 * link works whichever process made it, after a restart, and after SESSION_SECRET is rotated.
 * One row per `name`; never changed (a new key would break every link already e-mailed).
 */
export const linkKeys = pgTable('link_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A buyer who asked to be told when a coming-soon number goes on sale: signed in (`userId`) or
 * a guest's e-mail. Deleted once told. Only a confirmed request (`confirmedAt`) is told: a
 * signed-in buyer's at once, a guest's when the link e-mailed at `confirmSentAt` is opened; the
 * link's token is kept only as its SHA-256 (`tokenHash`, cleared once used). Decision 0053.
 */
export const comingSoonRequests = pgTable(
  'coming_soon_requests',
  {
    numberId: integer('number_id')
      .notNull()
      .references(() => numbers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    tokenHash: text('token_hash'),
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.numberId, t.email] }),
    uniqueIndex('coming_soon_requests_token_hash').on(t.tokenHash),
  ],
);
