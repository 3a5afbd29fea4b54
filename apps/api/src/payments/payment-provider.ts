import type { Config } from '../config/config';
import type { Database } from '../db/database';
import type { orders } from '../db/schema';
import { createManualPayments } from './manual-payments';
import { createRazorpayPayments } from './razorpay-payments';

export type OrderRow = typeof orders.$inferSelect;
export type PaymentProviderName = Config['PAYMENT_PROVIDER'];

/** Manual payment: what to pay, where, and the reference to quote (amount in rupees). */
export interface ManualInstructions {
  upiId: string;
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
}

/** Payment details for the client; which fields are set depends on the provider. */
export interface PaymentDetails {
  instructions?: ManualInstructions;
  /** null while the Razorpay order could not be created yet (retried on the next order read). */
  razorpay?: RazorpayCheckout | null;
}

/**
 * One way of taking a payment. Every provider ends in the same idempotent mark-paid
 * (payments/mark-paid.ts): the staff confirmation, Razorpay's browser callback or its webhook.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /**
   * What the client needs to pay the order; creates the provider-side payment the first time
   * (idempotent). May call the network: never call it inside a database transaction.
   */
  createPayment(order: OrderRow): Promise<PaymentDetails>;
  /** The same from what is stored, without any network call (order lists). */
  describePayment(order: OrderRow): PaymentDetails;
}

export interface PaymentDeps {
  config: Config;
  database: Database;
}

/** The provider an order was placed with (or the configured one for a new order). */
export function paymentProvider(
  deps: PaymentDeps,
  name: string = deps.config.PAYMENT_PROVIDER,
): PaymentProvider {
  if (name === 'razorpay') return createRazorpayPayments(deps);
  return createManualPayments(deps.config);
}
