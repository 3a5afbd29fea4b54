import {
  classify,
  findCategory,
  formatIndiaDateTime,
  formatInr,
  numerology,
  plural,
  toPaise,
  toRupees,
} from '@store/domain';
import type { SQL } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { AuditAction, AuditService } from '../audit/audit-service';
import type { Database } from '../db/database';
import { inTransaction, type Tx } from '../db/transactions';
import { conflict, notFound } from '../http/app-error';
import { keyReused, requestHash } from '../http/idempotency-key';
import { csvStream } from '../http/csv-stream';
import type { CatalogChange } from './catalog-changes';
import type {
  BulkPriceBody,
  NewNumberBody,
  PriceChange,
  RepriceBody,
  StockFilter,
  StockListQuery,
  StockNumber,
} from './catalog-schemas';
import {
  applyBulkPrice,
  applyImportRows,
  findBulkPriceChange,
  findStockNumber,
  insertBulkPriceChange,
  importOutcomes,
  insertStockNumber,
  listStock,
  lockBulkPrice,
  lockStockNumber,
  previewBulkPrice,
  relistableByOrder,
  setStockPrices,
  setStockStatus,
  streamStock,
  bulkPriceAuditRows,
  type ImportRow,
  type SettableStatus,
  type StockFilters,
  type StockRow,
} from './inventory-store';
import { explicitFilters, toNumberFilters } from './listing-filters';
import { displayNumber } from './number-item';

export type { ImportRefusal } from './inventory-store';

/** Paise to the API's rupees: `{ price, offerPrice }` (offer only when below the price). */
function pricesView(basePaise: number, finalPaise: number) {
  return {
    price: toRupees(basePaise),
    offerPrice: finalPaise < basePaise ? toRupees(finalPaise) : null,
  };
}

