import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app';
import { api, latestOtp, registerCustomer, SessionClient } from '../../test-support/session-client';

/**
 * Decision 0014: limits count per contact and client address, and per contact from all
 * addresses at a much higher cap that spares the devices the account signed in on, so that
 * nobody can keep the owner out, while guessing and message floods are still stopped.
 */
const attackers = ['203.0.113.1', '203.0.113.2', '203.0.113.3'];
const ownersNewAddress = '198.51.100.7';

describeEachDatabase(
  'OTP send limits are not a weapon',
  (ctx) => {
    const signInFrom = (mobile: string, remoteAddress: string, client?: SessionClient) =>
      (client ?? new SessionClient(ctx().app)).request({
        method: 'POST',
        url: api('/auth/sign-in'),
        payload: { mobile },
        remoteAddress,
      });

    it('lets the owner get a code on their device while others flood the number', async () => {
      const { app } = ctx();
      const owner = await registerCustomer(app);
      const { mobile } = owner.details as { mobile: string };

      // One address gets its share of codes to the number, then 429 (the registration sent one).
      const first = attackers[0]!;
      expect((await signInFrom(mobile, first)).statusCode).toBe(200);
      expect((await signInFrom(mobile, first)).statusCode).toBe(200);
      const flooding = await signInFrom(mobile, first);
      expect(flooding.statusCode).toBe(429);
      expect(flooding.json()).toMatchObject({ code: 'OTP_SEND_LIMIT' });
      expect(flooding.json().message).toContain('this mobile number');
      // More addresses reach the cap over all addresses (5): the flood stops there.
      expect((await signInFrom(mobile, attackers[1]!)).statusCode).toBe(200);
      expect((await signInFrom(mobile, attackers[1]!)).statusCode).toBe(200);
      expect((await signInFrom(mobile, attackers[2]!)).statusCode).toBe(429);

      // A browser that never signed in to the account waits like everyone else...
      expect((await signInFrom(mobile, ownersNewAddress)).statusCode).toBe(429);
      // ...but the owner's own device, from any address, still gets a code and signs in.
      const sent = await signInFrom(mobile, ownersNewAddress, owner.client);
      expect(sent.statusCode, sent.body).toBe(200);
      const verified = await owner.client.request({
        method: 'POST',
        url: api('/auth/verify-otp'),
        payload: { mobile, otp: await latestOtp(app, mobile) },
        remoteAddress: ownersNewAddress,
      });
      expect(verified.statusCode).toBe(200);
      // Even the owner's device keeps to the limit per address.
      await signInFrom(mobile, ownersNewAddress, owner.client);
      expect((await signInFrom(mobile, ownersNewAddress, owner.client)).statusCode).toBe(429);
    });

    it('never lets a forged or another account’s device cookie lift the cap', async () => {
      const { app } = ctx();
      const owner = await registerCustomer(app);
      const other = await registerCustomer(app);
      const { mobile } = owner.details as { mobile: string };
      for (const address of attackers) {
        await signInFrom(mobile, address);
        await signInFrom(mobile, address);
      }
      const forged = new SessionClient(app);
      forged.cookies.set('known_device', { value: 'eyJzdWIiOiJ4In0.forged', path: '/' });
      expect((await signInFrom(mobile, ownersNewAddress, forged)).statusCode).toBe(429);
      expect((await signInFrom(mobile, ownersNewAddress, other.client)).statusCode).toBe(429);
      expect((await signInFrom(mobile, ownersNewAddress, owner.client)).statusCode).toBe(200);
    });
  },
  {
    env: {
      OTP_RESEND_COOLDOWN_SECONDS: '0',
      OTP_SENDS_PER_CONTACT_AND_IP_PER_HOUR: '2',
      OTP_SENDS_PER_CONTACT_PER_HOUR: '5',
      OTP_SENDS_PER_IP_PER_HOUR: '100',
    },
  },
);

describeEachDatabase(
  'Password failure limits are not a weapon',
  (ctx) => {
    const loginFrom = (
      contact: string,
      password: string,
      remoteAddress: string,
      client?: SessionClient,
    ) =>
      (client ?? new SessionClient(ctx().app)).request({
        method: 'POST',
        url: api('/auth/login'),
        payload: { contact, password },
        remoteAddress,
      });

    it('stops guessing from one address and from many, while the owner still gets in', async () => {
      const { app } = ctx();
      const owner = await registerCustomer(app);
      const { email, password, mobile } = owner.details as {
        email: string;
        password: string;
        mobile: string;
      };

      // One address: three failures, then 429 even for the right password.
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await loginFrom(email, `guess ${i}`, attackers[0]!)).statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
      expect((await loginFrom(email, password, attackers[0]!)).statusCode).toBe(429);
      // Another address does not share that count...
      expect((await loginFrom(email, 'guess 5', attackers[1]!)).statusCode).toBe(400);
      expect((await loginFrom(email, 'guess 6', attackers[1]!)).statusCode).toBe(400);
      expect((await loginFrom(email, 'guess 7', attackers[1]!)).statusCode).toBe(400);
      // ...but the cap over all addresses (6) stops a guesser with many of them.
      const capped = await loginFrom(email, password, attackers[2]!);
      expect(capped.statusCode).toBe(429);
      expect(capped.json().message).toContain('or sign in with a code instead');

      // A browser new to the account is held back too; a code still signs the owner in.
      expect((await loginFrom(email, password, ownersNewAddress)).statusCode).toBe(429);
      const device = new SessionClient(app);
      await device.request({
        method: 'POST',
        url: api('/auth/sign-in'),
        payload: { mobile },
        remoteAddress: ownersNewAddress,
      });
      const byCode = await device.request({
        method: 'POST',
        url: api('/auth/verify-otp'),
        payload: { mobile, otp: await latestOtp(app, mobile) },
        remoteAddress: ownersNewAddress,
      });
      expect(byCode.statusCode).toBe(200);
      // The owner's devices (still signed in: a sign-out forgets the device, decision 0055)
      // sign in with the password, whatever the others did.
      expect((await loginFrom(email, password, ownersNewAddress, device)).statusCode).toBe(200);
      expect((await loginFrom(email, password, attackers[2]!, owner.client)).statusCode).toBe(200);

      // The owner's success does not wipe the guessers' failures.
      expect((await loginFrom(email, password, attackers[0]!)).statusCode).toBe(429);
      expect((await loginFrom(email, password, attackers[2]!)).statusCode).toBe(429);
    });
  },
  {
    env: {
      LOGIN_FAILURES_PER_CONTACT_AND_IP: '3',
      LOGIN_FAILURES_PER_CONTACT: '6',
      LOGIN_FAILURES_PER_IP: '100',
      OTP_RESEND_COOLDOWN_SECONDS: '0',
    },
  },
);
