import { expect, it } from 'vitest';
import type { App } from '../app';
import { describeEachDatabase } from '../../test-support/test-app';

const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) };
const razorpayKeys = {
  RAZORPAY_KEY_ID: 'rzp_test_key',
  RAZORPAY_KEY_SECRET: 'test-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'test-webhook-secret',
};
const policy = async (app: App) =>
  String((await app.inject({ url: '/api/v1/health' })).headers['content-security-policy']);

describeEachDatabase(
  'the Content-Security-Policy of a production store on https',
  (ctx) => {
    it('asks the browser to load everything over https', async () => {
      expect(await policy(ctx().app)).toMatch(/(^|;)upgrade-insecure-requests(;|$)/);
    });
  },
  { env: { ...production, PUBLIC_BASE_URL: 'https://shop.example.in' } },
);

describeEachDatabase(
  'the Content-Security-Policy of a production store tried over http on loopback',
  (ctx) => {
    it('does not, or the browser would ask for every asset over https and get nothing', async () => {
      const csp = await policy(ctx().app);
      expect(csp).toContain("default-src 'self'");
      expect(csp).not.toContain('upgrade-insecure-requests');
    });
  },
  { env: { ...production, PUBLIC_BASE_URL: 'http://127.0.0.1:3490' } },
);

/** The sources a directive of the policy names. */
const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .find((part) => part.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? [];

describeEachDatabase(
  "the Content-Security-Policy of a store paid through Razorpay's own checkout",
  (ctx) => {
    it('admits the checkout as Razorpay serves it, and no inline script', async () => {
      const csp = await policy(ctx().app);
      expect(directive(csp, 'script-src')).toContain('https://checkout.razorpay.com');
      expect(directive(csp, 'script-src')).not.toContain("'unsafe-inline'");
      expect(directive(csp, 'connect-src')).toEqual(
        expect.arrayContaining(['https://api.razorpay.com', 'https://lumberjack.razorpay.com']),
      );
      expect(directive(csp, 'frame-src')).toEqual(
        expect.arrayContaining(['https://api.razorpay.com', 'https://checkout.razorpay.com']),
      );
      expect(csp).not.toContain('127.0.0.1');
    });
  },
  { env: { PAYMENT_PROVIDER: 'razorpay', ...razorpayKeys } },
);

describeEachDatabase(
  'the Content-Security-Policy of a store paid through a Razorpay stand-in',
  (ctx) => {
    it("admits the stand-in's script and its calls, frames nothing of it, and no inline script", async () => {
      const csp = await policy(ctx().app);
      expect(directive(csp, 'script-src')).toContain('http://127.0.0.1:4010');
      expect(directive(csp, 'script-src')).not.toContain("'unsafe-inline'");
      expect(directive(csp, 'connect-src')).toContain('http://127.0.0.1:4010');
      expect(directive(csp, 'frame-src')).not.toContain('http://127.0.0.1:4010');
    });
  },
  {
    env: {
      PAYMENT_PROVIDER: 'razorpay',
      ...razorpayKeys,
      RAZORPAY_CHECKOUT_URL: 'http://127.0.0.1:4010/checkout.js',
    },
  },
);
