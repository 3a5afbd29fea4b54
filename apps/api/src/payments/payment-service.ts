import type { Config } from '../config/config';
import type { Database, Db } from '../db/database';
import { createManualPayments } from './manual-payments';
import type { PaymentProvider } from './payment-provider';
import { createRazorpayPayments } from './razorpay-payments';
import { recordEventOnce } from './payment-store';
import { verifyCheckoutSignature, verifyWebhookSignature } from './razorpay-signatures';

export type { PaymentDetails } from './payment-provider';
export type { RazorpayEvent } from './payment-schemas';

/**
 * Payment providers (manual UPI / bank transfer, Razorpay), their signatures, and the ledger of
 * provider events already handled. What a payment does to an order is the orders capability's
 * (orders/mark-paid.ts).
 */
export function createPaymentService({ config, database }: { config: Config; database: Database }) {
  const manual = createManualPayments(config);
  const razorpay = createRazorpayPayments(config);

  return {
    /** The provider an order was placed with (or the configured one for a new order). */
    provider(name: string = config.PAYMENT_PROVIDER): PaymentProvider {
      return name === 'razorpay' ? razorpay : manual;
    },

    /**
     * Records a provider event id, or another once-only key, in the caller's transaction when
     * one is given; false when it was recorded before (a repeated delivery).
     */
    recordOnce: (id: string, provider: string, executor: Db = database.db) =>
      recordEventOnce(executor, id, provider),

    /**
     * Razorpay checkout's callback: the signature over `order_id|payment_id` with the key
     * secret. Undefined when Razorpay is not configured.
     */
    verifyRazorpayCheckout(payment: { orderId: string; paymentId: string; signature: string }) {
      const secret = config.RAZORPAY_KEY_SECRET;
      return secret ? verifyCheckoutSignature(payment, secret) : undefined;
    },

    /** Whether Razorpay webhooks are configured (RAZORPAY_WEBHOOK_SECRET). */
    webhooksConfigured: () => Boolean(config.RAZORPAY_WEBHOOK_SECRET),

    /** A webhook's X-Razorpay-Signature over its raw body, with the webhook secret. */
    verifyRazorpayWebhook(rawBody: Buffer, signature: string | undefined): boolean {
      const secret = config.RAZORPAY_WEBHOOK_SECRET;
      return Boolean(secret) && verifyWebhookSignature(rawBody, signature, secret!);
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
