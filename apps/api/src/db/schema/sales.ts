import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { paise } from './money';
import { users } from './accounts';
import { numbers } from './catalog';
import { timestamps } from './timestamps';
import { orderStatuses, overdueReasons, portingStatuses } from '@store/domain';
import { sql } from 'drizzle-orm';

/** A signed-in buyer's cart. Percents are stored in basis points (2% = 200). */
export const carts = pgTable('carts', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  tdsBasisPoints: integer('tds_basis_points').notNull().default(0),
  ...timestamps,
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    numberId: integer('number_id')
      .notNull()
      .references(() => numbers.id),
    priceAtAdd: integer('price_at_add').notNull(),
    /**
     * The price the buyer first added at, once validation (or a checkout stopped for a price)
     * adopted another into price_at_add; null while they are the same (decision 0093). Words
     * on the cart line only: no total reads it.
     */
    changedFrom: integer('changed_from'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_cart_number_key').on(t.cartId, t.numberId),
    check('cart_items_changed_from_check', sql`${t.changedFrom} >= 0`),
  ],
);

export { orderStatuses };

/**
 * The store that sells (name, address, state, GSTIN) and the SAC code of its invoice lines, as its
 * settings were when an order was placed (decision 0082): an issued document never changes,
 * whatever the settings become.
 */
export interface SupplierAsIssued {
  name: string;
  address: string;
  state: string;
  gstin: string | null;
  sac: string;
}

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: orderStatuses }).notNull().default('pending_payment'),
    subtotal: paise('subtotal').notNull(),
    tdsBasisPoints: integer('tds_basis_points').notNull(),
    tdsDeducted: paise('tds_deducted').notNull(),
    taxable: paise('taxable').notNull(),
    taxBasisPoints: integer('tax_basis_points').notNull(),
    cgstAmount: paise('cgst_amount').notNull(),
    sgstAmount: paise('sgst_amount').notNull(),
    /** To another state than the store's: the whole tax as IGST (cgst and sgst then 0). */
    igstAmount: paise('igst_amount').notNull().default(0),
    /** The state the sale is supplied to (the billing state, else the store's); null before 0009. */
    placeOfSupply: text('place_of_supply'),
    /**
     * The store as the order was placed with it (its state decided the GST split above): the
     * order's invoices and credit notes are issued under it (decision 0082); null before 0034.
     */
    supplier: jsonb('supplier').$type<SupplierAsIssued>(),
    totalAmount: paise('total_amount').notNull(),
    billing: jsonb('billing').notNull(),
    attribution: jsonb('attribution'),
    /** The address the checkout came from (IPv6: its /64), for the holds-per-address limit. */
    clientIp: text('client_ip'),
    /** The cart the order was made from (sorted number ids), to return the same open order. */
    cartKey: text('cart_key').notNull(),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
    paymentProvider: text('payment_provider').notNull(),
    providerOrderId: text('provider_order_id'),
    paymentReference: text('payment_reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the buyer was reminded that the hold is about to lapse (once per order). */
    holdReminderSentAt: timestamp('hold_reminder_sent_at', { withTimezone: true }),
    /**
     * "I have paid": the UTR the buyer gave (as typed, and compared upper case without spaces),
     * and when; cleared when staff reject it. Staff confirm it as the payment's reference.
     */
    submittedUtr: text('submitted_utr'),
    submittedUtrKey: text('submitted_utr_key'),
    /** UTRs (normalised) staff sent back for this order: submitting one again is refused. */
    rejectedUtrKeys: text('rejected_utr_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    paymentSubmittedAt: timestamp('payment_submitted_at', { withTimezone: true }),
    needsRefund: boolean('needs_refund').notNull().default(false),
    /** The order a later checkout of the buyer placed in this one's stead (decision 0075). */
    replacedBy: uuid('replaced_by').references((): AnyPgColumn => orders.id, {
      onDelete: 'set null',
    }),
    ...timestamps,
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_replaced_by_idx')
      .on(t.replacedBy)
      .where(sql`${t.replacedBy} is not null`),
    index('orders_status_idx').on(t.status, t.holdExpiresAt),
    index('orders_client_ip_idx').on(t.clientIp, t.holdExpiresAt),
    uniqueIndex('orders_provider_order_key').on(t.providerOrderId),
    uniqueIndex('orders_submitted_utr_key').on(t.submittedUtrKey),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    numberId: integer('number_id')
      .notNull()
      .references(() => numbers.id),
    number: text('number').notNull(),
    category: text('category').notNull(),
    basePrice: integer('base_price').notNull(),
    price: integer('price').notNull(),
    /** Where this number's porting stands (its history is in porting_steps). */
    portingStatus: text('porting_status', { enum: portingStatuses })
      .notNull()
      .default('awaiting_upc'),
    /** The Unique Porting Code sent to the buyer for this number, and the day it expires. */
    upcCode: text('upc_code'),
    upcExpiresOn: date('upc_expires_on', { mode: 'string' }),
    /**
     * The refund of this number alone, once it is done (decision 0039): the number is no longer
     * carried on, and the order follows its other numbers.
     */
    refundId: uuid('refund_id').references((): AnyPgColumn => refunds.id),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.numberId] }),
    index('order_items_number_idx').on(t.number),
    index('order_items_number_id_idx').on(t.numberId),
  ],
);

