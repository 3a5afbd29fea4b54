import { ATTRIBUTION_FIELD_LIMITS, formatInr, MAX_PRICE_RUPEES } from '@store/domain';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { cartItems, numbers, orderEvents, orders } from '../db/schema';
import {
  gstinIn,
  lapseHold,
  numberState,
  sentTo,
  setPrice,
  signedIn,
  staffMember,
  withSalesInventory,
} from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { CART_CHANGED_NOTE } from '../orders/order-service';
import { describeEachDatabase, type TestContext } from '../../test-support/test-app';

const sweepExpiredHolds = (ctx: TestContext) => ctx.app.services.orders.sweepExpiredHolds();

describeEachDatabase(
  'POST /cart/checkout',
  (ctx) => {
    const { id } = withSalesInventory(ctx);

    async function buyerWith(numbersToAdd: string[], options = {}) {
      const buyer = await signedIn(ctx().app, options);
      for (const number of numbersToAdd) {
        const res = await buyer.client.post(api(`/cart/add/${id(number)}`));
        expect(res.statusCode, res.body).toBe(200);
      }
      return buyer;
    }
    const checkout = (buyer: Awaited<ReturnType<typeof buyerWith>>, payload?: object) =>
      buyer.client.post(api('/cart/checkout'), payload);

    /** The attribution the order of a checkout's answer stored. */
    async function storedAttribution(placed: { json(): { data: { order: { id: string } } } }) {
      const orderId = placed.json().data.order.id;
      const [row] = await ctx().database.db.select().from(orders).where(eq(orders.id, orderId));
      return row!.attribution;
    }

    it('refuses an empty cart', async () => {
      const buyer = await buyerWith([]);
      const res = await checkout(buyer);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'CART_EMPTY', message: 'Your cart is empty.' });
    });

    it('reserves every number for a new order with a price and tax snapshot, and confirms it', async () => {
      const buyer = await buyerWith(['9876598765', '7070700852'], {
        accountType: 'Corporate',
        companyName: 'Verma Traders Pvt Ltd',
        gstinNo: gstinIn(ctx().config.STORE_STATE),
      });
      await buyer.client.request({
        method: 'PUT',
        url: api('/cart/tds'),
        payload: { tdsPercent: 1 },
      });
      const attribution = {
        gclid: 'abc123',
        utm_source: 'google',
        utm_campaign: 'vip-diwali',
        timestamp: Date.now(),
        landing_page: '/premium-numbers?category=mirror-numbers',
        expires_at: Date.now() + 90 * 24 * 3600 * 1000,
      };
      const before = Date.now();
      const res = await checkout(buyer, { attribution });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body.message).toMatch(
        /^Order VN-\d{8}-[0-9A-Z]{8} placed\. Please pay by .+ IST to keep your numbers\.$/,
      );
      const order = body.data.order;
      expect(order).toMatchObject({
        reference: expect.stringMatching(/^VN-\d{8}-[0-9A-HJKMNP-TV-Z]{8}$/),
        status: 'pending_payment',
        statusLabel: 'Awaiting payment',
        items: expect.arrayContaining([
          {
            numberId: id('7070700852'),
            number: '7070700852',
            display: '70707 00852',
            category: { slug: 'ab-ab-ab-numbers', name: 'AB AB AB Numbers' },
            price: 20_000,
            basePrice: 25_000,
            porting: {
              status: 'awaiting_upc',
              label: 'Awaiting UPC',
              upcCode: null,
              upcExpiresOn: null,
              steps: [],
            },
            refund: null,
          },
          expect.objectContaining({ numberId: id('9876598765'), price: 50_000 }),
        ]),
        amounts: {
          subtotal: 70_000,
          tdsPercent: 1,
          tdsDeducted: 700,
          // GST on the full value; the buyer deducts TDS: 70,000 + 12,600 - 700.
          taxable: 70_000,
          taxPercent: 18,
          cgstPercent: 9,
          cgstAmount: 6_300,
          sgstPercent: 9,
          sgstAmount: 6_300,
          igstPercent: 0,
          igstAmount: 0,
          placeOfSupply: ctx().config.STORE_STATE,
          totalAmount: 81_900,
        },
        billing: {
          name: buyer.user.name,
          email: buyer.user.email,
          mobile: buyer.user.mobile,
          accountType: 'Corporate',
          companyName: 'Verma Traders Pvt Ltd',
          gstinNo: gstinIn(ctx().config.STORE_STATE),
          // A GST invoice to a registered business names its address (decision 0106).
          address: { line1: '12 MG Road', state: ctx().config.STORE_STATE },
        },
        payment: {
          provider: 'manual',
          status: 'pending',
          paymentReference: null,
          instructions: {
            upiId: ctx().config.PAYMENT_UPI_ID,
            bankDetails: ctx().config.PAYMENT_BANK_DETAILS,
            reference: expect.stringMatching(/^VN-/),
            amount: 81_900,
          },
          upiLink: expect.stringMatching(/^upi:\/\/pay\?/),
        },
        timeline: [
          expect.objectContaining({ status: 'pending_payment', actor: 'buyer', by: null }),
        ],
        needsRefund: false,
        paidAt: null,
      });
      expect(order.payment.instructions.reference).toBe(order.reference);
      const upi = new URL(order.payment.upiLink).searchParams;
      expect(Object.fromEntries(upi)).toEqual({
        pa: ctx().config.PAYMENT_UPI_ID,
        pn: ctx().config.STORE_NAME,
        am: '81900.00',
        tn: order.reference,
        cu: 'INR',
      });
      expect(order.nextSteps).toHaveLength(4);
      const hold = Date.parse(order.holdExpiresAt) - before;
      expect(hold).toBeGreaterThan(14 * 60_000);
      expect(hold).toBeLessThanOrEqual(15 * 60_000 + 5_000);
      expect(body.data.validationResults.every((r: { valid: boolean }) => r.valid)).toBe(true);

      for (const number of ['9876598765', '7070700852']) {
        const state = await numberState(ctx().database, id(number));
        expect(state).toMatchObject({ status: 'reserved', orderId: order.id });
        expect(state.reservedUntil!.toISOString()).toBe(order.holdExpiresAt);
        const listed = await ctx().app.inject({
          method: 'GET',
          url: api(`/numbers/${id(number)}`),
        });
        expect(listed.statusCode).toBe(404);
      }
      const [row] = await ctx().database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row!.attribution).toMatchObject({ gclid: 'abc123', utm_campaign: 'vip-diwali' });

      // The cart stays until the order is paid, and stays valid: its own order holds the numbers,
      // which the cart links to.
      const cart = (await buyer.client.get(api('/cart'))).json().data;
      expect(cart.openOrder).toEqual({
        id: order.id,
        reference: order.reference,
        holdExpiresAt: order.holdExpiresAt,
        productIds: expect.arrayContaining([id('9876598765'), id('7070700852')]),
      });
      expect(cart.items.map((i: { available: boolean }) => i.available)).toEqual([true, true]);
      const validated = await buyer.client.post(api('/cart/validate'));
      expect(
        validated.json().data.validationResults.every((r: { valid: boolean }) => r.valid),
      ).toBe(true);

      const [email] = await sentTo(ctx().database, buyer.user.email);
      expect(email!.subject).toContain(order.reference);
      expect(email!.attachments).toEqual(['upi-qr.png']);
      for (const text of [
        '98765 98765',
        'Subtotal: ₹70,000',
        'CGST (9%): ₹6,300',
        'SGST (9%): ₹6,300',
        'TDS deducted by you (1%): -₹700',
        'Total to pay: ₹81,900',
        `this one pays in one tap: ${order.payment.upiLink})`,
        'scan the attached QR code (upi-qr.png)',
        `UPI to ${ctx().config.PAYMENT_UPI_ID}`,
        `Quote your order reference ${order.reference}`,
        'IST',
        'Unique Porting Code',
        'Aadhaar',
        `GSTIN ${gstinIn(ctx().config.STORE_STATE)}`,
        `${ctx().config.PUBLIC_BASE_URL}/orders/${order.id}`,
      ]) {
        expect(email!.text).toContain(text);
      }
      const [sms] = await sentTo(ctx().database, buyer.user.mobile);
      expect(sms!.text).toContain(order.reference);
    });

    it('stores the campaign record as the browser saves it, without the parameters it lacked', async () => {
      const buyer = await buyerWith(['9876598765']);
      const attribution = {
        gclid: null,
        utm_source: 'newsletter',
        utm_campaign: null,
        timestamp: '2026-11-20T10:00:00.000Z',
        landing_page: '/offer-zone?utm_source=newsletter',
        expires_at: new Date(Date.now() + 24 * 3600 * 1000).toISOString(),
      };
      const res = await checkout(buyer, { attribution });
      expect(res.statusCode, res.body).toBe(201);
      expect(await storedAttribution(res)).toEqual({
        utm_source: 'newsletter',
        timestamp: '2026-11-20T10:00:00.000Z',
        landing_page: '/offer-zone?utm_source=newsletter',
        expires_at: attribution.expires_at,
      });
    });

    it('stores an untagged visit’s referring site and shows it to staff', async () => {
      const buyer = await buyerWith(['9876598765']);
      const attribution = {
        gclid: null,
        utm_source: null,
        utm_campaign: null,
        referrer: 'www.google.co.in',
        referrer_medium: 'organic',
        timestamp: '2026-11-20T10:00:00.000Z',
        landing_page: '/numbers/9876598765',
        expires_at: new Date(Date.now() + 24 * 3600 * 1000).toISOString(),
      };
      const res = await checkout(buyer, { attribution });
      expect(res.statusCode, res.body).toBe(201);
      const stored = {
        referrer: 'www.google.co.in',
        referrer_medium: 'organic',
        timestamp: '2026-11-20T10:00:00.000Z',
        landing_page: '/numbers/9876598765',
        expires_at: attribution.expires_at,
      };
      expect(await storedAttribution(res)).toEqual(stored);
      const orderId = res.json().data.order.id;
      const staff = await staffMember(ctx().app);
      const view = await staff.client.get(api(`/admin/orders/${orderId}`));
      expect(view.statusCode, view.body).toBe(200);
      expect(view.json().data.attribution).toEqual(stored);
    });

    it('never refuses a checkout for its attribution: long values are cut to the shared limits', async () => {
      const buyer = await buyerWith(['9876598765']);
      // What an older browser saved (up to 500 characters a value) from a long campaign address.
      const attribution = {
        gclid: 'g'.repeat(900),
        utm_source: 's'.repeat(500),
        utm_campaign: 'c'.repeat(500),
        utm_medium: 'm'.repeat(300),
        fbclid: 'f'.repeat(900),
        gbraid: 'b'.repeat(900),
        wbraid: `w\0${'w'.repeat(600)}`,
        referrer: `\0${'r'.repeat(400)}`,
        referrer_medium: 'o'.repeat(50),
        timestamp: '2026-11-20T10:00:00.000Z',
        landing_page: `/?utm_source=${'s'.repeat(3000)}`,
        expires_at: new Date(Date.now() + 24 * 3600 * 1000).toISOString(),
      };
      const res = await checkout(buyer, { attribution });
      expect(res.statusCode, res.body).toBe(201);
      expect(await storedAttribution(res)).toEqual({
        gclid: 'g'.repeat(ATTRIBUTION_FIELD_LIMITS.gclid),
        utm_source: 's'.repeat(ATTRIBUTION_FIELD_LIMITS.utm_source),
        utm_campaign: 'c'.repeat(ATTRIBUTION_FIELD_LIMITS.utm_campaign),
        utm_medium: 'm'.repeat(ATTRIBUTION_FIELD_LIMITS.utm_medium),
        fbclid: 'f'.repeat(ATTRIBUTION_FIELD_LIMITS.fbclid),
        gbraid: 'b'.repeat(ATTRIBUTION_FIELD_LIMITS.gbraid),
        wbraid: 'w'.repeat(ATTRIBUTION_FIELD_LIMITS.wbraid),
        // (no referrer: 253 r's are no host name; no referrer_medium: neither known value)
        timestamp: attribution.timestamp,
        landing_page: attribution.landing_page.slice(0, ATTRIBUTION_FIELD_LIMITS.landing_page),
        expires_at: attribution.expires_at,
      });
    });

    it("keeps of the landing page only its path, campaign parameters and page's own, whatever an older browser saved", async () => {
      const buyer = await buyerWith(['9876598765']);
      const res = await checkout(buyer, {
        attribution: {
          utm_source: 'newsletter',
          timestamp: '2026-11-20T10:00:00.000Z',
          landing_page:
            '/premium-numbers?category=mirror-numbers&utm_source=newsletter&utm_medium=email&utm_campaign=diwali&gclid=GCLID123&email=leak%40example.in&mobile=9811122233&q=9811122233',
          expires_at: new Date(Date.now() + 24 * 3600 * 1000).toISOString(),
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(await storedAttribution(res)).toMatchObject({
        landing_page:
          '/premium-numbers?category=mirror-numbers&utm_source=newsletter&utm_medium=email&utm_campaign=diwali&gclid=GCLID123',
      });
      const staff = await staffMember(ctx().app);
      const order = await staff.client.get(api(`/admin/orders/${res.json().data.order.id}`));
      expect(order.body).not.toMatch(/leak|9811122233/);
    });

    it('cleans control characters, bidi overrides, a referrer that is no host and an unknown medium out of the attribution, and checks out', async () => {
      const buyer = await buyerWith(['9876598765']);
      const attribution = {
        utm_source: '<img src=x onerror=alert(1)>\u202egoogle\u0007\r\n',
        utm_campaign: '=HYPERLINK("https://evil.example","x")',
        utm_medium: 'c\u0085p\u2066c\u009b',
        gclid: '\u202e\u2069',
        referrer: 'localhost:3000',
        referrer_medium: 'organic\u0000x',
        timestamp: '2026-11-20T10:00:00.000Z',
        landing_page: '/offer-zone\t?x=1&utm_term=vip',
        expires_at: new Date(Date.now() + 24 * 3600 * 1000).toISOString(),
      };
      const res = await checkout(buyer, { attribution });
      expect(res.statusCode, res.body).toBe(201);
      expect(await storedAttribution(res)).toEqual({
        utm_source: '<img src=x onerror=alert(1)>google',
        // A formula's look is kept as sent: CSV exports make every cell inert (csv-stream.ts).
        utm_campaign: '=HYPERLINK("https://evil.example","x")',
        utm_medium: 'cpc',
        timestamp: '2026-11-20T10:00:00.000Z',
        // Only the path and the campaign parameters (decision 0056).
        landing_page: '/offer-zone?utm_term=vip',
        expires_at: attribution.expires_at,
      });

      // A host name is kept (lower-cased); an address, a port or a number is dropped alone.
      const sites = [
        [
          { referrer: 'WWW.Google.co.in', referrer_medium: 'organic' },
          { referrer: 'www.google.co.in', referrer_medium: 'organic' },
        ],
        [
          { referrer: 'https://evil.example/pay', referrer_medium: 'referral' },
          { referrer_medium: 'referral' },
        ],
        [{ referrer: 'shop..example.in', referrer_medium: 42 }, {}],
      ] as const;
      const free = ['9786012345', '9812341234', '9137605193'];
      for (const [index, [sent, kept]] of sites.entries()) {
        const next = await buyerWith([free[index]!]);
        const placed = await checkout(next, { attribution: { utm_source: 'x', ...sent } });
        expect(placed.statusCode, placed.body).toBe(201);
        expect(await storedAttribution(placed), JSON.stringify(sent)).toEqual({
          utm_source: 'x',
          ...kept,
        });
      }
    });

    it('drops an attribution that is not a tracking record, and checks out all the same', async () => {
      const malformed: unknown[] = [
        'utm_source=google',
        42,
        ['google'],
        { gclid: 123, utm_source: 'google' },
        { utm_source: 'google', timestamp: { at: 'yesterday' } },
        { utm_source: 'google', expires_at: 'x'.repeat(100) },
      ];
      const free = ['9876598765', '9786012345', '9812341234', '9137605193', '7070700852'];
      for (const [index, attribution] of malformed.entries()) {
        const buyer = await buyerWith([free[index] ?? '9811223344']);
        const res = await checkout(buyer, { attribution });
        expect(res.statusCode, JSON.stringify(attribution)).toBe(201);
        expect(await storedAttribution(res), JSON.stringify(attribution)).toBeNull();
      }
    });

    it('orders, takes payment for and invoices numbers at the price limit, whose total passes int4 paise', async () => {
      const limit = MAX_PRICE_RUPEES * 100;
      for (const number of ['9876598765', '9812341234']) {
        await ctx().app.services.catalog.reprice(id(number), {
          basePrice: limit,
          finalPrice: limit,
        });
      }
      const buyer = await buyerWith(['9876598765', '9812341234']);
      const res = await checkout(buyer);
      expect(res.statusCode, res.body).toBe(201);
      // ₹2 crore each, with 18% GST: ₹4.72 crore, 4,72,00,00,000 paise.
      const order = res.json().data.order;
      expect(order.amounts).toMatchObject({ subtotal: 4_00_00_000, totalAmount: 4_72_00_000 });

      const staff = await staffMember(ctx().app);
      const paid = await staff.client.post(api(`/admin/orders/${order.id}/payments`), {
        reference: '412345678901',
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().data).toMatchObject({
        status: 'paid',
        amounts: { totalAmount: 4_72_00_000 },
      });
      const invoice = await buyer.client.get(api(`/orders/${order.id}/invoice.pdf`));
      expect(invoice.statusCode).toBe(200);
      expect(invoice.headers['content-type']).toBe('application/pdf');
    });

    it('blocks checkout when an item is gone, reserving nothing', async () => {
      const buyer = await buyerWith(['9876598765', '9812341234']);
      await ctx()
        .database.db.update(numbers)
        .set({ status: 'sold' })
        .where(eq(numbers.id, id('9812341234')));
      const res = await checkout(buyer);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'CART_ITEMS_UNAVAILABLE',
        message:
          'Some items in your cart are no longer available. Please review your cart before checkout.',
        validationResults: [
          { productId: id('9876598765'), valid: true, priceChanged: false, newPrice: null },
          { productId: id('9812341234'), valid: false, priceChanged: false, newPrice: null },
        ],
      });
      expect((await numberState(ctx().database, id('9876598765'))).status).toBe('available');
      expect(await ctx().database.db.select().from(orders)).toHaveLength(0);
    });

    it('returns the same open order for the same cart, never a second one', async () => {
      const buyer = await buyerWith(['9876598765', '9812341234']);
      const first = await checkout(buyer);
      expect(first.statusCode).toBe(201);
      const again = await checkout(buyer, { attribution: null });
      expect(again.statusCode).toBe(200);
      expect(again.json().message).toContain('You already have an open order for these numbers');
      expect(again.json().data.order.id).toBe(first.json().data.order.id);
      const both = await Promise.all([checkout(buyer), checkout(buyer)]);
      for (const res of both) expect(res.json().data.order.id).toBe(first.json().data.order.id);
      expect(await ctx().database.db.select().from(orders)).toHaveLength(1);
      const emails = (await sentTo(ctx().database, buyer.user.email)).filter((m) =>
        m.subject?.includes('please pay'),
      );
      expect(emails).toHaveLength(1);
    });

    it('replaces the open order when the cart changed, without a second hold', async () => {
      const buyer = await buyerWith(['9876598765', '9812341234']);
      const first = (await checkout(buyer)).json().data.order;
      await buyer.client.post(api(`/cart/add/${id('9811223344')}`));
      const second = await checkout(buyer);
      expect(second.statusCode).toBe(201);
      const order = second.json().data.order;
      expect(order.id).not.toBe(first.id);
      expect(order.items.map((i: { number: string }) => i.number).sort()).toEqual([
        '9811223344',
        '9812341234',
        '9876598765',
      ]);

      const old = (await buyer.client.get(api(`/orders/${first.id}`))).json().data;
      expect(old.status).toBe('cancelled');
      expect(old.payment.status).toBe('cancelled');
      expect(old.timeline.at(-1)).toMatchObject({
        status: 'cancelled',
        note: 'Replaced by a new checkout: the cart changed',
        actor: 'buyer',
      });
      for (const number of ['9876598765', '9812341234', '9811223344']) {
        expect(await numberState(ctx().database, id(number))).toMatchObject({
          status: 'reserved',
          orderId: order.id,
        });
      }
    });

    /** The buyer's e-mails whose subject has `words`, newest first. */
    const emailsTo = async (buyer: { user: { email: string } }, words: string) =>
      (await sentTo(ctx().database, buyer.user.email)).filter((message) =>
        message.subject?.includes(words),
      );

    it('names the order a changed cart replaced as cancelled, not to be paid, in the new order’s e-mail and on its page', async () => {
      const buyer = await buyerWith(['9876598765']);
      const first = (await checkout(buyer)).json().data.order;
      expect(first.replaces).toEqual([]);
      await buyer.client.post(api(`/cart/add/${id('9811223344')}`));
      const second = (await checkout(buyer)).json().data.order;

      const [latest, earlier] = await emailsTo(buyer, 'please pay');
      expect(earlier!.subject).not.toContain('replaces');
      expect(latest!.subject).toMatch(
        new RegExp(
          `^Order ${second.reference}: please pay by .+ \\(replaces ${first.reference}\\)$`,
        ),
      );
      const lines = latest!.text.split('\n');
      // Told first, before the amount and the new QR code.
      expect(lines.slice(0, 3)).toEqual([
        expect.stringMatching(/^Dear /),
        '',
        `This order replaces your order ${first.reference}, which is now cancelled. Please do not pay it: the payment details and any QR code in our e-mail about it no longer apply. Pay only this order, as below.`,
      ]);
      // No second message for the replaced order: the new one tells it.
      expect(await emailsTo(buyer, 'do not pay')).toEqual([]);

      const view = (await buyer.client.get(api(`/orders/${second.id}`))).json().data;
      expect(view.replaces).toEqual([first.reference]);
      expect(view.timeline[0].note).toMatch(
        new RegExp(`held until .+\\. It replaces order ${first.reference}, now cancelled\\.$`),
      );
      expect(second.replaces).toEqual([first.reference]);
      // The link is recorded on the replaced order, not read back from the note's words.
      await ctx().database.query(
        "update order_events set note = 'Order placed.' where order_id = $1",
        [second.id],
      );
      const [replaced] = await ctx().database.query<{ replaced_by: string }>(
        'select replaced_by from orders where id = $1',
        [first.id],
      );
      expect(replaced!.replaced_by).toBe(second.id);
      const again = (await buyer.client.get(api(`/orders/${second.id}`))).json().data;
      expect(again.replaces).toEqual([first.reference]);
      // The replaced order's page names the order that replaced it, to link it.
      const replacedView = (await buyer.client.get(api(`/orders/${first.id}`))).json().data;
      expect(replacedView.replacedBy).toEqual({ id: second.id, reference: second.reference });
      expect(again.replacedBy).toBeNull();
    });

    it('releases the hold at once when a held number is removed from the cart', async () => {
      const buyer = await buyerWith(['9876598765', '9812341234']);
      const first = (await checkout(buyer)).json().data.order;
      const rival = await buyerWith([]);
      expect((await rival.client.post(api(`/cart/add/${id('9812341234')}`))).statusCode).toBe(409);

      const item = (await buyer.client.get(api('/cart'))).json().data.items[1];
      expect(item.productId).toBe(id('9812341234'));
      const removed = await buyer.client.request({
        method: 'DELETE',
        url: api(`/cart/item/${item.id}?cancelOrder=${first.id}`),
      });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().data.productIds).toEqual([id('9876598765')]);
      const old = (await buyer.client.get(api(`/orders/${first.id}`))).json().data;
      expect(old).toMatchObject({ status: 'cancelled', payment: { status: 'cancelled' } });
      expect(old.timeline.at(-1)).toMatchObject({
        status: 'cancelled',
        note: CART_CHANGED_NOTE,
        actor: 'buyer',
      });
      for (const number of ['9876598765', '9812341234']) {
        expect(await numberState(ctx().database, id(number))).toMatchObject({
          status: 'available',
          orderId: null,
        });
      }

      // The buyer is told by e-mail not to pay it (no SMS: decision 0075).
      const [told, ...more] = await emailsTo(buyer, 'do not pay');
      expect(more).toEqual([]);
      expect(told).toMatchObject({
        channel: 'email',
        subject: `Order ${first.reference} cancelled: please do not pay it`,
      });
      expect(told!.text).toContain(
        `Order ${first.reference}, for 98765 98765, 98123 41234 (${formatInr(first.amounts.totalAmount)}), is cancelled: numbers it held were taken out of your cart before it was paid, so its hold has ended and 98765 98765, 98123 41234 are back on sale.\nPlease do not pay it: the payment details and any QR code in our e-mail about it no longer apply.`,
      );
      expect(told!.text).toContain(
        '98765 98765 is still in your cart but no longer held for you: to buy it, check out again, and you get a new order with its own payment details.',
      );
      expect(told!.text).not.toContain('98123 41234 is still in your cart');

      // Another buyer takes the removed number straight away.
      expect((await rival.client.post(api(`/cart/add/${id('9812341234')}`))).statusCode).toBe(200);
      expect((await checkout(rival)).statusCode).toBe(201);
      // The first buyer checks out what is left of the cart: a new order replacing none.
      const again = await checkout(buyer);
      expect(again.statusCode).toBe(201);
      expect(again.json().data.order.items.map((i: { number: string }) => i.number)).toEqual([
        '9876598765',
      ]);
      expect(again.json().data.order.replaces).toEqual([]);
      expect((await emailsTo(buyer, 'please pay'))[0]!.subject).not.toContain('replaces');
    });

    it('removes a number held by an order awaiting payment only when the buyer confirmed cancelling it', async () => {
      const buyer = await buyerWith(['9876598765', '9812341234']);
      const first = (await checkout(buyer)).json().data.order;
      const refused = {
        code: 'ORDER_HOLDS_NUMBER',
        message: `Order ${first.reference} holds this for you and is awaiting payment: removing it from your cart cancels order ${first.reference}. Please confirm to cancel it, or pay for it on its page.`,
        order: { id: first.id, reference: first.reference },
      };
      // A tab that never saw the order (QA 28 F2): nothing removed, nothing cancelled.
      const remove = (query = '') =>
        buyer.client.request({
          method: 'DELETE',
          url: api(`/cart/item/${id('9812341234')}${query}`),
        });
      const unasked = await remove();
      expect(unasked.statusCode).toBe(409);
      expect(unasked.json()).toMatchObject(refused);
      const emptied = await buyer.client.request({ method: 'DELETE', url: api('/cart') });
      expect(emptied.statusCode).toBe(409);
      expect(emptied.json()).toMatchObject(refused);
      // Another order named is no confirmation of this one.
      expect((await remove(`?cancelOrder=${crypto.randomUUID()}`)).statusCode).toBe(409);
      expect((await remove('?cancelOrder=VN-1')).statusCode).toBe(400);
      expect((await buyer.client.get(api('/cart'))).json().data.productIds).toEqual([
        id('9876598765'),
        id('9812341234'),
      ]);
      expect((await buyer.client.get(api(`/orders/${first.id}`))).json().data.status).toBe(
        'pending_payment',
      );
      expect(await numberState(ctx().database, id('9812341234'))).toMatchObject({
        status: 'reserved',
        orderId: first.id,
      });

      const confirmed = await remove(`?cancelOrder=${first.id}`);
      expect(confirmed.statusCode).toBe(200);
      expect((await buyer.client.get(api(`/orders/${first.id}`))).json().data.status).toBe(
        'cancelled',
      );
    });

    it('removes a number of an order whose hold has lapsed unasked, the order cancelled as lapsed', async () => {
      const buyer = await buyerWith(['9876598765']);
      const first = (await checkout(buyer)).json().data.order;
      await lapseHold(ctx().database, first.id);
      const emptied = await buyer.client.request({ method: 'DELETE', url: api('/cart') });
      expect(emptied.statusCode).toBe(200);
      const old = (await buyer.client.get(api(`/orders/${first.id}`))).json().data;
      expect(old.status).toBe('cancelled');
      expect(old.timeline.at(-1)).toMatchObject({ status: 'cancelled', actor: 'store' });
    });

    it('leaves the open order alone when the removed number is not one it holds', async () => {
      const buyer = await buyerWith(['9876598765']);
      const first = (await checkout(buyer)).json().data.order;
      await buyer.client.post(api(`/cart/add/${id('9811223344')}`));
      const removed = await buyer.client.request({
        method: 'DELETE',
        url: api(`/cart/item/${id('9811223344')}`),
      });
      expect(removed.statusCode).toBe(200);
      expect((await buyer.client.get(api(`/orders/${first.id}`))).json().data.status).toBe(
        'pending_payment',
      );
      expect(await numberState(ctx().database, id('9876598765'))).toMatchObject({
        status: 'reserved',
        orderId: first.id,
      });
      // Nothing changed for it: the same cart checks out to the same order.
      expect((await checkout(buyer)).json().data.order.id).toBe(first.id);
      expect(await emailsTo(buyer, 'do not pay')).toEqual([]);
    });

    it('releases the hold at once when the cart is emptied', async () => {
      const buyer = await buyerWith(['9876598765', '9812341234']);
      const first = (await checkout(buyer)).json().data.order;
      const emptied = await buyer.client.request({
        method: 'DELETE',
        url: api(`/cart?cancelOrder=${first.id}`),
      });
      expect(emptied.statusCode).toBe(200);
      expect(emptied.json().data.items).toEqual([]);
      const old = (await buyer.client.get(api(`/orders/${first.id}`))).json().data;
      expect(old.timeline.at(-1)).toMatchObject({ status: 'cancelled', note: CART_CHANGED_NOTE });
      const told = await emailsTo(buyer, 'do not pay');
      expect(told.map((message) => message.subject)).toEqual([
        `Order ${first.reference} cancelled: please do not pay it`,
      ]);
      // Nothing is left in the cart, so nothing is said to be (QA 18 F11c).
      expect(told[0]!.text).not.toContain('in your cart');
      const rival = await buyerWith(['9876598765', '9812341234']);
      expect((await checkout(rival)).statusCode).toBe(201);
    });

    it('cancels the open order of an empty cart before refusing its checkout', async () => {
      const buyer = await buyerWith(['9876598765']);
      const first = (await checkout(buyer)).json().data.order;
      // The cart emptied without the cart calls (another device, an older server).
      await ctx().database.db.delete(cartItems);
      const res = await checkout(buyer);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'CART_EMPTY', message: 'Your cart is empty.' });
      expect((await buyer.client.get(api(`/orders/${first.id}`))).json().data.status).toBe(
        'cancelled',
      );
      expect((await emailsTo(buyer, 'do not pay')).map((message) => message.subject)).toEqual([
        `Order ${first.reference} cancelled: please do not pay it`,
      ]);
      expect((await numberState(ctx().database, id('9876598765'))).status).toBe('available');
      const rival = await buyerWith(['9876598765']);
      expect((await checkout(rival)).statusCode).toBe(201);
    });

    it("splits GST by place of supply: CGST + SGST in the store's state, IGST elsewhere, B2C and B2B", async () => {
      const store = ctx().config.STORE_STATE;
      const cases = [
        { state: store, accountType: 'Individual', tds: 0 },
        { state: store, accountType: 'Corporate', tds: 2 },
        { state: 'Karnataka', accountType: 'Individual', tds: 0 },
        { state: 'Karnataka', accountType: 'Corporate', tds: 2 },
      ] as const;
      for (const { state, accountType, tds } of cases) {
        const buyer = await buyerWith(['9876598765'], { state, accountType });
        if (tds) {
          await buyer.client.request({
            method: 'PUT',
            url: api('/cart/tds'),
            payload: { tdsPercent: tds },
          });
        }
        const cart = (await buyer.client.get(api('/cart'))).json().data;
        const inState = state === store;
        // 50,000 at 18% = 9,000 GST; a Corporate buyer deducts 2% of 50,000 = 1,000 TDS.
        expect(cart, `${state} ${accountType}`).toMatchObject({
          placeOfSupply: state,
          taxPercent: 18,
          gst: inState ? { cgst: 9, sgst: 9, igst: 0 } : { cgst: 0, sgst: 0, igst: 18 },
          taxAmount: 9_000,
          cgstAmount: inState ? 4_500 : 0,
          sgstAmount: inState ? 4_500 : 0,
          igstAmount: inState ? 0 : 9_000,
          tdsDeducted: tds ? 1_000 : 0,
          totalAmount: tds ? 58_000 : 59_000,
        });
        if (state !== store && accountType === 'Corporate') {
          const order = (await checkout(buyer)).json().data.order;
          expect(order.amounts).toMatchObject({
            placeOfSupply: 'Karnataka',
            cgstPercent: 0,
            sgstPercent: 0,
            igstPercent: 18,
            igstAmount: 9_000,
            cgstAmount: 0,
            totalAmount: 58_000,
          });
          expect(new URL(order.payment.upiLink).searchParams.get('am')).toBe('58000.00');
          const [email] = await sentTo(ctx().database, buyer.user.email);
          expect(email!.text).toContain('IGST (18%): ₹9,000');
          expect(email!.text).not.toContain('CGST');
        }
      }
    });

    it('orders at the current price when it changed after adding, and the cart adopts it', async () => {
      const buyer = await buyerWith(['9876598765']);
      await setPrice(ctx().app, id('9876598765'), 48_000);
      const res = await checkout(buyer);
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toContain('Prices for some items in your cart have changed');
      expect(res.json().data.validationResults[0]).toMatchObject({
        priceChanged: true,
        newPrice: 48_000,
      });
      expect(res.json().data.order.amounts).toMatchObject({
        subtotal: 48_000,
        totalAmount: 56_640,
        igstAmount: 0,
      });
      expect((await buyer.client.get(api('/cart'))).json().data.items[0].priceAtAdd).toBe(48_000);
    });

    it('stops once when a price rose since it was added: 409 PRICE_CHANGED, nothing held, the cart adopts it', async () => {
      await setPrice(ctx().app, id('9876598765'), 48_000);
      const buyer = await buyerWith(['9876598765', '9811223344']);
      // The offer ends (a rise) and the other number's price falls.
      await setPrice(ctx().app, id('9876598765'), 50_000);
      await setPrice(ctx().app, id('9811223344'), 4_000);
      const stopped = await checkout(buyer);
      expect(stopped.statusCode, stopped.body).toBe(409);
      expect(stopped.json()).toMatchObject({
        code: 'PRICE_CHANGED',
        message:
          'Prices for some items in your cart have changed. Please check the new total before checkout.',
        validationResults: [
          { productId: id('9876598765'), valid: true, priceChanged: true, newPrice: 50_000 },
          { productId: id('9811223344'), valid: true, priceChanged: true, newPrice: 4_000 },
        ],
      });
      expect((await numberState(ctx().database, id('9876598765'))).status).toBe('available');
      expect(await ctx().database.db.select().from(orders)).toHaveLength(0);
      const cart = (await buyer.client.get(api('/cart'))).json().data;
      expect(cart.items.map((item: { priceAtAdd: number }) => item.priceAtAdd)).toEqual([
        50_000, 4_000,
      ]);

      // The buyer has seen the new total: the same checkout goes through at it.
      const placed = await checkout(buyer);
      expect(placed.statusCode, placed.body).toBe(201);
      expect(placed.json().data.order.amounts.subtotal).toBe(54_000);
    });

    it('frees a lapsed hold at once, lets another buyer take it, then the sweep cancels the first order', async () => {
      const first = await buyerWith(['9876598765', '9812341234']);
      const order = (await checkout(first)).json().data.order;
      expect(
        (await ctx().app.inject({ method: 'GET', url: api(`/numbers/${id('9876598765')}`) }))
          .statusCode,
      ).toBe(404);
      const refused = await ctx().app.inject({
        method: 'POST',
        url: api(`/cart/add/${id('9876598765')}`),
      });
      expect(refused.statusCode).toBe(409);

      await lapseHold(ctx().database, order.id);
      const listed = await ctx().app.inject({
        method: 'GET',
        url: api(`/numbers/${id('9876598765')}`),
      });
      expect(listed.statusCode).toBe(200);
      const pending = (await first.client.get(api(`/orders/${order.id}`))).json().data;
      expect(pending.payment).toEqual({
        provider: 'manual',
        status: 'expired',
        paymentReference: null,
      });

      const second = await buyerWith(['9876598765']);
      const taken = await checkout(second);
      expect(taken.statusCode).toBe(201);
      const secondOrder = taken.json().data.order;
      expect(await numberState(ctx().database, id('9876598765'))).toMatchObject({
        status: 'reserved',
        orderId: secondOrder.id,
      });

      const swept = await sweepExpiredHolds(ctx());
      expect(swept.cancelled).toEqual([order.id]);
      const cancelled = (await first.client.get(api(`/orders/${order.id}`))).json().data;
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.timeline.at(-1)).toMatchObject({
        status: 'cancelled',
        note: 'Payment not received before the hold expired',
        actor: 'store',
      });
      // The sweep released only what the first order still held.
      expect(await numberState(ctx().database, id('9812341234'))).toMatchObject({
        status: 'available',
        orderId: null,
        reservedUntil: null,
      });
      expect(await numberState(ctx().database, id('9876598765'))).toMatchObject({
        orderId: secondOrder.id,
      });
      const [email] = await sentTo(ctx().database, first.user.email);
      expect(email!.subject).toContain('cancelled');
      // Nothing more to do on a second run.
      expect(await sweepExpiredHolds(ctx())).toEqual({ cancelled: [], tidied: 0, reminded: [] });

      // The first buyer's cart now shows the taken number as unavailable, and checkout says so.
      const blocked = await checkout(first);
      expect(blocked.statusCode).toBe(409);
      expect(blocked.json().validationResults.map((r: { valid: boolean }) => r.valid)).toEqual([
        false,
        true,
      ]);
    });

    it('lets the same buyer check out again once the cool-down after a lapsed hold has passed, with a fresh hold', async () => {
      const buyer = await buyerWith(['9876598765']);
      const first = (await checkout(buyer)).json().data.order;
      await lapseHold(ctx().database, first.id);
      // Within HOLD_COOLDOWN_MINUTES of the lapse: refused (hold-limits.test.ts has more).
      expect((await checkout(buyer)).statusCode).toBe(429);
      await lapseHold(ctx().database, first.id, 31);
      const before = Date.now();
      const again = await checkout(buyer);
      expect(again.statusCode).toBe(201);
      expect(again.json().data.order.id).not.toBe(first.id);
      const hold = Date.parse(again.json().data.order.holdExpiresAt) - before;
      expect(hold).toBeGreaterThan(14 * 60_000);
      const events = await ctx()
        .database.db.select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, first.id));
      // Cancelled by the new checkout, but lapsed already: the store's step, not the buyer's.
      expect(events.find((e) => e.status === 'cancelled')).toMatchObject({
        note: 'Payment not received before the hold expired',
        byBuyer: false,
      });
    });

    it('tidies reserved numbers whose order is no longer waiting', async () => {
      await ctx()
        .database.db.update(numbers)
        .set({ status: 'reserved', reservedUntil: new Date(Date.now() - 60_000) })
        .where(eq(numbers.id, id('9137605193')));
      const swept = await sweepExpiredHolds(ctx());
      expect(swept).toEqual({ cancelled: [], tidied: 1, reminded: [] });
      expect((await numberState(ctx().database, id('9137605193'))).status).toBe('available');
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '100000' } },
);

