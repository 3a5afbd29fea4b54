import { normalizeUtr, toRupees } from '@store/domain';
import type { Config } from '../config/config';
import type { Database, Db } from '../db/database';
import type { Tx } from '../db/transactions';
import { createManualPayments } from './manual-payments';
import type { PaymentProvider } from './payment-provider';
import type { PaymentRecordView } from './payment-schemas';
import {
  findPaymentByKey,
  insertPayment,
  insertRefund,
  readPayments,
  readRefunds,
  recordEventOnce,
  unapplyPayments,
  updateRefund,
  type PaymentRow,
  type RefundRow,
} from './payment-store';
import { createRazorpayPayments, RazorpayError } from './razorpay-payments';
import { verifyCheckoutSignature, verifyWebhookSignature } from './razorpay-signatures';

export type { PaymentDetails } from './payment-provider';
export type { RazorpayEvent } from './payment-schemas';
export type { PaymentRow, RefundRow } from './payment-store';

/** A refund's one reference: Razorpay's refund id, or the UTR staff gave for a manual one. */
export const refundReference = (refund: RefundRow) =>
  refund.providerRefundId ?? refund.manualReference;

/** A payment of an order with its refunds, and where its money stands. */
export interface OrderPayment {
  row: PaymentRow;
  confirmedByName: string | null;
  refunds: (RefundRow & { staffName: string | null })[];
  /** The refund of the payment as a whole requested or done, if any (at most one). */
  liveRefund: RefundRow | undefined;
  /** The refunds of one number of the order each, requested or done (at most one a number). */
  lineRefunds: RefundRow[];
  /** Received, not paying for the order, not refunded. */
  dueBack: boolean;
}

/** What asking the provider for a refund came to. */
export type ProviderRefund =
  | { ok: true; id: string; status: string }
  /** `definitive`: the provider refused it (it will refuse again); otherwise it may be retried. */
  | { ok: false; definitive: boolean; message: string };

/**
 * Payment providers (manual UPI / bank transfer, Razorpay), their signatures, the ledger of
 * provider events already handled, and the records of every payment and refund of an order.
 * What a payment does to an order is the orders capability's (orders/mark-paid.ts).
 */
