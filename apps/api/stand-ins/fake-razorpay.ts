import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The stand-in's checkout.js, as the browser gets it. */
const checkoutScript = readFileSync(
  new URL('./fake-razorpay-checkout.js', import.meta.url),
  'utf8',
);

interface FakeRazorpayOrder {
  id: string;
  amount: number;
  currency: string;
  receipt?: string;
  notes?: Record<string, string>;
}

/** A payment the checkout's Pay button made, captured at once. */
interface FakeRazorpayPayment {
  id: string;
  order_id: string;
  amount: number;
}

/** A webhook delivered to the store, with the status it answered (0: it could not be reached). */
interface FakeRazorpayWebhook {
  event: string;
  eventId: string;
  paymentId: string;
  status: number;
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
  /** e.g. http://127.0.0.1:41234/checkout.js, for RAZORPAY_CHECKOUT_URL */
  checkoutUrl: string;
  /** The store's settings to take Razorpay payments through this stand-in. */
  storeSettings: Record<string, string>;
  orders: FakeRazorpayOrder[];
  /** Payments made in the checkout window, in order. */
  payments: FakeRazorpayPayment[];
  /** Webhooks delivered, in order. */
  webhooks: FakeRazorpayWebhook[];
  /**
   * Where payment.captured webhooks go (the store's POST /api/v1/payments/razorpay/webhook),
   * signed with the webhook secret; none are sent before this is called or without that secret.
   */
  deliverWebhooksTo(url: string): void;
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

/** Razorpay's ids: a prefix and 14 characters. */
const newId = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;

/** Razorpay's payment.captured event, as its webhook sends it (amounts in paise). */
function paymentCapturedEvent(payment: FakeRazorpayPayment) {
  const now = Math.floor(Date.now() / 1000);
  return {
    entity: 'event',
    account_id: 'acc_standin0000000',
    event: 'payment.captured',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: payment.id,
          entity: 'payment',
          amount: payment.amount,
          currency: 'INR',
          status: 'captured',
          order_id: payment.order_id,
          invoice_id: null,
          international: false,
          method: 'upi',
          amount_refunded: 0,
          refund_status: null,
          captured: true,
          description: 'Paid in the Razorpay stand-in',
          vpa: 'success@razorpay',
          notes: [],
          fee: 0,
          tax: 0,
          error_code: null,
          error_description: null,
          created_at: now,
        },
      },
    },
    created_at: now,
  };
}

/**
 * A local stand-in for Razorpay: its order API (POST /v1/orders) and refund API
 * (POST /v1/payments/{id}/refund), checking basic auth with the given key id and secret and that
 * amounts are whole paise (at least 100), refunds idempotent by their X-Refund-Idempotency key
 * (the same key answers the same refund), answering as Razorpay does; and its checkout
 * (GET /checkout.js, fake-razorpay-checkout.js), whose Pay button asks POST /v1/checkout/pay to
 * capture a payment of the order: it answers what Razorpay hands the checkout's handler
 * (razorpay_signature the HMAC-SHA256 of `order_id|payment_id` with the key secret) and then
 * delivers payment.captured to the store's webhook, signed with the webhook secret, as Razorpay
 * does. Listens on 127.0.0.1, on `port` or a free one. The API tests, the e2e tests and
 * `npm run dev:razorpay` use it (decision 0076).
 */
export async function startFakeRazorpay(
  keys: { keyId: string; keySecret: string; webhookSecret: string },
  { port = 0 }: { port?: number } = {},
): Promise<FakeRazorpay> {
  const expected = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;
  const orders: FakeRazorpayOrder[] = [];
  const authorizations: (string | undefined)[] = [];
  const refunds: FakeRazorpayRefund[] = [];
  const refundRequests: string[] = [];
  const payments: FakeRazorpayPayment[] = [];
  const webhooks: FakeRazorpayWebhook[] = [];
  let webhookUrl: string | undefined;
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
        id: newId('rfnd'),
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

  async function deliverCaptured(payment: FakeRazorpayPayment) {
    if (!webhookUrl) return;
    const body = JSON.stringify(paymentCapturedEvent(payment));
    const eventId = newId('evt');
    let status = 0;
    try {
      const answer = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-event-id': eventId,
          'x-razorpay-signature': createHmac('sha256', keys.webhookSecret)
            .update(body)
            .digest('hex'),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      status = answer.status;
    } catch {
      // Not reached: recorded with status 0.
    }
    webhooks.push({ event: 'payment.captured', eventId, paymentId: payment.id, status });
  }

  /** The checkout's Pay: captures a payment of the whole order, as a buyer paying it would. */
  function pay(res: ServerResponse, raw: string) {
    let body: { key?: unknown; order_id?: unknown };
    try {
      body = JSON.parse(raw);
    } catch {
      return send(res, 400, error('Invalid JSON'));
    }
    if (body.key !== keys.keyId) return send(res, 401, error('The api key provided is invalid'));
    const order = orders.find((candidate) => candidate.id === body.order_id);
    if (!order) return send(res, 400, error('The id provided does not exist'));
    const payment = { id: newId('pay'), order_id: order.id, amount: order.amount };
    payments.push(payment);
    send(res, 200, {
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: createHmac('sha256', keys.keySecret)
        .update(`${order.id}|${payment.id}`)
        .digest('hex'),
    });
    void deliverCaptured(payment);
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      // The checkout's calls come from the store's pages, another origin.
      res.setHeader('access-control-allow-origin', '*');
      if (req.url === '/checkout.js' && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
        return res.end(checkoutScript);
      }
      if (req.url === '/v1/checkout/pay') {
        if (req.method === 'OPTIONS') {
          res.writeHead(204, {
            'access-control-allow-methods': 'POST',
            'access-control-allow-headers': 'content-type',
          });
          return res.end();
        }
        if (req.method === 'POST') return pay(res, Buffer.concat(chunks).toString('utf8'));
      }
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
        id: newId('order'),
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
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base: `${origin}/v1`,
    checkoutUrl: `${origin}/checkout.js`,
    storeSettings: {
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: keys.keyId,
      RAZORPAY_KEY_SECRET: keys.keySecret,
      RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret,
      RAZORPAY_API_BASE: `${origin}/v1`,
      RAZORPAY_CHECKOUT_URL: `${origin}/checkout.js`,
    },
    orders,
    payments,
    webhooks,
    deliverWebhooksTo(url) {
      webhookUrl = url;
    },
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
