import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { insertTestNumbers } from '../../test-support/numbers';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

/** Thirty numbers on sale: their listing and their validation are both well over 1 kB. */
const numbers = Array.from({ length: 30 }, (_, i) => ({
  number: `98765${String(i).padStart(5, '0')}`,
  basePrice: 10_000 + i,
}));

describeEachDatabase('compressed answers', (ctx) => {
  const listing = (acceptEncoding?: string) =>
    ctx().app.inject({
      method: 'GET',
      url: api('/numbers?limit=24'),
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('a listing over 1 kB is sent in Brotli or gzip as the client takes it, the same JSON', async () => {
    await insertTestNumbers(ctx().app, numbers);
    const plain = await listing();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await listing('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await listing('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('the answer to a state-changing request is never compressed', async () => {
    const ids = await insertTestNumbers(ctx().app, numbers);
    const items = [...ids.values()].map((id) => ({ product: { id }, priceAtAdd: 100 }));
    const validated = await ctx().app.inject({
      method: 'POST',
      url: api('/cart/validate'),
      headers: { 'accept-encoding': 'br, gzip' },
      payload: { items },
    });
    expect(validated.statusCode).toBe(200);
    expect(validated.rawPayload.length).toBeGreaterThan(1024);
    expect(validated.headers['content-encoding']).toBeUndefined();
    expect(validated.json().success).toBe(true);
  });
});
