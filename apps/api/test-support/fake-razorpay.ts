import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeRazorpayOrder {
  id: string;
  amount: number;
  currency: string;
  receipt?: string;
  notes?: Record<string, string>;
}

export interface FakeRazorpay {
  /** e.g. http://127.0.0.1:41234/v1, for RAZORPAY_API_BASE */
  base: string;
  orders: FakeRazorpayOrder[];
  /** Every request's Authorization header, in order. */
  authorizations: (string | undefined)[];
  /** The next `count` order creations answer 500. */
  failNext(count: number): void;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const error = (description: string) => ({ error: { code: 'BAD_REQUEST_ERROR', description } });

/**
 * A local stand-in for Razorpay's order API (POST /v1/orders) for tests: it checks basic auth
 * with the given key id and secret and that the amount is whole paise (at least 100), and answers
 * like Razorpay does. Listens on 127.0.0.1 on a free port.
 */
export async function startFakeRazorpay(keys: {
  keyId: string;
  keySecret: string;
}): Promise<FakeRazorpay> {
  const expected = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;
  const orders: FakeRazorpayOrder[] = [];
  const authorizations: (string | undefined)[] = [];
  let failures = 0;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      authorizations.push(req.headers.authorization);
      if (req.method !== 'POST' || req.url !== '/v1/orders') {
        return send(res, 404, error('The requested URL was not found on the server.'));
      }
      if (req.headers.authorization !== expected) {
        return send(res, 401, error('Authentication failed'));
      }
      if (failures > 0) {
        failures -= 1;
        return send(res, 500, error('Something went wrong'));
      }
      let body: Partial<FakeRazorpayOrder>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return send(res, 400, error('Invalid JSON'));
      }
      if (!Number.isInteger(body.amount) || (body.amount ?? 0) < 100) {
        return send(res, 400, error('The amount must be an integer in paise, at least 100.'));
      }
      if (body.currency !== 'INR') return send(res, 400, error('Currency is not supported'));
      const order: FakeRazorpayOrder = {
        id: `order_${randomBytes(7).toString('hex')}`,
        amount: body.amount!,
        currency: body.currency,
        receipt: body.receipt,
        notes: body.notes,
      };
      orders.push(order);
      send(res, 200, {
        ...order,
        entity: 'order',
        amount_paid: 0,
        amount_due: order.amount,
        status: 'created',
        attempts: 0,
        created_at: Math.floor(Date.now() / 1000),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/v1`,
    orders,
    authorizations,
    failNext(count) {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