export function createPaymentService({ config, database }: { config: Config; database: Database }) {
  const manual = createManualPayments(config);
  const razorpay = createRazorpayPayments(config);
  const provider = (name: string = config.PAYMENT_PROVIDER): PaymentProvider =>
    name === 'razorpay' ? razorpay : manual;
  /** A reference as compared: a manual one normalised, a provider's id as it is. */
  const referenceKey = (providerName: string, reference: string) =>
    providerName === 'manual' ? normalizeUtr(reference) : reference;

  return {
    /** The provider an order was placed with (or the configured one for a new order). */
    provider,

    /**
     * Records a provider event id, or another once-only key, in the caller's transaction when
     * one is given; false when it was recorded before (a repeated delivery).
     */
    recordOnce: (id: string, providerName: string, executor: Db = database.db) =>
      recordEventOnce(executor, id, providerName),

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

    /**
     * The payment recorded with this reference (a manual one compared normalised: trimmed,
     * upper case, no spaces), on whichever order, with that order's reference.
     */
    findByReference: (executor: Db, providerName: string, reference: string) =>
      findPaymentByKey(executor, providerName, referenceKey(providerName, reference)),

    /** Records money received for an order, in the caller's transaction. */
    record(
      tx: Tx,
      payment: {
        orderId: string;
        provider: string;
        reference: string;
        /** Paise. */
        amount: number;
        applied: boolean;
        confirmedBy?: string | null;
      },
    ): Promise<PaymentRow> {
      return insertPayment(tx, {
        ...payment,
        referenceKey: referenceKey(payment.provider, payment.reference),
        status: 'confirmed',
        confirmedBy: payment.confirmedBy ?? null,
        confirmedAt: new Date(),
      });
    },

    /** The order was cancelled: none of its payments pays for it any more (they are due back). */
    unapply: (tx: Tx, orderId: string) => unapplyPayments(tx, orderId),

    /** The payments of these orders with their refunds, by order id, oldest first. */
    async forOrders(
      orderIds: readonly string[],
      executor: Db = database.db,
    ): Promise<Map<string, OrderPayment[]>> {
      const byOrder = new Map<string, OrderPayment[]>(orderIds.map((id) => [id, []]));
      if (orderIds.length === 0) return byOrder;
      const [rows, refundRows] = await Promise.all([
        readPayments(executor, orderIds),
        readRefunds(executor, orderIds),
      ]);
      for (const { payment, confirmedByName } of rows) {
        const refunds = refundRows
          .filter(({ refund }) => refund.paymentId === payment.id)
          .map(({ refund, staffName }) => ({ ...refund, staffName }));
        const live = refunds.filter((refund) => refund.status !== 'failed');
        const liveRefund = live.find((refund) => refund.numberId === null);
        byOrder.get(payment.orderId)?.push({
          row: payment,
          confirmedByName,
          refunds,
          liveRefund,
          lineRefunds: live.filter((refund) => refund.numberId !== null),
          dueBack: payment.status === 'confirmed' && !payment.applied && !liveRefund,
        });
      }
      return byOrder;
    },

    /** A payment as the console shows it. */
    view(payment: OrderPayment): PaymentRecordView {
      const { row } = payment;
      return {
        id: row.id,
        provider: row.provider,
        reference: row.reference,
        amount: toRupees(row.amount),
        status: row.status,
        applied: row.applied,
        dueBack: payment.dueBack,
        refundable: row.status === 'confirmed' && !payment.liveRefund,
        confirmedBy: payment.confirmedByName,
        at: (row.confirmedAt ?? row.createdAt).toISOString(),
        refunds: payment.refunds.map((refund) => ({
          id: refund.id,
          method: refund.method,
          amount: toRupees(refund.amount),
          numberId: refund.numberId,
          reason: refund.reason,
          status: refund.status,
          providerRefundId: refund.providerRefundId,
          reference: refundReference(refund),
          failure: refund.failure,
          // A system refund: a late Razorpay payment refunded automatically.
          by: refund.staffName ?? 'System',
          at: refund.createdAt.toISOString(),
          completedAt: refund.completedAt ? refund.completedAt.toISOString() : null,
        })),
      };
    },

    /** Records a refund (requested, or done for a manual one) in the caller's transaction. */
    startRefund: (tx: Tx, refund: Parameters<typeof insertRefund>[1]) => insertRefund(tx, refund),

    /** Records how a requested refund ended. */
    finishRefund: (tx: Tx, id: string, changes: Parameters<typeof updateRefund>[2]) =>
      updateRefund(tx, id, changes),

    /**
     * Asks the payment's provider to pay the refund's amount back (the whole payment, or part of
     * it), with the refund's id as the idempotency key (asking again with it never refunds
     * twice). Never call it inside a database transaction.
     */
    async refundThroughProvider(
      payment: PaymentRow,
      refund: Pick<RefundRow, 'id' | 'amount'>,
      notes: Record<string, string>,
    ): Promise<ProviderRefund> {
      const payBack = provider(payment.provider).refund;
      if (!payBack) {
        return {
          ok: false,
          definitive: true,
          message: `A ${payment.provider} payment is refunded by staff.`,
        };
      }
      try {
        const answer = await payBack(
          { reference: payment.reference, amount: refund.amount },
          refund.id,
          notes,
        );
        return { ok: true, id: answer.id, status: answer.status };
      } catch (error) {
        if (!(error instanceof RazorpayError)) throw error;
        // A 4xx is a refusal (already refunded, not captured, bad amount) except 409, which
        // Razorpay answers while the same request is still being processed.
        const definitive =
          error.status !== undefined &&
          error.status >= 400 &&
          error.status < 500 &&
          error.status !== 409;
        return { ok: false, definitive, message: error.message };
      }
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
