import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './timestamps';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile').notNull(),
    passwordHash: text('password_hash'),
    accountType: text('account_type', { enum: ['Individual', 'Corporate'] }).notNull(),
    companyName: text('company_name'),
    gstinNo: text('gstin_no'),
    getWhatsappUpdate: boolean('get_whatsapp_update').notNull().default(false),
    acceptTermsAndConditions: boolean('accept_terms_and_conditions').notNull().default(false),
    role: text('role', { enum: ['customer', 'support', 'admin'] })
      .notNull()
      .default('customer'),
    /** Set when an administrator disables a staff member: no sign-in, no session, until cleared. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * Set when the account is closed (decision 0055): its personal data erased, its contacts
     * freed for a new account, never signed in to again. Its paid orders keep their billing.
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_mobile_key').on(t.mobile)],
);

export const addresses = pgTable('addresses', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  line1: text('line1').notNull(),
  line2: text('line2'),
  city: text('city').notNull(),
  state: text('state').notNull(),
  pinCode: text('pin_code').notNull(),
  ...timestamps,
});

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/**
 * One OTP request; `payload` holds a pending registration until its code is verified. A
 * registration proves both contacts: `code_hash` is the code sent by SMS and `email_code_hash`
 * the one sent by e-mail (other purposes send one code to every channel: no second hash).
 */
export const otpRequests = pgTable(
  'otp_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', {
      enum: ['registration', 'login', 'password_reset', 'contact_change'],
    }).notNull(),
    email: text('email'),
    mobile: text('mobile'),
    codeHash: text('code_hash').notNull(),
    emailCodeHash: text('email_code_hash'),
    payload: jsonb('payload'),
    attemptsUsed: integer('attempts_used').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('otp_requests_email_idx').on(t.email, t.createdAt),
    index('otp_requests_mobile_idx').on(t.mobile, t.createdAt),
  ],
);

/** Every OTP message sent, for the per-contact and per-address send limits. */
export const otpSends = pgTable(
  'otp_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contact: text('contact').notNull(),
    clientIp: text('client_ip').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('otp_sends_contact_idx').on(t.contact, t.sentAt),
    index('otp_sends_ip_idx').on(t.clientIp, t.sentAt),
  ],
);

/**
 * Failed password sign-ins, for the per-contact and per-address failure limits. A row is
 * written once the password did not match, under the same locks as the count that let the
 * answer be given, and the rows of that contact and address are deleted when a sign-in
 * succeeds (auth/login-limits.ts, decision 0090).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contact: text('contact').notNull(),
    clientIp: text('client_ip').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_contact_idx').on(t.contact, t.failedAt),
    index('login_failures_ip_idx').on(t.clientIp, t.failedAt),
  ],
);

/** Messages kept outside production so developers and tests can read OTPs. */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['email', 'sms', 'whatsapp'] }).notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    /** An e-mail's HTML part, as sent. */
    html: text('html'),
    otp: text('otp'),
    /** The names of the files an e-mail carried. */
    attachments: text('attachments').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_outbox_to_idx').on(t.to, t.createdAt)],
);
