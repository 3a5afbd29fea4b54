import { classify, numerology, toPaise } from '@store/domain';
import { eq, inArray } from 'drizzle-orm';
import type { App } from '../src/app';
import { numbers, type numberStatuses } from '../src/db/schema';
import { api, type SessionClient } from './session-client';

/** A number for a test inventory; prices in rupees. */
export interface TestNumber {
  number: string;
  basePrice: number;
  /** Defaults to the base price (not on offer). */
  finalPrice?: number;
  status?: (typeof numberStatuses)[number];
  reservedUntil?: Date | null;
  createdAt?: Date;
}

/**
 * Inserts a small known inventory for API tests through the catalogue (category and numerology
 * computed by the domain, as the loader does) and returns the rows' ids by number. For the cart
 * and checkout tests as much as the catalogue's. Statuses that only a hold or a sale makes
 * (reserved, sold) are then written straight into the rows: a fixture, not a sale.
 */
export async function insertTestNumbers(
  app: App,
  specs: readonly TestNumber[],
): Promise<Map<string, number>> {
  const now = Date.now();
  const { database } = app;
  await app.services.catalog.insert(
    specs.map((spec, index) => {
      const { sum, mid, total } = numerology(spec.number);
      return {
        number: spec.number,
        basePrice: toPaise(spec.basePrice),
        finalPrice: toPaise(spec.finalPrice ?? spec.basePrice),
        category: classify(spec.number).category,
        digitSum: sum,
        mid,
        total,
        status:
          spec.status === 'hidden' || spec.status === 'coming_soon'
            ? spec.status
            : ('available' as const),
        createdAt: spec.createdAt ?? new Date(now - index * 60_000),
      };
    }),
  );
  for (const spec of specs) {
    if (spec.status === 'reserved' || spec.status === 'sold') {
      await database.db
        .update(numbers)
        .set({ status: spec.status, reservedUntil: spec.reservedUntil ?? null })
        .where(eq(numbers.number, spec.number));
    }
  }
  const rows = await database.db
    .select({ id: numbers.id, number: numbers.number })
    .from(numbers)
    .where(
      inArray(
        numbers.number,
        specs.map((spec) => spec.number),
      ),
    );
  return new Map(rows.map((row) => [row.number, row.id]));
}

/** [number, price, offerPrice] of the console inventory's numbers matching `query`, in number order. */
export async function listedPrices(client: SessionClient, query: string) {
  const res = await client.get(api(`/admin/numbers?sort=number_asc&${query}`));
  const { numbers: listed } = res.json().data as {
    numbers: { number: string; price: number; offerPrice: number | null }[];
  };
  return listed.map((n) => [n.number, n.price, n.offerPrice]);
}
