import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { logLines } from '../../test-support/log-lines';
import { sharedDatabase, testConfig } from '../../test-support/test-app';

describe('the request id', () => {
  let app: App;
  const log = logLines();
  beforeAll(async () => {
    app = await buildApp(testConfig({ LOG_LEVEL: 'info' }), {
      database: await sharedDatabase(),
      logStream: log.stream,
    });
    await app.ready();
  });
  afterAll(() => app.close());

  /** The id the answer echoes, and the ids its log lines carry. */
  async function idOf(headers: Record<string, string>) {
    log.lines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/api/v1/health', headers });
    const echoed = String(res.headers['x-request-id']);
    return { echoed, logged: [...new Set(log.lines.map((line) => line.reqId))] };
  }

  it("keeps the client's id in a safe shape (nginx's $request_id, a UUID), echoed and logged", async () => {
    for (const id of [
      '2f1c5a9e7b3d4c6a8e0f1a2b3c4d5e6f',
      'c0a8012e-5f3b-4d7a-9c1e-2b4a6d8f0e13',
      'trace:web.42_a-b',
      'x'.repeat(64),
    ]) {
      expect(await idOf({ 'x-request-id': id }), id).toEqual({ echoed: id, logged: [id] });
    }
  });

  it('makes its own id for one in any other shape, or none', async () => {
    for (const id of ['<script>alert(1)</script>', 'x'.repeat(6_000), 'x'.repeat(65), 'a b', '']) {
      const { echoed, logged } = await idOf(id === '' ? {} : { 'x-request-id': id });
      expect(echoed, id).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(logged, id).toEqual([echoed]);
    }
  });
});
