import type { Config } from '../config/config';
import type {
  PayableOrder,
  PaymentDetails,
  PaymentProvider,
  RazorpayCheckout,
} from './payment-provider';

class RazorpayError extends Error {
  constructor(
    message: string,
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
    const auth = Buffer.from(`${this.options.keyId}:${this.options.keySecret}`).toString('base64');
    let response: Response;
    try {
      response = await fetch(`${this.options.apiBase.replace(/\/+$/, '')}/orders`, {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
        body: JSON.stringify(input),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw new RazorpayError(`Razorpay could not be reached: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) {
      throw new RazorpayError(
        `Razorpay refused the order (${response.status}): ${text.slice(0, 300)}`,
        response.status,
      );
    }
    const body = JSON.parse(text) as Partial<RazorpayOrder>;
    if (typeof body.id !== 'string' || body.id.length === 0) {
      throw new RazorpayError('Razorpay answered without an order id');
    }
    return body as RazorpayOrder;
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
  });

  const describePayment = (order: PayableOrder): PaymentDetails => ({
    razorpay: order.providerOrderId ? checkout(order, order.providerOrderId) : null,
  });

  return {
    name: 'razorpay',
    describePayment,
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
