import { afterEach, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { describeEachDatabase } from '../../test-support/test-app';
import { api, registerCustomer } from '../../test-support/session-client';
import { INVALID_CREDENTIALS_MESSAGE } from './auth-service';
import { argon2 } from './password-hashing';

afterEach(() => {
  vi.restoreAllMocks();
});

describeEachDatabase(
  'POST /auth/login failure limits',
  (ctx) => {
    const login = (contact: string, password: string, remoteAddress = '10.0.0.1') =>
      ctx().app.inject({
        method: 'POST',
        url: api('/auth/login'),
        payload: { contact, password },
        remoteAddress,
      });

    it('refuses a contact past LOGIN_FAILURES_PER_CONTACT with 429 and Retry-After, before any argon2 work', async () => {
      const { app } = ctx();
      const { details } = await registerCustomer(app);
      // Every usual spelling of the contact counts against the same limit.
      for (const contact of [details.email, details.email.toUpperCase(), details.email]) {
        const res = await login(contact, 'not the password');
        expect(res.statusCode, contact).toBe(400);
        expect(res.json().code).toBe('INVALID_CREDENTIALS');
      }
      const verify = vi.spyOn(argon2, 'verify');
      const limited = await login(details.email, details.password);
      expect(limited.statusCode).toBe(429);
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(590);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(limited.json()).toEqual({
        success: false,
        code: 'LOGIN_FAILURE_LIMIT',
        retryAfter,
        message:
          'Too many unsuccessful sign-in attempts with this e-mail address. Please try again in 10 minutes, or sign in with a code instead.',
      });
      expect(limited.headers['set-cookie']).toBeUndefined();
      expect(verify).not.toHaveBeenCalled();

      // The mobile is another contact, with its own count.
      const byMobile = await login(`+91 ${details.mobile}`, details.password);
      expect(byMobile.statusCode).toBe(200);
      expect(verify).toHaveBeenCalledTimes(1);
    });

    it('counts failures for unknown contacts the same way, so a 429 reveals no account', async () => {
      const { app } = ctx();
      const { details } = await registerCustomer(app);
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        known.push((await login(details.mobile, 'not the password', '10.0.1.1')).statusCode);
        unknown.push((await login('9111111111', 'not the password', '10.0.1.2')).statusCode);
      }
      expect(known).toEqual([400, 400, 400, 429]);
      expect(unknown).toEqual(known);
      const a = (await login(details.mobile, 'x', '10.0.1.1')).json();
      const b = (await login('09111111111', 'x', '10.0.1.2')).json();
      expect({ ...b, retryAfter: 0 }).toEqual({ ...a, retryAfter: 0 });
      expect(a.message).toContain('with this mobile number');
    });

    it("clears the contact's failures on a successful sign-in", async () => {
      const { app } = ctx();
      const { details } = await registerCustomer(app);
      await login(details.email, 'wrong one');
      await login(details.email, 'wrong two');
      expect((await login(details.email, details.password)).statusCode).toBe(200);
      const after = [];
      for (let i = 0; i < 4; i += 1) after.push((await login(details.email, 'wrong')).statusCode);
      expect(after).toEqual([400, 400, 400, 429]);
    });

    it('refuses a client address past LOGIN_FAILURES_PER_IP, whatever the contacts', async () => {
      const statuses = [];
      for (let i = 0; i < 6; i += 1) {
        const res = await login(`someone${i}@example.com`, 'guess', '10.0.0.7');
        statuses.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.json().message).toMatch(/from your network\. Please try again in 10 minutes/);
        }
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
      // Another address is not affected.
      expect((await login('someone9@example.com', 'guess', '10.0.0.8')).statusCode).toBe(400);
    });

    it('signs in every buyer with the right password at once from one address, counting only failures that happened (QA 23 F3)', async () => {
      const { app } = ctx();
      const buyers = [];
      for (let i = 0; i < 10; i += 1) buyers.push((await registerCustomer(app)).details);
      // Three real failures from the address: two more are allowed (LOGIN_FAILURES_PER_IP 5).
      for (let i = 0; i < 3; i += 1) {
        expect((await login(`stranger${i}@example.com`, 'guess', '10.0.3.1')).statusCode).toBe(400);
      }
      const signIns = await Promise.all(
        buyers.map((buyer) => login(buyer.email, buyer.password, '10.0.3.1')),
      );
      expect(signIns.map((res) => res.statusCode)).toEqual(buyers.map(() => 200));
      // The failures that happened still count: two more, then the address waits.
      const after = [];
      for (let i = 0; i < 3; i += 1) {
        after.push((await login(`stranger${i}@example.com`, 'guess', '10.0.3.1')).statusCode);
      }
      expect(after).toEqual([400, 400, 429]);
    });

    it('tells guesses at once from one address no more wrong passwords than the limit (QA 23 F3)', async () => {
      const { app } = ctx();
      const { details } = await registerCustomer(app);
      const guesses = await Promise.all(
        Array.from({ length: 12 }, (_, i) => login(`guesser${i}@example.com`, 'guess', '10.0.3.2')),
      );
      const statuses = guesses.map((res) => res.statusCode).sort();
      expect(statuses).toEqual([...Array(5).fill(400), ...Array(7).fill(429)]);
      // The limit is used up by failures that happened: even the right password waits, unchecked.
      const verify = vi.spyOn(argon2, 'verify');
      const refused = await login(details.email, details.password, '10.0.3.2');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/from your network/);
      expect(verify).not.toHaveBeenCalled();
    });

    it('counts only failures inside LOGIN_FAILURE_WINDOW_SECONDS', async () => {
      const { database } = ctx();
      for (let i = 0; i < 3; i += 1) await login('gone@example.com', 'guess');
      expect((await login('gone@example.com', 'guess')).statusCode).toBe(429);
      await database.query(`update login_failures set failed_at = now() - interval '11 minutes'`);
      const again = await login('gone@example.com', 'guess');
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(INVALID_CREDENTIALS_MESSAGE);
    });

    it('holds for guesses in parallel and across server processes (shared through the database)', async () => {
      const { app, database, config } = ctx();
      const other = await buildApp(config, { database });
      try {
        const { details } = await registerCustomer(app);
        const guesses = Array.from({ length: 8 }, (_, i) =>
          (i % 2 ? other : app).inject({
            method: 'POST',
            url: api('/auth/login'),
            payload: { contact: details.email, password: `guess ${i}` },
            remoteAddress: '10.0.0.1',
          }),
        );
        const statuses = (await Promise.all(guesses)).map((res) => res.statusCode).sort();
        expect(statuses).toEqual([400, 400, 400, 429, 429, 429, 429, 429]);
      } finally {
        await other.close();
      }
    });
  },
  {
    env: {
      LOGIN_FAILURES_PER_CONTACT: '3',
      LOGIN_FAILURES_PER_IP: '5',
      LOGIN_FAILURE_WINDOW_SECONDS: '600',
    },
  },
);
