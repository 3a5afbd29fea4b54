import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../db/schema';
import { pdfText } from '../../test-support/pdf-text';
import { gstinIn, signedIn, staffMember, withSalesInventory } from '../../test-support/sales';
import { api, outbox, type SessionClient } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

const DELHI_GSTIN = gstinIn('Delhi');

describeEachDatabase(
  "support corrects an order's billing details",
  (ctx) => {
    const { id } = withSalesInventory(ctx);

    /**
     * A Corporate buyer registered in Maharashtra, billed in Karnataka: the store (Delhi) charges
     * IGST. ₹50,000 + 18% GST = ₹59,000, no TDS.
     */
    async function corporateOrder(tdsPercent = 0) {
      const buyer = await signedIn(ctx().app, {
        accountType: 'Corporate',
        companyName: 'Verma Traders Pvt Ltd',
        gstinNo: '27AAPFU0939F1ZV',
        state: 'Karnataka',
      });
      await buyer.client.post(api(`/cart/add/${id('9876598765')}`));
      if (tdsPercent > 0) {
        await buyer.client.request({
          method: 'PUT',
          url: api('/cart/tds'),
          payload: { tdsPercent },
        });
      }
      const checkout = await buyer.client.post(api('/cart/checkout'));
      expect(checkout.statusCode, checkout.body).toBe(201);
      return { ...buyer, order: checkout.json().data.order, staff: await staffMember(ctx().app) };
    }

    const pay = (staff: SessionClient, orderId: string, reference: string) =>
      staff.post(api(`/admin/orders/${orderId}/payments`), { reference });
    const correct = (staff: SessionClient, orderId: string, body: object) =>
      staff.post(api(`/admin/orders/${orderId}/billing`), body);
    const staffOrder = async (staff: SessionClient, orderId: string) =>
      (await staff.get(api(`/admin/orders/${orderId}`))).json().data;

    /** The form as the console sends it: the billing seen, corrected to Delhi's GSTIN and address. */
    const toDelhi = (seen: object) => ({
      billing: {
        name: 'Asha Verma',
        companyName: 'Verma Traders Pvt Ltd',
        gstinNo: DELHI_GSTIN,
        line1: '5 Connaught Place',
        city: 'New Delhi',
        state: 'Delhi',
        pinCode: '110001',
      },
      reason: 'The buyer wrote: wrong GSTIN on the invoice',
      expected: seen,
    });

    it("reissues a paid order's invoice: a credit note cancels the old one, a new number with CGST + SGST, the buyer e-mailed at the account's current address", async () => {
      const { order, staff, client, user } = await corporateOrder();
      expect((await pay(staff.client, order.id, '412345678901')).statusCode).toBe(200);
      const before = await staffOrder(staff.client, order.id);
      expect(before.amounts).toMatchObject({
        igstAmount: 9_000,
        cgstAmount: 0,
        totalAmount: 59_000,
      });
      // The order's messages go to the account's e-mail as it is now (decision 0064).
      const email = `new.${user.email}`;
      await ctx().database.db.update(users).set({ email }).where(eq(users.id, user.id));

      const res = await correct(staff.client, order.id, toDelhi(before.billing));
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      const [oldSerial, newSerial] = [/INV\/\d{2}-\d{2}\/000001/, /INV\/\d{2}-\d{2}\/000002/];
      expect(res.json().message).toMatch(
        new RegExp(
          `^Order ${order.reference}: billing details corrected; invoice INV/\\d{2}-\\d{2}/000002 replaces INV/\\d{2}-\\d{2}/000001\\.$`,
        ),
      );
      expect(data.billing).toMatchObject({
        name: 'Asha Verma',
        accountType: 'Corporate',
        gstinNo: DELHI_GSTIN,
        address: { line1: '5 Connaught Place', line2: null, state: 'Delhi', pinCode: '110001' },
      });
      // Within the store's state now: the same GST split in two, the same total.
      expect(data.amounts).toMatchObject({
        placeOfSupply: 'Delhi',
        cgstAmount: 4_500,
        sgstAmount: 4_500,
        igstAmount: 0,
        totalAmount: 59_000,
      });
      const documents = data.taxDocuments;
      expect(documents.invoiceSerial).toMatch(newSerial);
      expect(documents.replacedInvoices).toHaveLength(1);
      expect(documents.replacedInvoices[0].serial).toMatch(oldSerial);
      expect(documents.creditNotes).toMatchObject([
        { amount: 59_000, numberId: null, refundReference: null, billingCorrection: true },
      ]);
      expect(data.timeline.at(-1)).toMatchObject({
        by: 'Sunita Support',
        note: expect.stringMatching(
          /^Billing details corrected \(name, GSTIN, address, city, state, PIN code\)\. Invoice INV\/\d{2}-\d{2}\/000001 cancelled by credit note CN\/\d{2}-\d{2}\/000001; invoice INV\/\d{2}-\d{2}\/000002 issued\. Reason: The buyer wrote: wrong GSTIN on the invoice$/,
        ),
      });

      // The new invoice prints the corrected details; the old one and its credit note what it had.
      const current = await pdfText(
        (await client.get(api(`/orders/${order.id}/invoice.pdf`))).rawPayload,
      );
      expect(current).toMatch(newSerial);
      expect(current).toContain(`GSTIN: ${DELHI_GSTIN}`);
      expect(current).toContain('Place of supply: Delhi (07)');
      expect(current).toMatch(/CGST @ 9%\s*₹4,500\.00/);
      const old = await client.get(
        api(`/orders/${order.id}/invoices/${documents.replacedInvoices[0].file}`),
      );
      expect(old.statusCode).toBe(200);
      const oldText = await pdfText(old.rawPayload);
      expect(oldText).toMatch(oldSerial);
      expect(oldText).toContain('GSTIN: 27AAPFU0939F1ZV');
      expect(oldText).toContain('Place of supply: Maharashtra (27)');
      expect(oldText).toMatch(/IGST @ 18%\s*₹9,000\.00/);
      // Downloaded alone, it says under its header that it is cancelled, by what and for what.
      expect(oldText).toMatch(
        /^TAX INVOICE\s+Cancelled by credit note CN\/\d{2}-\d{2}\/000001 of \d{1,2} [A-Z][a-z]{2} \d{4}[^;]*; replaced by invoice\s+INV\/\d{2}-\d{2}\/000002\s+Tax invoice number: INV\/\d{2}-\d{2}\/000001/,
      );
      expect(current).not.toContain('Cancelled');
      // The new one names the invoice it replaces and the credit note that cancelled it.
      expect(current).toMatch(
        /Order: VN-\S+\s+Replaces invoice INV\/\d{2}-\d{2}\/000001 of \d{1,2} [A-Z][a-z]{2} \d{4}, [^,]+, cancelled by credit note\s+CN\/\d{2}-\d{2}\/000001\s+Place of supply/,
      );
      expect(oldText).not.toContain('Replaces invoice');
      const note = await staff.client.get(
        api(`/admin/orders/${order.id}/credit-notes/${documents.creditNotes[0].file}`),
      );
      const noteText = await pdfText(note.rawPayload);
      expect(noteText).toMatch(/Against tax invoice INV\/\d{2}-\d{2}\/000001/);
      expect(noteText).toContain('Reason: Billing details corrected');
      expect(noteText).toContain('GSTIN: 27AAPFU0939F1ZV');
      expect(noteText).toMatch(/IGST @ 18%\s*₹9,000\.00/);
      expect(noteText).toMatch(/Credit note value\s*₹59,000\.00/);
      expect(noteText).toContain('No money is refunded with this credit note.');
      expect(noteText).not.toContain('Cancelled by');

      // Audited with the fields changed, never their values.
      const [entry] = (
        await ctx().app.services.audit.list({ orderId: order.id }, 1, 50)
      ).views.filter((view) => view.action === 'order.billing_correct');
      expect(entry).toMatchObject({
        note: 'The buyer wrote: wrong GSTIN on the invoice',
        // The tax consequence an accountant looks for: the place of supply before and after.
        before: { placeOfSupply: 'Maharashtra' },
        after: {
          placeOfSupply: 'Delhi',
          fields: [
            'name',
            'gstinNo',
            'address.line1',
            'address.city',
            'address.state',
            'address.pinCode',
          ],
        },
      });
      expect(JSON.stringify(entry)).not.toContain(DELHI_GSTIN);
      expect(JSON.stringify(entry)).not.toContain('Connaught');

      // One e-mail, to the account's current address, with the new invoice and the credit note
      // that cancels the old one; no SMS.
      const [mail] = await outbox(ctx().app, email);
      expect(mail).toMatchObject({
        subject: `Order ${order.reference}: your billing details are corrected`,
        attachments: [
          expect.stringMatching(/^INV-\d{2}-\d{2}-000002\.pdf$/),
          expect.stringMatching(/^CN-\d{2}-\d{2}-000001\.pdf$/),
        ],
      });
      expect(mail!.text).toContain(`GSTIN ${DELHI_GSTIN}`);
      // Billed to the account's contacts as they are now, not the order's old e-mail (0064, 0065).
      expect(mail!.text).toContain(`  Asha Verma, ${email}, ${user.mobile}`);
      expect(mail!.text).not.toContain(`, ${user.email}`);
      expect(mail!.text).toContain(
        'Place of supply: Delhi (07) instead of Maharashtra (27); GST is now CGST ₹4,500 + SGST ₹4,500 instead of IGST ₹9,000, the same total.',
      );
      expect(mail!.text).toMatch(
        /It replaces invoice INV\/\d{2}-\d{2}\/000001, which is cancelled by credit note CN\/\d{2}-\d{2}\/000001/,
      );
      expect(
        (await outbox(ctx().app, user.mobile)).filter((sms) => sms.subject?.includes('billing')),
      ).toEqual([]);

      // A GSTIN of another state than the billing state is confirmed, as at checkout.
      const mismatch = await correct(staff.client, order.id, {
        ...toDelhi(data.billing),
        billing: { ...toDelhi(data.billing).billing, gstinNo: '27AAPFU0939F1ZV' },
      });
      expect(mismatch.statusCode).toBe(422);
      expect(mismatch.json()).toMatchObject({
        code: 'GSTIN_STATE_MISMATCH',
        message:
          "The buyer's GSTIN 27AAPFU0939F1ZV is registered in Maharashtra, but the billing state is Delhi. Please check the billing state, or confirm that the difference is right.",
      });
    });

    it("prints no refund on a correction's credit note of an order with TDS; the refund's own credit note prints it", async () => {
      const { order, staff } = await corporateOrder(2);
      expect((await pay(staff.client, order.id, '412345678902')).statusCode).toBe(200);
      const seen = (await staffOrder(staff.client, order.id)).billing;
      expect((await correct(staff.client, order.id, toDelhi(seen))).statusCode).toBe(200);
      const refunded = await staff.client.post(api(`/admin/orders/${order.id}/refunds`), {
        reason: 'The buyer cancelled',
        method: 'manual',
        reference: 'RFND00042',
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
      const [correction, refund] = (await staffOrder(staff.client, order.id)).taxDocuments
        .creditNotes;
      const text = async (file: string) =>
        pdfText(
          (await staff.client.get(api(`/admin/orders/${order.id}/credit-notes/${file}`)))
            .rawPayload,
        );
      const correctionText = await text(correction.file);
      expect(correctionText).toContain('No money is refunded with this credit note.');
      expect(correctionText).not.toContain('Amount refunded');
      expect(correctionText).not.toContain('Less TDS');
      const refundText = await text(refund.file);
      expect(refundText).toMatch(/Less TDS @ 2% deducted by the buyer/);
      expect(refundText).toMatch(/Amount refunded\s*₹/);
      expect(refundText).not.toContain('No money is refunded');
    });

    it('changes only the billing and place of supply of an unpaid order; a page out of date is refused, naming who corrected it', async () => {
      const { order, staff, user } = await corporateOrder();
      const seen = (await staffOrder(staff.client, order.id)).billing;
      const res = await correct(staff.client, order.id, toDelhi(seen));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(`Order ${order.reference}: billing details corrected.`);
      const corrected = (await outbox(ctx().app, user.email)).filter((mail) =>
        mail.subject?.endsWith('your billing details are corrected'),
      );
      expect(corrected).toHaveLength(1);
      // The tax lines changed with the place of supply: said in words, as the payables team checks.
      expect(corrected[0]!.text).toContain(
        'Place of supply: Delhi (07) instead of Maharashtra (27); GST is now CGST ₹4,500 + SGST ₹4,500 instead of IGST ₹9,000, the same total.',
      );
      const data = res.json().data;
      expect(data.status).toBe('pending_payment');
      expect(data.amounts).toMatchObject({
        placeOfSupply: 'Delhi',
        cgstAmount: 4_500,
        igstAmount: 0,
        totalAmount: 59_000,
      });
      expect(data.taxDocuments).toMatchObject({
        invoice: false,
        replacedInvoices: [],
        creditNotes: [],
      });

      // Another agent's form, opened before that correction.
      const other = await staffMember(ctx().app);
      const stale = await correct(other.client, order.id, {
        ...toDelhi(seen),
        billing: { ...toDelhi(seen).billing, name: 'Asha V.' },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('BILLING_CHANGED');
      expect(stale.json().message).toMatch(
        /^Sunita Support corrected this order's billing details at .+, after you opened it\. Nothing was changed/,
      );
      expect((await staffOrder(staff.client, order.id)).billing.name).toBe('Asha Verma');

      // A name alone changes no tax: the e-mail has no place of supply line.
      const latest = (await staffOrder(staff.client, order.id)).billing;
      const renamed = await correct(staff.client, order.id, {
        ...toDelhi(latest),
        billing: { ...toDelhi(latest).billing, name: 'Asha V.' },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const [renamedMail] = await outbox(ctx().app, user.email);
      expect(renamedMail!.text).toContain('  Asha V.,');
      expect(renamedMail!.text).not.toContain('Place of supply');
      const [renamedEntry] = (
        await ctx().app.services.audit.list({ orderId: order.id }, 1, 50)
      ).views.filter((view) => view.action === 'order.billing_correct');
      expect(renamedEntry!.after).toEqual({ fields: ['name'], invoice: null, creditNote: null });
      expect(renamedEntry!.before).toEqual({ invoice: null });
    });

    it('lets one of two agents correcting at once win: one new invoice', async () => {
      const { order, staff } = await corporateOrder();
      expect((await pay(staff.client, order.id, '412345678902')).statusCode).toBe(200);
      const seen = (await staffOrder(staff.client, order.id)).billing;
      const other = await staffMember(ctx().app, 'admin');
      const answers = await Promise.all([
        correct(staff.client, order.id, toDelhi(seen)),
        correct(other.client, order.id, { ...toDelhi(seen), reason: 'Same request, by phone' }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)!.json().code).toBe(
        'BILLING_CHANGED',
      );
      const documents = await ctx().app.services.invoices.documentsOf(order.id);
      expect(documents.map((document) => document.kind).sort()).toEqual(['CN', 'INV', 'INV']);
    });

    it('refuses a refunded or cancelled order, a changed buyer type or amount, and a GSTIN on an Individual order', async () => {
      const { order, staff } = await corporateOrder();
      expect((await pay(staff.client, order.id, '412345678903')).statusCode).toBe(200);
      const seen = (await staffOrder(staff.client, order.id)).billing;

      const typeChange = await correct(staff.client, order.id, {
        ...toDelhi(seen),
        accountType: 'Individual',
      });
      expect(typeChange.statusCode).toBe(400);
      expect(typeChange.json().message).toContain(
        'Only the billing name, address, company and GSTIN can be corrected: the buyer type and the amounts are fixed at checkout (accountType not accepted).',
      );
      const amount = await correct(staff.client, order.id, { ...toDelhi(seen), totalAmount: 1 });
      expect(amount.statusCode).toBe(400);
      expect(amount.json().message).toContain('(totalAmount not accepted)');
      const noGstin = await correct(staff.client, order.id, {
        ...toDelhi(seen),
        billing: { ...toDelhi(seen).billing, gstinNo: '' },
      });
      expect(noGstin.statusCode).toBe(400);
      expect(noGstin.json().message).toBe('Enter the GSTIN of this Corporate order.');
      const shortReason = await correct(staff.client, order.id, {
        ...toDelhi(seen),
        reason: 'typo',
      });
      expect(shortReason.statusCode).toBe(400);
      expect(shortReason.json().message).toBe(
        'Invalid body: reason: is too short: say in at least 5 characters why the billing details are corrected',
      );

      const refunded = await staff.client.post(api(`/admin/orders/${order.id}/refunds`), {
        reason: 'The buyer changed their mind',
        method: 'manual',
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
      const afterRefund = await correct(staff.client, order.id, toDelhi(seen));
      expect(afterRefund.statusCode).toBe(409);
      expect(afterRefund.json()).toMatchObject({
        code: 'CORRECT_BY_HAND',
        message:
          'This order is refunded: its billing details cannot be corrected here. Correct its tax documents by hand with the accountant.',
      });

      const individual = await signedIn(ctx().app, { state: 'Karnataka' });
      await individual.client.post(api(`/cart/add/${id('9811223344')}`));
      const unpaid = (await individual.client.post(api('/cart/checkout'))).json().data.order;
      const individualSeen = (await staffOrder(staff.client, unpaid.id)).billing;
      const withGstin = await correct(staff.client, unpaid.id, toDelhi(individualSeen));
      expect(withGstin.statusCode).toBe(400);
      expect(withGstin.json().code).toBe('ACCOUNT_TYPE_FIXED');
      const cancelled = await staff.client.post(api(`/admin/orders/${unpaid.id}/events`), {
        status: 'cancelled',
        note: 'Buyer asked',
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const afterCancel = await correct(staff.client, unpaid.id, {
        ...toDelhi(individualSeen),
        billing: { ...toDelhi(individualSeen).billing, companyName: '', gstinNo: '' },
      });
      expect(afterCancel.statusCode).toBe(409);
      // Cancelled unpaid, it never had a tax invoice: nothing for the accountant either.
      expect(afterCancel.json()).toMatchObject({
        code: 'CORRECT_BY_HAND',
        message: 'This order is cancelled and has no tax invoice: there is nothing to correct.',
      });

      // Buyers have no console.
      const buyerTry = await individual.client.post(
        api(`/admin/orders/${unpaid.id}/billing`),
        toDelhi(individualSeen),
      );
      expect(buyerTry.statusCode).toBe(403);
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '100000' } },
);
