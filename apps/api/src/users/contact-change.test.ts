import { expect, it } from 'vitest';
import type { App } from '../app';
import type { Database } from '../db/database';
import { sentTo, staffMember } from '../../test-support/sales';
import { api, latestOtp, registerCustomer, SessionClient } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

describeEachDatabase('changing the e-mail or mobile of an account', (ctx) => {
  it('sends a code only to the new e-mail and makes it the account contact once verified', async () => {
    const { app, database } = ctx();
    const { client, details } = await registerCustomer(app);
    const newEmail = 'asha.new@example.in';
    const oldBefore = (await sentTo(database, details.email)).length;

    const sent = await client.post(api('/user/contact-change'), { email: ' Asha.New@example.in ' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe(
      'We have sent a verification code to your new e-mail address.',
    );
    expect(sent.json().data.channels).toEqual({ email: true, sms: false });
    expect(await sentTo(database, details.email)).toHaveLength(oldBefore);
    const code = await latestOtp(app, newEmail);

    const wrong = await client.post(api('/user/contact-change/verify'), {
      email: newEmail,
      otp: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'OTP_INVALID' });

    // Another signed-in account cannot use this code.
    const other = await registerCustomer(app);
    const stolen = await other.client.post(api('/user/contact-change/verify'), {
      email: newEmail,
      otp: code,
    });
    expect(stolen.statusCode).toBe(400);

    const changed = await client.post(api('/user/contact-change/verify'), {
      email: newEmail,
      otp: code,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.user.email).toBe(newEmail);
    expect(changed.json().message).toBe(
      'Your e-mail address has been changed. You have been signed out on your other devices.',
    );

    // Sign-in works with the new e-mail and no longer with the old one.
    const byNew = await new SessionClient(app).post(api('/auth/login'), {
      contact: newEmail,
      password: details.password,
    });
    expect(byNew.statusCode).toBe(200);
    const byOld = await new SessionClient(app).post(api('/auth/login'), {
      contact: details.email,
      password: details.password,
    });
    expect(byOld.statusCode).toBe(400);
  });

  it('changes the mobile with a code sent by SMS to the new number', async () => {
    const { app } = ctx();
    const { client } = await registerCustomer(app);
    const sent = await client.post(api('/user/contact-change'), { mobile: '+91 99887 76655' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.channels).toEqual({ email: false, sms: true });
    const changed = await client.post(api('/user/contact-change/verify'), {
      mobile: '9988776655',
      otp: await latestOtp(app, '9988776655'),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.user.mobile).toBe('9988776655');
  });

  it('refuses a contact another account holds, counted as a code send, and bad requests', async () => {
    const { app } = ctx();
    const { client, details } = await registerCustomer(app);
    const holder = await registerCustomer(app);

    const both = await client.post(api('/user/contact-change'), {
      email: 'a@example.in',
      mobile: '9988776655',
    });
    expect(both.statusCode).toBe(400);
    const same = await client.post(api('/user/contact-change'), { email: details.email });
    expect(same.statusCode).toBe(400);
    expect(same.json().code).toBe('CONTACT_UNCHANGED');

    // The holder's registration sent one code to that mobile from this address already.
    const limit = ctx().config.OTP_SENDS_PER_CONTACT_AND_IP_PER_HOUR;
    for (let i = 1; i < limit; i++) {
      const taken = await client.post(api('/user/contact-change'), {
        mobile: holder.details.mobile,
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({
        success: false,
        code: 'MOBILE_TAKEN',
        message: 'An account with this mobile number already exists. Please sign in instead.',
      });
    }
    // Past the send limits the answer is the same 429 a free contact would get.
    const limited = await client.post(api('/user/contact-change'), {
      mobile: holder.details.mobile,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('OTP_SEND_LIMIT');

    expect(
      (await new SessionClient(app).post(api('/user/contact-change'), { email: 'x@example.in' }))
        .statusCode,
    ).toBe(401);
  });
});

/** The notices of a contact change in the dev outbox: messages to `to` that carry no code. */
const noticesTo = async (database: Database, to: string) =>
  (await sentTo(database, to)).filter((message) => message.otp === null);

const WHEN = /on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m IST\./;

/** Asks for a code to the new contact and verifies it; answers the verify request's reply. */
async function change(
  app: App,
  client: SessionClient,
  contact: { email: string } | { mobile: string },
) {
  const sent = await client.post(api('/user/contact-change'), contact);
  expect(sent.statusCode, sent.body).toBe(200);
  const to = 'email' in contact ? contact.email : contact.mobile;
  return client.post(api('/user/contact-change/verify'), {
    ...contact,
    otp: await latestOtp(app, to),
  });
}

describeEachDatabase('the notice of a contact change to the contact it replaces', (ctx) => {
  it('e-mails the old address when the e-mail changes, masked, with no code, and nothing of it to the new one', async () => {
    const { app, database } = ctx();
    const { client, details } = await registerCustomer(app);
    const smsBefore = (await sentTo(database, details.mobile)).length;

    const changed = await change(app, client, { email: 'rohan.new@example.org' });
    expect(changed.statusCode, changed.body).toBe(200);

    const [notice, ...more] = await noticesTo(database, details.email);
    expect(more).toEqual([]);
    expect(notice!.subject).toBe('The e-mail address of your VIP Number Store account was changed');
    expect(notice!.text).toContain(
      'The e-mail address of your VIP Number Store account was changed to r***@example.org on ',
    );
    expect(notice!.text).toMatch(WHEN);
    expect(notice!.text).toContain(
      'If this was not you, contact us at once: WhatsApp or call us on +91 92220 00000, or write to support@example.com.',
    );
    // Nothing in it confirms or undoes anything: no code, no link, not the new address itself.
    expect(notice!.text).not.toMatch(/\d{6}|https?:|rohan\.new/);
    // The new address has its code only; the mobile, unchanged, hears nothing.
    const toNew = await sentTo(database, 'rohan.new@example.org');
    expect(toNew.map((message) => message.otp !== null)).toEqual([true]);
    expect(await sentTo(database, details.mobile)).toHaveLength(smsBefore);
  });

  it('sends an SMS to the old mobile, and the e-mail to the account’s address, when the mobile changes', async () => {
    const { app, database } = ctx();
    const { client, details } = await registerCustomer(app);

    const changed = await change(app, client, { mobile: '9988773210' });
    expect(changed.statusCode, changed.body).toBe(200);

    const [sms, ...moreSms] = await noticesTo(database, details.mobile);
    expect(moreSms).toEqual([]);
    expect(sms!.channel).toBe('sms');
    expect(sms!.text).toMatch(
      /^VIP Number Store: the mobile number of your account was changed to \*{6}3210 on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m IST\. If this was not you, contact us at once: call or WhatsApp \+91 92220 00000\.$/,
    );
    const [email, ...moreEmail] = await noticesTo(database, details.email);
    expect(moreEmail).toEqual([]);
    expect(email!.text).toContain(
      'The mobile number of your VIP Number Store account was changed to ******3210 on ',
    );
    expect(email!.text).not.toContain('9988773210');
    const toNew = await sentTo(database, '9988773210');
    expect(toNew.map((message) => message.otp !== null)).toEqual([true]);
  });

  it('sends nothing for a change asked for and not verified, or a wrong code', async () => {
    const { app, database } = ctx();
    const { client, details } = await registerCustomer(app);
    await client.post(api('/user/contact-change'), { email: 'rohan.new@example.org' });
    const code = await latestOtp(app, 'rohan.new@example.org');
    const wrong = await client.post(api('/user/contact-change/verify'), {
      email: 'rohan.new@example.org',
      otp: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    const sent = await client.post(api('/user/contact-change'), { mobile: '9988773210' });
    expect(sent.statusCode).toBe(200);

    expect(await noticesTo(database, details.email)).toEqual([]);
    expect(await noticesTo(database, details.mobile)).toEqual([]);
    expect(await database.query('select id from outbox')).toEqual([]);
  });

  it('leaves no notice when the change rolls back: the new e-mail taken meanwhile', async () => {
    const { app, database } = ctx();
    const { client, details } = await registerCustomer(app);
    const other = new SessionClient(app);
    await other.post(api('/auth/login'), { contact: details.email, password: details.password });
    const sent = await client.post(api('/user/contact-change'), { email: 'taken@example.org' });
    expect(sent.statusCode).toBe(200);
    const code = await latestOtp(app, 'taken@example.org');
    await registerCustomer(app, { email: 'taken@example.org' });

    const refused = await client.post(api('/user/contact-change/verify'), {
      email: 'taken@example.org',
      otp: code,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('EMAIL_TAKEN');
    // The notice was written in the change's transaction, before the update refused: gone with it.
    expect(await noticesTo(database, details.email)).toEqual([]);
    expect(
      await database.query(`select id from outbox where message->>'to' = $1`, [details.email]),
    ).toEqual([]);
    // Nor an audit entry, nor a session ended.
    expect(await database.query('select id from audit_log')).toEqual([]);
    expect((await other.post(api('/auth/refresh-token'))).statusCode).toBe(200);
  });

  it('makes one of two changes verified at the same moment, voids the other and tells the old address once', async () => {
    const { app, database } = ctx();
    const { client, details } = await registerCustomer(app);
    const next = ['one.new@example.org', 'two.new@example.org'];
    const codes: string[] = [];
    for (const email of next) {
      expect((await client.post(api('/user/contact-change'), { email })).statusCode).toBe(200);
      codes.push(await latestOtp(app, email));
    }

    const answers = await Promise.all(
      next.map((email, i) =>
        client.post(api('/user/contact-change/verify'), { email, otp: codes[i] }),
      ),
    );
    // The first change deletes the account's other open code requests, the second's too (the
    // second waits for the account's row, so there is no deadlock and no 500).
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)!.json().code).toBe('OTP_NOT_FOUND');
    const [row] = await database.query<{ email: string }>(
      'select email from users where email = any($1)',
      [next],
    );
    const made = row!.email;
    expect((await noticesTo(database, details.email)).map((m) => m.text)).toEqual([
      expect.stringContaining(`changed to ${made[0]}***@example.org`),
    ]);
    for (const email of next) expect(await noticesTo(database, email)).toEqual([]);
  });
});

/** Asks for a code as `client` (sign-in or forgot-password); its request id and the code `to` got. */
async function askCode(
  app: App,
  client: SessionClient,
  path: '/auth/sign-in' | '/auth/forgot-password',
  contact: { email: string } | { mobile: string },
  to: string,
) {
  const asked = await client.post(api(path), contact);
  expect(asked.statusCode, asked.body).toBe(200);
  return { requestId: asked.json().data.requestId as string, code: await latestOtp(app, to) };
}

describeEachDatabase('a verified contact change locks the replaced contact out', (ctx) => {
  it('refuses a sign-in code sent to the old mobile shortly before the change', async () => {
    const { app } = ctx();
    const { client, details } = await registerCustomer(app);
    // Whoever now holds the old SIM asks for a sign-in code just before the owner moves away.
    const holder = new SessionClient(app);
    const { mobile } = details;
    const signInCode = await askCode(app, holder, '/auth/sign-in', { mobile }, mobile);

    expect((await change(app, client, { mobile: '+91 98765 00201' })).statusCode).toBe(200);

    const signIn = await holder.post(api('/auth/verify-otp'), {
      mobile,
      otp: signInCode.code,
      requestId: signInCode.requestId,
    });
    expect(signIn.statusCode, signIn.body).toBe(400);
    expect(signIn.json().code).toBe('OTP_NOT_FOUND');
    expect(holder.cookie('access_token')).toBeUndefined();
    expect((await client.get(api('/user/profile'))).statusCode).toBe(200);
  });

  it('refuses a reset code sent to the old e-mail, and a sign-in code that went there too', async () => {
    const { app } = ctx();
    const { client, details } = await registerCustomer(app);
    const holder = new SessionClient(app);
    const { email, mobile } = details;
    const resetCode = await askCode(app, holder, '/auth/forgot-password', { email }, email);
    // A sign-in asked for by the (unchanged) mobile sends its code to the account's e-mail too.
    const signInCode = await askCode(app, holder, '/auth/sign-in', { mobile }, email);

    expect((await change(app, client, { email: 'chetan.new15@example.org' })).statusCode).toBe(200);

    const reset = await holder.post(api('/auth/reset-password'), {
      email,
      otp: resetCode.code,
      requestId: resetCode.requestId,
      newPassword: 'Taken0ver!Pass-99',
    });
    expect(reset.statusCode, reset.body).toBe(400);
    expect(reset.json().code).toBe('OTP_NOT_FOUND');
    const signIn = await holder.post(api('/auth/verify-otp'), { mobile, otp: signInCode.code });
    expect(signIn.statusCode, signIn.body).toBe(400);

    // The owner is still signed in, and the password is still theirs.
    expect((await client.get(api('/user/profile'))).statusCode).toBe(200);
    const login = await new SessionClient(app).post(api('/auth/login'), {
      contact: 'chetan.new15@example.org',
      password: details.password,
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a code sent to a contact the account no longer has, however it changed', async () => {
    const { app, database } = ctx();
    const { user, details } = await registerCustomer(app);
    const holder = new SessionClient(app);
    const { mobile } = details;
    const signInCode = await askCode(app, holder, '/auth/sign-in', { mobile }, mobile);
    const resetCode = await askCode(app, holder, '/auth/forgot-password', { mobile }, mobile);
    // The requests are still open: only the code's contact no longer being the account's stops them.
    await database.query('update users set mobile = $1 where id = $2', ['9988776602', user.id]);

    const signIn = await holder.post(api('/auth/verify-otp'), { mobile, otp: signInCode.code });
    expect(signIn.statusCode, signIn.body).toBe(400);
    expect(signIn.json().code).toBe('OTP_NOT_FOUND');
    const reset = await holder.post(api('/auth/reset-password'), {
      mobile,
      otp: resetCode.code,
      newPassword: 'Taken0ver!Pass-99',
    });
    expect(reset.statusCode, reset.body).toBe(400);
    expect(reset.json().code).toBe('OTP_NOT_FOUND');
  });

  it('signs the account out on every other device, and keeps the one that made the change', async () => {
    const { app } = ctx();
    const { client: laptop, details } = await registerCustomer(app);
    const phone = new SessionClient(app);
    const login = await phone.post(api('/auth/login'), {
      contact: details.email,
      password: details.password,
    });
    expect(login.statusCode).toBe(200);

    const changed = await change(app, laptop, { mobile: '9876500306' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().message).toBe(
      'Your mobile number has been changed. You have been signed out on your other devices.',
    );

    expect((await phone.get(api('/user/profile'))).statusCode).toBe(401);
    expect((await phone.post(api('/auth/refresh-token'))).statusCode).toBe(401);
    expect((await laptop.get(api('/user/profile'))).statusCode).toBe(200);
    expect((await laptop.post(api('/auth/refresh-token'))).statusCode).toBe(200);
    expect((await laptop.get(api('/user/profile'))).statusCode).toBe(200);
  });

  it('records each change in the audit log, which contact it was and nothing personal', async () => {
    const { app, database } = ctx();
    const { client, details, user } = await registerCustomer(app);
    expect((await change(app, client, { email: 'rohan.new@example.org' })).statusCode).toBe(200);
    expect((await change(app, client, { mobile: '9988773210' })).statusCode).toBe(200);

    const entries = await database.query<Record<string, unknown>>(
      'select actor_id, action, entity_type, entity_id, before, after, note from audit_log order by id',
    );
    expect(entries).toEqual([
      {
        actor_id: user.id,
        action: 'user.contact_change',
        entity_type: 'user',
        entity_id: user.id,
        before: null,
        after: { contact: 'email' },
        note: 'E-mail address changed by the buyer, proved by a code sent to the new one; other sessions signed out.',
      },
      {
        actor_id: user.id,
        action: 'user.contact_change',
        entity_type: 'user',
        entity_id: user.id,
        before: null,
        after: { contact: 'mobile' },
        note: 'Mobile number changed by the buyer, proved by a code sent to the new one; other sessions signed out.',
      },
    ]);
    const written = JSON.stringify(entries);
    for (const contact of [details.email, details.mobile, 'rohan', '9988773210', '3210']) {
      expect(written).not.toContain(contact);
    }

    // Support sees it on the customer view.
    const support = await staffMember(app);
    const view = await support.client.get(api(`/admin/customers/${user.id}`));
    expect(view.statusCode).toBe(200);
    expect(view.json().data.auditEntries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'user.contact_change',
          actor: expect.objectContaining({ id: user.id }),
        }),
      ]),
    );
  });
});
