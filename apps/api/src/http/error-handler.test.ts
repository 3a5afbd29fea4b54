import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, type App } from '../app';
import { sharedDatabase, testConfig } from '../../test-support/test-app';
import { conflict } from './app-error';
import { optionalBody } from './envelope';

describe('the response envelope and error handler', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildApp(testConfig({ BODY_LIMIT_BYTES: '1024' }), {
      database: await sharedDatabase(),
    });
    app.post(
      '/api/v1/test-echo',
      { schema: { body: optionalBody(z.object({ name: z.string(), count: z.number().int() })) } },
      async (request) => ({ success: true, data: { body: request.body ?? null } }),
    );
    app.get('/api/v1/test-conflict', async () => {
      throw conflict('That number is already taken.', 'TAKEN', { numberId: 7 });
    });
    app.get('/api/v1/test-crash', async () => {
      throw new Error('secret internal detail');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (payload: string, contentType = 'application/json') =>
    app.inject({
      method: 'POST',
      url: '/api/v1/test-echo',
      payload,
      headers: { 'content-type': contentType },
    });

  it('answers bad JSON with 400 and a message', async () => {
    const res = await post('{"name":');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'The request body is not valid JSON.',
    });
  });

  it('refuses prototype-poisoning keys with 400 and a clear message', async () => {
    for (const payload of [
      '{"name":"a","count":1,"__proto__":{"isAdmin":true}}',
      '{"name":"a","count":1,"nested":{"__proto__":{"isAdmin":true}}}',
      '{"name":"a","count":1,"constructor":{"prototype":{"isAdmin":true}}}',
    ]) {
      const res = await post(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toEqual({
        success: false,
        message:
          'The request body may not contain the keys "__proto__" or "constructor.prototype".',
        code: 'FORBIDDEN_JSON_KEY',
      });
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    // An ordinary key named constructor is fine.
    const ok = await post('{"name":"a","count":1,"constructor":"x"}');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, data: { body: { name: 'a', count: 1 } } });
  });

  it('answers wrong types with 400 naming the field in plain words', async () => {
    const res = await post(JSON.stringify({ name: 'a', count: 'three' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Invalid body: count: must be a number, not text',
    });
    const missing = await post(JSON.stringify({ count: 1.5 }));
    expect(missing.json().errors).toEqual([
      'name: is required',
      'count: must be a whole number, not a number',
    ]);
    // A misspelt field is named beside the one it stood for, not dropped without a word.
    const misspelt = await post(JSON.stringify({ nme: 'a', count: 1, constructor: 'x' }));
    expect(misspelt.json().message).toBe(
      'Invalid body: name: is required; has fields this request does not take: nme, constructor',
    );
    const notAnObject = await post('[1]');
    expect(notAnObject.json().message).toBe('Invalid body: send an object, not a list');
  });

  it('accepts an empty body with a JSON content type as no body', async () => {
    const res = await post('');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { body: null } });
  });

  it('answers a too-large body with 413', async () => {
    const res = await post(JSON.stringify({ name: 'x'.repeat(2000), count: 1 }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, message: 'The request body is too large.' });
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await post('name=a', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    expect(res.json().success).toBe(false);
  });

  it('answers unknown API routes with a 404 envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/no-such-thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      message: 'No API route GET /api/v1/no-such-thing',
      code: 'NOT_FOUND',
    });
  });

  it('passes an AppError through with its status, code and extra fields', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/test-conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: 'That number is already taken.',
      code: 'TAKEN',
      numberId: 7,
    });
  });

  it('hides the detail of an unexpected error', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/test-crash' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret internal detail');
    expect(res.json().code).toBe('INTERNAL_ERROR');
  });

  it('refuses a state-changing request from another site', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/test-echo',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
    const ours = await app.inject({
      method: 'POST',
      url: '/api/v1/test-echo',
      headers: { origin: 'http://store.test', 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'a', count: 1 }),
    });
    expect(ours.statusCode).toBe(200);
  });

  it('serves the OpenAPI document and the interactive docs', async () => {
    const doc = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths).toHaveProperty('/api/v1/health');
    const ui = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