describeEachDatabase(
  'released numbers and the listing cache',
  (ctx) => {
    // The cache belongs to the database, which the suites share: the catalogue forgets it
    // when these numbers are inserted.
    const { id, checkOut } = withSalesInventory(ctx);
    const listed = async () =>
      (await ctx().app.inject({ method: 'GET', url: api('/numbers?pageSize=100') }))
        .json()
        .data.items.map((item: { number: string }) => item.number);

    /** A buyer whose open order holds these numbers, and the (cached) listing without them. */
    async function holding(numbersToHold: string[]) {
      const buyer = await signedIn(ctx().app);
      const order = await checkOut(buyer.client, numbersToHold);
      const before = await listed();
      for (const number of numbersToHold) expect(before).not.toContain(number);
      return { ...buyer, order };
    }

    it('lists a number removed from the cart at once', async () => {
      const buyer = await holding(['9876598765', '9812341234']);
      await buyer.client.request({
        method: 'DELETE',
        url: api(`/cart/item/${id('9812341234')}?cancelOrder=${buyer.order.id}`),
      });
      expect(await listed()).toEqual(expect.arrayContaining(['9876598765', '9812341234']));
    });

    it('lists the numbers of an emptied cart at once', async () => {
      const buyer = await holding(['9876598765']);
      await buyer.client.request({
        method: 'DELETE',
        url: api(`/cart?cancelOrder=${buyer.order.id}`),
      });
      expect(await listed()).toContain('9876598765');
    });

    it('lists the numbers of an empty cart checked out at once', async () => {
      const buyer = await holding(['9876598765']);
      await ctx().database.db.delete(cartItems);
      expect((await buyer.client.post(api('/cart/checkout'))).statusCode).toBe(400);
      expect(await listed()).toContain('9876598765');
    });

    it('lists the numbers of an order staff cancelled at once', async () => {
      const buyer = await holding(['9876598765']);
      const staff = await staffMember(ctx().app);
      const cancelled = await staff.client.post(api(`/admin/orders/${buyer.order.id}/events`), {
        status: 'cancelled',
        note: 'Buyer asked to cancel by phone',
      });
      expect(cancelled.statusCode).toBe(200);
      expect(await listed()).toContain('9876598765');
    });

    it('takes the numbers on hold off the cached total, and adds each back when its hold ends', async () => {
      // A total is counted once per filter and kept: each step reads a filter not seen before.
      const total = async (minPrice: number) =>
        (
          await ctx().app.inject({ method: 'GET', url: api(`/numbers?minPrice=${minPrice}`) })
        ).json().data.total as number;
      const before = await total(1);
      await holding(['9876598765', '9812341234']);
      expect(await total(2)).toBe(before - 2);

      // A hold that lapses by time alone, told to nobody: counted off until it has ended.
      await ctx().database.query(
        "update numbers set status = 'reserved', reserved_until = now() + interval '1 second' where number = $1",
        ['9137605193'],
      );
      const lapses = Date.now() + 1_000;
      expect(await total(3)).toBe(before - 3);
      await new Promise((resolve) => setTimeout(resolve, lapses + 100 - Date.now()));
      expect(await total(3)).toBe(before - 2);
    });
  },
  { env: { CATALOG_CACHE_SECONDS: '30', RATE_LIMIT_PER_MINUTE: '100000' } },
);
