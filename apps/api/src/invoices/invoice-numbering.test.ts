import { documentSerial, financialYear } from '@store/domain';
import { asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { taxDocuments } from '../db/schema';
import { insertTestNumbers } from '../../test-support/numbers';
import { buyerWithOrder, staffMember } from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

describeEachDatabase(
  'tax invoice numbers',
  (ctx) => {
    it('numbers 20 concurrent payments consecutively, with no gap and no duplicate', async () => {
      const count = 20;
      const specs = Array.from({ length: count }, (_, index) => ({
        number: `98${String(index).padStart(2, '0')}123456`,
        basePrice: 10_000 + index,
      }));
      const ids = await insertTestNumbers(ctx().app, specs);
      const buyers = await Promise.all(
        specs.map((spec) => buyerWithOrder(ctx().app, [ids.get(spec.number)!])),
      );
      const staff = await staffMember(ctx().app);
      const answers = await Promise.all(
        buyers.map((buyer, index) =>
          staff.client.post(api(`/admin/orders/${buyer.order.id}/payments`), {
            reference: `4100000000${String(index).padStart(2, '0')}`,
          }),
        ),
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);

      const invoices = await ctx()
        .database.db.select()
        .from(taxDocuments)
        .where(eq(taxDocuments.kind, 'INV'))
        .orderBy(asc(taxDocuments.serial));
      const year = financialYear(new Date());
      expect(invoices.map((invoice) => invoice.serial)).toEqual(
        Array.from({ length: count }, (_, index) => documentSerial('INV', year, index + 1)),
      );
      expect(new Set(invoices.map((invoice) => invoice.orderId))).toEqual(
        new Set(buyers.map((buyer) => buyer.order.id)),
      );
      for (const buyer of buyers) {
        const invoice = invoices.find((row) => row.orderId === buyer.order.id)!;
        expect(invoice.amount / 100).toBe(buyer.order.amounts.totalAmount);
      }

      // Confirming again issues nothing new.
      const again = await staff.client.post(api(`/admin/orders/${buyers[0]!.order.id}/payments`), {
        reference: '410000000000',
      });
      expect(again.statusCode).toBe(200);
      expect(await ctx().database.db.select().from(taxDocuments)).toHaveLength(count);
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '100000' } },
);
