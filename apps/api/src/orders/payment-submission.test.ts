import { formatIndiaDateTime } from '@store/domain';
import { expect, it } from 'vitest';
import {
  buyerWithOrder,
  moveHoldEnd,
  numberState,
  sentTo,
  staffMember,
  withSalesInventory,
} from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

const TEAM_EMAIL = 'sales.team@example.com';

describeEachDatabase(
  '"I have paid"',
  (ctx) => {
    const { id } = withSalesInventory(ctx);
    const submit = (
      buyer: Awaited<ReturnType<typeof buyerWithOrder>>,
      utr: string,
      orderId = buyer.order.id,
    ) => buyer.client.post(api(`/orders/${orderId}/payment-submission`), { utr });

    it('checks the UTR shape, extends the hold, alerts staff and lists the order first', async () => {
      const asha = await buyerWithOrder(ctx().app, [id('9876598765')]);
      const ravi = await buyerWithOrder(ctx().app, [id('9812341234')]);

      for (const bad of ['12345', '41234567890A', 'HDFC-N520261125', '4'.repeat(13)]) {
        const refused = await submit(asha, bad);
        expect(refused.statusCode, bad).toBe(400);
        expect(refused.json()).toMatchObject({
          code: 'INVALID_UTR',
          message:
            'Enter the transaction reference (UTR): 12 digits for UPI or IMPS, 16 letters and digits for NEFT, 22 for RTGS.',
        });
      }

      const before = Date.now();
      const res = await submit(asha, '4123 4567 8901');
      expect(res.statusCode, res.body).toBe(200);
      const order = res.json().data;
      expect(order).toMatchObject({
        status: 'pending_payment',
        statusLabel: 'Payment submitted',
        payment: { status: 'pending', submitted: { utr: '4123 4567 8901' } },
      });
      const hold = Date.parse(order.holdExpiresAt) - before;
      expect(hold).toBeGreaterThan(24 * 3_600_000 - 60_000);
      expect(hold).toBeLessThanOrEqual(24 * 3_600_000 + 5_000);
      const held = await numberState(ctx().database, id('9876598765'));
      expect(held).toMatchObject({ status: 'reserved', orderId: order.id });
      expect(held.reservedUntil!.toISOString()).toBe(order.holdExpiresAt);
      expect(order.timeline.at(-1).note).toMatch(/^Payment submitted with UTR 412345678901;/);
      expect(order.timeline.at(-1)).toMatchObject({ actor: 'buyer', by: null });
      // The reference is headed as what it is, as the order's status reads (QA pass 32, F6).
      expect(order.timeline.map((entry: { label: string }) => entry.label)).toEqual([
        'Awaiting payment',
        'Payment submitted',
      ]);

      const [alert] = await sentTo(ctx().database, TEAM_EMAIL);
      expect(alert!.subject).toContain(`Payment submitted for order ${order.reference}`);
      expect(alert!.text).toContain('UTR 412345678901');
      // The buyer has it in writing too: the reference, and until when the number is kept.
      const until = formatIndiaDateTime(new Date(order.holdExpiresAt));
      const [ack] = await sentTo(ctx().database, asha.user.email);
      expect(ack!.subject).toBe(`Order ${order.reference}: we have your payment reference`);
      expect(ack!.text).toContain(
        `We have your payment reference (UTR) 4123 4567 8901 for order ${order.reference}, ₹59,000. Our team is checking the payment: we keep 98765 98765 for you until ${until}`,
      );
      const [ackSms] = await sentTo(ctx().database, asha.user.mobile);
      expect(ackSms!.text).toBe(
        `VIP Number Store: we have your UTR 4123 4567 8901 for order ${order.reference} (Rs 59,000). We are checking it and keep 98765 98765 for you until ${until}.`,
      );
      const told = async () => (await sentTo(ctx().database, asha.user.mobile)).length;
      const toldBefore = await told();

      // Again with the same UTR: nothing changes; on another order: refused.
      expect((await submit(asha, '412345678901')).statusCode).toBe(200);
      expect(await told()).toBe(toldBefore);
      const reused = await submit(ravi, '412345678901');
      expect(reused.statusCode).toBe(409);
      expect(reused.json().code).toBe('PAYMENT_REFERENCE_USED');

      const staff = await staffMember(ctx().app);
      const queue = (await staff.client.get(api('/admin/orders'))).json().data.orders;
      expect(queue[0].id).toBe(asha.order.id);

      // Another buyer may not touch it.
      expect((await submit(ravi, '499999999999', asha.order.id)).statusCode).toBe(404);
    });

    it('leaves the order to staff: its numbers leave the cart, which can no longer cancel it', async () => {
      const asha = await buyerWithOrder(ctx().app, [id('9876598765'), id('9812341234')]);
      const orderOf = async () =>
        (await asha.client.get(api(`/orders/${asha.order.id}`))).json().data;
      expect((await submit(asha, '412345678901')).statusCode).toBe(200);

      // Paid as far as she knows: the cart no longer lists the numbers or the order.
      const cart = (await asha.client.get(api('/cart'))).json().data;
      expect(cart.items).toEqual([]);
      expect(cart.openOrder).toBeNull();

      // Neither a new checkout, a Buy now, nor emptying the cart cancels it.
      await asha.client.post(api(`/cart/add/${id('9811223344')}`));
      expect((await asha.client.post(api('/cart/checkout'))).statusCode).toBe(201);
      const buyNow = await asha.client.post(api('/cart/checkout'), {
        numberId: id('9876543210'),
      });
      expect(buyNow.statusCode, buyNow.body).toBe(201);
      expect((await asha.client.delete(api('/cart'))).statusCode).toBe(200);
      expect(await orderOf()).toMatchObject({
        status: 'pending_payment',
        statusLabel: 'Payment submitted',
      });
      for (const number of ['9876598765', '9812341234']) {
        expect(await numberState(ctx().database, id(number))).toMatchObject({
          status: 'reserved',
          orderId: asha.order.id,
        });
      }
      // Nor can its number come back into the cart to be bought again, and she is told why.
      const again = await asha.client.post(api(`/cart/add/${id('9876598765')}`));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'NUMBER_IN_YOUR_ORDER',
        message:
          'This number is already in your order whose payment our team is verifying: see your orders.',
      });
    });

    it("refuses a UTR already confirmed as another order's payment", async () => {
      const asha = await buyerWithOrder(ctx().app, [id('9876598765')]);
      const ravi = await buyerWithOrder(ctx().app, [id('9812341234')]);
      const staff = await staffMember(ctx().app);
      const confirmed = await staff.client.post(api(`/admin/orders/${asha.order.id}/payments`), {
        reference: 'HDFCN52026112512',
      });
      expect(confirmed.statusCode).toBe(200);
      const reused = await submit(ravi, 'hdfcn52026112512');
      expect(reused.statusCode).toBe(409);
      expect(reused.json().code).toBe('PAYMENT_REFERENCE_USED');
      // A paid order takes no submission.
      expect((await submit(asha, '400000000001')).json().code).toBe('ORDER_NOT_PAYABLE');
    });

    it('lets staff reject it with a reason the buyer is sent, or confirm it', async () => {
      const asha = await buyerWithOrder(ctx().app, [id('9876598765')]);
      const staff = await staffMember(ctx().app);
      await submit(asha, '412345678901');
      const rejected = await staff.client.post(
        api(`/admin/orders/${asha.order.id}/payment-submission/reject`),
        { reason: 'No credit with this UTR in our account.' },
      );
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json().data.statusLabel).toBe('Awaiting payment');
      expect(rejected.json().data.payment.submitted).toBeUndefined();
      const [email] = await sentTo(ctx().database, asha.user.email);
      expect(email!.subject).toContain('we could not verify your payment');
      expect(email!.text).toContain('No credit with this UTR in our account.');

      // The day-long hold was for verifying; two hours are left to give the right reference.
      const heldUntil = rejected.json().data.holdExpiresAt;
      const left = Date.parse(heldUntil) - Date.now();
      expect(left).toBeGreaterThan(120 * 60_000 - 60_000);
      expect(left).toBeLessThanOrEqual(120 * 60_000);
      const held = await numberState(ctx().database, id('9876598765'));
      expect(held).toMatchObject({ status: 'reserved', orderId: asha.order.id });
      expect(held.reservedUntil!.toISOString()).toBe(heldUntil);
      expect(email!.text).toContain(
        `Your number stays held until ${formatIndiaDateTime(new Date(heldUntil))}.`,
      );
      const [sms] = await sentTo(ctx().database, asha.user.mobile);
      expect(sms!.text).toMatch(
        new RegExp(
          `^VIP Number Store: we could not match payment reference 412345678901 for order ${asha.order.reference}\\. We hold your number for you until ${formatIndiaDateTime(new Date(heldUntil))}: see our e-mail, and enter the right UTR on your order page at \\S+/orders$`,
        ),
      );
      expect(rejected.json().data.timeline.at(-1).note).toBe(
        `Payment reference 412345678901 not verified: No credit with this UTR in our account. The number is held until ${formatIndiaDateTime(new Date(heldUntil))} for the right reference.`,
      );
      // In the console too; the team's refusal puts the order back to awaiting payment.
      expect(rejected.json().data.timeline.map((entry: { label: string }) => entry.label)).toEqual([
        'Awaiting payment',
        'Payment submitted',
        'Awaiting payment',
      ]);
      const again = await staff.client.post(
        api(`/admin/orders/${asha.order.id}/payment-submission/reject`),
        { reason: 'Twice' },
      );
      expect(again.json().code).toBe('NO_PAYMENT_SUBMITTED');

      // The reference sent back cannot be given again, however it is written: its day-long
      // hold would come back with it.
      const refusedAgain = await submit(asha, '4123 4567 8901');
      expect(refusedAgain.statusCode).toBe(409);
      expect(refusedAgain.json().code).toBe('PAYMENT_REFERENCE_REJECTED');
      expect(
        (await numberState(ctx().database, id('9876598765'))).reservedUntil!.toISOString(),
      ).toBe(heldUntil);

      expect((await submit(asha, '412345678902')).statusCode).toBe(200);
      const paid = await staff.client.post(api(`/admin/orders/${asha.order.id}/payments`), {
        reference: '412345678902',
      });
      expect(paid.statusCode).toBe(200);
      expect(paid.json().data.status).toBe('paid');
      expect(paid.json().data.payment.submitted).toBeUndefined();
    });

    it('gives the long hold back for one corrected reference, not for every made-up one', async () => {
      const asha = await buyerWithOrder(ctx().app, [id('9876598765')]);
      const staff = await staffMember(ctx().app);
      const reject = () =>
        staff.client.post(api(`/admin/orders/${asha.order.id}/payment-submission/reject`), {
          reason: 'No credit with this UTR',
        });
      const heldFor = async (utr: string) => {
        const res = await submit(asha, utr);
        expect(res.statusCode, res.body).toBe(200);
        return Date.parse(res.json().data.holdExpiresAt) - Date.now();
      };
      const day = 24 * 3_600_000;

      expect(await heldFor('412345678901')).toBeGreaterThan(day - 60_000);
      await reject();
      // A mistyped reference, corrected: verifying it gets the day again.
      expect(await heldFor('412345678902')).toBeGreaterThan(day - 60_000);
      const shortened = Date.parse((await reject()).json().data.holdExpiresAt);
      // Sent back twice: a third reference is recorded for staff but keeps the hold as it is.
      const third = await submit(asha, '412345678903');
      expect(third.statusCode).toBe(200);
      expect(Date.parse(third.json().data.holdExpiresAt)).toBe(shortened);
      expect(third.json().data.payment.submitted).toMatchObject({ utr: '412345678903' });
      expect((await numberState(ctx().database, id('9876598765'))).reservedUntil!.getTime()).toBe(
        shortened,
      );
    });

    it('never lengthens a hold that ends sooner than the time given after a rejection', async () => {
      const asha = await buyerWithOrder(ctx().app, [id('9876598765')]);
      const staff = await staffMember(ctx().app);
      await submit(asha, '412345678901');
      // Staff come to it late: ten minutes of the submitted payment's hold are left.
      await moveHoldEnd(ctx().database, asha.order.id, 10);
      const soon = (await numberState(ctx().database, id('9876598765'))).reservedUntil!;
      const rejected = await staff.client.post(
        api(`/admin/orders/${asha.order.id}/payment-submission/reject`),
        { reason: 'No credit with this UTR' },
      );
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(Date.parse(rejected.json().data.holdExpiresAt)).toBe(soon.getTime());
      const held = await numberState(ctx().database, id('9876598765'));
      expect(held.reservedUntil!.getTime()).toBe(soon.getTime());
      expect(rejected.json().data.timeline.at(-1).note).toMatch(
        /^Payment reference 412345678901 not verified: No credit with this UTR\. The number is held until /,
      );
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '100000', STAFF_ALERT_EMAILS: TEAM_EMAIL } },
);
