import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { addresses, orders } from '../db/schema';
import { pdfText } from '../../test-support/pdf-text';
import {
  buyerWithOrder,
  gstinIn,
  lapseHold,
  numberState,
  signedIn,
  staffMember,
  withSalesInventory,
} from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

const REGISTERED_NEEDS_ADDRESS = 'A GST invoice to a registered business needs its billing address';
const LARGE_INVOICE_NEEDS_ADDRESS =
  "An invoice of ₹50,000 or more needs the buyer's billing address";

const puneBilling = {
  name: 'Rahul Shah',
  line1: '4 FC Road',
  city: 'Pune',
  state: 'Maharashtra',
  pinCode: '411005',
};

const delhiBilling = {
  ...puneBilling,
  line1: '9 Janpath',
  city: 'New Delhi',
  state: 'Delhi',
  pinCode: '110001',
};

describeEachDatabase(
  'a tax invoice names the buyer address (GST rule 46, decision 0106)',
  (ctx) => {
    const { id } = withSalesInventory(ctx);

    /** A buyer with no saved address and these numbers in the cart. */
    async function buyerWithoutAddress(
      numbers: string[],
      options: Parameters<typeof signedIn>[1] = {},
    ) {
      const buyer = await signedIn(ctx().app, { ...options, state: null });
      for (const number of numbers) {
        const added = await buyer.client.post(api(`/cart/add/${id(number)}`));
        expect(added.statusCode, added.body).toBe(200);
      }
      return buyer;
    }

    async function invoiceText(
      client: Awaited<ReturnType<typeof signedIn>>['client'],
      orderId: string,
    ) {
      const staff = await staffMember(ctx().app);
      const paid = await staff.client.post(api(`/admin/orders/${orderId}/payments`), {
        reference: '512345678901',
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const pdf = await client.get(api(`/orders/${orderId}/invoice.pdf`));
      expect(pdf.statusCode).toBe(200);
      return pdfText(pdf.rawPayload);
    }

    it('refuses a Corporate buyer with no address, then bills the address given, IGST by its state', async () => {
      // A ₹3,000 number: the GSTIN alone asks for the address, whatever the value.
      const buyer = await buyerWithoutAddress(['9137605193'], {
        accountType: 'Corporate',
        companyName: "Shah & Sons 'Pvt' Ltd",
        gstinNo: '27AAPFU0939F1ZV',
      });
      const refused = await buyer.client.post(api('/cart/checkout'), {});
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'BILLING_ADDRESS_REQUIRED' });
      expect(refused.json().message).toBe(
        `${REGISTERED_NEEDS_ADDRESS}. Please give your billing address with the order.`,
      );
      // Nothing was held or made.
      expect(await numberState(ctx().database, id('9137605193'))).toMatchObject({
        status: 'available',
        orderId: null,
      });

      const res = await buyer.client.post(api('/cart/checkout'), { billing: puneBilling });
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json().data.order;
      expect(order.amounts).toMatchObject({
        placeOfSupply: 'Maharashtra',
        cgstAmount: 0,
        igstAmount: 540,
      });
      // Kept as the profile's address, so the next checkout needs nothing more.
      expect((await buyer.client.get(api('/user/profile'))).json().data.address).toMatchObject({
        line1: '4 FC Road',
        state: 'Maharashtra',
      });

      const text = await invoiceText(buyer.client, order.id);
      expect(text).toContain("Shah & Sons 'Pvt' Ltd");
      expect(text).toContain('4 FC Road');
      expect(text).toContain('Pune');
      expect(text).toContain('GSTIN: 27AAPFU0939F1ZV');
      expect(text).toContain('Place of supply: Maharashtra (27)');
    });

    it("charges a Corporate buyer of the store's state CGST + SGST on the address given", async () => {
      const buyer = await buyerWithoutAddress(['9137605193'], {
        accountType: 'Corporate',
        gstinNo: gstinIn('Delhi'),
      });
      expect((await buyer.client.post(api('/cart/checkout'))).statusCode).toBe(422);
      const res = await buyer.client.post(api('/cart/checkout'), { billing: delhiBilling });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.order.amounts).toMatchObject({
        placeOfSupply: 'Delhi',
        cgstAmount: 270,
        sgstAmount: 270,
        igstAmount: 0,
      });
    });

    it('refuses an unregistered buyer a taxable value of ₹50,000 or more without an address', async () => {
      // Exactly ₹50,000: the rule says "or more".
      const buyer = await buyerWithoutAddress(['9876598765']);
      const refused = await buyer.client.post(api('/cart/checkout'));
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'BILLING_ADDRESS_REQUIRED' });
      expect(refused.json().message).toContain(LARGE_INVOICE_NEEDS_ADDRESS);

      const billing = {
        ...puneBilling,
        name: 'Vikram Rao',
        city: 'Bengaluru',
        state: 'Karnataka',
        line1: '14 Residency Road',
        pinCode: '560025',
      };
      const res = await buyer.client.post(api('/cart/checkout'), { billing });
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json().data.order;
      // The place of supply is the address's state, no longer the store's by default.
      expect(order.amounts).toMatchObject({ placeOfSupply: 'Karnataka', igstAmount: 9_000 });
      const text = await invoiceText(buyer.client, order.id);
      expect(text).toContain('14 Residency Road');
      expect(text).toContain('Place of supply: Karnataka (29)');
    });

    it('leaves an unregistered buyer under ₹50,000 free to check out with no address', async () => {
      // ₹20,000 + ₹20,000 (an offer price): a taxable value of ₹40,000.
      const buyer = await buyerWithoutAddress(['9812341234', '7070700852']);
      const res = await buyer.client.post(api('/cart/checkout'));
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json().data.order;
      expect(order.billing.address).toBeNull();
      expect(order.amounts.placeOfSupply).toBe(ctx().config.STORE_STATE);
    });

    it('holds Buy now to the same rule', async () => {
      const buyer = await signedIn(ctx().app, { state: null });
      const refused = await buyer.client.post(api('/cart/checkout'), {
        numberId: id('9786012345'),
      });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'BILLING_ADDRESS_REQUIRED' });
      const res = await buyer.client.post(api('/cart/checkout'), {
        numberId: id('9786012345'),
        billing: delhiBilling,
      });
      expect(res.statusCode, res.body).toBe(201);
    });

    it('holds the retry of a lapsed order made before the rule to it, and leaves that order as it was', async () => {
      const buyer = await buyerWithOrder(ctx().app, [id('9876598765')]);
      // An order of ₹50,000 placed with no address before decision 0106, by a buyer with none.
      await ctx().database.db.delete(addresses).where(eq(addresses.userId, buyer.user.id));
      await ctx()
        .database.db.update(orders)
        .set({ billing: sql`jsonb_set(${orders.billing}, '{address}', 'null')` })
        .where(eq(orders.id, buyer.order.id));
      await lapseHold(ctx().database, buyer.order.id, 31);
      await ctx().app.services.orders.sweepExpiredHolds();

      const refused = await buyer.client.post(api(`/orders/${buyer.order.id}/retry`));
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({
        code: 'BILLING_ADDRESS_REQUIRED',
        message: `${LARGE_INVOICE_NEEDS_ADDRESS}. Please add your billing address to your profile, then try again.`,
      });
      const lapsed = (await buyer.client.get(api(`/orders/${buyer.order.id}`))).json().data;
      expect(lapsed).toMatchObject({ status: 'cancelled', billing: { address: null } });

      // Once the profile has an address, the retry bills it.
      const { name: _name, ...address } = delhiBilling;
      const saved = await buyer.client.put(api('/user/address'), address);
      expect(saved.statusCode, saved.body).toBe(200);
      const retried = await buyer.client.post(api(`/orders/${buyer.order.id}/retry`));
      expect(retried.statusCode, retried.body).toBe(201);
      expect(retried.json().data.billing.address).toMatchObject({ line1: '9 Janpath' });
    });
  },
);
