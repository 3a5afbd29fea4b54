import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/test-app';

describeEachDatabase('GET /api/v1/health', (ctx) => {
  it('reports the database as up', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: { status: 'ok', database: { kind: ctx().dbName, up: true } },
    });
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});
