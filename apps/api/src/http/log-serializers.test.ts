import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { serializeError, serializeRequest } from './log-serializers';

/** What a logger with the serializer writes for `{ err }`. */
function logged(err: Error): Record<string, unknown> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  pino({ serializers: { err: serializeError } }, stream).error({ err }, 'unhandled error');
  return JSON.parse(lines[0]!).err;
}

describe('serializeError', () => {
  it("leaves a failed query's values out, and keeps the query and the database's reason", () => {
    const cause = Object.assign(new Error('value "2360000000" is out of range for type integer'), {
      code: '22003',
    });
    const err = logged(
      new DrizzleQueryError(
        'insert into "orders" ("billing", "total_amount") values ($1, $2)',
        ['{"name":"Asha Verma","email":"asha@example.com","mobile":"9876543210"}', 2360000000],
        cause,
      ),
    );
    const text = JSON.stringify(err);
    for (const value of ['Asha Verma', 'asha@example.com', '9876543210', 'params']) {
      expect(text).not.toContain(value);
    }
    expect(err.message).toBe(
      'Failed query: insert into "orders" ("billing", "total_amount") values ($1, $2): value "2360000000" is out of range for type integer',
    );
    expect(err.stack).toMatch(/^DrizzleQueryError: Failed query: insert into "orders"/);
    expect(err.stack).toContain('log-serializers.test.ts');
  });

  it('writes other errors as pino does', () => {
    const error = Object.assign(new Error('provider said no'), { statusCode: 502 });
    expect(logged(error)).toEqual(JSON.parse(JSON.stringify(pino.stdSerializers.err(error))));
  });
});

describe('serializeRequest', () => {
  const request = (url: string) =>
    serializeRequest({
      method: 'GET',
      url,
      host: 'store.test',
      ip: '203.0.113.7',
      socket: { remotePort: 51000 },
    } as unknown as FastifyRequest);

  it('leaves searches and tokens out of the logged address, and keeps the rest', () => {
    expect(request('/api/v1/admin/orders?q=asha%40example.com&page=2')).toEqual({
      method: 'GET',
      url: '/api/v1/admin/orders?q=%E2%80%A6&page=2',
      host: 'store.test',
      remoteAddress: '203.0.113.7',
      remotePort: 51000,
    });
    expect(request('/api/v1/alerts/unsubscribe?token=abc.def').url).toBe(
      '/api/v1/alerts/unsubscribe?token=%E2%80%A6',
    );
    expect(request('/api/v1/numbers?category=mirror-numbers&sort=price').url).toBe(
      '/api/v1/numbers?category=mirror-numbers&sort=price',
    );
    expect(request('/api/v1/health').url).toBe('/api/v1/health');
  });

  it("leaves out the values of parameters it does not know, a plain-words search's and a stranger's", () => {
    expect(
      request('/api/v1/numbers?text=born+12+may+1990&mustContain=1205&page=3&utm_source=ig').url,
    ).toBe('/api/v1/numbers?text=%E2%80%A6&mustContain=%E2%80%A6&page=3&utm_source=ig');
    expect(request('/vip-numbers?email=asha%40example.com&gclid=Cj0K&email=x').url).toBe(
      '/vip-numbers?email=%E2%80%A6&gclid=%E2%80%A6&email=%E2%80%A6',
    );
  });
});
