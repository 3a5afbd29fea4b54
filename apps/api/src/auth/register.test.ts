import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app';
import {
  api,
  latestOtp,
  newCustomer,
  outbox,
  registrationCodes,
  SessionClient,
} from '../../test-support/session-client';

describeEachDatabase('POST /auth/register and /auth/verify-otp', (ctx) => {
  const register = (body: unknown) =>
    ctx().app.inject({ method: 'POST', url: api('/auth/register'), payload: body as object });

  it('sends a code by SMS and another by e-mail, and creates the account only when both are verified', async () => {
    const { app, database } = ctx();
    const details = newCustomer({ mobile: '+91 98765-43210', email: '  Asha.V@Example.COM ' });
    const res = await register(details);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      data: { channels: { email: true, sms: true }, maxAttempts: 10 },
    });
    expect(body.data.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const expiry = new Date(body.data.otpExpiry).getTime();
    expect(body.data.otpExpiry).toBe(new Date(expiry).toISOString());
    expect(expiry - Date.now()).toBeGreaterThan(590_000);
    expect(expiry - Date.now()).toBeLessThanOrEqual(600_000);
    expect(JSON.stringify(body)).not.toMatch(/\b\d{6}\b(?!-)/);

    const [users] = await database.query<{ n: number }>('select count(*)::int as n from users');
    expect(users!.n).toBe(0);

    const sms = await outbox(app, '9876543210');
    const mail = await outbox(app, 'asha.v@example.com');
    expect(sms).toHaveLength(1);
    expect(mail).toHaveLength(1);
    expect(sms[0]!.otp).toMatch(/^\d{6}$/);
    expect(mail[0]!.otp).toMatch(/^\d{6}$/);
    expect(sms[0]!.text).toContain(sms[0]!.otp);
    expect(mail[0]!.text).toContain(mail[0]!.otp);
    // Two codes, each read on its own channel (both the same would be one chance in a million).
    if (mail[0]!.otp === sms[0]!.otp) expect(mail[0]!.otp).not.toBe(sms[0]!.otp);
    const codes = { otp: sms[0]!.otp, emailOtp: mail[0]!.otp };

    const [stored] = await database.query<{ code_hash: string; email_code_hash: string }>(
      'select code_hash, email_code_hash from otp_requests',
    );
    expect(stored!.code_hash).not.toContain(sms[0]!.otp!);
    expect(stored!.email_code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.email_code_hash).not.toContain(mail[0]!.otp!);

    const client = new SessionClient(app);
    const verified = await client.post(api('/auth/verify-otp'), {
      email: 'asha.v@example.com',
      mobile: '9876543210',
      ...codes,
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      success: true,
      message: 'Your account has been created.',
      data: {
        user: {
          id: expect.any(String),
          name: 'Asha Verma',
          email: 'asha.v@example.com',
          mobile: '9876543210',
          accountType: 'Individual',
          companyName: null,
          gstinNo: null,
          getWhatsappUpdate: true,
          acceptTermsAndConditions: true,
          role: 'customer',
        },
        address: null,
      },
    });
    expect(client.cookie('access_token')).toBeTruthy();
    expect(client.cookie('refresh_token')).toBeTruthy();
    expect(client.cookie('sid_hint')).toBe('1');

    const [row] = await database.query<{ password_hash: string }>(
      'select password_hash from users',
    );
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);

    const profile = await client.get(api('/user/profile'));
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.user.email).toBe('asha.v@example.com');

    // Single use: the same codes do not work twice.
    const again = await new SessionClient(app).post(api('/auth/verify-otp'), {
      email: 'asha.v@example.com',
      mobile: '9876543210',
      ...codes,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('OTP_NOT_FOUND');
  });

  it('registers a Corporate account with its company and an upper-cased GSTIN', async () => {
    const { app } = ctx();
    const details = newCustomer({
      accountType: 'Corporate',
      companyName: '  Verma Traders Pvt Ltd ',
      gstinNo: '27aapfu0939f1zv',
    });
    expect((await register(details)).statusCode).toBe(200);
    const verified = await new SessionClient(app).post(api('/auth/verify-otp'), {
      email: details.email,
      mobile: details.mobile,
      ...(await registrationCodes(app, details)),
    });
    expect(verified.json().data.user).toMatchObject({
      accountType: 'Corporate',
      companyName: 'Verma Traders Pvt Ltd',
      gstinNo: '27AAPFU0939F1ZV',
    });
  });

  it('ignores company fields on an Individual account', async () => {
    const { app } = ctx();
    const details = newCustomer({ companyName: '', gstinNo: '' });
    expect((await register(details)).statusCode).toBe(200);
    const verified = await new SessionClient(app).post(api('/auth/verify-otp'), {
      email: details.email,
      mobile: details.mobile,
      ...(await registrationCodes(app, details)),
    });
    expect(verified.json().data.user).toMatchObject({ companyName: null, gstinNo: null });
  });

  const badInputs: Array<[string, Record<string, unknown>, string, string]> = [
    ['a missing name', { name: undefined }, 'name', 'Enter your name.'],
    ['a one-letter name', { name: ' A ' }, 'name', 'at least 2 characters'],
    ['a bad e-mail', { email: 'asha@' }, 'email', 'Enter a valid e-mail address.'],
    ['a landline', { mobile: '02224567890' }, 'mobile', 'valid 10-digit Indian mobile'],
    [
      'a mobile starting with 5',
      { mobile: '5876543210' },
      'mobile',
      'valid 10-digit Indian mobile',
    ],
    ['a short password', { password: 'abc123!' }, 'password', 'at least 8 characters'],
    ['a common password', { password: 'Password@123' }, 'password', 'too common'],
    ['a common password (2)', { password: 'iloveyou' }, 'password', 'too common'],
    [
      'the mobile as password',
      { mobile: '9876512345', password: '9876512345' },
      'password',
      'must not be your e-mail address or mobile',
    ],
    [
      'an unknown account type',
      { accountType: 'Business' },
      'accountType',
      'Individual or Corporate',
    ],
    [
      'terms not accepted',
      { acceptTermsAndConditions: false },
      'acceptTermsAndConditions',
      'accept the terms',
    ],
    [
      'terms missing',
      { acceptTermsAndConditions: undefined },
      'acceptTermsAndConditions',
      'accept the terms',
    ],
    [
      'Corporate without company name',
      { accountType: 'Corporate', gstinNo: '27AAPFU0939F1ZV' },
      'companyName',
      'company name',
    ],
    [
      'Corporate without GSTIN',
      { accountType: 'Corporate', companyName: 'Verma Traders' },
      'gstinNo',
      'GSTIN',
    ],
    [
      'a GSTIN failing its checksum',
      { accountType: 'Corporate', companyName: 'Verma Traders', gstinNo: '27AAPFU0939F1ZO' },
      'gstinNo',
      'The last character (the check character) does not match: please check the GSTIN for a typo.',
    ],
    [
      'a GSTIN with serial 0000',
      { accountType: 'Corporate', companyName: 'Verma Traders', gstinNo: '22AAAAA0000A1Z5' },
      'gstinNo',
      'has the serial 0000, which no PAN has',
    ],
    [
      'a GSTIN whose PAN has no such holder type',
      { accountType: 'Corporate', companyName: 'Verma Traders', gstinNo: '27AAPXU0939F1ZV' },
      'gstinNo',
      'has a holder type as its 4th letter, one of P, C, H, F, A, T, B, L, J, G, K; this one has X.',
    ],
    [
      'a GSTIN with the entity character 0',
      { accountType: 'Corporate', companyName: 'Verma Traders', gstinNo: '27AAPFU0939F0ZV' },
      'gstinNo',
      'is 1 to 9 or a letter, not 0.',
    ],
    [
      'a GSTIN whose 14th character is not Z',
      { accountType: 'Corporate', companyName: 'Verma Traders', gstinNo: '27AAPFU0939F1YV' },
      'gstinNo',
      'The 14th character of a GSTIN is the letter Z; this one has Y.',
    ],
    [
      'a name with digits',
      { name: 'Ravi123' },
      'name',
      'A name has letters, spaces, dots, apostrophes and hyphens only.',
    ],
    [
      'a name with markup',
      { name: '<script>' },
      'name',
      'A name has letters, spaces, dots, apostrophes and hyphens only.',
    ],
    [
      'a company name with < and >',
      { accountType: 'Corporate', companyName: '<b>Verma</b>', gstinNo: '27AAPFU0939F1ZV' },
      'companyName',
      'A company name cannot have < or >.',
    ],
  ];
  for (const [what, change, field, message] of badInputs) {
    it(`refuses ${what} with 400 naming the field`, async () => {
      const res = await register({ ...newCustomer(), ...change });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(body.message).toContain(field);
      expect(body.message).toContain(message);
      const [sent] = await ctx().database.query<{ n: number }>(
        'select count(*)::int as n from otp_requests',
      );
      expect(sent!.n).toBe(0);
    });
  }

  it('answers 409 for a taken e-mail or mobile, before and at verification', async () => {
    const { app } = ctx();
    const first = newCustomer();
    const second = newCustomer({ email: first.email.toUpperCase() });
    const third = newCustomer({ mobile: `0${first.mobile}` });

    // Both start before either is verified: the check is made again at verification.
    expect((await register(first)).statusCode).toBe(200);
    // (read now: the rival's e-mail code goes to the same inbox)
    const firstCodes = await registrationCodes(app, first);
    // (past the resend cooldown, which also holds for a new registration of the same e-mail)
    await ctx().database.query(
      `update otp_requests set last_sent_at = now() - interval '1 minute'`,
    );
    const rival = newCustomer({ email: first.email });
    // (rival shares the e-mail; its code goes to its own mobile)
    expect((await register(rival)).statusCode).toBe(200);
    const ok = await new SessionClient(app).post(api('/auth/verify-otp'), {
      email: first.email,
      mobile: first.mobile,
      ...firstCodes,
    });
    expect(ok.statusCode).toBe(200);

    const late = await new SessionClient(app).post(api('/auth/verify-otp'), {
      email: rival.email,
      mobile: rival.mobile,
      ...(await registrationCodes(app, rival)),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ success: false, code: 'EMAIL_TAKEN' });

    const byEmail = await register(second);
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json()).toEqual({
      success: false,
      code: 'EMAIL_TAKEN',
      message: 'An account with this e-mail address already exists. Please sign in instead.',
    });
    const byMobile = await register(third);
    expect(byMobile.statusCode).toBe(409);
    expect(byMobile.json()).toMatchObject({
      code: 'MOBILE_TAKEN',
      message: 'An account with this mobile number already exists. Please sign in instead.',
    });
  });

  it('answers a wrong code with 400, OTP_INVALID and the attempts left, never 401', async () => {
    const { app } = ctx();
    const details = newCustomer();
    await register(details);
    const { otp, emailOtp } = await registrationCodes(app, details);
    const other = (code: string) => (code === '000000' ? '111111' : '000000');
    const contact = { email: details.email, mobile: details.mobile };

    const first = await new SessionClient(app).post(api('/auth/verify-otp'), {
      ...contact,
      otp: other(otp),
      emailOtp,
    });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({
      success: false,
      code: 'OTP_INVALID',
      message: 'The code sent to your mobile is not right. Please try again.',
      remainingAttempts: 9,
      wrongCodes: ['sms'],
    });
    const second = await new SessionClient(app).post(api('/auth/verify-otp'), {
      ...contact,
      otp: '12',
      emailOtp,
    });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ code: 'OTP_INVALID', remainingAttempts: 8 });
    expect(first.cookies).toHaveLength(0);

    // The SMS code alone, or with the e-mail's code wrong, proves only the mobile: refused.
    const smsOnly = await new SessionClient(app).post(api('/auth/verify-otp'), {
      ...contact,
      otp,
    });
    expect(smsOnly.statusCode).toBe(400);
    expect(smsOnly.json()).toMatchObject({
      code: 'OTP_EMAIL_CODE_REQUIRED',
      remainingAttempts: 8,
      message: expect.stringContaining('e-mail address as well'),
    });
    const emailWrong = await new SessionClient(app).post(api('/auth/verify-otp'), {
      ...contact,
      otp,
      emailOtp: other(emailOtp),
    });
    expect(emailWrong.json()).toMatchObject({
      code: 'OTP_INVALID',
      message: 'The code sent to your e-mail address is not right. Please try again.',
      remainingAttempts: 7,
      wrongCodes: ['email'],
    });
    // The e-mail's code typed as the SMS code (a person holding only the e-mail) is refused.
    const swapped = await new SessionClient(app).post(api('/auth/verify-otp'), {
      ...contact,
      otp: emailOtp,
      emailOtp,
    });
    expect(swapped.json()).toMatchObject({ code: 'OTP_INVALID', remainingAttempts: 6 });
    const [users] = await ctx().database.query<{ n: number }>(
      'select count(*)::int as n from users',
    );
    expect(users!.n).toBe(0);

    // The right codes still work after wrong ones.
    const right = await new SessionClient(app).post(api('/auth/verify-otp'), {
      ...contact,
      otp,
      emailOtp,
    });
    expect(right.statusCode).toBe(200);
  });

  it('answers 400 OTP_ATTEMPTS_EXCEEDED once the attempts are used up, even for the right code', async () => {
    const { app, database } = ctx();
    const details = newCustomer();
    await register(details);
    const codes = await registrationCodes(app, details);
    const wrong = codes.otp === '000000' ? '111111' : '000000';
    const contact = { email: details.email, mobile: details.mobile };
    let last;
    for (let i = 0; i < 10; i++) {
      last = await new SessionClient(app).post(api('/auth/verify-otp'), {
        ...contact,
        ...codes,
        otp: wrong,
      });
      expect(last.json().remainingAttempts).toBe(9 - i);
    }
    expect(last!.json()).toMatchObject({ code: 'OTP_INVALID', remainingAttempts: 0 });
    expect(last!.json().message).toContain('request a new code');
    const blocked = await new SessionClient(app).post(api('/auth/verify-otp'), {
      ...contact,
      ...codes,
    });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json()).toMatchObject({
      success: false,
      code: 'OTP_ATTEMPTS_EXCEEDED',
      remainingAttempts: 0,
    });
    const [attempts] = await database.query<{ attempts_used: number }>(
      'select attempts_used from otp_requests',
    );
    expect(attempts!.attempts_used).toBe(10);
    const [users] = await database.query<{ n: number }>('select count(*)::int as n from users');
    expect(users!.n).toBe(0);
  });

  it('answers 400 OTP_EXPIRED for an expired code', async () => {
    const { app, database } = ctx();
    const details = newCustomer();
    await register(details);
    const codes = await registrationCodes(app, details);
    await database.query(`update otp_requests set expires_at = now() - interval '1 second'`);
    const res = await new SessionClient(app).post(api('/auth/verify-otp'), {
      email: details.email,
      mobile: details.mobile,
      ...codes,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'OTP_EXPIRED',
      message: 'This code has expired. Please request a new one.',
      remainingAttempts: 0,
    });
  });

  it('answers 400 when no code is pending, and when no contact is given', async () => {
    const none = await new SessionClient(ctx().app).post(api('/auth/verify-otp'), {
      mobile: '9123456789',
      otp: '123456',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'OTP_NOT_FOUND', remainingAttempts: 0 });
    const noContact = await new SessionClient(ctx().app).post(api('/auth/verify-otp'), {
      otp: '123456',
    });
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().code).toBe('CONTACT_REQUIRED');
    const noOtp = await new SessionClient(ctx().app).post(api('/auth/verify-otp'), {
      mobile: '9123456789',
    });
    expect(noOtp.statusCode).toBe(400);
    expect(noOtp.json().message).toContain('Enter the code we sent you.');
  });

  it('matches the request by requestId when the client sends it', async () => {
    const { app } = ctx();
    const details = newCustomer();
    const res = await register(details);
    const codes = await registrationCodes(app, details);
    const wrongId = await new SessionClient(app).post(api('/auth/verify-otp'), {
      mobile: details.mobile,
      ...codes,
      requestId: '00000000-0000-4000-8000-000000000000',
    });
    expect(wrongId.json().code).toBe('OTP_NOT_FOUND');
    const right = await new SessionClient(app).post(api('/auth/verify-otp'), {
      mobile: details.mobile,
      ...codes,
      requestId: res.json().data.requestId,
    });
    expect(right.statusCode).toBe(200);
  });
});

describeEachDatabase(
  'OTP validity and attempts from configuration',
  (ctx) => {
    it('uses OTP_TTL_SECONDS and OTP_MAX_ATTEMPTS for what it reports and sends', async () => {
      const details = newCustomer();
      const res = await ctx().app.inject({
        method: 'POST',
        url: api('/auth/register'),
        payload: details,
      });
      const expiry = new Date(res.json().data.otpExpiry).getTime();
      expect(expiry - Date.now()).toBeLessThanOrEqual(45_000);
      expect(expiry - Date.now()).toBeGreaterThan(40_000);
      expect(res.json().data.maxAttempts).toBe(3);
      const [sms] = await outbox(ctx().app, details.mobile);
      expect(sms!.text).toContain('Valid for 45 seconds');
      const wrong = await new SessionClient(ctx().app).post(api('/auth/verify-otp'), {
        mobile: details.mobile,
        otp: sms!.otp === '000000' ? '111111' : '000000',
        emailOtp: await latestOtp(ctx().app, details.email),
      });
      expect(wrong.json().remainingAttempts).toBe(2);
    });
  },
  { env: { OTP_TTL_SECONDS: '45', OTP_MAX_ATTEMPTS: '3' } },
);
