import { useState } from 'react';
import { formatInr } from '@store/domain';
import { useToast } from '../../../components/toast';
import { apiErrorMessage, errorMessage } from '../../../lib/api-client';
import { useVerifyRazorpayPayment } from '../api/verify-razorpay-payment';
import type { Order, RazorpayOrderOptions, RazorpayPaymentResponse } from '../order-types';
import { loadRazorpayCheckout } from '../razorpay-checkout';
import { trackPurchase } from './track-purchase';

const ORDER_MESSAGES = {
  paid: 'Payment received. Thank you!',
  verifyFailed:
    'We could not confirm your payment here. If money has left your account, this order will show it shortly.',
  paymentFailed: 'The payment did not go through. Please try again.',
  checkoutFailed: 'The payment window could not be opened. Please try again.',
} as const;

/** The Pay button of a razorpay order: opens Razorpay Checkout, then has the payment verified. */
export function RazorpayPay({ order, razorpay }: { order: Order; razorpay: RazorpayOrderOptions }) {
  const toast = useToast();
  const verify = useVerifyRazorpayPayment(order.id);
  const [opening, setOpening] = useState(false);
  // From open() until Razorpay hands over a payment or the buyer closes its window (after a
  // failure the window stays open for another try).
  const [windowOpen, setWindowOpen] = useState(false);
  const busy = opening || windowOpen || verify.isPending;

  // Called by Razorpay after a payment; toasts live above this page, so they still show once the
  // paid order replaces this button.
  async function confirm(response: RazorpayPaymentResponse) {
    setWindowOpen(false);
    try {
      const result = await verify.mutateAsync(response);
      // Paid after the hold lapsed and the numbers went, or a further payment of an order already
      // paid (needsRefund): the money goes back and nothing was bought, so the warning waits to be
      // dismissed (the Payment card says it too) and no purchase is tracked.
      const dueBack = result.order.payment.status === 'refund_due' || result.order.needsRefund;
      if (dueBack) {
        toast.warning(result.message || ORDER_MESSAGES.paid, { duration: Infinity });
      } else {
        toast.success(result.message || ORDER_MESSAGES.paid);
        trackPurchase(result.order);
      }
    } catch (error) {
      toast.error(apiErrorMessage(error, ORDER_MESSAGES.verifyFailed));
    }
  }

  async function pay() {
    setOpening(true);
    try {
      const Razorpay = await loadRazorpayCheckout(razorpay.checkoutUrl);
      const checkout = new Razorpay({
        key: razorpay.keyId,
        order_id: razorpay.orderId,
        amount: razorpay.amount,
        currency: razorpay.currency,
        name: razorpay.name,
        description: razorpay.description,
        prefill: {
          name: order.billing.name,
          email: order.billing.email,
          contact: order.billing.mobile,
        },
        handler: (response) => void confirm(response),
        modal: { ondismiss: () => setWindowOpen(false) },
      });
      checkout.on('payment.failed', (failure) => {
        toast.error(failure.error?.description || ORDER_MESSAGES.paymentFailed);
      });
      checkout.open();
      setWindowOpen(true);
    } catch (error) {
      toast.error(errorMessage(error, ORDER_MESSAGES.checkoutFailed));
    } finally {
      setOpening(false);
    }
  }

  return (
    <div className="mt-5">
      <p className="text-sm text-slate-800">
        Pay online by UPI, card or net banking through Razorpay.
      </p>
      <button
        type="button"
        className="btn-primary mt-4 px-6 py-3 text-base disabled:opacity-60"
        disabled={busy}
        onClick={() => void pay()}
      >
        {verify.isPending
          ? 'Confirming your payment…'
          : opening
            ? 'Opening the payment window…'
            : windowOpen
              ? 'Paying in the Razorpay window…'
              : `Pay ${formatInr(razorpay.amount / 100)}`}
      </button>
    </div>
  );
}
