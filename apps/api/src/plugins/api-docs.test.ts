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

  // The health check takes no input, needs no session and is never rate limited.
  const answersNoClientError = new Set(['GET /api/v1/health']);

  it('gives every operation an id, a summary, its security and its 4xx answers', async () => {
    const app = await build({});
    const document = app.swagger() as unknown as {
      servers?: Array<{ url: string }>;
      components?: { securitySchemes?: Record<string, unknown> };
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    expect(document.servers).toEqual([{ url: 'http://store.test', description: 'This store' }]);
    expect(Object.keys(document.components?.securitySchemes ?? {})).toEqual([
      'sessionCookie',
      'refreshCookie',
    ]);
    const ids = new Set<string>();
    const operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/v1/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => ({ path, method, op })),
      );
    expect(operations.length).toBeGreaterThan(30);
    for (const { path, method, op } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(op.operationId, where).toMatch(/^[a-z]+[A-Za-z]*$/);
      ids.add(op.operationId as string);
      expect(op.summary, where).toBeTruthy();
      expect(Array.isArray(op.security), where).toBe(true);
      const statuses = Object.keys(op.responses as object);
      expect(
        statuses.some((status) => /^4\d\d$/.test(status)),
        where,
      ).toBe(!answersNoClientError.has(where));
      const security = op.security as Array<Record<string, unknown>>;
      if (security.length > 0 && !security.some((s) => Object.keys(s).length === 0)) {
        expect(statuses, where).toContain('401');
      }
      if (path.startsWith('/api/v1/admin/')) expect(statuses, where).toContain('403');
    }
    expect(ids.size).toBe(operations.length);
    expect(JSON.stringify(document)).not.toContain('"nullable"');
    // What a route declares is kept: the cart needs the session cookie, the webhook nothing.
    expect(document.paths['/api/v1/cart']!.get!.security).toEqual([{ sessionCookie: [] }]);
    expect(document.paths['/api/v1/cart']!.get!.operationId).toBe('getCart');
    expect(document.paths['/api/v1/cart/add/{productId}']!.post!.operationId).toBe(
      'postCartAddByProductId',
    );
    expect(document.paths['/api/v1/payments/razorpay/webhook']!.post!.security).toEqual([]);
  });
});
