import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { insertTestNumbers } from '../../test-support/numbers';
import { salesInventory, signedIn, staffMember } from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';
import { argon2 } from '../auth/password-hashing';

/**
 * Every operation of the API's own OpenAPI document, called with malformed and hostile input:
 * path parameters, query strings, bodies (broken JSON, JSON of any shape, the documented fields
 * with values of any type, NUL and lone surrogates inside, nesting thousands deep), content types
 * and cookies. Whatever comes in, the answer is never a
 * 5xx, and a refusal is a JSON error with a message a person can read. FUZZ_RUNS changes the
 * number of requests (at least 10,000 in CI); FUZZ_SEED replays a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
}

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

function operationsOf(document: { paths?: Record<string, Record<string, OpenApiOperation>> }) {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    if (!path.startsWith('/api/v1/')) continue;
    for (const [method, op] of Object.entries(methods)) {
      const query = (op.parameters ?? []).filter((p) => p.in === 'query');
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: [...path.matchAll(/{(\w+)}/g)].map((match) => match[1]!),
        query: Object.fromEntries(query.map((p) => [p.name, p.schema ?? {}])),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

const nasty = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'null',
  'undefined',
  'true',
  '-1',
  '0',
  '1e309',
  'NaN',
  '9'.repeat(40),
  '2147483648',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '{}',
  '[]',
  '\uD800',
  '😀'.repeat(50),
  'x'.repeat(5000),
  '00000000-0000-0000-0000-000000000000',
);
const text = fc.oneof(
  nasty,
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.uuid(),
);
const value = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(text, { maxLength: 3 }),
);

/** Percent-encoded; a lone surrogate (which cannot be) becomes U+FFFD first. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

/** A path parameter: any text, percent-encoded, or a broken percent escape. */
const pathValue = (known: readonly string[]) =>
  fc.oneof(text.map(encode), fc.constantFrom('%', '%zz', '%00', '%2F..%2F', '%C0%AF', ...known));

/** Text a person could have typed into a field of this name, so that input gets past validation. */
function plausible(name: string): fc.Arbitrary<string> {
  const field = name.toLowerCase();
  const pick = (...values: string[]) => fc.constantFrom(...values);
  if (field.includes('email')) return pick('asha.verma@example.com', 'A@B.IN');
  if (field.includes('mobile') || field.includes('contact')) {
    return pick('9876543210', '+91 98765 43210', 'asha.verma@example.com');
  }
  if (field.includes('password')) return pick('correct horse battery staple');
  if (field.includes('otp')) return pick('123456', '000000');
  if (field.includes('pin')) return pick('400001');
  if (field === 'state') return pick('Maharashtra');
  if (field.includes('gstin')) return pick('27AAPFU0939F1ZV');
  if (field.includes('id')) return fc.oneof(fc.uuid(), fc.integer({ min: 1, max: 50 }).map(String));
  return pick('Asha Verma', 'Verma Traders', '12 MG Road', 'Mumbai', 'A note for the team', '786');
}

/** Text PostgreSQL cannot store: NUL (text and JSON), half a surrogate pair (jsonb). */
const unstorable = fc.constantFrom('\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF');

/** A plausible value with a NUL character or a lone surrogate somewhere in it. */
const withUnstorable = (text: fc.Arbitrary<string>) =>
  fc.tuple(text, fc.nat(), unstorable).map(([t, at, bad]) => {
    const cut = at % (t.length + 1);
    return `${t.slice(0, cut)}${bad}${t.slice(cut)}`;
  });

/** JSON nested from a few levels past the limit (64) to thousands: arrays, objects or both. */
const deepJson = fc
  .tuple(fc.integer({ min: 60, max: 20_000 }), fc.constantFrom('[', '{"a":', '[{"b":'))
  .map(([levels, open]) => {
    const close = open === '[' ? ']' : open === '{"a":' ? '}' : '}]';
    const per = open === '[{"b":' ? 2 : 1;
    const times = Math.ceil(levels / per);
    return `{"x":${open.repeat(times)}1${close.repeat(times)}}`;
  });

/**
 * A value for a field of this JSON schema: mostly one that fits (so that requests reach the
 * services and the database), often one that almost fits (NUL or half a surrogate pair inside),
 * sometimes anything.
 */
