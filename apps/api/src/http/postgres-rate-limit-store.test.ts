import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { api } from '../../test-support/session-client';
import { resetDatabase, sharedDatabase, testConfig } from '../../test-support/test-app';

/** Two server processes (two apps) on one database, as behind a load balancer. */
describe('the API rate limit counted in PostgreSQL', () => {
  let first: App;
  let second: App;
  beforeAll(async () => {
    const database = await sharedDatabase();
    await resetDatabase(database);
    const config = testConfig({
      RATE_LIMIT_STORE: 'postgres',
      RATE_LIMIT_PER_MINUTE: '3',
      RATE_LIMIT_WINDOW_SECONDS: '1',
    });
    [first, second] = await Promise.all([
      buildApp(config, { database }),
      buildApp(config, { database }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  const listing = (app: App, remoteAddress: string) =>
    app.inject({ url: api('/numbers?pageSize=1'), remoteAddress });

  it('counts one address across both processes, and frees it when the window ends', async () => {
    expect((await listing(first, '198.51.100.7')).statusCode).toBe(200);
    expect((await listing(second, '198.51.100.7')).statusCode).toBe(200);
    expect((await listing(first, '198.51.100.7')).statusCode).toBe(200);
    const limited = await listing(second, '198.51.100.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(1);
    // Another address has its own count.
    expect((await listing(second, '203.0.113.9')).statusCode).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await listing(second, '198.51.100.7')).statusCode).toBe(200);
  });
});
