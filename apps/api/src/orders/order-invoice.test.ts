import { indiaDay } from '@store/domain';
import { expect, it } from 'vitest';
import { pdfText } from '../../test-support/pdf-text';
import { sentTo, signedIn, staffMember, withSalesInventory } from '../../test-support/sales';
import { api, type SessionClient } from '../../test-support/session-client';
import { describeEachDatabase, testConfig } from '../../test-support/test-app';
import { buildApp } from '../app';

describeEachDatabase(
  'the GST tax invoice',
  (ctx) => {
    const { id } = withSalesInventory(ctx);

    it('is issued on payment, downloaded by its buyer and staff as a PDF with the ₹ sign and the totals', async () => {
      const buyer = await signedIn(ctx().app, {
        accountType: 'Corporate',
        companyName: 'Verma Traders Pvt Ltd',
        gstinNo: '27AAPFU0939F1ZV',
        state: 'Karnataka',
      });
      await buyer.client.post(api(`/cart/add/${id('9876598765')}`));
      await buyer.client.request({
        method: 'PUT',
        url: api('/cart/tds'),
        payload: { tdsPercent: 2 },
      });
      const order = (await buyer.client.post(api('/cart/checkout'))).json().data.order;
      const invoiceUrl = api(`/orders/${order.id}/invoice.pdf`);

      expect((await buyer.client.get(api(`/orders/${order.id}/credit-note.pdf`))).statusCode).toBe(
        404,
      );
      const early = await buyer.client.get(invoiceUrl);
      expect(early.statusCode).toBe(404);
      expect(early.json().message).toBe(
        'This order has no tax invoice yet: it is issued when the order is paid.',
      );

      const staff = await staffMember(ctx().app);
      const confirmed = await staff.client.post(api(`/admin/orders/${order.id}/payments`), {
        reference: '412345678901',
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);

      // The "payment received" e-mail carries the invoice (the order e-mail carries the UPI QR).
      const emails = await sentTo(ctx().database, buyer.user.email);
      const withInvoice = emails.filter((email) =>
        email.attachments?.some((name) => name.endsWith('.pdf')),
      );
      expect(withInvoice).toHaveLength(1);
      expect(withInvoice[0]!.attachments).toEqual([
        expect.stringMatching(/^INV-\d{2}-\d{2}-000001\.pdf$/),
      ]);
      expect(withInvoice[0]!.text).toContain('Total paid: ₹58,000');
      expect(withInvoice[0]!.text).not.toContain('Total to pay');

      const res = await buyer.client.get(invoiceUrl);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="INV-\d{2}-\d{2}-000001\.pdf"$/,
      );
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(res.rawPayload);
      for (const expected of [
        'TAX INVOICE',
        /INV\/\d{2}-\d{2}\/000001/,
        ctx().config.STORE_NAME,
        `Verma Traders Pvt Ltd (${buyer.user.name})`,
        'GSTIN: 27AAPFU0939F1ZV',
        // A registered buyer's place of supply is its GSTIN's state, not the billing address's.
        'Place of supply: Maharashtra (27)',
        'Tax payable on reverse charge: No',
        'Mobile number 98765 98765',
        ctx().config.INVOICE_SAC_CODE,
        // 50,000 taxable; IGST 18% = 9,000; invoice 59,000; TDS 2% = 1,000 deducted; 58,000 paid.
        /IGST @ 18%\s*₹9,000\.00/,
        /Invoice value\s*₹59,000\.00/,
        /Less TDS @ 2% deducted by the buyer\s*-₹1,000\.00/,
        /Amount paid\s*₹58,000\.00/,
        'Rupees Fifty Nine Thousand Only',
        'Authorised signatory',
      ]) {
        if (typeof expected === 'string') expect(text).toContain(expected);
        else expect(text).toMatch(expected);
      }
      expect(text).not.toContain('CGST');
      expect(text).not.toContain('¹');

      const staffCopy = await staff.client.get(api(`/admin/orders/${order.id}/invoice.pdf`));
      expect(staffCopy.statusCode).toBe(200);
      expect(staffCopy.headers['content-type']).toBe('application/pdf');

      // A refund issues a credit note against the invoice, numbered in its own series.
      const refunded = await staff.client.post(api(`/admin/orders/${order.id}/refunds`), {
        reason: 'Buyer changed their mind',
        method: 'manual',
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
      const documents = await ctx().app.services.invoices.documentsOf(order.id);
      expect(documents.map((document) => [document.kind, document.amount])).toEqual([
        ['INV', 5_800_000],
        ['CN', 5_800_000],
      ]);
      expect(documents[1]!.serial).toMatch(/^CN\/\d{2}-\d{2}\/000001$/);
      expect(documents[1]!.refundId).not.toBeNull();
      const creditNote = await buyer.client.get(api(`/orders/${order.id}/credit-note.pdf`));
      expect(creditNote.statusCode).toBe(200);
      expect(creditNote.headers['content-disposition']).toMatch(
        /filename="CN-\d{2}-\d{2}-000001\.pdf"/,
      );
      const noteText = await pdfText(creditNote.rawPayload);
      expect(noteText).toContain('CREDIT NOTE');
      expect(noteText).toMatch(/Against tax invoice INV\/\d{2}-\d{2}\/000001/);
      expect(noteText).toMatch(/IGST @ 18%\s*₹9,000\.00/);
      expect(noteText).toMatch(/Amount refunded\s*₹58,000\.00/);
      // A credit note's total is what it credits, named as such.
      expect(noteText).toMatch(/Credit note value\s*₹59,000\.00/);
      expect(noteText).toContain('Credit note value in words: Rupees Fifty Nine Thousand Only');
      expect(noteText).not.toContain('Invoice value');
      const staffNote = await staff.client.get(api(`/admin/orders/${order.id}/credit-note.pdf`));
      expect(staffNote.statusCode).toBe(200);
      // The refund's e-mail carries the credit note, as the payment's carried the invoice.
      const outbox = await ctx().app.inject({
        method: 'GET',
        url: api(`/dev/outbox?to=${encodeURIComponent(buyer.user.email)}`),
      });
      const [refundMail, paidMail] = outbox.json().data.messages;
      expect(refundMail.subject).toBe(`Order ${order.reference}: your refund has been made`);
      expect(refundMail.text).toContain(`Our credit note ${documents[1]!.serial}, against the tax`);
      expect(refundMail.attachments).toEqual([
        expect.stringMatching(/^CN-\d{2}-\d{2}-000001\.pdf$/),
      ]);
      expect(paidMail.text).toContain(
        'Your GST tax invoice is attached; your order page has it too:',
      );
      expect(paidMail.attachments).toEqual([
        expect.stringMatching(/^INV-\d{2}-\d{2}-000001\.pdf$/),
      ]);

      const stranger = await signedIn(ctx().app);
      expect((await stranger.client.get(invoiceUrl)).statusCode).toBe(404);
      expect((await ctx().app.inject({ method: 'GET', url: invoiceUrl })).statusCode).toBe(401);
    });

    it('names a company billed under its own name once', async () => {
      const buyer = await signedIn(ctx().app, {
        accountType: 'Corporate',
        companyName: 'Acme QA Pvt Ltd',
        gstinNo: '27AAPFU0939F1ZV',
        state: 'Maharashtra',
      });
      await buyer.client.post(api(`/cart/add/${id('9811223344')}`));
      const checkout = await buyer.client.post(api('/cart/checkout'), {
        billing: {
          name: 'ACME QA Pvt Ltd',
          line1: '4 FC Road',
          city: 'Pune',
          state: 'Maharashtra',
          pinCode: '411005',
        },
      });
      expect(checkout.statusCode, checkout.body).toBe(201);
      const order = checkout.json().data.order;
      const staff = await staffMember(ctx().app);
      await staff.client.post(api(`/admin/orders/${order.id}/payments`), {
        reference: '412345678902',
      });
      const text = await pdfText(
        (await buyer.client.get(api(`/orders/${order.id}/invoice.pdf`))).rawPayload,
      );
      expect(text).toContain('ACME QA Pvt Ltd');
      expect(text).not.toMatch(/Acme QA Pvt Ltd \(/i);
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '100000' } },
);

describeEachDatabase(
  'an issued tax document',
  (ctx) => {
    const { checkOut } = withSalesInventory(ctx);

    it('is issued by the store the order was placed with and never changes after (decision 0082)', async () => {
      const staff = await staffMember(ctx().app);
      const pay = async (client: SessionClient, orderId: string, utr: string) => {
        const paid = await client.post(api(`/admin/orders/${orderId}/payments`), {
          reference: utr,
        });
        expect(paid.statusCode, paid.body).toBe(200);
      };
      // Buyers with no address: the place of supply is the store's state (CGST + SGST).
      const paidBefore = await checkOut((await signedIn(ctx().app)).client, ['9876598765']);
      await pay(staff.client, paidBefore.id, '412345678903');
      const placedBefore = await checkOut((await signedIn(ctx().app)).client, ['9812341234']);

      // The owner moves the office to another state, with its new GSTIN, name and SAC code.
      const moved = await buildApp(
        testConfig({
          STORE_NAME: 'Fancy Numbers LLP',
          STORE_STATE: 'Maharashtra',
          STORE_GSTIN: '27AAACV1234F1ZP',
          STORE_ADDRESS: 'Linking Road, Bandra, Mumbai 400050',
          INVOICE_SAC_CODE: '998414',
        }),
        { database: ctx().database },
      );
      try {
        await moved.ready();
        const agent = await staffMember(moved, 'admin');
        const textOf = async (path: string) => {
          const res = await agent.client.get(api(path));
          expect(res.statusCode, res.body).toBe(200);
          return pdfText(res.rawPayload);
        };
        const before = [
          'Vintage Numbers Pvt Ltd',
          'Connaught Place',
          'Delhi (07)',
          '07AAACV1234F1ZR',
        ];
        const after = ['Fancy Numbers LLP', 'Linking Road', '27AAACV1234F1ZP', '998414'];
        const expectIssuedBefore = (text: string) => {
          for (const word of [...before, '998413']) expect(text).toContain(word);
          for (const word of after) expect(text).not.toContain(word);
        };

        expectIssuedBefore(await textOf(`/admin/orders/${paidBefore.id}/invoice.pdf`));
        // Placed before the move, paid after: its GST split was the Delhi store's (CGST + SGST),
        // and so is its invoice.
        await pay(agent.client, placedBefore.id, '412345678904');
        const lateInvoice = await textOf(`/admin/orders/${placedBefore.id}/invoice.pdf`);
        expectIssuedBefore(lateInvoice);
        expect(lateInvoice).toMatch(/CGST @ 9%/);
        expect(lateInvoice).not.toContain('IGST');

        // A credit note comes from the registration that issued the invoice.
        const refunded = await agent.client.post(api(`/admin/orders/${paidBefore.id}/refunds`), {
          reason: 'Buyer changed their mind',
          method: 'manual',
        });
        expect(refunded.statusCode, refunded.body).toBe(200);
        expectIssuedBefore(await textOf(`/admin/orders/${paidBefore.id}/credit-note.pdf`));

        // An order placed after the move is the Mumbai store's, and the register tells them apart.
        const placedAfter = await checkOut((await signedIn(moved)).client, ['9137605193']);
        await pay(agent.client, placedAfter.id, '412345678905');
        const newInvoice = await textOf(`/admin/orders/${placedAfter.id}/invoice.pdf`);
        for (const word of [...after, 'Maharashtra (27)']) expect(newInvoice).toContain(word);
        const today = indiaDay();
        const register = await agent.client.get(
          api(`/admin/tax-register?from=${today}&to=${today}`),
        );
        expect(
          register
            .json()
            .data.documents.map((row: { serial: string; supplierGstin: string }) => [
              row.serial.slice(0, 2),
              row.supplierGstin,
            ]),
        ).toEqual([
          ['IN', '07AAACV1234F1ZR'],
          ['IN', '07AAACV1234F1ZR'],
          ['CN', '07AAACV1234F1ZR'],
          ['IN', '27AAACV1234F1ZP'],
        ]);
      } finally {
        await moved.close();
      }
    });
  },
  {
    env: {
      STORE_NAME: 'Vintage Numbers Pvt Ltd',
      STORE_GSTIN: '07AAACV1234F1ZR',
      INVOICE_SAC_CODE: '998413',
    },
  },
);
