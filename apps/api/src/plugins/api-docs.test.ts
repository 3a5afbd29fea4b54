import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { sharedDatabase, testConfig } from '../../test-support/test-app';

const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) };

describe('the API docs', () => {
  const apps: App[] = [];
  const build = async (env: Record<string, string>) => {
    const app = await buildApp(testConfig(env), { database: await sharedDatabase() });
    apps.push(app);
    await app.ready();
    return app;
  };
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('are not served in production unless API_DOCS=true, while the document is still made', async () => {
    const hidden = await build(production);
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json']) {
      const res = await hidden.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
    // write-openapi.ts builds the app in production mode and reads the document from it.
    expect(hidden.swagger().paths).toHaveProperty('/api/v1/health');

    const shown = await build({ ...production, API_DOCS: 'true' });
    expect((await shown.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });
});
