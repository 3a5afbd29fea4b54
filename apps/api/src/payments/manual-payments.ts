import { toRupees, upiPayLink } from '@store/domain';
import type { Config } from '../config/config';
import type { ManualInstructions, PayableOrder, PaymentProvider } from './payment-provider';

/** UPI or bank transfer quoting the order reference; support confirms it in the console. */
export function createManualPayments(
  config: Pick<Config, 'PAYMENT_UPI_ID' | 'PAYMENT_BANK_DETAILS' | 'STORE_NAME'>,
): PaymentProvider {
  const describe = (
    order: PayableOrder,
  ): { instructions: ManualInstructions; upiLink: string } => ({
    instructions: {
      upiId: config.PAYMENT_UPI_ID,
      bankDetails: config.PAYMENT_BANK_DETAILS,
      reference: order.reference,
      amount: toRupees(order.totalAmount),
    },
    upiLink: upiPayLink({
      payeeId: config.PAYMENT_UPI_ID,
      payeeName: config.STORE_NAME,
      amountPaise: order.totalAmount,
      reference: order.reference,
    }),
  });
  return {
    name: 'manual',
    async createPayment(order) {
      return describe(order);
    },
    describePayment: describe,
  };
}
