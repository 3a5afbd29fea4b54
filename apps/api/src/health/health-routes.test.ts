import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../app';
import { HEALTH_CHECK_TIMEOUT_MS, type Database, type Db } from '../db/database';
import { describeEachDatabase, testConfig } from '../../test-support/test-app';

describeEachDatabase('GET /api/v1/health', (ctx) => {
  it('reports the database as up', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: { status: 'ok', database: { kind: 'external', up: true } },
    });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('reports the database as up when this process was too busy to read its answer in time', async () => {
    const { app, database } = ctx();
    const execute = database.db.execute.bind(database.db);
    // A connection waits in the pool, so the check's query goes out before the process stalls.
    await execute(sql`select 1`);
    vi.spyOn(database.db, 'execute').mockImplementationOnce((query) => {
      const answer = execute(query);
      // The process busy (a long garbage collection, a starved CPU) while the answer arrives.
      setImmediate(() => {
        const until = Date.now() + HEALTH_CHECK_TIMEOUT_MS + 500;
        while (Date.now() < until);
      });
      return answer;
    });
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    vi.restoreAllMocks();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { status: 'ok', database: { up: true } } });
  });
});

describeEachDatabase(
  'GET /api/v1/health and the rate limit',
  (ctx) => {
    it('is never limited, while other routes are', async () => {
      const get = (url: string) => ctx().app.inject({ method: 'GET', url });
      for (let i = 0; i < 5; i++) expect((await get('/api/v1/health')).statusCode).toBe(200);
      const listings = [];
      for (let i = 0; i < 3; i++) listings.push((await get('/api/v1/numbers')).statusCode);
      expect(listings).toEqual([200, 200, 429]);
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '2', RATE_LIMIT_WINDOW_SECONDS: '600' } },
);

describe('GET /api/v1/health with the database down', () => {
  /** What `db.execute` does for the next check. */
  let execute: () => Promise<unknown> = () => Promise.resolve();
  const database: Database = {
    kind: 'external',
    db: { execute: () => execute() } as unknown as Db,
    query: () => Promise.reject(new Error('connection refused')),
    connect: () => Promise.reject(new Error('connection refused')),
    migrate: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  let app: App;
  beforeAll(async () => {
    app = await buildApp(testConfig(), { database });
    await app.ready();
  });
  afterAll(() => app.close());

  const down = {
    success: false,
    message: 'The database is not reachable.',
    code: 'DATABASE_DOWN',
    data: { status: 'degraded', database: { kind: 'external', up: false } },
  };

  it('answers 503 when the query fails', async () => {
    execute = () => Promise.reject(new Error('connection refused'));
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject(down);
  });

  it('answers 503 within the time limit when the query never answers', async () => {
    execute = () => new Promise(() => {});
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    const took = Date.now() - started;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject(down);
    expect(took).toBeGreaterThanOrEqual(HEALTH_CHECK_TIMEOUT_MS - 50);
    expect(took).toBeLessThan(HEALTH_CHECK_TIMEOUT_MS + 3_000);
  });

  it('answers 200 again once the database does', async () => {
    execute = () => Promise.resolve();
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { status: 'ok', database: { up: true } } });
  });
});