function toStockNumber(row: StockRow): StockNumber {
  return {
    id: row.id,
    number: row.number,
    display: displayNumber(row.number),
    category: { slug: row.category, name: findCategory(row.category)?.name ?? row.category },
    ...pricesView(row.basePrice, row.finalPrice),
    status: row.status,
    relistable: row.relistable,
    heldBy:
      row.status === 'held' && row.orderId && row.heldByReference && row.reservedUntil
        ? {
            orderId: row.orderId,
            orderReference: row.heldByReference,
            until: row.reservedUntil.toISOString(),
          }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The list and final prices (paise) of a price and an optional offer (rupees). */
function paiseOf(body: { price: number; offerPrice?: number | null }) {
  const basePrice = toPaise(body.price);
  return { basePrice, finalPrice: body.offerPrice == null ? basePrice : toPaise(body.offerPrice) };
}

const stockFilters = (filter: StockFilter): StockFilters => ({
  ...toNumberFilters(explicitFilters(filter)),
  status: filter.status,
});

/** Why a held or sold number's price or status cannot change, or nothing when it can. */
function refusal(row: StockRow, what: string) {
  if (row.status === 'held') {
    return conflict(
      `${displayNumber(row.number)} is held for an order awaiting payment: ${what} now.`,
      'NUMBER_HELD',
    );
  }
  if (row.status === 'sold') {
    return conflict(`${displayNumber(row.number)} is sold: ${what}.`, 'NUMBER_SOLD');
  }
  return undefined;
}

/** A number's prices and status as staff read them: "₹1,50,000 with offer ₹99,999, hidden". */
function describeNumber(row: StockRow): string {
  const { price, offerPrice } = pricesView(row.basePrice, row.finalPrice);
  const prices =
    offerPrice === null
      ? formatInr(price)
      : `${formatInr(price)} with offer ${formatInr(offerPrice)}`;
  return `${prices}, ${statusWords[row.status]}`;
}

/**
 * 409 NUMBER_CHANGED: the number is no longer as the agent saw it when they opened it (another
 * agent or an import changed it since); names what it is now and, from the audit log, who last
 * changed it and when, and carries the number as it is (`current`).
 */
function changedSince(row: StockRow, last: { actor: string; at: string } | undefined) {
  const by = last ? ` (last changed by ${last.actor}, ${formatIndiaDateTime(last.at)})` : '';
  return conflict(
    `This number was changed by someone else since you opened it: ${displayNumber(row.number)} is now ${describeNumber(row)}${by}. Check it and try again.`,
    'NUMBER_CHANGED',
    { current: toStockNumber(row) },
  );
}

function describeChange(change: PriceChange): string {
  if (change.mode === 'set') return `set to ${change.amount} rupees`;
  return `${change.mode} by ${change.percent}%`;
}

const csvColumns = ['number', 'price', 'offer_price', 'status', 'category'];

/** What each status staff set is recorded as, and why a held or sold number refuses it. */
const statusActions: Record<SettableStatus, AuditAction> = {
  available: 'number.unhide',
  hidden: 'number.hide',
  coming_soon: 'number.coming_soon',
};
const statusRefusals: Record<SettableStatus, string> = {
  available: 'it cannot be shown',
  hidden: 'it cannot be hidden',
  coming_soon: 'it cannot be marked coming soon',
};

const statusWords: Record<StockRow['status'], string> = {
  available: 'on sale',
  held: 'held for an order',
  sold: 'sold',
  hidden: 'hidden',
  coming_soon: 'coming soon',
};

/** Rupees as a spreadsheet cell: whole rupees bare, paise with two decimals. */
const csvRupees = (paise: number) =>
  paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);

interface InventoryDeps {
  database: Database;
  audit: AuditService;
  /** Publishes a change once `tx` commits (or at once without one). */
  tell: (change: CatalogChange, tx?: Tx) => void;
}

/**
 * The console's inventory: listing every status, adding a number, its prices and status, bulk
 * price changes, the import's apply and the export. Every change records its audit entries in
 * its own transaction and is told on CatalogChanges once committed.
 */
export function createInventory({ database, audit, tell }: InventoryDeps) {
  const { db } = database;

  /** Runs `change` on the locked row of number `id`; 404 when there is none. */
  async function withLockedNumber<T>(id: number, change: (tx: Tx, row: StockRow) => Promise<T>) {
    return inTransaction(database, async (tx) => {
      const row = await lockStockNumber(tx, id);
      if (!row) throw notFound(`Number ${id} is not in the store.`);
      return change(tx, row);
    });
  }

  /** 409 NUMBER_CHANGED for `row`, naming who last changed it (its latest audit entry). */
  async function changedMeanwhile(row: StockRow) {
    const { views } = await audit.list({ entityType: 'number', entityId: String(row.id) }, 1, 1);
    const last = views[0] && { actor: views[0].actor.name, at: views[0].at };
    return changedSince(row, last);
  }

  return {
    /** One page of the inventory (every status unless filtered), sorted. */
    async listStock(query: StockListQuery) {
      const { rows, total } = await listStock(
        db,
        stockFilters(query),
        query.sort,
        query.page,
        query.pageSize,
      );
      return { views: rows.map(toStockNumber), total };
    },

    /**
     * The numbers of these orders that may go back on sale now (sold, the sale undone before
     * any UPC went out, not relisted since), by order id.
     */
    relistableByOrder: (orderIds: readonly string[]) => relistableByOrder(db, orderIds),

    /** Adds a number, classified by the domain; 409 naming its status when it is there. */
    async addNumber(body: NewNumberBody, actorId: string): Promise<StockNumber> {
      const { sum, mid, total } = numerology(body.number);
      const added = await inTransaction(database, async (tx) => {
        const row = await insertStockNumber(tx, {
          number: body.number,
          ...paiseOf(body),
          category: classify(body.number).category,
          digitSum: sum,
          mid,
          total,
          status: body.hidden ? 'hidden' : body.comingSoon ? 'coming_soon' : 'available',
          createdAt: new Date(),
        });
        if (!row) {
          const existing = await findStockNumber(tx, body.number);
          throw conflict(
            `${body.number} is already in the store (${existing?.status ?? 'added just now'}).`,
            'NUMBER_EXISTS',
            { existing: existing ? { id: existing.id, status: existing.status } : null },
          );
        }
        await audit.record(tx, {
          actorId,
          action: 'number.add',
          entityType: 'number',
          entityId: row.id,
          number: row.number,
          after: { ...pricesView(row.basePrice, row.finalPrice), status: row.status },
        });
        tell({ kind: 'inserted', count: 1 }, tx);
        return row;
      });
      return toStockNumber(added);
    },

    /**
     * New price and offer; 404 unknown, 409 held or sold. With `expected` (the prices the agent
     * saw), 409 NUMBER_CHANGED when the number is at other prices now (decision 0042).
     */
    async repriceNumber(id: number, body: RepriceBody, actorId: string): Promise<StockNumber> {
      const prices = paiseOf(body);
      return withLockedNumber(id, async (tx, row) => {
        const refused = refusal(row, 'its price cannot change');
        if (refused) throw refused;
        if (row.basePrice === prices.basePrice && row.finalPrice === prices.finalPrice) {
          return toStockNumber(row);
        }
        if (body.expected) {
          const seen = paiseOf(body.expected);
          if (row.basePrice !== seen.basePrice || row.finalPrice !== seen.finalPrice) {
            throw await changedMeanwhile(row);
          }
        }
        await setStockPrices(tx, id, prices);
        await audit.record(tx, {
          actorId,
          action: 'number.reprice',
          entityType: 'number',
          entityId: id,
          number: row.number,
          before: pricesView(row.basePrice, row.finalPrice),
          after: pricesView(prices.basePrice, prices.finalPrice),
        });
        tell({ kind: 'repriced', count: 1 }, tx);
        return toStockNumber((await lockStockNumber(tx, id))!);
      });
    },

    /**
     * Puts a number on sale, hides it from the storefront or marks it coming soon (shown with
     * Notify me, never held or sold); 409 for held or sold numbers, but a sold number whose sale
     * was undone (cancelled after payment or refunded) before any UPC went out may be relisted.
     * With `expectedStatus` (the status the agent saw), 409 NUMBER_CHANGED when it is another
     * now; a number already at `status` is left as it is (200) whatever was seen.
     */
    async setStatus(
      id: number,
      status: SettableStatus,
      actorId: string,
      expectedStatus?: StockRow['status'],
    ): Promise<StockNumber> {
      return withLockedNumber(id, async (tx, row) => {
        // A sale undone before any UPC went out leaves the number to staff (relistableSql).
        const refused = row.relistable ? undefined : refusal(row, statusRefusals[status]);
        if (refused) throw refused;
        if (row.status === status) return toStockNumber(row);
        if (expectedStatus !== undefined && row.status !== expectedStatus) {
          throw await changedMeanwhile(row);
        }
        await setStockStatus(tx, id, status);
        await audit.record(tx, {
          actorId,
          action: statusActions[status],
          entityType: 'number',
          entityId: id,
          number: row.number,
          before: { status: row.status },
          after: { status },
        });
        tell({ kind: 'status', count: 1 }, tx);
        return toStockNumber((await lockStockNumber(tx, id))!);
      });
    },

    /** How many numbers a bulk price change would move, and a sample before and after. */
    async previewBulkPrice({ filter, change }: Pick<BulkPriceBody, 'filter' | 'change'>) {
      const preview = await previewBulkPrice(db, stockFilters(filter), change);
      return {
        selected: preview.selected,
        changing: preview.changing,
        skipped: preview.skipped,
        fingerprint: preview.fingerprint,
        sample: preview.sample.map((row) => ({
          id: row.id,
          number: row.number,
          before: pricesView(row.basePrice, row.finalPrice),
          after: pricesView(row.newBasePrice, row.newFinalPrice),
        })),
      };
    },

    /**
     * Applies a bulk price change in one transaction: one audit entry for the change (filter,
     * change, count) and one per number. With `expectedCount` and `expectedFingerprint` (the
     * preview's), a selection that moved since the preview is refused (409 SELECTION_CHANGED)
     * and nothing changes. With an idempotency key, a repeat of the same apply by the same
     * staff member answers the first result and changes nothing more (decision 0042).
     */
    async applyBulkPrice(body: BulkPriceBody, actorId: string, idempotencyKey?: string) {
      const { filter, change, expectedCount, expectedFingerprint } = body;
      const filters = stockFilters(filter);
      const hash = requestHash(body);
      const reprice = async (tx: Tx) => {
        const note = `bulk price change: ${describeChange(change)}`;
        await audit.recordSelected(tx, bulkPriceAuditRows(filters, change, actorId, note));
        const count = await applyBulkPrice(tx, filters, change);
        await audit.record(tx, {
          actorId,
          action: 'number.bulk_reprice',
          entityType: 'number',
          entityId: 'bulk',
          after: { filter, change, count },
          note,
        });
        tell({ kind: 'repriced', count }, tx);
        return count;
      };
      const changed = await inTransaction(database, async (tx) => {
        // Locked first: a twin of this apply still running has committed (or failed) by now.
        const locked = await lockBulkPrice(tx, filters, change);
        if (idempotencyKey) {
          const done = await findBulkPriceChange(tx, actorId, idempotencyKey);
          if (done && done.requestHash !== hash) throw keyReused();
          if (done) return done.changed;
        }
        if (expectedCount !== undefined && locked.count !== expectedCount) {
          throw conflict(
            `The selection changed since the preview: ${locked.count} ${plural(locked.count, 'number', 'numbers')} would change now, not ${expectedCount}. Preview again.`,
            'SELECTION_CHANGED',
            { changing: locked.count },
          );
        }
        if (expectedFingerprint !== undefined && locked.fingerprint !== expectedFingerprint) {
          throw conflict(
            "These numbers' prices changed since your preview (someone may have applied a change to them): preview again.",
            'SELECTION_CHANGED',
            { changing: locked.count },
          );
        }
        const count = locked.count === 0 ? 0 : await reprice(tx);
        if (idempotencyKey) {
          await insertBulkPriceChange(tx, {
            actorId,
            idempotencyKey,
            requestHash: hash,
            changed: count,
          });
        }
        return count;
      });
      return { changed };
    },

    /** The outcome each checked import row would have against the store now (the dry run). */
    importOutcomes: (rows: readonly ImportRow[], keepOffers: boolean) =>
      importOutcomes(db, rows, keepOffers),

    /**
     * Applies an import's staged good rows inside the import's transaction `tx` (see
     * applyImportRows): audit entries per number, told once `tx` commits. Returns the counts
     * and the refused lines.
     */
    async applyImport(tx: Tx, importId: string, actorId: string, keepOffers: boolean) {
      const result = await applyImportRows(
        tx,
        importId,
        (rows: SQL) => audit.recordSelected(tx, rows),
        { actorId, note: `import ${importId}`, statusActions },
        keepOffers,
      );
      tell({ kind: 'inserted', count: result.new }, tx);
      tell({ kind: 'repriced', count: result.repriced }, tx);
      tell({ kind: 'status', count: result.statusChanged }, tx);
      return result;
    },

    /**
     * The filtered inventory as CSV (number, price, offer_price, status, category), streamed
     * in number order a batch at a time. Importing it again changes nothing.
     */
    exportCsv(filter: StockFilter): Readable {
      return csvStream(csvColumns, async function* () {
        for await (const batch of streamStock(db, stockFilters(filter))) {
          for (const row of batch) {
            yield [
              row.number,
              csvRupees(row.basePrice),
              row.finalPrice < row.basePrice ? csvRupees(row.finalPrice) : '',
              row.status,
              row.category,
            ];
          }
        }
      });
    },
  };
}
