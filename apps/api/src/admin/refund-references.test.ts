import { formatIndiaDateTime } from '@store/domain';
import { expect, it } from 'vitest';
import { migrationStatements } from '../../test-support/migration-sql';
import { buyerWithOrder, sentTo, staffMember, withSalesInventory } from '../../test-support/sales';
import { api, type SessionClient } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

describeEachDatabase(
  'the UTR / reference of a manual refund (decision 0054)',
  (ctx) => {
    const { id } = withSalesInventory(ctx);

    /** A buyer's order for these numbers, paid by UPI and confirmed by staff. */
    async function paidOrder(numbers: string[], utr: string) {
      const buyer = await buyerWithOrder(ctx().app, numbers.map(id));
      const staff = await staffMember(ctx().app, 'admin');
      const paid = await staff.client.post(api(`/admin/orders/${buyer.order.id}/payments`), {
        reference: utr,
      });
      expect(paid.statusCode, paid.body).toBe(200);
      return { ...buyer, staff: staff.client };
    }
    const refund = (staff: SessionClient, orderId: string, body: object) =>
      staff.post(api(`/admin/orders/${orderId}/refunds`), body);
    const addReference = (staff: SessionClient, orderId: string, refundId: string, body: object) =>
      staff.patch(api(`/admin/orders/${orderId}/refunds/${refundId}`), body);
    const auditOf = async (orderId: string) =>
      (await ctx().app.services.audit.list({ orderId }, 1, 50)).views;

    it('records a whole refund with its reference as a payment reference is compared, shows it to staff and the buyer, and quotes it in the e-mail and SMS', async () => {
      const { order, user, client, staff } = await paidOrder(['9876598765'], 'UTR-700100');
      for (const reference of ['12345', 'NEFT-123456', 'A'.repeat(31), '   ']) {
        const bad = await refund(staff, order.id, { reason: 'Porting failed', reference });
        expect(bad.statusCode, reference).toBe(400);
        expect(bad.json().message).toBe(
          'Invalid body: reference: must be 6 to 30 letters or digits, spaces aside (the UTR or bank reference)',
        );
      }

      const done = await refund(staff, order.id, {
        reason: 'Porting failed',
        // As a bank statement prints it (QA 25 F5): grouped, any case.
        reference: '  neft 0012 3456 78 ',
      });
      expect(done.statusCode, done.body).toBe(200);
      const data = done.json().data;
      expect(data.payments[0].refunds).toEqual([
        expect.objectContaining({
          method: 'manual',
          providerRefundId: null,
          reference: 'NEFT0012345678',
        }),
      ]);
      expect(data.timeline.at(-1).note).toBe(
        '₹59,000 of payment UTR-700100 refunded (paid back by our team, reference NEFT0012345678). Reason: Porting failed',
      );
      expect((await auditOf(order.id))[0]).toMatchObject({
        action: 'order.refund',
        after: { refund: { method: 'manual', manualReference: 'NEFT0012345678' } },
      });
      const [email] = await sentTo(ctx().database, user.email);
      expect(email!.subject).toBe(`Order ${order.reference}: your refund has been made`);
      expect(email!.text).toContain('Refund reference: NEFT0012345678.');
      const [sms] = await sentTo(ctx().database, user.mobile);
      expect(sms!.text).toContain('Refund reference: NEFT0012345678.');

      const own = (await client.get(api(`/orders/${order.id}`))).json().data;
      expect(own.taxDocuments.creditNotes).toEqual([
        expect.objectContaining({ refundReference: 'NEFT0012345678', numberId: null }),
      ]);

      // Given once: it cannot be replaced.
      const again = await addReference(staff, order.id, data.payments[0].refunds[0].id, {
        reference: 'NEFT9999999999',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'REFERENCE_SET',
        message: 'This refund already has the reference NEFT0012345678.',
      });
    });

    it('carries a reference kept in lower case before decision 0092 to upper case (migration 0036), so the same agent repeating the refund is told it was made', async () => {
      const { order, staff } = await paidOrder(['9876598765'], 'UTR-700150');
      const body = { reason: 'Porting failed', reference: 'neft 0012 3456 78' };
      const done = await refund(staff, order.id, body);
      expect(done.statusCode, done.body).toBe(200);
      const made = done.json().data.payments[0].refunds[0];
      // As an earlier version kept it: the case it was typed in.
      await ctx().database.query('update refunds set manual_reference = $1 where id = $2', [
        'neft0012345678',
        made.id,
      ]);
      for (const statement of migrationStatements(
        '0036_refund_references_upper_case.sql',
        'UPDATE',
      )) {
        await ctx().database.query(statement);
      }
      const repeat = await refund(staff, order.id, body);
      expect(repeat.statusCode, repeat.body).toBe(200);
      expect(repeat.json().message).toBe(
        `Order ${order.reference}: this refund was already made by you at ${formatIndiaDateTime(made.at)}.`,
      );
      expect(repeat.json().data.payments[0].refunds).toEqual([
        expect.objectContaining({ id: made.id, reference: 'NEFT0012345678' }),
      ]);
    });

    it('says nothing of a reference when none was given, and quotes one given with a number refunded alone', async () => {
      const [big, small] = ['9876598765', '9811223344'].map(id);
      const { order, user, client, staff } = await paidOrder(
        ['9876598765', '9811223344'],
        'UTR-700200',
      );
      const line = await staff.post(api(`/admin/orders/${order.id}/numbers/${small}/refund`), {
        reason: 'Porting failed',
        reference: 'IMPS 4455 6677 88',
      });
      expect(line.statusCode, line.body).toBe(200);
      const own = (await client.get(api(`/orders/${order.id}`))).json().data;
      const itemOf = (numberId: number) =>
        own.items.find((item: { numberId: number }) => item.numberId === numberId);
      expect(itemOf(small!).refund).toMatchObject({
        method: 'manual',
        reference: 'IMPS4455667788',
      });
      expect(itemOf(big!).refund).toBeNull();
      const [lineSms] = await sentTo(ctx().database, user.mobile);
      expect(lineSms!.text).toContain('Refund reference: IMPS4455667788.');

      const rest = await refund(staff, order.id, { reason: 'Cancelled by the buyer' });
      expect(rest.statusCode, rest.body).toBe(200);
      const [restEmail] = await sentTo(ctx().database, user.email);
      expect(restEmail!.text).not.toContain('Refund reference');
    });

    it('adds a reference once to a refund recorded without one, audited, and sends it to the buyer; two agents at once add one', async () => {
      const { order, user, client, staff } = await paidOrder(['9876598765'], 'UTR-700300');
      const done = await refund(staff, order.id, { reason: 'Porting failed' });
      const refundId: string = done.json().data.payments[0].refunds[0].id;
      expect(done.json().data.payments[0].refunds[0].reference).toBeNull();

      expect((await addReference(staff, order.id, refundId, { reference: 'x' })).statusCode).toBe(
        400,
      );
      expect(
        (await addReference(staff, order.id, refundId, { reference: 'NEFT-0012345678' })).json()
          .message,
      ).toBe(
        'Invalid body: reference: must be 6 to 30 letters or digits, spaces aside (the UTR or bank reference)',
      );
      const elsewhere = await addReference(
        staff,
        order.id,
        '00000000-0000-4000-8000-000000000000',
        {
          reference: 'NEFT0012345678',
        },
      );
      expect(elsewhere.statusCode).toBe(404);

      const second = await staffMember(ctx().app);
      const answers = await Promise.all([
        addReference(staff, order.id, refundId, { reference: 'NEFT 1111 1111 11' }),
        addReference(second.client, order.id, refundId, { reference: 'NEFT2222222222' }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const won = answers.find((answer) => answer.statusCode === 200)!;
      const lost = answers.find((answer) => answer.statusCode === 409)!;
      const reference = won.json().data.payments[0].refunds[0].reference as string;
      expect(reference).toMatch(/^NEFT(1{10}|2{10})$/);
      expect(won.json().message).toBe(
        `Order ${order.reference}: refund reference ${reference} added.`,
      );
      expect(lost.json()).toMatchObject({ code: 'REFERENCE_SET', reference });
      expect(won.json().data.timeline.at(-1).note).toBe(
        `Refund reference ${reference} added to the refund of ₹59,000.`,
      );

      const entries = (await auditOf(order.id)).filter(
        (entry) => entry.action === 'order.refund_reference',
      );
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        before: { refund: { id: refundId, manualReference: null } },
        after: { refund: { id: refundId, manualReference: reference } },
      });
      const [email] = await sentTo(ctx().database, user.email);
      expect(email!.subject).toBe(`Order ${order.reference}: your refund's reference`);
      expect(email!.text).toContain(`Refund reference: ${reference}.`);
      const sms = await sentTo(ctx().database, user.mobile);
      expect(sms.filter((message) => message.text.includes('Refund reference'))).toHaveLength(1);
      const own = (await client.get(api(`/orders/${order.id}`))).json().data;
      expect(own.taxDocuments.creditNotes[0].refundReference).toBe(reference);
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '100000' } },
);
