import { toRupees } from '@store/domain';
import type { Config } from '../config/config';
import type { ManualInstructions, PayableOrder, PaymentProvider } from './payment-provider';

/** UPI or bank transfer quoting the order reference; support confirms it in the console. */
export function createManualPayments(
  config: Pick<Config, 'PAYMENT_UPI_ID' | 'PAYMENT_BANK_DETAILS'>,
): PaymentProvider {
  const instructions = (order: PayableOrder): ManualInstructions => ({
    upiId: config.PAYMENT_UPI_ID,
    bankDetails: config.PAYMENT_BANK_DETAILS,
    reference: order.reference,
    amount: toRupees(order.totalAmount),
  });
  return {
    name: 'manual',
    async createPayment(order) {
      return { instructions: instructions(order) };
    },
    describePayment(order) {
      return { instructions: instructions(order) };
    },
  };
}