function valueFor(name: string, schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const types = [schema.type ?? []].flat();
  let fitting: fc.Arbitrary<unknown>;
  if (schema.enum && schema.enum.length > 0) fitting = fc.constantFrom(...schema.enum);
  else if (schema.anyOf && schema.anyOf.length > 0 && depth < 3) {
    fitting = fc.oneof(...schema.anyOf.map((option) => valueFor(name, option, depth + 1)));
  } else if (schema.properties && depth < 3) fitting = objectFor(schema, depth + 1);
  else if (types.includes('array') && schema.items && depth < 3) {
    fitting = fc.array(valueFor(name, schema.items, depth + 1), { maxLength: 3 });
  } else if (types.includes('boolean')) fitting = fc.boolean();
  else if (types.includes('integer') || types.includes('number')) {
    fitting = fc.oneof(fc.integer({ min: -5, max: 100_000 }), fc.double());
  } else fitting = fc.oneof(plausible(name), plausible(name).map(encodeURIComponent));
  const text = plausible(name);
  return fc.oneof(
    { weight: 6, arbitrary: fitting },
    { weight: 2, arbitrary: withUnstorable(text) },
    { weight: 2, arbitrary: value },
  );
}

/** An object of this schema: every required field (or not quite), some optional ones, extras. */
function objectFor(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const model = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, field]) => [
      key,
      valueFor(key, field, depth),
    ]),
  );
  const required = (schema.required ?? []).filter((key) => key in model);
  return fc.oneof(
    { weight: 4, arbitrary: fc.record(model, { requiredKeys: required }) },
    { weight: 1, arbitrary: fc.record(model, { requiredKeys: [] }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.record(model, { requiredKeys: required }),
          fc.dictionary(text, value, { maxKeys: 2 }),
        )
        .map(([known, extra]) => ({ ...extra, ...known })),
    },
  );
}

/** A value as query text: an object (one without a prototype too) as its JSON. */
const queryText = (v: unknown) =>
  typeof v === 'string' ? v : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);

/** `a=1&b=2`: every value percent-encoded, an array as the key repeated. */
const queryString = (fields: Record<string, unknown>) =>
  Object.entries(fields)
    .flatMap(([key, v]) => (Array.isArray(v) ? v.map((item) => [key, item]) : [[key, v]]))
    .map(([key, v]) => `${encode(String(key))}=${encode(queryText(v))}`)
    .join('&');

/** A query string: the documented parameters (fitting or not), others, repeated, or broken. */
const queryOf = (params: Record<string, JsonSchema>) =>
  fc.oneof(
    { weight: 8, arbitrary: objectFor({ properties: params }).map(queryString) },
    { weight: 2, arbitrary: fc.dictionary(text, text, { maxKeys: 4 }).map(queryString) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        'a=%zz',
        '&&&',
        'a[b]=1&a[c]=2',
        '__proto__[x]=1',
        'page=1&page=2',
      ),
    },
  );

/** A body: one of its schema (fitting or not), broken JSON, or JSON of any shape. */
const bodyOf = (schema: JsonSchema | undefined) =>
  fc.oneof(
    {
      weight: schema ? 6 : 1,
      arbitrary: objectFor(schema ?? {}).map((body) => JSON.stringify(body)),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{',
        '{"a":',
        'nul',
        '[1,',
        '"unterminated',
        '{"__proto__":{"admin":true}}',
        '{"constructor":{"prototype":{"admin":true}}}',
        '\u0000',
        '{"a":1}garbage',
        'null',
      ),
    },
    { weight: 1, arbitrary: fc.string() },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: deepJson },
  );

/** Other request headers, with values of any printable (or Latin-1) text. */
const extraHeaders = fc.dictionary(
  fc.constantFrom(
    'x-request-id',
    'accept',
    'accept-encoding',
    'authorization',
    'x-forwarded-for',
    'if-none-match',
    'content-length',
    'range',
  ),
  fc.oneof(
    fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) }),
    fc.string({ unit: fc.integer({ min: 0x80, max: 0xff }).map((c) => String.fromCharCode(c)) }),
    nasty.filter((v) => /^[\x20-\x7e]*$/.test(v)),
  ),
  { maxKeys: 3 },
);

const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/vnd.api+json',
  '*/*',
  undefined,
);

