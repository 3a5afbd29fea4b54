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

interface FakeRazorpayRefund {
  id: string;
  payment_id: string;
  amount: number;
  notes?: Record<string, string>;
  /** The X-Refund-Idempotency header it was made with. */
  idempotencyKey: string;
}

export interface FakeRazorpay {
  /** e.g. http://127.0.0.1:41234/v1, for RAZORPAY_API_BASE */
  base: string;
  orders: FakeRazorpayOrder[];
  /** Refunds made, once per idempotency key. */
  refunds: FakeRazorpayRefund[];
  /** Every refund request's idempotency key, repeats included. */
  refundRequests: string[];
  /** Every request's Authorization header, in order. */
  authorizations: (string | undefined)[];
  /** The next `count` order creations answer 500. */
  failNext(count: number): void;
  /**
   * The next refund request: `refuse` answers 400 (as for a payment refunded already);
   * `lose-answer` makes the refund but answers 500, as when the answer is lost on the way.
   */
  nextRefund(behaviour: 'refuse' | 'lose-answer'): void;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const error = (description: string) => ({ error: { code: 'BAD_REQUEST_ERROR', description } });

/**
 * A local stand-in for Razorpay's order API (POST /v1/orders) and refund API
 * (POST /v1/payments/{id}/refund) for tests: it checks basic auth with the given key id and
 * secret and that amounts are whole paise (at least 100), keeps refunds idempotent by their
 * X-Refund-Idempotency key (the same key answers the same refund), and answers like Razorpay
 * does. Listens on 127.0.0.1 on a free port.
 */
export async function startFakeRazorpay(keys: {
  keyId: string;
  keySecret: string;
}): Promise<FakeRazorpay> {
  const expected = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;
  const orders: FakeRazorpayOrder[] = [];
  const authorizations: (string | undefined)[] = [];
  const refunds: FakeRazorpayRefund[] = [];
  const refundRequests: string[] = [];
  let failures = 0;
  let refundBehaviour: 'refuse' | 'lose-answer' | undefined;

  function refund(req: IncomingMessage, res: ServerResponse, paymentId: string, raw: string) {
    const key = req.headers['x-refund-idempotency'];
    if (typeof key !== 'string' || !/^[\w-]{10,}$/.test(key)) {
      return send(res, 400, error('The idempotency key is invalid.'));
    }
    refundRequests.push(key);
    const behaviour = refundBehaviour;
    refundBehaviour = undefined;
    if (behaviour === 'refuse') {
      return send(res, 400, error('The payment has been fully refunded already.'));
    }
    let body: { amount?: number; notes?: Record<string, string> };
    try {
      body = JSON.parse(raw);
    } catch {
      return send(res, 400, error('Invalid JSON'));
    }
    if (!Number.isInteger(body.amount) || (body.amount ?? 0) < 100) {
      return send(res, 400, error('The amount must be an integer in paise, at least 100.'));
    }
    let made = refunds.find((candidate) => candidate.idempotencyKey === key);
    if (!made) {
      made = {
        id: `rfnd_${randomBytes(7).toString('hex')}`,
        payment_id: paymentId,
        amount: body.amount!,
        notes: body.notes,
        idempotencyKey: key,
      };
      refunds.push(made);
    }
    if (behaviour === 'lose-answer') return send(res, 500, error('Something went wrong'));
    const { idempotencyKey: _key, ...answer } = made;
    send(res, 200, { ...answer, entity: 'refund', currency: 'INR', status: 'processed' });
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      authorizations.push(req.headers.authorization);
      const refundOf = /^\/v1\/payments\/([^/]+)\/refund$/.exec(req.url ?? '')?.[1];
      if (req.method !== 'POST' || (req.url !== '/v1/orders' && !refundOf)) {
        return send(res, 404, error('The requested URL was not found on the server.'));
      }
      if (req.headers.authorization !== expected) {
        return send(res, 401, error('Authentication failed'));
      }
      if (refundOf) return refund(req, res, refundOf, Buffer.concat(chunks).toString('utf8'));
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
    refunds,
    refundRequests,
    authorizations,
    failNext(count) {
      failures = count;
    },
    nextRefund(behaviour) {
      refundBehaviour = behaviour;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
