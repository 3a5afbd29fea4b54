import type { Config } from '../config/config';
import type {
  PayableOrder,
  PaymentDetails,
  PaymentProvider,
  RazorpayCheckout,
} from './payment-provider';

export class RazorpayError extends Error {
  constructor(
    message: string,
    /** Razorpay's HTTP status; undefined when it could not be reached or answered nonsense. */
    public readonly status?: number,
  ) {
    super(message);
    this.name = 'RazorpayError';
  }
}

interface RazorpayOrder {
  id: string;
  amount: number;
  currency: string;
  receipt?: string;
  status: string;
}

/** Razorpay's answer to a refund: `pending` or `processed` once accepted. */
interface RazorpayRefund {
  id: string;
  payment_id: string;
  amount: number;
  status: string;
}

interface RazorpayClientOptions {
  keyId: string;
  keySecret: string;
  /** e.g. https://api.razorpay.com/v1 */
  apiBase: string;
  /** How long a call may take (OUTBOUND_TIMEOUT_SECONDS). */
  timeoutMs: number;
}

/** The part of Razorpay's REST API the store uses, over fetch with basic auth. */
class RazorpayClient {
  constructor(private readonly options: RazorpayClientOptions) {}

  /** POSTs JSON and answers the JSON body, which must carry an `id`. */
  private async post<T extends { id: string }>(
    path: string,
    body: unknown,
    what: string,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const auth = Buffer.from(`${this.options.keyId}:${this.options.keySecret}`).toString('base64');
    let response: Response;
    try {
      response = await fetch(`${this.options.apiBase.replace(/\/+$/, '')}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${auth}`,
          'content-type': 'application/json',
          ...headers,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw new RazorpayError(`Razorpay could not be reached: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) {
      throw new RazorpayError(
        `Razorpay refused the ${what} (${response.status}): ${text.slice(0, 300)}`,
        response.status,
      );
    }
    let answer: Partial<T>;
    try {
      answer = JSON.parse(text) as Partial<T>;
    } catch {
      throw new RazorpayError(`Razorpay answered the ${what} with something that is not JSON`);
    }
    if (typeof answer.id !== 'string' || answer.id.length === 0) {
      throw new RazorpayError(`Razorpay answered the ${what} without an id`);
    }
    return answer as T;
  }

  /** POST /orders: `amount` in paise. */
  async createOrder(input: {
    amount: number;
    currency: 'INR';
    receipt: string;
    notes?: Record<string, string>;
  }): Promise<RazorpayOrder> {
    if (!Number.isSafeInteger(input.amount) || input.amount < 100) {
      throw new RazorpayError(
        `Razorpay needs an amount of at least 100 paise, got ${input.amount}`,
      );
    }
    return this.post<RazorpayOrder>('/orders', input, 'order');
  }

  /**
   * POST /payments/{id}/refund (`amount` in paise). The idempotency key (X-Refund-Idempotency)
   * makes a repeated request, with the same body, answer the first refund instead of a second.
   */
  refund(
    paymentId: string,
    input: { amount: number; notes: Record<string, string> },
    idempotencyKey: string,
  ): Promise<RazorpayRefund> {
    return this.post<RazorpayRefund>(
      `/payments/${encodeURIComponent(paymentId)}/refund`,
      { ...input, speed: 'normal' },
      'refund',
      { 'x-refund-idempotency': idempotencyKey },
    );
  }
}

/**
 * Razorpay: a Razorpay order (amount in paise) is created once per store order, after the
 * checkout transaction has committed, and its id stored in orders.provider_order_id. The browser
 * pays with Razorpay's checkout and posts the signed result to
 * POST /orders/:id/payments/razorpay/verify; Razorpay also calls the webhook.
 */
export function createRazorpayPayments(
  config: Pick<
    Config,
    | 'RAZORPAY_KEY_ID'
    | 'RAZORPAY_KEY_SECRET'
    | 'RAZORPAY_API_BASE'
    | 'RAZORPAY_CHECKOUT_URL'
    | 'OUTBOUND_TIMEOUT_SECONDS'
    | 'STORE_NAME'
  >,
): PaymentProvider {
  const keyId = config.RAZORPAY_KEY_ID ?? '';
  const client = new RazorpayClient({
    keyId,
    keySecret: config.RAZORPAY_KEY_SECRET ?? '',
    apiBase: config.RAZORPAY_API_BASE,
    timeoutMs: config.OUTBOUND_TIMEOUT_SECONDS * 1000,
  });

  const checkout = (order: PayableOrder, razorpayOrderId: string): RazorpayCheckout => ({
    keyId,
    orderId: razorpayOrderId,
    amount: order.totalAmount,
    currency: 'INR',
    name: config.STORE_NAME,
    description: `Order ${order.reference}`,
    checkoutUrl: config.RAZORPAY_CHECKOUT_URL,
  });

  const describePayment = (order: PayableOrder): PaymentDetails => ({
    razorpay: order.providerOrderId ? checkout(order, order.providerOrderId) : null,
  });

  return {
    name: 'razorpay',
    describePayment,
    refund(payment, key, notes) {
      return client.refund(payment.reference, { amount: payment.amount, notes }, key);
    },
    async createPayment(order, claim) {
      if (order.providerOrderId) return describePayment(order);
      if (!config.RAZORPAY_KEY_ID || !config.RAZORPAY_KEY_SECRET) {
        throw new RazorpayError('Razorpay keys are not configured');
      }
      const created = await client.createOrder({
        amount: order.totalAmount,
        currency: 'INR',
        receipt: order.reference,
        notes: { orderId: order.id, reference: order.reference },
      });
      // Two readers may race to create it: the first stored id wins, the other order lapses unpaid.
      const stored = await claim(created.id);
      return { razorpay: stored ? checkout(order, stored) : null };
    },
  };
}
