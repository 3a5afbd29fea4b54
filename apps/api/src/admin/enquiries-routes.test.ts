import { expect, it } from 'vitest';
import { sendEnquiry } from '../../test-support/console-fixtures';
import { sentTo, signedIn, staffMember } from '../../test-support/sales';
import { api, outbox, type SessionClient } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

describeEachDatabase(
  'support enquiry calls',
  (ctx) => {
    const send = (topic: string, email: string) =>
      ctx().app.inject({
        method: 'POST',
        url: api('/enquiries'),
        payload: {
          name: 'Ravi Kulkarni',
          mobile: '9876543210',
          email,
          topic,
          message: 'Please call me about a mirror number for my shop.',
        },
      });

    it('answers 401 to visitors and 403 to customers', async () => {
      const customer = await signedIn(ctx().app);
      for (const [method, url] of [
        ['GET', '/admin/enquiries'],
        ['PATCH', '/admin/enquiries/00000000-0000-4000-8000-000000000000'],
      ] as const) {
        const payload = method === 'PATCH' ? { status: 'closed' } : undefined;
        const visitor = await ctx().app.inject({ method, url: api(url), payload });
        expect(visitor.statusCode, `visitor ${method} ${url}`).toBe(401);
        const res = await customer.client.request({ method, url: api(url), payload });
        expect(res.statusCode, `customer ${method} ${url}`).toBe(403);
      }
    });

    it('lists enquiries newest first, filters them and moves one along', async () => {
      const first = (await send('vip-number', 'first@example.com')).json().data.id;
      const second = (await send('career', 'second@example.com')).json().data.id;
      const staff = await staffMember(ctx().app);

      const all = (await staff.client.get(api('/admin/enquiries'))).json().data;
      expect(all.total).toBe(2);
      expect(all.enquiries.map((e: { id: string }) => e.id)).toEqual([second, first]);
      expect(all.enquiries[1]).toMatchObject({
        name: 'Ravi Kulkarni',
        email: 'first@example.com',
        topic: 'vip-number',
        status: 'new',
      });

      const careers = (await staff.client.get(api('/admin/enquiries?topic=career'))).json().data;
      expect(careers.enquiries.map((e: { id: string }) => e.id)).toEqual([second]);

      const moved = await staff.client.request({
        method: 'PATCH',
        url: api(`/admin/enquiries/${first}`),
        payload: { status: 'in_progress' },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().data.status).toBe('in_progress');
      const open = (await staff.client.get(api('/admin/enquiries?status=new'))).json().data;
      expect(open.enquiries.map((e: { id: string }) => e.id)).toEqual([second]);
    });

    it('finds an enquiry by its reference, the sender, or the number it is about', async () => {
      const sent = (
        await ctx().app.inject({
          method: 'POST',
          url: api('/enquiries'),
          payload: {
            name: 'Meera 100%_Shah',
            mobile: '9123456780',
            email: 'meera@example.com',
            topic: 'vip-number',
            message: 'Is this number still available for my shop?',
            number: '98200 98200',
          },
        })
      ).json().data;
      const other = (await send('general', 'other@example.com')).json().data;
      const staff = await staffMember(ctx().app);
      const found = async (q: string) =>
        (await staff.client.get(api(`/admin/enquiries?q=${encodeURIComponent(q)}`)))
          .json()
          .data.enquiries.map((e: { id: string }) => e.id);

      const [listed] = (await staff.client.get(api('/admin/enquiries'))).json().data.enquiries;
      expect(listed.reference).toBe(other.reference);
      for (const q of [
        sent.reference,
        sent.reference.toLowerCase(),
        sent.reference.slice(0, 9),
        `${sent.reference}.`,
        sent.reference.replace('-', ' '),
        'MEERA@example.com',
        '+91 91234 56780',
        '098200-98200',
        'meera 100%_s',
      ]) {
        expect(await found(q), q).toEqual([sent.id]);
      }
      // LIKE's wildcards are matched as written, not as wildcards.
      expect(await found('%')).toEqual([sent.id]);
      expect(await found('Ravi')).toEqual([other.id]);
      expect(await found('nobody@example.com')).toEqual([]);
      expect(await found('')).toHaveLength(2);
      const tooLong = await staff.client.get(api(`/admin/enquiries?q=${'x'.repeat(101)}`));
      expect(tooLong.statusCode).toBe(400);
    });

    it('answers 400 for a bad filter or status and 404 for an unknown enquiry', async () => {
      const staff = await staffMember(ctx().app);
      expect((await staff.client.get(api('/admin/enquiries?status=lost'))).statusCode).toBe(400);
      const id = (await send('general', 'third@example.com')).json().data.id;
      const bad = await staff.client.request({
        method: 'PATCH',
        url: api(`/admin/enquiries/${id}`),
        payload: { status: 'archived' },
      });
      expect(bad.statusCode).toBe(400);
      const unknown = await staff.client.request({
        method: 'PATCH',
        url: api('/admin/enquiries/00000000-0000-4000-8000-000000000000'),
        payload: { status: 'closed' },
      });
      expect(unknown.statusCode).toBe(404);
      const notAnId = await staff.client.request({
        method: 'PATCH',
        url: api('/admin/enquiries/42'),
        payload: { status: 'closed' },
      });
      expect(notAnId.statusCode).toBe(400);
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '100000' } },
);

describeEachDatabase(
  'the enquiry inbox: numbers, notes, answered, replies',
  (ctx) => {
    const send = async (extra: Record<string, unknown> = {}) => {
      const res = await sendEnquiry(ctx().app, extra);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as string;
    };
    const patch = (client: SessionClient, id: string, payload: object) =>
      client.request({ method: 'PATCH', url: api(`/admin/enquiries/${id}`), payload });
    /** The enquiry's changes in the audit log (not the views of it, audit-views.test.ts). */
    const auditOf = async (id: string) => {
      const admin = await staffMember(ctx().app, 'admin');
      const res = await admin.client.get(api(`/admin/audit?entityType=enquiry&entityId=${id}`));
      const entries = res.json().data.entries as {
        action: string;
        actor: { id: string };
        entityId: string;
        number: string | null;
        before: unknown;
        after: unknown;
      }[];
      return entries.filter((entry) => entry.action !== 'enquiry.view');
    };

    it('keeps the number an enquiry is about and lists open and answered ones', async () => {
      const aboutNumber = await send({ number: '+91 98200 98200', pagePath: '/numbers/x' });
      const general = await send({ topic: 'general' });
      const staff = await staffMember(ctx().app);
      const detail = (await staff.client.get(api(`/admin/enquiries/${aboutNumber}`))).json().data;
      expect(detail).toMatchObject({
        number: '9820098200',
        state: 'open',
        status: 'new',
        note: null,
        replies: [],
      });
      expect((await patch(staff.client, general, { status: 'closed' })).statusCode).toBe(200);
      const open = (await staff.client.get(api('/admin/enquiries?state=open'))).json().data;
      expect(open.enquiries.map((e: { id: string }) => e.id)).toEqual([aboutNumber]);
      const answered = (await staff.client.get(api('/admin/enquiries?state=answered'))).json().data;
      expect(answered.enquiries).toEqual([
        expect.objectContaining({ id: general, state: 'answered', number: null }),
      ]);
      expect((await staff.client.get(api('/admin/enquiries?state=closed'))).statusCode).toBe(400);
    });

    it('refuses an enquiry about something that is not a mobile number', async () => {
      for (const number of ['12345', '5820098200', '98200982001234567']) {
        const res = await sendEnquiry(ctx().app, { number });
        expect(res.statusCode, number).toBe(400);
        expect(res.json().message).toContain('number');
      }
    });

    it('saves a note and a status, each recorded with who and what', async () => {
      const id = await send({ number: '9820098200' });
      const staff = await staffMember(ctx().app);
      const noted = await patch(staff.client, id, { note: '  Called him, calls back Monday. ' });
      expect(noted.statusCode, noted.body).toBe(200);
      expect(noted.json()).toMatchObject({
        message: 'Note saved.',
        data: { note: 'Called him, calls back Monday.', status: 'new' },
      });
      const both = await patch(staff.client, id, { status: 'closed', note: 'Sold to him.' });
      expect(both.json()).toMatchObject({
        message: 'Enquiry marked answered.',
        data: { status: 'closed', state: 'answered', note: 'Sold to him.' },
      });
      // Nothing changes: nothing is recorded.
      await patch(staff.client, id, { status: 'closed' });
      const cleared = await patch(staff.client, id, { note: '' });
      expect(cleared.json().data.note).toBeNull();

      const entries = await auditOf(id);
      // The note's words stay with the enquiry (deleted after its period), not in the log.
      expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
        ['enquiry.note', { noteCharacters: 12 }, { noteCharacters: 0 }],
        ['enquiry.note', { noteCharacters: 30 }, { noteCharacters: 12 }],
        ['enquiry.status', { status: 'new' }, { status: 'closed' }],
        ['enquiry.note', { noteCharacters: 0 }, { noteCharacters: 30 }],
      ]);
      expect(entries.every((e) => e.actor.id === staff.user.id && e.number === '9820098200')).toBe(
        true,
      );
    });

    it('answers 400 for an empty or bad change and 404 for an unknown enquiry', async () => {
      const id = await send();
      const staff = await staffMember(ctx().app);
      expect((await patch(staff.client, id, {})).statusCode).toBe(400);
      expect((await patch(staff.client, id, { note: 'x'.repeat(2001) })).statusCode).toBe(400);
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await staff.client.get(api(`/admin/enquiries/${unknown}`))).statusCode).toBe(404);
      expect((await staff.client.get(api('/admin/enquiries/42'))).statusCode).toBe(400);
      expect((await patch(staff.client, unknown, { note: 'Hello' })).statusCode).toBe(404);
    });

    it('answers a repeat of a reply with the same Idempotency-Key without e-mailing again', async () => {
      const { app } = ctx();
      const id = await send();
      const staff = await staffMember(app);
      const reply = (text: string, key: string) =>
        staff.client.request({
          method: 'POST',
          url: api(`/admin/enquiries/${id}/replies`),
          payload: { text },
          headers: { 'idempotency-key': key },
        });
      const replies = async () =>
        (await outbox(app, 'ravi@example.com')).filter((m) => m.subject?.startsWith('Re:'));
      const text = 'Yes, it is available. Shall I hold it for you?';
      const first = await reply(text, 'reply-key-0001');
      expect(first.statusCode, first.body).toBe(201);
      const again = await reply(text, 'reply-key-0001');
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(again.json().data.replies).toHaveLength(1);
      expect(await replies()).toHaveLength(1);
      expect((await auditOf(id)).map((e) => e.action)).toEqual(['enquiry.reply']);

      const other = await reply('Something else altogether.', 'reply-key-0001');
      expect(other.statusCode).toBe(422);
      expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');

      // Two sent at the same moment: one e-mail, one reply.
      const twins = await Promise.all([
        reply('Holding it until Friday.', 'reply-key-0002'),
        reply('Holding it until Friday.', 'reply-key-0002'),
      ]);
      expect(twins.map((res) => res.statusCode)).toEqual([201, 201]);
      const detail = (await staff.client.get(api(`/admin/enquiries/${id}`))).json().data;
      expect(detail.replies.map((r: { text: string }) => r.text)).toEqual([
        text,
        'Holding it until Friday.',
      ]);
      expect(await replies()).toHaveLength(2);
    });

    it('replies by e-mail, records the reply with who sent it and marks the enquiry answered', async () => {
      const { app } = ctx();
      const id = await send({ number: '9820098200' });
      const reference = `ENQ-${id.slice(0, 8).toUpperCase()}`;
      const staff = await staffMember(app);
      const res = await staff.client.post(api(`/admin/enquiries/${id}/replies`), {
        text: 'Yes, 98200 98200 is available at ₹1,50,000. Shall I hold it for you?',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe('Reply sent to ravi@example.com.');
      const detail = res.json().data;
      expect(detail).toMatchObject({ status: 'closed', state: 'answered' });
      expect(detail.replies).toEqual([
        {
          id: expect.any(String),
          sentTo: 'ravi@example.com',
          subject: `Re: your enquiry ${reference} – ${app.config.STORE_NAME}`,
          text: 'Yes, 98200 98200 is available at ₹1,50,000. Shall I hold it for you?',
          sentAt: expect.any(String),
          staff: { id: staff.user.id, name: 'Sunita Support' },
        },
      ]);
      const [mail] = await outbox(app, 'ravi@example.com');
      expect(mail).toMatchObject({
        channel: 'email',
        subject: `Re: your enquiry ${reference} – ${app.config.STORE_NAME}`,
      });
      expect(mail!.text.startsWith('Yes, 98200 98200 is available')).toBe(true);
      expect(mail!.text).toContain(`Your enquiry's reference: ${reference}`);
      // The enquirer's own words are not sent back to an address nobody verified.
      expect(mail!.text).not.toContain('Please call me');

      const second = await staff.client.post(api(`/admin/enquiries/${id}/replies`), {
        subject: 'Your VIP number',
        text: 'Holding it until Friday.',
      });
      expect(second.json().data.replies.map((r: { subject: string }) => r.subject)).toEqual([
        `Re: your enquiry ${reference} – ${app.config.STORE_NAME}`,
        `Your VIP number (${reference})`,
      ]);
      const entries = await auditOf(id);
      expect(entries.map((e) => e.action)).toEqual(['enquiry.reply', 'enquiry.reply']);
      // That a reply was sent, by whom, how long: not its words, subject or the address, which
      // stay with the enquiry and go with it after its period (decision 0073).
      expect(entries[1]).toMatchObject({
        actor: { id: staff.user.id },
        entityId: id,
        number: '9820098200',
        before: { status: 'new' },
        after: { status: 'closed', replyCharacters: 68 },
      });
      expect(Object.keys(entries[1]!.after as object).sort()).toEqual([
        'replyCharacters',
        'status',
      ]);
      for (const entry of entries) {
        expect(JSON.stringify(entry)).not.toMatch(/ravi@example\.com|available|Friday|VIP number/);
      }
    });

    it('refuses a note saved from a page opened before another agent saved theirs, naming it', async () => {
      const id = await send();
      const a = await staffMember(ctx().app);
      const b = await signedIn(ctx().app, { role: 'support', name: 'Agent Two' });
      // Both opened the enquiry with no note; A saves first.
      const first = await patch(a.client, id, { note: 'A: called him at 11:30', noteSeen: null });
      expect(first.statusCode, first.body).toBe(200);
      const stale = await patch(b.client, id, { note: 'B: sent the price list', noteSeen: '' });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json()).toMatchObject({
        code: 'NOTE_CHANGED',
        note: { text: 'A: called him at 11:30', by: 'Sunita Support', at: expect.any(String) },
      });
      expect(stale.json().message).toMatch(
        /^Sunita Support changed the note at .+ IST after you opened this enquiry: it now reads “A: called him at 11:30”\. Your note was not saved/,
      );
      const kept = (await a.client.get(api(`/admin/enquiries/${id}`))).json().data;
      expect(kept.note).toBe('A: called him at 11:30');

      // B puts the two together, against the note now shown: saved.
      const merged = 'A: called him at 11:30\nB: sent the price list';
      const again = await patch(b.client, id, { note: merged, noteSeen: 'A: called him at 11:30' });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data.note).toBe(merged);
      expect((await auditOf(id)).map((e) => e.action)).toEqual(['enquiry.note', 'enquiry.note']);

      // Two saves at the same moment from the same page: one is saved, the other told.
      const both = await Promise.all([
        patch(a.client, id, { note: 'A wins', noteSeen: merged }),
        patch(b.client, id, { note: 'B wins', noteSeen: merged }),
      ]);
      expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      const winner = both.find((res) => res.statusCode === 200)!.json().data.note;
      expect(both.find((res) => res.statusCode === 409)!.json().note.text).toBe(winner);
    });

    it('e-mails one reply when two agents answer at once; the other is told who answered and may send anyway', async () => {
      const { app } = ctx();
      const id = await send();
      const a = await staffMember(app);
      const b = await signedIn(app, { role: 'support', name: 'Agent Two' });
      const reply = (client: SessionClient, payload: object, key?: string) =>
        client.request({
          method: 'POST',
          url: api(`/admin/enquiries/${id}/replies`),
          payload,
          headers: key ? { 'idempotency-key': key } : {},
        });
      const mails = async () =>
        (await sentTo(app.database, 'ravi@example.com')).filter((m) =>
          m.subject?.startsWith('Re:'),
        );

      const answers = await Promise.all([
        reply(a.client, { text: 'The best price is ₹30,000.', repliesSeen: 0 }, 'agent-a-0001'),
        reply(b.client, { text: 'For you, ₹27,500.', repliesSeen: 0 }, 'agent-b-0001'),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
      const sent = answers.find((res) => res.statusCode === 201)!.json().data.replies[0];
      const refused = answers.find((res) => res.statusCode === 409)!.json();
      expect(refused).toMatchObject({
        code: 'ALREADY_REPLIED',
        replies: [{ id: sent.id, text: sent.text, staff: { name: sent.staff.name } }],
      });
      expect(refused.message).toContain(`${sent.staff.name} replied to this enquiry at `);
      expect(refused.message).toContain(`“${sent.text}”. Your reply was not sent.`);
      expect(await mails()).toHaveLength(1);

      // One after the other, from a page still showing no reply: refused too; its key's retry
      // of the reply that was sent is still answered with it.
      const stale = await reply(b.client, { text: 'Following up: ₹27,500.', repliesSeen: 0 });
      expect(stale.statusCode).toBe(409);
      const winnerKey = sent.staff.name === 'Agent Two' ? 'agent-b-0001' : 'agent-a-0001';
      const winner = sent.staff.name === 'Agent Two' ? b : a;
      const retry = await reply(winner.client, { text: sent.text, repliesSeen: 0 }, winnerKey);
      expect(retry.statusCode, retry.body).toBe(201);
      expect(await mails()).toHaveLength(1);

      // Told, the agent chooses to send theirs as well; a page showing the reply needs no flag.
      const anyway = await reply(b.client, {
        text: 'Following up: ₹27,500.',
        repliesSeen: 0,
        sendAnyway: true,
      });
      expect(anyway.statusCode, anyway.body).toBe(201);
      const seen = await reply(a.client, {
        text: 'Both offers stand till Friday.',
        repliesSeen: 2,
      });
      expect(seen.statusCode, seen.body).toBe(201);
      expect(await mails()).toHaveLength(3);
    });

    it('sends no reply to an enquiry another agent marked answered meanwhile, unless told to', async () => {
      const { app } = ctx();
      const id = await send();
      const a = await staffMember(app);
      const b = await signedIn(app, { role: 'support', name: 'Agent Two' });
      const replies = async () =>
        (await sentTo(app.database, 'ravi@example.com')).filter((m) =>
          m.subject?.startsWith('Re:'),
        );
      const reply = (payload: object) =>
        a.client.post(api(`/admin/enquiries/${id}/replies`), payload);

      // B called the customer and marked it answered while A's page still showed it new.
      expect((await patch(b.client, id, { status: 'closed' })).statusCode).toBe(200);
      const refused = await reply({
        text: 'Yes, it is available.',
        repliesSeen: 0,
        statusSeen: 'new',
      });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'ALREADY_ANSWERED',
        answered: { by: 'Agent Two', at: expect.any(String) },
      });
      expect(refused.json().message).toMatch(
        /^Agent Two marked this enquiry answered at .+ IST, after you opened it, without an e-mail from the store\. Your reply was not sent/,
      );
      expect(await replies()).toHaveLength(0);

      // A page that showed it answered, or an agent told and choosing to, sends.
      const seen = await reply({
        text: 'Yes, it is available.',
        repliesSeen: 0,
        statusSeen: 'closed',
      });
      expect(seen.statusCode, seen.body).toBe(201);
      const anyway = await reply({
        text: 'Following up by e-mail.',
        repliesSeen: 1,
        statusSeen: 'new',
        sendAnyway: true,
      });
      expect(anyway.statusCode, anyway.body).toBe(201);
      expect(await replies()).toHaveLength(2);
    });

    it('refuses an empty reply (400) and a reply to an unknown enquiry (404)', async () => {
      const id = await send();
      const staff = await staffMember(ctx().app);
      for (const payload of [{}, { text: ' ' }, { text: 'x'.repeat(5001) }]) {
        const res = await staff.client.post(api(`/admin/enquiries/${id}/replies`), payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const unknown = await staff.client.post(
        api('/admin/enquiries/00000000-0000-4000-8000-000000000000/replies'),
        { text: 'Hello there' },
      );
      expect(unknown.statusCode).toBe(404);
      expect((await staff.client.get(api(`/admin/enquiries/${id}`))).json().data.replies).toEqual(
        [],
      );
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '100000', ENQUIRIES_PER_IP_PER_HOUR: '1000' } },
);
