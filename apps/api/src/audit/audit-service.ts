import type { Database } from '../db/database';
import type { Tx } from '../db/transactions';
import type { AuditAction } from './audit-actions';
import type { AuditEntryView } from './audit-schemas';
import type { SQL } from 'drizzle-orm';
import {
  insertAuditEntries,
  insertSelectedAuditEntries,
  insertUnlessRepeated,
  lastAuditedChange,
  pageOfAuditEntries,
  type AuditFilter,
} from './audit-store';

export type { AuditAction };

/** One change made in the console: who, what, to which thing, before and after. */
/** The actor of the system's own changes (no staff member): an automatic refund. */
const SYSTEM_ACTOR = { id: 'system', name: 'System', email: '' } as const;

/** A staff member's view of one thing again within this long is not recorded again. */
const VIEW_REPEAT_SECONDS = 10 * 60;

/** A staff member's look at personal data: an order, a search for buyers, an enquiry, a file, an account. */
export interface AuditView {
  actorId: string;
  action:
    | 'order.view'
    | 'order.search'
    | 'order.screenshot_view'
    | 'enquiry.view'
    | 'customer.view'
    | 'customer.list';
  entityType: 'order' | 'enquiry' | 'user' | 'search';
  entityId: string;
  orderId?: string;
  after?: unknown;
}

export interface AuditEntry {
  /** The staff member; null: the system itself (shown as SYSTEM_ACTOR). */
  actorId: string | null;
  action: AuditAction;
  entityType:
    'number' | 'order' | 'enquiry' | 'user' | 'import' | 'search' | 'tax_register' | 'message';
  entityId: string | number;
  number?: string | null;
  orderId?: string | null;
  before?: unknown;
  after?: unknown;
  note?: string | null;
}

/**
 * The audit log: every change made in the staff console or its API. A service records its
 * change inside the transaction that makes it, so a change and its entry exist together or not
 * at all. Entries are never edited (the database refuses UPDATE and DELETE).
 */
export function createAuditService({ database }: { database: Database }) {
  const toRow = (entry: AuditEntry) => ({
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    number: entry.number ?? null,
    orderId: entry.orderId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    note: entry.note ?? null,
  });

  return {
    /** Records entries as part of the transaction `tx` that makes the change. */
    async record(tx: Tx, ...entries: AuditEntry[]): Promise<void> {
      await insertAuditEntries(tx, entries.map(toRow));
    },

    /** Who last made the change `action` to this entity, and when, in `tx`. */
    lastChange: (tx: Tx, entityType: AuditEntry['entityType'], entityId: string, action: string) =>
      lastAuditedChange(tx, entityType, entityId, action),

    /**
     * Records one entry per row of `rows`, a SELECT of (actor_id uuid, action, entity_type,
     * entity_id text, number text, before jsonb, after jsonb, note text) run inside `tx`: how a
     * change of thousands of numbers records each of them without bringing them into memory.
     */
    async recordSelected(tx: Tx, rows: SQL): Promise<void> {
      await insertSelectedAuditEntries(tx, rows);
    },

    /**
     * Records a staff member's view of personal data (decision 0056): one insert, outside any
     * transaction (a view changes nothing), skipped when the same member viewed the same thing
     * within VIEW_REPEAT_SECONDS.
     */
    async recordView(view: AuditView): Promise<boolean> {
      return insertUnlessRepeated(database.db, view, VIEW_REPEAT_SECONDS);
    },

    /**
     * Records a console search for buyers as a view (entity `search`, the text searched as its
     * id): with the list's filters in force and how many it found.
     */
    async recordSearch(search: {
      actorId: string;
      action: 'order.search' | 'customer.search';
      q: string;
      filters: Record<string, unknown>;
      found: number;
    }): Promise<boolean> {
      const inForce = Object.entries(search.filters).filter(([, value]) => value !== undefined);
      return insertUnlessRepeated(
        database.db,
        {
          actorId: search.actorId,
          action: search.action,
          entityType: 'search',
          entityId: search.q,
          after: { ...Object.fromEntries(inForce), found: search.found },
        },
        VIEW_REPEAT_SECONDS,
      );
    },

    async list(
      filter: AuditFilter,
      page: number,
      pageSize: number,
    ): Promise<{ views: AuditEntryView[]; total: number; upTo: number | null }> {
      const { rows, total, upTo } = await pageOfAuditEntries(database.db, filter, page, pageSize);
      const views = rows.map(({ entry, actorName, actorEmail, orderReference, subjectName }) => ({
        id: entry.id,
        at: entry.at.toISOString(),
        actor:
          entry.actorId && actorName && actorEmail
            ? { id: entry.actorId, name: actorName, email: actorEmail }
            : SYSTEM_ACTOR,
        action: entry.action,
        entityType: entry.entityType,
        entityId: entry.entityId,
        entityName: subjectName,
        number: entry.number,
        orderId: entry.orderId,
        orderReference,
        before: entry.before,
        after: entry.after,
        note: entry.note,
      }));
      return { views, total, upTo };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