describeEachDatabase(
  'fuzzing every operation of the OpenAPI document',
  (ctx) => {
    let operations: Operation[] = [];
    let cookies: string[] = [];
    let known: string[] = [];
    beforeAll(async () => {
      operations = operationsOf(ctx().app.swagger() as never);
      // The requests are what is tested, not argon2: its 20-odd ms a call would slow the run.
      vi.spyOn(argon2, 'hash').mockResolvedValue('$argon2id$v=19$m=19456,t=2,p=1$fuzz$fuzz');
      vi.spyOn(argon2, 'verify').mockResolvedValue(false);
    });
    afterAll(() => {
      vi.restoreAllMocks();
    });

    // 60 ms a request of the 10,000: they took 1 to 13 ms each on two shared cores, the most on
    // a busy machine (126 s in all while the linters ran beside it).
    it(`never answers 5xx, and refuses with a JSON message (${RUNS} requests)`, async () => {
      const { app } = ctx();
      const ids = await insertTestNumbers(app, salesInventory);
      const buyer = await signedIn(app);
      const staff = await staffMember(app, 'admin');
      const buyerToken = buyer.client.cookie('access_token')!;
      await buyer.client.post(api(`/cart/add/${ids.get('9876598765')}`));
      const order = (await buyer.client.post(api('/cart/checkout'))).json().data.order;
      known = [String(ids.get('7070700852')), order.id, buyer.user.id];
      cookies = [
        '',
        `access_token=${buyerToken}`,
        `access_token=${staff.client.cookie('access_token')}`,
        'access_token=garbage.token',
        'refresh_token=abc; known_device=eyJ4IjoxfQ.forged',
        `access_token=${buyerToken}; refresh_token=${'%00'.repeat(10)}`,
      ];
      const request = fc.constantFrom(...operations).chain((op) =>
        fc.record({
          op: fc.constant(op),
          params: fc.tuple(...op.pathParams.map(() => pathValue(known))),
          query: queryOf(op.query),
          body: op.body
            ? fc.option(bodyOf(op.body), { nil: undefined, freq: 8 })
            : fc.option(bodyOf(undefined), { nil: undefined, freq: 2 }),
          contentType,
          cookie: fc.constantFrom(...cookies),
          extra: extraHeaders,
          sameOrigin: fc.boolean(),
        }),
      );

      let sent = 0;
      const answered = new Map<string, number>();
      const started = Date.now();
      await fc.assert(
        fc.asyncProperty(
          request,
          async ({ op, params, query, body, contentType, cookie, sameOrigin, extra }) => {
            let path = op.path;
            op.pathParams.forEach((name, i) => (path = path.replace(`{${name}}`, params[i]!)));
            const headers: Record<string, string> = { ...extra };
            if (contentType && body !== undefined) headers['content-type'] = contentType;
            if (cookie) headers.cookie = cookie;
            if (sameOrigin) headers.origin = 'http://store.test';
            let res: LightMyRequestResponse;
            try {
              res = await app.inject({
                method: op.method,
                url: query ? `${path}?${query}` : path,
                headers,
                ...(body === undefined ? {} : { payload: body }),
              });
            } catch (error) {
              // light-my-request refuses some URLs itself; that is not the server's answer.
              if (error instanceof TypeError || (error as Error).message.includes('Invalid URL'))
                return;
              throw error;
            }
            sent += 1;
            const kind = `${String(res.statusCode).charAt(0)}xx`;
            answered.set(kind, (answered.get(kind) ?? 0) + 1);
            const where = `${op.method} ${path}?${query} (${res.statusCode}): ${res.body.slice(0, 300)}`;
            expect(res.statusCode, where).toBeLessThan(500);
            if (res.statusCode >= 400) {
              expect(res.headers['content-type'], where).toMatch(/^application\/json/);
              const answer = res.json() as { success?: unknown; message?: unknown };
              expect(answer.success, where).toBe(false);
              expect(typeof answer.message === 'string' && answer.message.length > 0, where).toBe(
                true,
              );
            }
          },
        ),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const kinds = [...answered].sort().map(([kind, n]) => `${kind} ${n}`);
      console.log(
        `fuzz: ${sent} requests over ${operations.length} operations in ${seconds} s (${kinds.join(', ')}; FUZZ_SEED=${SEED})`,
      );
      expect(sent).toBeGreaterThanOrEqual(RUNS * 0.95);
    }, 600_000);
  },
  {
    env: {
      RATE_LIMIT_PER_MINUTE: '100000000',
      OTP_RESEND_COOLDOWN_SECONDS: '0',
      SESSION_SECRET: 'fuzz-test-secret-of-at-least-32-characters',
    },
  },
);
