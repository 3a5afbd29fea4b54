import { addDays, indiaDay } from '@store/domain';
import { eq, like, or } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { devOutbox } from '../db/schema';
import {
  buyerWithOrder,
  lapseHold,
  sentTo,
  staffMember,
  withSalesInventory,
} from '../../test-support/sales';
import {
  api,
  changeContact,
  registerCustomer,
  saveAddress,
} from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

const TEAM_EMAIL = 'sales.team@example.com';

describeEachDatabase(
  "an order's messages go to its account's contacts as they are now (decision 0064)",
  (ctx) => {
    const { id, checkOut } = withSalesInventory(ctx);

    /** Messages to a closed account's placeholders, or to an erased billing's empty contacts. */
    const sentToNoOne = () =>
      ctx()
        .database.db.select()
        .from(devOutbox)
        .where(or(like(devOutbox.to, 'closed-%'), eq(devOutbox.to, '')));

    /** How many messages the outbox holds for an account's e-mail and its mobile (as created). */
    const sentCounts = async (user: { email: string; mobile: string }) => ({
      email: (await sentTo(ctx().database, user.email)).length,
      mobile: (await sentTo(ctx().database, user.mobile)).length,
    });

    /** The outbox's messages to `to` that name the order. */
    const aboutOrder = async (to: string, reference: string) =>
      (await sentTo(ctx().database, to)).filter(
        (message) => message.text.includes(reference) || message.subject?.includes(reference),
      );

    it('sends the UTR acknowledgement, the receipt with its invoice and the UPC to the new e-mail and mobile, none to the replaced ones', async () => {
      const { app } = ctx();
      const { client, details } = await registerCustomer(app, { getWhatsappUpdate: true });
      await saveAddress(client);
      const order = await checkOut(client, ['9876598765']);
      const { reference } = order;
      // Placed before the change: the order's e-mail and SMS went to the contacts of then.
      const placedToOld = {
        email: (await aboutOrder(details.email, reference)).length,
        mobile: (await aboutOrder(details.mobile, reference)).length,
      };
      expect(placedToOld).toEqual({ email: 1, mobile: 1 });

      const [newEmail, newMobile] = ['asha.moved@example.in', '9123400077'];
      await changeContact(app, client, { mobile: newMobile });
      await changeContact(app, client, { email: newEmail });

      const submitted = await client.post(api(`/orders/${order.id}/payment-submission`), {
        utr: '412345678902',
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
      const staff = await staffMember(app);
      const paid = await staff.client.post(api(`/admin/orders/${order.id}/payments`), {
        reference: '412345678902',
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const upc = await staff.client.post(
        api(`/admin/orders/${order.id}/numbers/${id('9876598765')}/porting`),
        { status: 'upc_sent', upcCode: 'ZX98YW76', upcExpiresOn: addDays(indiaDay(), 4) },
      );
      expect(upc.statusCode, upc.body).toBe(200);

      // Nothing more about the order to the replaced contacts (the UPC above all).
      expect(await aboutOrder(details.email, reference)).toHaveLength(placedToOld.email);
      expect(await aboutOrder(details.mobile, reference)).toHaveLength(placedToOld.mobile);

      const emails = (await aboutOrder(newEmail, reference)).reverse();
      expect(emails.map((message) => message.subject)).toEqual([
        `Order ${reference}: we have your payment reference`,
        `Payment received: order ${reference}`,
        `Order ${reference}: the UPC for 98765 98765`,
      ]);
      expect(emails[1]!.attachments).toEqual([expect.stringMatching(/\.pdf$/)]);
      // Greeted by the name billed; the e-mail carries the UPC itself.
      expect(emails[1]!.text).toContain(`Dear ${details.name},`);
      expect(emails[2]!.text).toContain('ZX98YW76');

      const mobile = (await aboutOrder(newMobile, reference)).reverse();
      expect(mobile.map((message) => [message.channel, message.subject])).toEqual([
        ['sms', null],
        ['sms', null],
        ['whatsapp', 'payment_received'],
        ['sms', null],
        ['whatsapp', 'upc_sent'],
      ]);
      expect(mobile.filter((message) => message.text.includes('ZX98YW76'))).toHaveLength(2);

      // The team's alerts give the billed contacts and the account's now, to call the right one.
      const alerts = (await sentTo(ctx().database, TEAM_EMAIL)).filter((alert) =>
        alert.subject?.includes(reference),
      );
      expect(alerts.map((alert) => alert.subject!.replace(/^\[.*?\] |:.*$/g, ''))).toEqual([
        `Payment received for order ${reference}`,
        `Payment submitted for order ${reference}`,
        `New order ${reference}`,
      ]);
      for (const alert of alerts.slice(0, 2)) {
        expect(alert.text).toContain(
          `Buyer: ${details.name}, ${details.mobile}, ${details.email} (as billed)\nThe account's contacts now: ${newMobile}, ${newEmail}. Call or write to these.`,
        );
      }
      expect(alerts[2]!.text).not.toContain('contacts now');

      // The invoice keeps the billing details the order was placed with.
      const view = (await client.get(api(`/orders/${order.id}`))).json().data;
      expect(view.billing).toMatchObject({ email: details.email, mobile: details.mobile });
    });

    it('re-addresses the messages waiting in the outbox to the new contacts, and leaves the notice to the old contact', async () => {
      const { app, database } = ctx();
      const { client, details } = await registerCustomer(app);
      const { reference } = await checkOut(client, ['9812341234']);
      // As a provider that was down leaves them: each tried once, waiting for a retry.
      const holdBack = () =>
        database.query(
          `update outbox set sent_at = null, attempts = 1, last_error = 'connect ECONNREFUSED',
                  next_attempt_at = now() + interval '1 hour'`,
        );
      await holdBack();
      const [newEmail, newMobile] = ['asha.moved@example.in', '9123400078'];
      await changeContact(app, client, { mobile: newMobile });
      // The mobile change's notices (to the e-mail and the mobile the account had) wait too.
      await holdBack();
      await changeContact(app, client, { email: newEmail });
      const before = await sentCounts(details);

      await database.query('update outbox set next_attempt_at = now()');
      // The order's e-mail and SMS, the team's alert of it, the mobile change's two notices.
      expect(await app.services.outbox.deliver()).toEqual({ sent: 5, failed: 0 });

      // The order's e-mail and SMS, first held back for the old contacts, reach the new ones.
      expect(await aboutOrder(newEmail, reference)).toEqual([
        expect.objectContaining({ channel: 'email', subject: expect.stringContaining(reference) }),
      ]);
      expect((await aboutOrder(newMobile, reference)).map((m) => m.channel)).toEqual(['sms']);
      // The notice of the mobile change still goes to the e-mail and the mobile it was for, the
      // e-mail though the address changed since.
      expect(await sentCounts(details)).toEqual({
        email: before.email + 1,
        mobile: before.mobile + 1,
      });
      const [email] = await sentTo(database, details.email);
      expect(email!.text).toContain(
        'The mobile number of your VIP Number Store account was changed',
      );
      const [sms] = await sentTo(database, details.mobile);
      expect(sms!.text).toContain('the mobile number of your account was changed');
      // Codes never wait in the outbox (they are sent at once, and a change deletes their requests).
      expect(await database.query(`select id from outbox where message ? 'otp'`)).toEqual([]);
    });

    it('sends the WhatsApp messages by the choice the account has now', async () => {
      const { app } = ctx();
      const { client, details } = await registerCustomer(app, { getWhatsappUpdate: true });
      const order = await checkOut(client, ['9812341234']);
      const off = await client.patch(api('/user/profile'), { getWhatsappUpdate: false });
      expect(off.statusCode, off.body).toBe(200);
      const staff = await staffMember(app);
      const paid = await staff.client.post(api(`/admin/orders/${order.id}/payments`), {
        reference: 'UTR-300300',
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const channels = (await aboutOrder(details.mobile, order.reference)).map((m) => m.channel);
      expect(channels).toEqual(['sms', 'sms']);
    });

    it("sends nothing about a closed account's order, a late payment's refund included, and nothing to its placeholders", async () => {
      const { app, database } = ctx();
      const number = id('9876598765');
      const late = await buyerWithOrder(app, [number]);
      await lapseHold(database, late.order.id);
      await app.services.orders.sweepExpiredHolds();
      const closed = await late.client.post(api('/user/close'), { confirm: 'CLOSE' });
      expect(closed.statusCode, closed.body).toBe(200);
      const before = await sentCounts(late.user);

      // The money turns up after all, while another buyer holds the number: it is refunded.
      await buyerWithOrder(app, [number]);
      const staff = await staffMember(app, 'admin');
      const confirmed = await staff.client.post(api(`/admin/orders/${late.order.id}/payments`), {
        reference: 'UTR-800300',
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().data).toMatchObject({ status: 'cancelled', needsRefund: true });
      const refunded = await staff.client.post(api(`/admin/orders/${late.order.id}/refunds`), {
        reason: 'Paid after the hold',
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
      // Its bank reference added later (decision 0054): a message of its own, not sent either.
      const refundId = refunded.json().data.payments[0].refunds[0].id as string;
      const reference = await staff.client.patch(
        api(`/admin/orders/${late.order.id}/refunds/${refundId}`),
        { reference: 'NEFT0012345678' },
      );
      expect(reference.statusCode, reference.body).toBe(200);

      expect(await sentToNoOne()).toEqual([]);
      expect(await sentCounts(late.user)).toEqual(before);
      // The team is still told of the payment to refund.
      const alerts = await sentTo(database, TEAM_EMAIL);
      const toRefund = alerts.find((alert) => alert.subject?.includes('Payment to refund'));
      expect(toRefund!.text).toContain(
        "The account is closed: these contacts may no longer be the buyer's.",
      );
    });

    it("sends nothing about a closed account's paid order refunded afterwards, though its billing keeps the contacts", async () => {
      const { app } = ctx();
      const number = id('9812341234');
      const buyer = await buyerWithOrder(app, [number], { getWhatsappUpdate: true });
      const staff = await staffMember(app, 'admin');
      const paid = await staff.client.post(api(`/admin/orders/${buyer.order.id}/payments`), {
        reference: 'UTR-800400',
      });
      expect(paid.statusCode, paid.body).toBe(200);
      for (const step of [
        { status: 'upc_sent', upcCode: 'AB12CD34', upcExpiresOn: addDays(indiaDay(), 4) },
        { status: 'porting_in_progress' },
        { status: 'ported' },
      ]) {
        const moved = await staff.client.post(
          api(`/admin/orders/${buyer.order.id}/numbers/${number}/porting`),
          step,
        );
        expect(moved.statusCode, moved.body).toBe(200);
      }
      const closed = await buyer.client.post(api('/user/close'), { confirm: 'CLOSE' });
      expect(closed.statusCode, closed.body).toBe(200);
      const before = await sentCounts(buyer.user);

      const refunded = await staff.client.post(api(`/admin/orders/${buyer.order.id}/refunds`), {
        reason: 'The operator reversed the port',
      });
      expect(refunded.statusCode, refunded.body).toBe(200);

      expect(await sentCounts(buyer.user)).toEqual(before);
      expect(await sentToNoOne()).toEqual([]);
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '100000', STAFF_ALERT_EMAILS: TEAM_EMAIL } },
);
