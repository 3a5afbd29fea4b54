import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { openDatabase, type Database } from '../db/database';
import { testConfig } from '../../test-support/test-app';

/**
 * A PostgreSQL server that is down answers nothing or refuses: the store says so with a 503
 * within 2 s instead of hanging or answering 500.
 */
describe('requests with the database down', () => {
  let silent: Server;
  const sockets: Socket[] = [];
  const apps: App[] = [];
  const databases: Database[] = [];

  beforeAll(async () => {
    // Takes connections and never answers (a server stuck, or a host that drops packets).
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(databases.map((database) => database.close().catch(() => {})));
    for (const socket of sockets) socket.destroy();
    silent.close();
  });

  async function storeOn(url: string) {
    const database = openDatabase(url);
    databases.push(database);
    const app = await buildApp(testConfig(), { database });
    apps.push(app);
    return app;
  }

  const port = () => (silent.address() as { port: number }).port;
  const cases = [
    ['does not answer', () => `postgres://store:secret@127.0.0.1:${port()}/store`],
    ['refuses connections', () => 'postgres://store:secret@127.0.0.1:9/store'],
  ] as const;

  for (const [what, url] of cases) {
    it(`answers 503 within 2 s when the database ${what}`, async () => {
      const app = await storeOn(url());
      for (const path of ['/api/v1/numbers', '/api/v1/numbers/by-number/9876598765']) {
        const started = Date.now();
        const res = await app.inject({ method: 'GET', url: path });
        expect(Date.now() - started).toBeLessThan(2_000);
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toMatchObject({ success: false, code: 'DATABASE_UNAVAILABLE' });
        expect(res.headers['retry-after']).toBe('5');
      }
      const health = await app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json().data.database.up).toBe(false);
    });
  }
});
