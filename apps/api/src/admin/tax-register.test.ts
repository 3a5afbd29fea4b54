import { indiaDay } from '@store/domain';
import { parse } from 'csv-parse/sync';
import { asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { taxDocuments } from '../db/schema';
import { gstinIn, signedIn, staffMember, withSalesInventory } from '../../test-support/sales';
import { api, type SessionClient } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

interface Row {
  kind: string;
  serial: string;
  issuedAt: string;
  issuedOn: string;
  buyerName: string;
  gstin: string | null;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  tds: number;
  [field: string]: unknown;
}

const SERIAL = (kind: 'INV' | 'CN', n: number) =>
  expect.stringMatching(`^${kind}/\\d{2}-\\d{2}/00000${n}$`);

describeEachDatabase('the tax register', (ctx) => {
  const { checkOut, id } = withSalesInventory(ctx);

  const register = (client: SessionClient, query: string) =>
    client.get(api(`/admin/tax-register?${query}`));

  /** Staff confirm a UPI payment of the order: its tax invoice is issued. */
  async function pay(staff: SessionClient, orderId: string, utr: string) {
    const paid = await staff.post(api(`/admin/orders/${orderId}/payments`), { reference: utr });
    expect(paid.statusCode, paid.body).toBe(200);
  }

  /** The stored documents, in issue order. */
  const storedDocuments = () =>
    ctx()
      .database.db.select()
      .from(taxDocuments)
      .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.kind));

  /**
   * Through the store's own flows: an order paid and refunded in full (Delhi, B2C, CGST + SGST),
   * one of two numbers refunded alone (Karnataka, B2C, IGST), and a Corporate buyer of another
   * state with TDS whose billing is corrected to Delhi (B2B: IGST cancelled, CGST + SGST reissued).
   */
  async function aMonthOfDocuments() {
    const admin = (await staffMember(ctx().app, 'admin')).client;
    const delhi = await signedIn(ctx().app, { name: '=HYPERLINK("x")', state: 'Delhi' });
    const orderA = await checkOut(delhi.client, ['9876598765']);
    await pay(admin, orderA.id, '412345678901');

    const karnataka = await signedIn(ctx().app, { name: 'Ravi Kumar', state: 'Karnataka' });
    const orderB = await checkOut(karnataka.client, ['9812341234', '9137605193']);
    await pay(admin, orderB.id, '412345678902');

    const company = await signedIn(ctx().app, {
      name: 'Asha Verma',
      accountType: 'Corporate',
      companyName: 'Verma Traders Pvt Ltd',
      gstinNo: gstinIn('Maharashtra'),
      state: 'Karnataka',
    });
    await company.client.put(api('/cart/tds'), { tdsPercent: 1 });
    const orderC = await checkOut(company.client, ['9786012345']);
    await pay(admin, orderC.id, '412345678903');

    const refundA = await admin.post(api(`/admin/orders/${orderA.id}/refunds`), {
      reason: 'Buyer changed their mind',
      method: 'manual',
    });
    expect(refundA.statusCode, refundA.body).toBe(200);
    const refundB = await admin.post(
      api(`/admin/orders/${orderB.id}/numbers/${id('9137605193')}/refund`),
      { reason: 'Number not portable', method: 'manual' },
    );
    expect(refundB.statusCode, refundB.body).toBe(200);
    const seen = (await admin.get(api(`/admin/orders/${orderC.id}`))).json().data;
    const corrected = await admin.post(api(`/admin/orders/${orderC.id}/billing`), {
      billing: {
        name: 'Asha Verma',
        companyName: 'Verma Traders Pvt Ltd',
        gstinNo: gstinIn('Delhi'),
        line1: '5 Connaught Place',
        city: 'New Delhi',
        state: 'Delhi',
        pinCode: '110001',
      },
      reason: 'Wrong GSTIN on the invoice',
      expected: seen.billing,
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    return { admin, orderA, orderB, orderC: corrected.json().data, today: indiaDay() };
  }

  it('lists every document of the period as it printed it, and the totals and summary to the paisa', async () => {
    const { admin, orderA, orderB, orderC, today } = await aMonthOfDocuments();
    const res = await register(admin, `from=${today}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data;
    const rows: Row[] = data.documents;

    // One row per stored document, in issue order, each total less TDS what the document holds.
    const stored = await storedDocuments();
    expect(rows.map((row) => [row.serial, row.issuedAt, row.total - row.tds])).toEqual(
      stored.map((document) => [document.serial, document.issuedAt.toISOString(), document.amount]),
    );
    const delhiPlace = { code: '07', name: 'Delhi' };
    // The order's view is in rupees: 1% TDS of ₹1,20,000.
    expect(orderC.amounts.tdsDeducted).toBe(1_200);
    const tdsC = 120_000;
    const igstC = { taxable: 12_000_000, cgst: 0, sgst: 0, igst: 2_160_000, total: 14_160_000 };
    const cgstC = {
      taxable: 12_000_000,
      cgst: 1_080_000,
      sgst: 1_080_000,
      igst: 0,
      total: 14_160_000,
    };
    const wholeA = { taxable: 5_000_000, cgst: 450_000, sgst: 450_000, igst: 0, total: 5_900_000 };
    expect(rows).toEqual([
      {
        kind: 'invoice',
        supplierGstin: null,
        serial: SERIAL('INV', 1),
        issuedAt: expect.any(String),
        issuedOn: today,
        orderReference: orderA.reference,
        buyerName: '=HYPERLINK("x")',
        companyName: null,
        gstin: null,
        supplyType: 'B2CS',
        placeOfSupply: delhiPlace,
        sac: '998413',
        ...wholeA,
        tds: 0,
        against: null,
        reason: null,
        cancelledBy: null,
      },
      expect.objectContaining({
        kind: 'invoice',
        supplierGstin: null,
        serial: SERIAL('INV', 2),
        orderReference: orderB.reference,
        buyerName: 'Ravi Kumar',
        // Another state, unregistered, but ₹27,140: B2C small.
        supplyType: 'B2CS',
        placeOfSupply: { code: '29', name: 'Karnataka' },
        taxable: 2_300_000,
        igst: 414_000,
        total: 2_714_000,
        cgst: 0,
        cancelledBy: null,
      }),
      expect.objectContaining({
        kind: 'invoice',
        supplierGstin: null,
        serial: SERIAL('INV', 3),
        orderReference: orderC.reference,
        buyerName: 'Asha Verma',
        companyName: 'Verma Traders Pvt Ltd',
        // What it printed before the correction: the Maharashtra GSTIN, IGST.
        gstin: gstinIn('Maharashtra'),
        placeOfSupply: { code: '27', name: 'Maharashtra' },
        ...igstC,
        tds: tdsC,
        cancelledBy: { serial: SERIAL('CN', 3), issuedOn: today },
      }),
      expect.objectContaining({
        kind: 'credit_note',
        supplierGstin: null,
        serial: SERIAL('CN', 1),
        orderReference: orderA.reference,
        ...wholeA,
        against: { serial: SERIAL('INV', 1), issuedOn: today },
        reason: 'refund',
      }),
      expect.objectContaining({
        kind: 'credit_note',
        supplierGstin: null,
        serial: SERIAL('CN', 2),
        placeOfSupply: { code: '29', name: 'Karnataka' },
        // ₹3,000 + 18% of the ₹23,000 order's ₹27,140, its share by price.
        taxable: 300_000,
        igst: 54_000,
        total: 354_000,
        reason: 'refund',
      }),
      expect.objectContaining({
        kind: 'credit_note',
        supplierGstin: null,
        serial: SERIAL('CN', 3),
        gstin: gstinIn('Maharashtra'),
        ...igstC,
        tds: tdsC,
        against: { serial: SERIAL('INV', 3), issuedOn: today },
        reason: 'billing_correction',
      }),
      expect.objectContaining({
        kind: 'invoice',
        supplierGstin: null,
        serial: SERIAL('INV', 4),
        gstin: gstinIn('Delhi'),
        placeOfSupply: delhiPlace,
        ...cgstC,
        tds: tdsC,
        against: null,
        cancelledBy: null,
      }),
    ]);
    // The current invoice's figures are the order's (its view in rupees).
    expect(orderC.amounts).toMatchObject({
      cgstAmount: 10_800,
      igstAmount: 0,
      totalAmount: 140_400,
    });

    const figures = (documents: number, f: object) => ({ documents, ...f });
    expect(data.totals).toEqual({
      invoices: figures(4, {
        taxable: 31_300_000,
        cgst: 1_530_000,
        sgst: 1_530_000,
        igst: 2_574_000,
        total: 36_934_000,
      }),
      creditNotes: figures(3, {
        taxable: 17_300_000,
        cgst: 450_000,
        sgst: 450_000,
        igst: 2_214_000,
        total: 20_414_000,
      }),
      // What is still sold: ₹1,20,000 (CGST + SGST now) and ₹20,000 (IGST).
      net: figures(7, {
        taxable: 14_000_000,
        cgst: 1_080_000,
        sgst: 1_080_000,
        igst: 360_000,
        total: 16_520_000,
      }),
    });
    expect(data.summary).toEqual({
      b2b: figures(3, cgstC),
      b2cLarge: figures(0, { taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 }),
      b2cSmallByPlaceOfSupply: [
        { ...delhiPlace, ...figures(2, { taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 }) },
        {
          code: '29',
          name: 'Karnataka',
          ...figures(2, { taxable: 2_000_000, cgst: 0, sgst: 0, igst: 360_000, total: 2_360_000 }),
        },
      ],
      bySac: [{ sac: '998413', ...data.totals.net }],
    });
  });

  it('tells B2C large apart: an unregistered buyer of another state on an invoice over ₹1,00,000, and its credit notes', async () => {
    const admin = (await staffMember(ctx().app, 'admin')).client;
    // ₹1,20,000 + 18% IGST = ₹1,41,600 to Karnataka, unregistered: B2CL.
    const karnataka = await signedIn(ctx().app, { name: 'Meena Rao', state: 'Karnataka' });
    const large = await checkOut(karnataka.client, ['9786012345', '9137605193']);
    await pay(admin, large.id, '412345678911');
    const refund = await admin.post(
      api(`/admin/orders/${large.id}/numbers/${id('9137605193')}/refund`),
      { reason: 'Number not portable', method: 'manual' },
    );
    expect(refund.statusCode, refund.body).toBe(200);
    // ₹90,000 + 18% CGST and SGST (₹1,06,200) in Delhi, the store's state: B2C small, however large.
    const delhi = await signedIn(ctx().app, { name: 'Kabir Das', state: 'Delhi' });
    const local = await checkOut(delhi.client, ['9876598765', '7070700852', '9812341234']);
    await pay(admin, local.id, '412345678912');

    const today = indiaDay();
    const data = (await register(admin, `from=${today}&to=${today}`)).json().data;
    expect(
      (data.documents as Row[]).map((row) => [row.kind, row.orderReference, row.supplyType]),
    ).toEqual([
      ['invoice', large.reference, 'B2CL'],
      ['credit_note', large.reference, 'B2CL'],
      ['invoice', local.reference, 'B2CS'],
    ]);
    // ₹1,23,000 + IGST ₹22,140, less the ₹3,000 + ₹540 refunded.
    expect(data.summary.b2cLarge).toEqual({
      documents: 2,
      taxable: 12_000_000,
      cgst: 0,
      sgst: 0,
      igst: 2_160_000,
      total: 14_160_000,
    });
    expect(data.summary.b2cSmallByPlaceOfSupply).toEqual([
      {
        code: '07',
        name: 'Delhi',
        documents: 1,
        taxable: 9_000_000,
        cgst: 810_000,
        sgst: 810_000,
        igst: 0,
        total: 10_620_000,
      },
    ]);
  });

  it('gives the CSV the same rows, money in rupees, cells inert, named for its period; each read audited', async () => {
    const { admin, today } = await aMonthOfDocuments();
    const json = (await register(admin, `from=${today}&to=${today}`)).json().data;
    const res = await admin.get(api(`/admin/tax-register.csv?from=${today}&to=${today}`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="tax-register-${today}-to-${today}.csv"`,
    );
    const [header, ...lines] = parse(res.body, { bom: true }) as string[][];
    expect(header).toContain('Taxable value (rupees, 2 decimals)');
    const rupees = (paise: number) => (paise / 100).toFixed(2);
    expect(lines).toEqual(
      (json.documents as Row[]).map((row) => [
        row.kind === 'invoice' ? 'Tax invoice' : 'Credit note',
        row.supplierGstin ?? '',
        row.serial,
        row.issuedOn,
        row.orderReference,
        // A name a spreadsheet would run as a formula is written as text.
        row.buyerName.startsWith('=') ? `'${row.buyerName}` : row.buyerName,
        row.companyName ?? '',
        row.gstin ?? '',
        row.supplyType,
        (row.placeOfSupply as { code: string }).code,
        (row.placeOfSupply as { name: string }).name,
        row.sac,
        ...[row.taxable, row.cgst, row.sgst, row.igst, row.total, row.tds].map(rupees),
        (row.against as { serial: string } | null)?.serial ?? '',
        (row.against as { issuedOn: string } | null)?.issuedOn ?? '',
        { refund: 'Refund', billing_correction: 'Billing correction' }[row.reason as string] ?? '',
        (row.cancelledBy as { serial: string } | null)?.serial ?? '',
        (row.cancelledBy as { issuedOn: string } | null)?.issuedOn ?? '',
      ]),
    );
    expect(lines[0]![5]).toBe(`'=HYPERLINK("x")`);
    expect(lines[0]!.slice(12, 18)).toEqual([
      '50000.00',
      '4500.00',
      '4500.00',
      '0.00',
      '59000.00',
      '0.00',
    ]);

    const { views } = await ctx().app.services.audit.list(
      { action: ['tax_register.export'] },
      1,
      10,
    );
    expect(views.map((entry) => [entry.actor.name, entry.entityId, entry.after])).toEqual([
      ['Anil Admin', `${today}..${today}`, { from: today, to: today, format: 'csv', documents: 7 }],
      [
        'Anil Admin',
        `${today}..${today}`,
        { from: today, to: today, format: 'json', documents: 7 },
      ],
    ]);
    // No buyer's name or GSTIN in the entries.
    expect(JSON.stringify(views)).not.toMatch(/HYPERLINK|Verma|Ravi|AAPFU/);
  });

  it("puts a document issued a moment before India's midnight in the day before, one at midnight in the next", async () => {
    const admin = (await staffMember(ctx().app, 'admin')).client;
    const buyer = await signedIn(ctx().app, { state: 'Delhi' });
    const early = await checkOut(buyer.client, ['9811223344']);
    await pay(admin, early.id, '512345678901');
    const late = await checkOut(buyer.client, ['9876543210']);
    await pay(admin, late.id, '512345678902');
    // 31 Oct 23:59:59.999 IST and 1 Nov 00:00 IST.
    const moments = {
      [early.id]: '2026-10-31T18:29:59.999Z',
      [late.id]: '2026-10-31T18:30:00.000Z',
    };
    for (const [orderId, at] of Object.entries(moments)) {
      await ctx()
        .database.db.update(taxDocuments)
        .set({ issuedAt: new Date(at) })
        .where(eq(taxDocuments.orderId, orderId));
    }
    const october = (await register(admin, 'from=2026-10-01&to=2026-10-31')).json().data;
    expect(october.documents.map((row: Row) => [row.orderReference, row.issuedOn])).toEqual([
      [early.reference, '2026-10-31'],
    ]);
    const november = (await register(admin, 'from=2026-11-01&to=2026-11-30')).json().data;
    expect(november.documents.map((row: Row) => [row.orderReference, row.issuedOn])).toEqual([
      [late.reference, '2026-11-01'],
    ]);
    expect(november.totals.invoices).toMatchObject({ documents: 1, taxable: 800_000 });
    const none = (await register(admin, 'from=2026-09-01&to=2026-09-30')).json().data;
    expect(none.documents).toEqual([]);
    expect(none.totals.net).toEqual({
      documents: 0,
      taxable: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
      total: 0,
    });
  });

  it('is for administrators only, and says what is wrong with a period', async () => {
    const support = (await staffMember(ctx().app, 'support')).client;
    for (const path of ['/admin/tax-register', '/admin/tax-register.csv']) {
      const refused = await support.get(api(`${path}?from=2026-10-01&to=2026-10-31`));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('This is for administrators only.');
      const visitor = await ctx().app.inject({
        method: 'GET',
        url: api(`${path}?from=2026-10-01&to=2026-10-31`),
      });
      expect(visitor.statusCode).toBe(401);
    }
    const admin = (await staffMember(ctx().app, 'admin')).client;
    const answers = {
      'to=2026-10-31': 'Invalid query parameter: from: must be a date, YYYY-MM-DD',
      'from=2026-10-01&to=31-10-2026': 'Invalid query parameter: to: must be a date, YYYY-MM-DD',
      'from=2026-02-30&to=2026-03-31': 'Invalid query parameter: from: must be a date, YYYY-MM-DD',
      'from=2026-10-31&to=2026-10-01': 'Invalid query parameter: to: must not be before from',
      'from=2025-04-01&to=2026-04-01':
        'Invalid query parameter: to: the period is at most a year: to must be before the same day a year after from',
    };
    for (const [query, message] of Object.entries(answers)) {
      const res = await register(admin, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
    // A financial year is one year.
    expect((await register(admin, 'from=2025-04-01&to=2026-03-31')).statusCode).toBe(200);
    const { total } = await ctx().app.services.audit.list(
      { action: ['tax_register.export'] },
      1,
      10,
    );
    expect(total).toBe(1);
  });
});
