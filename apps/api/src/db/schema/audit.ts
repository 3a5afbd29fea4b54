import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Every change made in the staff console or its API: who, what, when, before and after.
 * Append-only: a trigger refuses UPDATE and DELETE (migration 0003).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff member; null for the system's own changes (an automatic refund). */
    actorId: uuid('actor_id').references(() => users.id),
    /** What was done, e.g. `number.reprice`, `order.payment_confirmed`, `staff.disable`. */
    action: text('action').notNull(),
    /** The kind of thing changed (`number`, `order`, `enquiry`, `user`, `import`) and its id. */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** The number and the order it concerns, when it concerns one (for the filters). */
    number: text('number'),
    orderId: uuid('order_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    note: text('note'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_number_idx').on(t.number),
    index('audit_log_order_idx').on(t.orderId),
  ],
);
