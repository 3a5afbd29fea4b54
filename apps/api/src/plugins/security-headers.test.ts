import { expect, it } from 'vitest';
import type { App } from '../app';
import { describeEachDatabase } from '../../test-support/test-app';

const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) };
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
