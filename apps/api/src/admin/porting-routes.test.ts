import { addDays, indiaDay } from '@store/domain';
import { expect, it } from 'vitest';
import {
  buyerWithOrder,
  sentTo,
  signedIn,
  staffMember,
  withSalesInventory,
} from '../../test-support/sales';
import { api, type SessionClient } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

const whatsappOptOut =
  'To stop WhatsApp updates, untick "Send me order and porting updates on WhatsApp" in your profile on our website.';

const today = indiaDay();
const inFourDays = addDays(today, 4);
/** A UPC's last day as the messages write it: `3 Dec 2026`. */
const dayShown = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });

interface PortingView {
  numberId: number;
  porting: {
    status: string;
    upcCode: string | null;
    upcExpiresOn: string | null;
    steps: { status: string; upcCode: string | null; note: string | null; by: string | null }[];
  };
}

describeEachDatabase(
  'porting per number',
  (ctx) => {
    const { id } = withSalesInventory(ctx);

    /** A buyer's order for these numbers, paid by a transfer support confirmed. */
    async function paidOrder(numbers: string[], options: { getWhatsappUpdate?: boolean } = {}) {
      const buyer = await buyerWithOrder(ctx().app, numbers.map(id), {
        name: 'Asha Verma',
        ...options,
      });
      const staff = await staffMember(ctx().app);
      const paid = await staff.client.post(api(`/admin/orders/${buyer.order.id}/payments`), {
        reference: `UTR${buyer.order.reference.slice(-8)}`,
      });
      expect(paid.statusCode, paid.body).toBe(200);
      return { ...buyer, staff };
    }

    const porting = (staff: SessionClient, orderId: string, numberId: number, body: object) =>
      staff.post(api(`/admin/orders/${orderId}/numbers/${numberId}/porting`), body);
    const itemOf = (order: { items: PortingView[] }, numberId: number) =>
      order.items.find((item) => item.numberId === numberId)!;

    it('refuses a bad step with 400: a missing or malformed UPC, a bad, past or too distant expiry', async () => {
      const { order, staff } = await paidOrder(['9876598765']);
      const number = id('9876598765');
      const cases: [object, RegExp][] = [
        [{ status: 'upc_sent', upcExpiresOn: inFourDays }, /upcCode/],
        [
          { status: 'upc_sent', upcCode: 'AB12CD3', upcExpiresOn: inFourDays },
          /8 letters and digits/,
        ],
        [{ status: 'upc_sent', upcCode: 'AB12-CD34', upcExpiresOn: inFourDays }, /upcCode/],
        [{ status: 'upc_sent', upcCode: 'AB12CD34' }, /upcExpiresOn/],
        [{ status: 'upc_sent', upcCode: 'AB12CD34', upcExpiresOn: '28/11/2026' }, /YYYY-MM-DD/],
        [{ status: 'awaiting_upc' }, /status/],
        [{ status: 'completed' }, /status/],
        [{ status: 'ported', note: 'x'.repeat(1001) }, /note/],
      ];
      for (const [body, message] of cases) {
        const res = await porting(staff.client, order.id, number, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message, JSON.stringify(body)).toMatch(message);
      }
      const past = await porting(staff.client, order.id, number, {
        status: 'upc_sent',
        upcCode: 'AB12CD34',
        upcExpiresOn: addDays(today, -1),
      });
      expect(past.json()).toMatchObject({ code: 'UPC_EXPIRED' });
      const tooFar = await porting(staff.client, order.id, number, {
        status: 'upc_sent',
        upcCode: 'AB12CD34',
        upcExpiresOn: addDays(today, 31),
      });
      expect(tooFar.statusCode).toBe(400);
      expect(tooFar.json().message).toContain('valid at most 30 days');
      const notANumber = await staff.client.post(
        api(`/admin/orders/${order.id}/numbers/nine/porting`),
        { status: 'ported' },
      );
      expect(notANumber.statusCode).toBe(400);
      // Nothing moved.
      const view = (await staff.client.get(api(`/admin/orders/${order.id}`))).json().data;
      expect(itemOf(view, number).porting).toMatchObject({ status: 'awaiting_upc', steps: [] });
    });

    it('answers 404 for an unknown order or a number not in it, and 409 before payment', async () => {
      const { order, staff } = await paidOrder(['9876598765']);
      const unknown = await porting(
        staff.client,
        '00000000-0000-4000-8000-000000000000',
        id('9876598765'),
        { status: 'porting_in_progress' },
      );
      expect(unknown.statusCode).toBe(404);
      const other = await porting(staff.client, order.id, id('9812341234'), {
        status: 'porting_in_progress',
      });
      expect(other.statusCode).toBe(404);
      expect(other.json().message).toBe('This number is not in this order.');

      const unpaid = await buyerWithOrder(ctx().app, [id('9812341234')]);
      const early = await porting(staff.client, unpaid.order.id, id('9812341234'), {
        status: 'upc_sent',
        upcCode: 'AB12CD34',
        upcExpiresOn: inFourDays,
      });
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(
        'This order is awaiting payment: porting starts once it is paid.',
      );
    });

    it('moves each number one step at a time, never skipping or going back; the order follows its slowest number and completes when every number is ported', async () => {
      const { order, staff, client } = await paidOrder(['9876598765', '9812341234']);
      const [a, b] = [id('9876598765'), id('9812341234')];
      const step = (numberId: number, body: object) =>
        porting(staff.client, order.id, numberId, body);
      const upc = (code: string, expires = inFourDays) => ({
        status: 'upc_sent',
        upcCode: code,
        upcExpiresOn: expires,
      });

      const skip = await step(b, { status: 'porting_in_progress' });
      expect(skip.statusCode).toBe(409);
      expect(skip.json()).toMatchObject({
        code: 'INVALID_STEP',
        message: '98123 41234 is at "Awaiting UPC": the next step is "UPC sent".',
      });

      const sent = await step(a, { ...upc(' ab12 cd34 '), note: 'Sent from the Jio store' });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().message).toBe('98765 98765: UPC sent.');
      expect(sent.json().data.status).toBe('paid');
      expect(itemOf(sent.json().data, a).porting).toMatchObject({
        status: 'upc_sent',
        upcCode: 'AB12CD34',
        upcExpiresOn: inFourDays,
      });
      expect(itemOf(sent.json().data, b).porting.status).toBe('awaiting_upc');

      expect((await step(a, upc('AB12CD34'))).statusCode).toBe(409);
      // An expired UPC is replaced free: a new code at the same step.
      const replaced = await step(a, {
        ...upc('ZX98YW76', addDays(today, 30)),
        replaces: 'AB12CD34',
      });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(itemOf(replaced.json().data, a).porting).toMatchObject({
        upcCode: 'ZX98YW76',
        upcExpiresOn: addDays(today, 30),
      });
      expect((await step(a, { status: 'ported' })).statusCode).toBe(409);

      const both = await step(b, upc('QW12ER34'));
      expect(both.json().data.status).toBe('upc_sent');
      expect(both.json().data.timeline.at(-1)).toMatchObject({
        status: 'upc_sent',
        note: 'Both numbers are at "UPC sent".',
        by: 'Sunita Support',
      });

      expect((await step(a, { status: 'porting_in_progress' })).statusCode).toBe(200);
      const aPorted = await step(a, { status: 'ported', note: 'Active on Airtel' });
      expect(aPorted.json().data.status).toBe('upc_sent');
      const back = await step(a, upc('AB12CD34'));
      expect(back.statusCode).toBe(409);
      expect(back.json().message).toBe('98765 98765 is ported: its porting cannot move.');
      expect((await step(a, { status: 'porting_in_progress' })).statusCode).toBe(409);

      expect((await step(b, { status: 'porting_in_progress' })).json().data.status).toBe(
        'porting_in_progress',
      );
      const done = await step(b, { status: 'ported' });
      expect(done.json().data.status).toBe('completed');
      expect(done.json().data.timeline.slice(-2)).toMatchObject([
        { status: 'ported', note: 'Both numbers are at "Ported".' },
        { status: 'completed', note: 'Every number is ported: the order is complete.' },
      ]);
      const after = await step(b, { status: 'ported' });
      expect(after.statusCode).toBe(409);
      expect(after.json().message).toBe('This order is completed: its numbers can no longer move.');

      // The buyer sees every number's steps, with who made them and when.
      const view = (await client.get(api(`/orders/${order.id}`))).json().data;
      expect(itemOf(view, a).porting).toMatchObject({
        status: 'ported',
        label: 'Ported',
        upcCode: 'ZX98YW76',
      });
      expect(itemOf(view, a).porting.steps.map((s: { status: string }) => s.status)).toEqual([
        'upc_sent',
        'upc_sent',
        'porting_in_progress',
        'ported',
      ]);
      expect(itemOf(view, a).porting.steps[0]).toMatchObject({
        upcCode: 'AB12CD34',
        note: 'Sent from the Jio store',
        by: 'Sunita Support',
      });
      expect(itemOf(view, a).porting.steps[3]).toMatchObject({ note: 'Active on Airtel' });
      expect(view.timeline.map((t: { status: string }) => t.status)).toEqual([
        'pending_payment',
        'paid',
        'upc_sent',
        'porting_in_progress',
        'ported',
        'completed',
      ]);

      // The buyer is told which code counts once one is replaced, and of two numbers in the plural.
      const sms = await sentTo(ctx().database, view.billing.mobile);
      expect(sms.map((m) => m.text)).toContainEqual(
        expect.stringContaining(
          `new UPC for 98765 98765 is ZX98YW76, valid till ${dayShown(addDays(today, 30))}. It replaces AB12CD34: do not use that one.`,
        ),
      );
      const emails = await sentTo(ctx().database, view.billing.email);
      expect(emails.map((m) => m.subject)).toContain(
        `Order ${order.reference}: new UPC for 98765 98765 (replaces AB12CD34)`,
      );
      // The last number ported and the order completed: one message on each channel, not two.
      const [completed, before] = emails;
      expect(completed!.subject).toBe(
        `Order ${order.reference}: 98123 41234 has been ported, and your order is complete`,
      );
      expect(completed!.text).toContain(
        'your number 98123 41234 has been ported to your operator in your own name. Your order is complete. Enjoy your new numbers!',
      );
      expect(before!.subject).toBe(
        `Order ${order.reference}: porting of 98123 41234 is in progress`,
      );
      expect(sms[0]!.text).toContain('for 98123 41234: ported, order complete.');
      expect(sms[1]!.text).toContain('for 98123 41234: porting in progress.');
    });

    it('refuses a UPC recorded for another number of the order (409), but not a number’s own corrected, nor another order’s', async () => {
      const { order, staff } = await paidOrder(['9876598765', '9812341234']);
      const [a, b] = [id('9876598765'), id('9812341234')];
      const upc = (code: string, expires = inFourDays) => ({
        status: 'upc_sent',
        upcCode: code,
        upcExpiresOn: expires,
      });
      expect((await porting(staff.client, order.id, a, upc('AB12CD34'))).statusCode).toBe(200);

      const copied = await porting(staff.client, order.id, b, upc('ab12 cd34'));
      expect(copied.statusCode).toBe(409);
      expect(copied.json()).toMatchObject({
        code: 'UPC_USED',
        message:
          'This UPC is already recorded for 98765 98765 in this order. Each number has its own UPC.',
      });
      const view = (await staff.client.get(api(`/admin/orders/${order.id}`))).json().data;
      expect(itemOf(view, b).porting).toMatchObject({ status: 'awaiting_upc', steps: [] });

      // The number's own UPC may be recorded again with its corrected expiry.
      const corrected = await porting(staff.client, order.id, a, {
        ...upc('AB12CD34', addDays(today, 30)),
        replaces: 'AB12CD34',
      });
      expect(corrected.statusCode, corrected.body).toBe(200);
      expect((await porting(staff.client, order.id, b, upc('QW12ER34'))).statusCode).toBe(200);
      const swapped = await porting(staff.client, order.id, a, {
        ...upc('QW12ER34'),
        replaces: 'AB12CD34',
      });
      expect(swapped.statusCode).toBe(409);
      expect(swapped.json().message).toBe(
        'This UPC is already recorded for 98123 41234 in this order. Each number has its own UPC.',
      );

      // Another order is not compared with.
      const other = await paidOrder(['7070700852']);
      const elsewhere = await porting(
        other.staff.client,
        other.order.id,
        id('7070700852'),
        upc('AB12CD34'),
      );
      expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    });

    it('records one first UPC when two agents send theirs at once; a UPC from a page out of date is refused, naming the one sent, and a replacement naming it goes through', async () => {
      const { order, staff } = await paidOrder(['9876598765']);
      const a = id('9876598765');
      const agentTwo = await signedIn(ctx().app, { role: 'support', name: 'Agent Two' });
      const upc = (code: string, more: object = {}) => ({
        status: 'upc_sent',
        upcCode: code,
        upcExpiresOn: inFourDays,
        ...more,
      });
      const upcMessages = async () =>
        (await sentTo(ctx().database, order.billing.mobile)).filter((m) =>
          / for 98765 98765 is [A-Z0-9]{8}, valid till /.test(m.text),
        );

      const both = await Promise.all([
        porting(staff.client, order.id, a, upc('AB123456')),
        porting(agentTwo.client, order.id, a, upc('CD654321')),
      ]);
      expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      const recorded = itemOf(both.find((res) => res.statusCode === 200)!.json().data, a);
      const refused = both.find((res) => res.statusCode === 409)!.json();
      const by = recorded.porting.steps[0]!.by;
      expect(refused).toMatchObject({
        code: 'UPC_ALREADY_SENT',
        upc: { code: recorded.porting.upcCode, expiresOn: inFourDays, by, at: expect.any(String) },
      });
      expect(refused.message).toMatch(
        new RegExp(
          `^UPC ${recorded.porting.upcCode} was already sent to the buyer for 98765 98765 by ${by} at .+ IST\\. Yours \\([A-Z0-9]{8}\\) was not sent\\.`,
        ),
      );
      expect(await upcMessages()).toHaveLength(1);

      // One after the other: a first UPC from a page that still shows none is refused.
      const first = recorded.porting.upcCode;
      const stale = await porting(agentTwo.client, order.id, a, upc('EF111111'));
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('UPC_ALREADY_SENT');
      // A replacement of a UPC that is no longer the number's is refused too.
      const wrong = await porting(
        agentTwo.client,
        order.id,
        a,
        upc('EF111111', { replaces: 'ZZ999999' }),
      );
      expect(wrong.statusCode).toBe(409);
      expect(wrong.json()).toMatchObject({ code: 'UPC_CHANGED', upc: { code: first } });
      expect(wrong.json().message).toContain(
        `98765 98765's UPC is ${first} now (sent by ${by} at `,
      );
      // The deliberate replacement, naming the UPC it replaces, goes through.
      const replaced = await porting(
        agentTwo.client,
        order.id,
        a,
        upc('EF111111', { replaces: first }),
      );
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(itemOf(replaced.json().data, a).porting.upcCode).toBe('EF111111');
      const sms = await upcMessages();
      expect(sms).toHaveLength(2);
      expect(sms[0]!.text).toContain(`It replaces ${first}: do not use that one.`);

      // Taken back, the number has no UPC to replace: a replacement from before is refused.
      const undo = await staff.client.post(
        api(`/admin/orders/${order.id}/numbers/${a}/porting/undo`),
        { step: 'upc_sent', reason: 'Typed for the wrong number' },
      );
      expect(undo.statusCode, undo.body).toBe(200);
      const gone = await porting(
        staff.client,
        order.id,
        a,
        upc('GH222222', { replaces: 'EF111111' }),
      );
      expect(gone.statusCode).toBe(409);
      expect(gone.json()).toMatchObject({ code: 'UPC_CHANGED' });
      expect((await porting(staff.client, order.id, a, upc('GH222222'))).statusCode).toBe(200);
    });

    it('takes a step recorded by mistake back, one at a time, reopening a completed order, telling the buyer only of a UPC taken back', async () => {
      const { order, staff, client } = await paidOrder(['9876598765', '9812341234']);
      const [a, b] = [id('9876598765'), id('9812341234')];
      const undo = (numberId: number, body: object) =>
        staff.client.post(api(`/admin/orders/${order.id}/numbers/${numberId}/porting/undo`), body);
      const forward = async (numberId: number, upcCode: string) => {
        for (const body of [
          { status: 'upc_sent', upcCode, upcExpiresOn: inFourDays },
          { status: 'porting_in_progress' },
          { status: 'ported' },
        ]) {
          expect((await porting(staff.client, order.id, numberId, body)).statusCode).toBe(200);
        }
      };
      const nothing = await undo(a, { step: 'upc_sent', reason: 'Clicked twice' });
      expect(nothing.statusCode).toBe(409);
      expect(nothing.json()).toMatchObject({
        code: 'STEP_CHANGED',
        message:
          '98765 98765 is at "Awaiting UPC" now, not "UPC sent": nothing was taken back. Look at its steps again.',
      });
      await forward(a, 'AB12CD34');
      await forward(b, 'QW12ER34');
      const messagesBefore = (await sentTo(ctx().database, order.billing.mobile)).length;

      for (const bad of [
        {},
        { step: 'ported' },
        { step: 'ported', reason: '   ' },
        { step: 'ported', reason: 'Typed \u202ein reverse' },
        { step: 'ported', reason: 'Two\nlines' },
        { step: 'awaiting_upc', reason: 'Nothing before it' },
        { reason: 'Which step?' },
      ]) {
        const refused = await undo(b, bad);
        expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
        expect(refused.json().message, JSON.stringify(bad)).toMatch(/reason|step/);
      }
      // Sent twice (a double submit, two tabs): the second finds the step gone and takes back
      // nothing more.
      const [reopenedFirst, again] = await Promise.all([
        undo(b, { step: 'ported', reason: 'Marked ported before the operator confirmed' }),
        undo(b, { step: 'ported', reason: 'Marked ported before the operator confirmed' }),
      ]);
      const [reopened, twice] =
        reopenedFirst.statusCode === 200 ? [reopenedFirst, again] : [again, reopenedFirst];
      expect(twice.statusCode).toBe(409);
      expect(twice.json().code).toBe('STEP_CHANGED');
      expect(reopened.statusCode, reopened.body).toBe(200);
      expect(reopened.json().message).toBe('98123 41234: back at "Porting in progress".');
      const view = reopened.json().data;
      expect(view.status).toBe('porting_in_progress');
      expect(itemOf(view, b).porting).toMatchObject({
        status: 'porting_in_progress',
        upcCode: 'QW12ER34',
      });
      expect(itemOf(view, b).porting.steps.at(-1)).toMatchObject({
        status: 'porting_in_progress',
        note: '"Ported" taken back: Marked ported before the operator confirmed',
        by: 'Sunita Support',
      });
      expect(view.timeline.at(-1)).toMatchObject({
        status: 'porting_in_progress',
        note: '"Ported" taken back: Marked ported before the operator confirmed',
        actor: 'staff',
      });
      expect(itemOf(view, a).porting.status).toBe('ported');

      // Back to UPC sent the number keeps its code; back to awaiting its UPC it has none.
      expect(
        (await undo(b, { step: 'porting_in_progress', reason: 'Wrong number' })).json().data.status,
      ).toBe('upc_sent');
      const awaiting = await undo(b, {
        step: 'upc_sent',
        reason: 'The UPC was for another number',
      });
      expect(awaiting.json().data.status).toBe('paid');
      expect(itemOf(awaiting.json().data, b).porting).toMatchObject({
        status: 'awaiting_upc',
        upcCode: null,
        upcExpiresOn: null,
      });
      // Its own code may be recorded for the other number now, and it moves forward again.
      await forward(b, 'QW12ER34');
      expect((await client.get(api(`/orders/${order.id}`))).json().data.status).toBe('completed');
      const texts = (await sentTo(ctx().database, order.billing.mobile)).map((m) => m.text);
      // The steps back sent nothing but the UPC's withdrawal; the steps forward again were told
      // as ever (the last with the order's completion), the same code not as its own replacement.
      expect(texts).toHaveLength(messagesBefore + 4);
      expect(texts[0]).toContain('for 98123 41234: ported, order complete.');
      expect(texts[1]).toContain('for 98123 41234: porting in progress.');
      expect(texts[3]).toBe(
        `VIP Number Store: order ${order.reference}: the UPC QW12ER34 we sent for 98123 41234 is withdrawn: do not use it. We will send you the right one.`,
      );
      expect(texts[2]).toContain('VIP Number Store: UPC for 98123 41234 is QW12ER34');

      const { views } = await ctx().app.services.audit.list({ orderId: order.id }, 1, 100);
      expect(views.find((entry) => entry.action === 'number.porting_undo')).toMatchObject({
        actor: { id: staff.user.id },
        number: '9812341234',
        before: { status: 'upc_sent', upcCode: '****ER34' },
        after: { status: 'awaiting_upc', upcCode: null, upcExpiresOn: null },
        note: '"UPC sent" taken back: The UPC was for another number',
      });
    });

    it('tells the buyer a UPC taken back is void, and words the next one as its replacement', async () => {
      const { order, staff, user } = await paidOrder(['9876598765'], { getWhatsappUpdate: true });
      const a = id('9876598765');
      const upc = (upcCode: string) =>
        porting(staff.client, order.id, a, {
          status: 'upc_sent',
          upcCode,
          upcExpiresOn: inFourDays,
        });
      expect((await upc('AA11BB22')).statusCode).toBe(200);
      const undone = await staff.client.post(
        api(`/admin/orders/${order.id}/numbers/${a}/porting/undo`),
        { step: 'upc_sent', reason: 'Typed the wrong code' },
      );
      expect(undone.statusCode, undone.body).toBe(200);
      const [withdrawn] = await sentTo(ctx().database, user.email);
      expect(withdrawn!.subject).toBe(
        `Order ${order.reference}: do not use the UPC AA11BB22 for 98765 98765`,
      );
      expect(withdrawn!.text).toContain('Reason: Typed the wrong code');

      expect((await upc('CC33DD44')).statusCode).toBe(200);
      const [email] = await sentTo(ctx().database, user.email);
      expect(email!.subject).toBe(
        `Order ${order.reference}: new UPC for 98765 98765 (replaces AA11BB22)`,
      );
      expect(email!.text).toContain(
        'It replaces the UPC AA11BB22 we sent you before, which is now void: do not use AA11BB22.',
      );
      const mobile = await sentTo(ctx().database, user.mobile);
      const [sms] = mobile.filter((m) => m.channel === 'sms');
      expect(sms!.text).toContain(
        `new UPC for 98765 98765 is CC33DD44, valid till ${dayShown(inFourDays)}. It replaces AA11BB22: do not use that one.`,
      );
      const whatsapp = mobile.filter((m) => m.channel === 'whatsapp');
      expect(whatsapp.map((m) => m.subject).slice(0, 2)).toEqual(['upc_sent', 'order_update']);
      expect(whatsapp[0]!.text).toContain(
        'the new UPC (it replaces AA11BB22, which is now void) for your number 98765 98765',
      );
      expect(whatsapp[1]!.text).toContain(
        'the UPC AA11BB22 we sent for 98765 98765 is withdrawn: do not use it.',
      );
    });

    it('tells a Corporate buyer how a company ports the number, in the UPC e-mail and on the order page', async () => {
      const buyer = await buyerWithOrder(ctx().app, [id('9876598765')], {
        name: 'Rahul Mehta',
        accountType: 'Corporate',
      });
      const staff = await staffMember(ctx().app);
      const paid = await staff.client.post(api(`/admin/orders/${buyer.order.id}/payments`), {
        reference: `UTR${buyer.order.reference.slice(-8)}`,
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const sent = await porting(staff.client, buyer.order.id, id('9876598765'), {
        status: 'upc_sent',
        upcCode: 'AB12CD34',
        upcExpiresOn: inFourDays,
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const [email, paidEmail] = await sentTo(ctx().database, buyer.user.email);
      for (const text of [email!.text, paidEmail!.text]) {
        expect(text).toContain(
          "ask the business desk of Jio, Airtel, Vi or BSNL: it needs a letter from your authorised signatory and the company's documents",
        );
        expect(text).not.toContain('your original Aadhaar card');
      }
      const view = (await buyer.client.get(api(`/orders/${buyer.order.id}`))).json().data;
      expect(view.nextSteps[2]).toContain('authorised signatory');
    });

    it('tells the whole order ported and complete in one message per channel', async () => {
      const { order, staff, user } = await paidOrder(['9876598765', '9812341234']);
      for (const status of ['upc_sent', 'porting_in_progress', 'ported']) {
        const res = await staff.client.post(api(`/admin/orders/${order.id}/events`), { status });
        expect(res.statusCode, res.body).toBe(200);
      }
      const [ported, inProgress] = await sentTo(ctx().database, user.email);
      expect(ported!.subject).toBe(
        `Order ${order.reference}: your numbers have been ported, and your order is complete`,
      );
      expect(inProgress!.subject).toBe(`Order ${order.reference}: porting is in progress`);
      const [sms] = await sentTo(ctx().database, user.mobile);
      expect(sms!.text).toContain('ported, order complete.');
    });

    it('takes no step back on a cancelled or unpaid order', async () => {
      const { order, staff } = await paidOrder(['9876598765']);
      const number = id('9876598765');
      await porting(staff.client, order.id, number, {
        status: 'upc_sent',
        upcCode: 'AB12CD34',
        upcExpiresOn: inFourDays,
      });
      await staff.client.post(api(`/admin/orders/${order.id}/events`), {
        status: 'cancelled',
        note: 'Buyer changed their mind',
      });
      const undo = await staff.client.post(
        api(`/admin/orders/${order.id}/numbers/${number}/porting/undo`),
        { step: 'upc_sent', reason: 'Oops' },
      );
      expect(undo.statusCode).toBe(409);
      expect(undo.json().message).toBe('This order is cancelled: its numbers can no longer move.');
      const unpaid = await buyerWithOrder(ctx().app, [id('9812341234')]);
      const early = await staff.client.post(
        api(`/admin/orders/${unpaid.order.id}/numbers/${id('9812341234')}/porting/undo`),
        { step: 'upc_sent', reason: 'Oops' },
      );
      expect(early.statusCode).toBe(409);
    });

    it('audits every step: the number before and after, and the order when it moves', async () => {
      const { order, staff } = await paidOrder(['9876598765']);
      const number = id('9876598765');
      await porting(staff.client, order.id, number, {
        status: 'upc_sent',
        upcCode: 'AB12CD34',
        upcExpiresOn: inFourDays,
        note: 'By SMS',
      });
      const { views } = await ctx().app.services.audit.list({ orderId: order.id }, 1, 50);
      const stepEntry = views.find((entry) => entry.action === 'number.porting_step');
      expect(stepEntry).toMatchObject({
        actor: { id: staff.user.id, name: 'Sunita Support' },
        entityType: 'number',
        entityId: String(number),
        number: '9876598765',
        orderId: order.id,
        before: { status: 'awaiting_upc', upcCode: null, upcExpiresOn: null },
        // The UPC's last 4 characters only: the log is kept for ever.
        after: { status: 'upc_sent', upcCode: '****CD34', upcExpiresOn: inFourDays },
        note: 'By SMS',
      });
      expect(JSON.stringify(views)).not.toContain('AB12CD34');
      expect(views.find((entry) => entry.action === 'order.status')).toMatchObject({
        entityType: 'order',
        before: { status: 'paid' },
        after: { status: 'upc_sent' },
      });
      expect(views.find((entry) => entry.action === 'order.payment_confirmed')).toMatchObject({
        before: { status: 'pending_payment' },
        after: { status: 'paid' },
      });
    });

    it('stops the porting of a cancelled order', async () => {
      const { order, staff } = await paidOrder(['9876598765']);
      await staff.client.post(api(`/admin/orders/${order.id}/events`), {
        status: 'cancelled',
        note: 'KYC failed',
      });
      const res = await porting(staff.client, order.id, id('9876598765'), {
        status: 'upc_sent',
        upcCode: 'AB12CD34',
        upcExpiresOn: inFourDays,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This order is cancelled: its numbers can no longer move.');
    });

    it('tells the buyer the UPC and how to use it by e-mail and SMS, and by WhatsApp only when opted in', async () => {
      const quiet = await paidOrder(['9876598765']);
      const keen = await paidOrder(['9812341234'], { getWhatsappUpdate: true });
      for (const { order, staff } of [quiet, keen]) {
        const [item] = order.items;
        const res = await porting(staff.client, order.id, item.numberId, {
          status: 'upc_sent',
          upcCode: 'AB12CD34',
          upcExpiresOn: inFourDays,
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      const until = dayShown(inFourDays);
      const [email] = await sentTo(ctx().database, quiet.user.email);
      expect(email!.subject).toBe(`Order ${quiet.order.reference}: the UPC for 98765 98765`);
      expect(email!.text).toContain('AB12CD34   valid until');
      expect(email!.text).toContain(until);
      expect(email!.text).toContain('original Aadhaar card');
      expect(email!.text).toContain('prepaid or postpaid');
      const quietMobile = await sentTo(ctx().database, quiet.user.mobile);
      expect(quietMobile[0]).toMatchObject({ channel: 'sms' });
      expect(quietMobile[0]!.text).toContain('UPC for 98765 98765 is AB12CD34');
      expect(quietMobile.some((m) => m.channel === 'whatsapp')).toBe(false);

      const keenMobile = await sentTo(ctx().database, keen.user.mobile);
      const whatsapp = keenMobile.filter((m) => m.channel === 'whatsapp');
      // The payment, then the UPC.
      expect(whatsapp.map((m) => m.subject)).toEqual(['upc_sent', 'payment_received']);
      expect(whatsapp[0]!.text).toBe(
        `Hello Asha Verma, the UPC for your number 98123 41234 (order ${keen.order.reference}) is AB12CD34, valid until ${until}. Take it with your original Aadhaar to any Jio, Airtel, Vi or BSNL store to port it in your name. Keep the code private: give it only to the operator's store. Our team never asks you for it. ${whatsappOptOut}`,
      );
      // The GST invoice reaches the buyer on every channel: its page's link on WhatsApp; the SMS,
      // whose template can hold no link of its own, names the orders' list.
      const orderPage = `${ctx().config.PUBLIC_BASE_URL}/orders/${keen.order.id}`;
      expect(whatsapp[1]!.text).toContain(`Your GST invoice is on your order page: ${orderPage}.`);
      const paidSms = keenMobile.find(
        (m) => m.channel === 'sms' && m.text.includes('payment received'),
      );
      expect(paidSms!.text).toContain(
        `Your GST invoice is in our e-mail and on your order page at ${ctx().config.PUBLIC_BASE_URL}/orders.`,
      );

      // Asking for WhatsApp later counts from then on.
      const optIn = await quiet.client.request({
        method: 'PATCH',
        url: api('/user/profile'),
        payload: { getWhatsappUpdate: true },
      });
      expect(optIn.statusCode, optIn.body).toBe(200);
      await porting(quiet.staff.client, quiet.order.id, id('9876598765'), {
        status: 'porting_in_progress',
      });
      const [latest] = (await sentTo(ctx().database, quiet.user.mobile)).filter(
        (m) => m.channel === 'whatsapp',
      );
      expect(latest).toMatchObject({ subject: 'porting_update' });
      expect(latest!.text).toBe(
        `Hello Asha Verma, order ${quiet.order.reference}: 98765 98765: Porting in progress. ${whatsappOptOut}`,
      );
    });

    it('keeps the step of the whole order: it moves every number at the step before', async () => {
      const { order, staff } = await paidOrder(['9876598765', '9812341234']);
      const [a, b] = [id('9876598765'), id('9812341234')];
      await porting(staff.client, order.id, a, {
        status: 'upc_sent',
        upcCode: 'AB12CD34',
        upcExpiresOn: inFourDays,
      });
      const res = await staff.client.post(api(`/admin/orders/${order.id}/events`), {
        status: 'upc_sent',
        note: 'Codes sent by the operator',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.status).toBe('upc_sent');
      expect(itemOf(res.json().data, a).porting).toMatchObject({
        upcCode: 'AB12CD34',
        steps: [{ status: 'upc_sent', upcCode: 'AB12CD34' }],
      });
      expect(itemOf(res.json().data, b).porting).toMatchObject({
        status: 'upc_sent',
        upcCode: null,
        steps: [{ status: 'upc_sent', note: 'Codes sent by the operator', by: 'Sunita Support' }],
      });
      const skip = await staff.client.post(api(`/admin/orders/${order.id}/events`), {
        status: 'ported',
      });
      expect(skip.json().message).toBe(
        'This order is at "UPC sent": the next step is "Porting in progress".',
      );
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '100000' } },
);
