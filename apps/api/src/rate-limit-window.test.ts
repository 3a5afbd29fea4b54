import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { api } from '../test-support/session-client';
import { describeEachDatabase } from '../test-support/test-app';

describeEachDatabase(
  'API rate limit over a configured window',
  (ctx) => {
    it('counts RATE_LIMIT_PER_MINUTE requests in RATE_LIMIT_WINDOW_SECONDS', async () => {
      const listing = () =>
        ctx().app.inject({ url: api('/numbers?pageSize=1'), remoteAddress: '198.51.100.77' });
      expect((await listing()).statusCode).toBe(200);
      const afterFirst = Date.now();
      expect((await listing()).statusCode).toBe(200);
      const limited = await listing();
      expect(limited.statusCode).toBe(429);
      // A one-second window frees up within a second (a minute's would say ~60).
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(1);

      await sleep(Math.max(0, afterFirst + 1_100 - Date.now()));
      expect((await listing()).statusCode).toBe(200);
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '2', RATE_LIMIT_WINDOW_SECONDS: '1' } },
);
