import { pinCodeFirstDigits } from '@store/domain';
import { expect, it } from 'vitest';
import { pdfText } from '../../test-support/pdf-text';
import { numberState, signedIn, staffMember, withSalesInventory } from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

const puneAddress = {
  name: 'Asha Verma',
  line1: '4 FC Road',
  line2: 'Shivajinagar',
  city: 'Pune',
  state: 'Maharashtra',
  pinCode: '411005',
};

describeEachDatabase('checkout with a billing name and address', (ctx) => {
  const { id } = withSalesInventory(ctx);

  async function buyerWithNumber(options: Parameters<typeof signedIn>[1] = {}) {
    const buyer = await signedIn(ctx().app, options);
    const added = await buyer.client.post(api(`/cart/add/${id('9876598765')}`));
    expect(added.statusCode, added.body).toBe(200);
    return buyer;
  }

  it('keeps the billing given on the order, taxes by its state, and prints it on the invoice', async () => {
    // The profile says the store's own state; the billing given is another state.
    const buyer = await buyerWithNumber({ state: ctx().config.STORE_STATE });
    const preview = await buyer.client.get(api('/cart?billingState=maharashtra'));
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({
      placeOfSupply: 'Maharashtra',
      gst: { cgst: 0, sgst: 0, igst: 18 },
      igstAmount: 9_000,
      totalAmount: 59_000,
    });
    // Without the parameter the preview follows the profile.
    expect((await buyer.client.get(api('/cart'))).json().data.gst).toEqual({
      cgst: 9,
      sgst: 9,
      igst: 0,
    });

    const res = await buyer.client.post(api('/cart/checkout'), { billing: puneAddress });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data.order;
    const { name, ...address } = puneAddress;
    expect(order.billing).toMatchObject({ name, address });
    expect(order.amounts).toMatchObject({
      placeOfSupply: 'Maharashtra',
      igstAmount: 9_000,
      cgstAmount: 0,
    });

    const staff = await staffMember(ctx().app);
    const paid = await staff.client.post(api(`/admin/orders/${order.id}/payments`), {
      reference: '512345678901',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const pdf = await buyer.client.get(api(`/orders/${order.id}/invoice.pdf`));
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Asha Verma');
    expect(text).toContain('4 FC Road');
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).not.toContain('12 MG Road');
    // The saved address stays the profile's own.
    const profile = await buyer.client.get(api('/user/profile'));
    expect(profile.json().data.address).toMatchObject({ line1: '12 MG Road' });
  });

  it('saves the address billed as the profile address of a buyer who had none', async () => {
    const buyer = await buyerWithNumber({ state: null });
    expect((await buyer.client.get(api('/user/profile'))).json().data.address).toBeNull();
    const res = await buyer.client.post(api('/cart/checkout'), { billing: puneAddress });
    expect(res.statusCode, res.body).toBe(201);
    const { name: _name, ...address } = puneAddress;
    const profile = await buyer.client.get(api('/user/profile'));
    expect(profile.json().data.address).toEqual(address);
    expect(profile.json().data.user.name).toBe(buyer.user.name);
  });

  it("falls back to the profile's name and address when no billing is sent", async () => {
    const buyer = await buyerWithNumber({ state: 'Karnataka' });
    const res = await buyer.client.post(api('/cart/checkout'));
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data.order;
    expect(order.billing).toMatchObject({
      name: buyer.user.name,
      address: { line1: '12 MG Road', state: 'Karnataka' },
    });
    expect(order.amounts.placeOfSupply).toBe('Karnataka');
  });

  it('makes a Corporate buyer confirm a GSTIN from another state than the billing state', async () => {
    // 27: a GSTIN registered in Maharashtra.
    const buyer = await buyerWithNumber({ accountType: 'Corporate', gstinNo: '27AAPFU0939F1ZV' });
    const billing = { ...puneAddress, city: 'Bengaluru', state: 'Karnataka', pinCode: '560001' };

    const refused = await buyer.client.post(api('/cart/checkout'), { billing });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'GSTIN_STATE_MISMATCH',
      message:
        'Your GSTIN 27AAPFU0939F1ZV is registered in Maharashtra, but the billing state is Karnataka. Please check the billing state, or confirm that the difference is right.',
    });
    expect((await numberState(ctx().database, id('9876598765'))).status).toBe('available');

    const confirmed = await buyer.client.post(api('/cart/checkout'), {
      billing,
      confirmGstinStateMismatch: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    // A registered buyer's place of supply is its GSTIN's state, wherever it is billed.
    expect(confirmed.json().data.order.amounts).toMatchObject({
      placeOfSupply: 'Maharashtra',
      igstAmount: 9_000,
    });
    const preview = await buyer.client.get(api('/cart?billingState=Karnataka'));
    expect(preview.json().data.placeOfSupply).toBe('Maharashtra');

    // The same state as the GSTIN's needs no confirmation; a new billing address is a new order.
    const matching = await buyer.client.post(api('/cart/checkout'), { billing: puneAddress });
    expect(matching.statusCode, matching.body).toBe(201);
    expect(matching.json().data.order.id).not.toBe(confirmed.json().data.order.id);
    const first = await buyer.client.get(api(`/orders/${confirmed.json().data.order.id}`));
    expect(first.json().data.status).toBe('cancelled');
  });

  it('taxes a GSTIN of Other Territory (97) as another state, wherever it is billed', async () => {
    const buyer = await buyerWithNumber({ accountType: 'Corporate', gstinNo: '97AABCQ1234R1ZX' });
    const storeState = ctx().config.STORE_STATE;
    // A PIN code of the store's state's zone (pinCodeStateProblem).
    const pinCode = `${pinCodeFirstDigits(storeState)[0]}10001`;
    const billing = { ...puneAddress, state: storeState, pinCode };
    const refused = await buyer.client.post(api('/cart/checkout'), { billing });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toBe(
      `Your GSTIN 97AABCQ1234R1ZX is registered in Other Territory, but the billing state is ${storeState}. Please check the billing state, or confirm that the difference is right.`,
    );

    const res = await buyer.client.post(api('/cart/checkout'), {
      billing,
      confirmGstinStateMismatch: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data.order;
    expect(order.amounts).toMatchObject({
      placeOfSupply: 'Other Territory',
      igstAmount: 9_000,
      cgstAmount: 0,
      sgstAmount: 0,
    });
    const staff = await staffMember(ctx().app);
    const paid = await staff.client.post(api(`/admin/orders/${order.id}/payments`), {
      reference: '512345678902',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const pdf = await buyer.client.get(api(`/orders/${order.id}/invoice.pdf`));
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Place of supply: Other Territory (97)');
    expect(text).toMatch(/IGST @ 18%\s*₹9,000\.00/);
  });

  it('refuses a billing state that is not a state of India, with a clear message', async () => {
    const buyer = await buyerWithNumber();
    const res = await buyer.client.post(api('/cart/checkout'), {
      billing: { ...puneAddress, state: 'Atlantis' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Choose a state or union territory of India.');
    const preview = await buyer.client.get(api('/cart?billingState=Atlantis'));
    expect(preview.statusCode).toBe(400);
  });

  it("refuses a billing PIN code of another state's zone, and a person's name with digits, naming both", async () => {
    const buyer = await buyerWithNumber();
    const pin = await buyer.client.post(api('/cart/checkout'), {
      billing: { ...puneAddress, pinCode: '110001' },
    });
    expect(pin.statusCode).toBe(400);
    expect(pin.json().message).toBe(
      'Invalid body: billing.pinCode: PIN code 110001 is in the Delhi zone (1), not Maharashtra: check the PIN code or the state.',
    );
    const name = await buyer.client.post(api('/cart/checkout'), {
      billing: { ...puneAddress, name: 'Asha Verma 2' },
    });
    expect(name.statusCode).toBe(400);
    expect(name.json().message).toBe(
      'Invalid body: billing.name: A name has letters, spaces, dots, apostrophes and hyphens only.',
    );
  });
});
