import { expect, it } from 'vitest';
import { sentTo } from '../../test-support/sales';
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
    expect(changed.json().message).toBe('Your e-mail address has been changed.');

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
