import { toPaise, toRupees, upiPayLink } from '@store/domain';
import type { Config } from '../config/config';
import type { ManualInstructions, PayableOrder, PaymentProvider } from './payment-provider';

/**
 * UPI or bank transfer quoting the order reference; support confirms it in the console. Above
 * PAYMENT_UPI_MAX_RUPEES, which most banks allow for one UPI payment, bank transfer only.
 */
export function createManualPayments(
  config: Pick<
    Config,
    'PAYMENT_UPI_ID' | 'PAYMENT_UPI_MAX_RUPEES' | 'PAYMENT_BANK_DETAILS' | 'STORE_NAME'
  >,
): PaymentProvider {
  const describe = (
    order: PayableOrder,
  ): { instructions: ManualInstructions; upiLink?: string } => {
    const byUpi = order.totalAmount <= toPaise(config.PAYMENT_UPI_MAX_RUPEES);
    return {
      instructions: {
        upiId: byUpi ? config.PAYMENT_UPI_ID : null,
        upiLimit: config.PAYMENT_UPI_MAX_RUPEES,
        bankDetails: config.PAYMENT_BANK_DETAILS,
        reference: order.reference,
        amount: toRupees(order.totalAmount),
      },
      ...(byUpi
        ? {
            upiLink: upiPayLink({
              payeeId: config.PAYMENT_UPI_ID,
              payeeName: config.STORE_NAME,
              amountPaise: order.totalAmount,
              reference: order.reference,
            }),
          }
        : {}),
    };
  };
  return {
    name: 'manual',
    async createPayment(order) {
      return describe(order);
    },
    describePayment: describe,
  };
}