/** Each number's porting history: one row per step, with who made it and when. */
export const portingSteps = pgTable(
  'porting_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    numberId: integer('number_id').notNull(),
    status: text('status', { enum: portingStatuses }).notNull(),
    upcCode: text('upc_code'),
    upcExpiresOn: date('upc_expires_on', { mode: 'string' }),
    note: text('note'),
    staffUserId: uuid('staff_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('porting_steps_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * The porting promises the team was alerted a number broke (decision 0107): one row per number,
 * reason and deadline, written in the transaction that puts the alert in the outbox, so a second
 * sweep, process or restart alerts no one again. A new deadline (a replacement UPC that expires
 * too, porting started again) is a new row.
 */
export const portingAlerts = pgTable(
  'porting_alerts',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    numberId: integer('number_id').notNull(),
    reason: text('reason', { enum: overdueReasons }).notNull(),
    /** The deadline that passed (PortingOverdue.since). */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    alertedAt: timestamp('alerted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.numberId, t.reason, t.dueAt] })],
);

export const paymentRecordStatuses = ['submitted', 'confirmed', 'rejected'] as const;

/**
 * Every payment received (or claimed) for an order: a manual transfer staff confirmed with its
 * UTR / bank reference, a Razorpay payment. `referenceKey` is the reference as compared
 * (a manual one normalised): one reference belongs to one order. `applied`: this payment pays
 * for the order; a confirmed payment that is not applied and not refunded is due back.
 * `submitted` (a buyer's "I have paid" with a UTR, to be verified) and `rejected` are for the
 * buyer-submitted UTR to come; staff confirmations are `confirmed` at once.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    referenceKey: text('reference_key').notNull(),
    /** Paise. */
    amount: paise('amount').notNull(),
    status: text('status', { enum: paymentRecordStatuses }).notNull(),
    applied: boolean('applied').notNull(),
    submittedBy: uuid('submitted_by').references(() => users.id),
    confirmedBy: uuid('confirmed_by').references(() => users.id),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('payments_reference_key')
      .on(t.provider, t.referenceKey)
      .where(sql`${t.status} <> 'rejected'`),
  ],
);

export const refundStatuses = ['requested', 'done', 'failed'] as const;

/**
 * Money paid back: the payment refunded, how (through Razorpay's refund API, or by staff
 * outside the store: `manual`), the reason, who and when. A Razorpay refund is `requested`
 * before the call (its id is the idempotency key Razorpay is given), `done` with Razorpay's
 * refund id, or `failed`. A refund with `numberId` pays back one number's share of the order
 * (decision 0039); without, the payment (what is left of it after those). At most one refund of
 * a payment as a whole, and one per number, is requested or done.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    method: text('method', { enum: ['razorpay', 'manual'] }).notNull(),
    /** Paise. */
    amount: paise('amount').notNull(),
    reason: text('reason').notNull(),
    /** The number of the order this refund pays back alone; null: the payment as a whole. */
    numberId: integer('number_id'),
    status: text('status', { enum: refundStatuses }).notNull(),
    providerRefundId: text('provider_refund_id'),
    /**
     * A manual refund's UTR / bank reference (6-30 letters or digits), given with it or added
     * once later (decision 0054); Razorpay's refunds have providerRefundId instead.
     */
    manualReference: text('manual_reference'),
    failure: text('failure'),
    /** Who made it; null for a system refund (a late Razorpay payment refunded automatically). */
    staffUserId: uuid('staff_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    uniqueIndex('refunds_payment_key')
      .on(t.paymentId)
      .where(sql`${t.status} <> 'failed' and ${t.numberId} is null`),
    uniqueIndex('refunds_payment_number_key')
      .on(t.paymentId, t.numberId)
      .where(sql`${t.status} <> 'failed' and ${t.numberId} is not null`),
    check(
      'refunds_manual_reference_check',
      sql`${t.manualReference} is null or (${t.method} = 'manual' and ${t.manualReference} ~ '^[A-Za-z0-9]{6,30}$')`,
    ),
  ],
);

/**
 * Why a cancellation closed an order (decision 0071): its hold ended unpaid, the buyer replaced
 * it with a new checkout or removed its numbers from the cart, staff cancelled it, or a payment
 * arrived that cannot pay it (a wrong amount, too late, or for an order staff had cancelled).
 */
export const cancelCauses = ['lapsed', 'replaced', 'cart', 'staff', 'payment'] as const;

/** The order's timeline: one row per step, with who moved it and why. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: orderStatuses }).notNull(),
    note: text('note'),
    staffUserId: uuid('staff_user_id').references(() => users.id),
    // The buyer's own step (placed the order, sent a payment reference, changed the cart); with
    // no staff member either, the store's (a lapsed hold, a payment the gateway confirmed).
    byBuyer: boolean('by_buyer').notNull().default(false),
    // A cancellation's cause, recorded as it is written; null on every other step (and on a
    // cancellation from before 0029 whose note did not tell).
    cause: text('cause', { enum: cancelCauses }),
    // The clock, not the transaction's start: two steps made in one transaction (the last
    // number ported, then the order completed) keep their order.
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.createdAt),
    check(
      'order_events_cause_check',
      sql`${t.cause} in ('lapsed', 'replaced', 'cart', 'staff', 'payment')`,
    ),
  ],
);

/** Provider webhook events already handled, so a repeated delivery is a no-op. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** The kinds of file a payment screenshot may be. */
export const screenshotTypes = ['image/jpeg', 'image/png', 'application/pdf'] as const;

/**
 * The screenshot a buyer may attach to "I have paid" (the latest, one per order), kept in the
 * database so that backups carry it.
 */
export const paymentScreenshots = pgTable('payment_screenshots', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  contentType: text('content_type', { enum: screenshotTypes }).notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
