import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

const enquiry = {
  name: 'Ravi Kulkarni',
  mobile: '9876543210',
  email: 'ravi.k@example.com',
  topic: 'general',
  message: 'Please call me about a VIP number for my shop.',
};

describeEachDatabase(
  'Enquiry limit over a configured window',
  (ctx) => {
    const send = () =>
      ctx().app.inject({
        method: 'POST',
        url: api('/enquiries'),
        payload: enquiry,
        remoteAddress: '203.0.113.9',
      });

    it('counts enquiries in ENQUIRY_WINDOW_SECONDS and lets the address send again after it', async () => {
      expect((await send()).statusCode).toBe(201);
      const firstStored = Date.now();
      const limited = await send();
      expect(limited.statusCode).toBe(429);
      // A one-second window frees up within a second (an hour's would say ~3600).
      expect(limited.headers['retry-after']).toBe('1');

      await sleep(Math.max(0, firstStored + 1_100 - Date.now()));
      expect((await send()).statusCode).toBe(201);
      // The count started again: the new enquiry is counted, the next one is refused.
      expect((await send()).statusCode).toBe(429);
      const [row] = await ctx().database.query<{ n: number }>(
        'select count(*)::int as n from enquiries',
      );
      expect(row?.n).toBe(2);
    });
  },
  { env: { ENQUIRIES_PER_IP_PER_HOUR: '1', ENQUIRY_WINDOW_SECONDS: '1' } },
);
