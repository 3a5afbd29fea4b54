import {
  boolean,
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
import { users } from './accounts';
import { numbers } from './catalog';
import { timestamps } from './timestamps';
import { orderStatuses } from '@store/domain';

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
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cart_items_cart_number_key').on(t.cartId, t.numberId)],
);

export { orderStatuses };

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: orderStatuses }).notNull().default('pending_payment'),
    subtotal: integer('subtotal').notNull(),
    tdsBasisPoints: integer('tds_basis_points').notNull(),
    tdsDeducted: integer('tds_deducted').notNull(),
    taxable: integer('taxable').notNull(),
    taxBasisPoints: integer('tax_basis_points').notNull(),
    cgstAmount: integer('cgst_amount').notNull(),
    sgstAmount: integer('sgst_amount').notNull(),
    totalAmount: integer('total_amount').notNull(),
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
    needsRefund: boolean('needs_refund').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.holdExpiresAt),
    index('orders_client_ip_idx').on(t.clientIp, t.holdExpiresAt),
    uniqueIndex('orders_provider_order_key').on(t.providerOrderId),
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
  },
  (t) => [primaryKey({ columns: [t.orderId, t.numberId] })],
);

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/** Provider webhook events already handled, so a repeated delivery is a no-op. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
