import type { Config } from '../config/config';

type PaymentProviderName = Config['PAYMENT_PROVIDER'];

/** What a provider needs to know of an order (amounts in paise). */
export interface PayableOrder {
  id: string;
  reference: string;
  totalAmount: number;
  /** The provider's own order, once created (Razorpay). */
  providerOrderId: string | null;
}

/**
 * Stores the provider's order id for the order unless another was stored first (two readers
 * may race to create it); returns the id the order holds afterwards, or null.
 */
type ClaimProviderOrderId = (providerOrderId: string) => Promise<string | null>;

/** Manual payment: what to pay, where, and the reference to quote (amount in rupees). */
export interface ManualInstructions {
  /** null: the amount is over `upiLimit`, so bank transfer only. */
  upiId: string | null;
  /** Rupees: the most UPI is offered for. */
  upiLimit: number;
  bankDetails: string;
  reference: string;
  amount: number;
}

/** What Razorpay's checkout script needs (amount in paise, as Razorpay wants it). */
export interface RazorpayCheckout {
  keyId: string;
  orderId: string;
  amount: number;
  currency: 'INR';
  name: string;
  description: string;
  /** The address of the checkout script (RAZORPAY_CHECKOUT_URL). */
  checkoutUrl: string;
}

/** Payment details for the client; which fields are set depends on the provider. */
export interface PaymentDetails {
  instructions?: ManualInstructions;
  /** manual: `upi://pay?...` with the exact amount and the order reference (one tap on a phone). */
  upiLink?: string;
  /** null while the Razorpay order could not be created yet (retried on the next order read). */
  razorpay?: RazorpayCheckout | null;
}

/**
 * One way of taking a payment. Every provider ends in the same idempotent mark-paid
 * (orders/mark-paid.ts): the staff confirmation, Razorpay's browser callback or its webhook.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /**
   * What the client needs to pay the order; creates the provider-side payment the first time
   * (idempotent). May call the network: never call it inside a database transaction.
   */
  createPayment(order: PayableOrder, claim: ClaimProviderOrderId): Promise<PaymentDetails>;
  /** The same from what is stored, without any network call (order lists). */
  describePayment(order: PayableOrder): PaymentDetails;
  /**
   * Pays `amount` paise of a payment back through the provider (Razorpay): all of it, or part
   * (one number's share of the order, decision 0039), once per idempotency key
   * (at least 10 characters); rejects with the provider's refusal. Absent for manual payments,
   * which staff pay back themselves.
   */
  refund?(
    payment: { reference: string; amount: number },
    idempotencyKey: string,
    notes: Record<string, string>,
  ): Promise<{ id: string; status: string }>;
}
