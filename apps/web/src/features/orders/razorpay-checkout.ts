import type { RazorpayPaymentResponse } from './order-types';

/**
 * Razorpay Checkout (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/):
 * its script, loaded when the buyer chooses to pay, from the address the order's Razorpay options
 * name (RAZORPAY_CHECKOUT_URL: Razorpay's own, or a stand-in's in a trial, decision 0076).
 */

export interface RazorpayFailure {
  error?: { code?: string; description?: string; reason?: string };
}

export interface RazorpayCheckoutOptions {
  key: string;
  order_id: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  prefill?: { name?: string; email?: string; contact?: string };
  handler: (response: RazorpayPaymentResponse) => void;
  modal?: { ondismiss?: () => void };
}

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', callback: (response: RazorpayFailure) => void): void;
}

export type RazorpayConstructor = new (options: RazorpayCheckoutOptions) => RazorpayInstance;

const razorpayWindow = () => window as Window & { Razorpay?: RazorpayConstructor };

let loadingCheckout: Promise<RazorpayConstructor> | null = null;

/**
 * Adds Razorpay's checkout.js (from `url`) to the page (once; concurrent callers share the load)
 * and resolves with `window.Razorpay`. Only call it when the buyer chooses to pay: the script is
 * a third party's and has no business on the page before that.
 */
export function loadRazorpayCheckout(url: string): Promise<RazorpayConstructor> {
  const loaded = razorpayWindow().Razorpay;
  if (loaded) return Promise.resolve(loaded);
  if (!loadingCheckout) {
    loadingCheckout = new Promise<RazorpayConstructor>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.addEventListener('load', () => {
        const Razorpay = razorpayWindow().Razorpay;
        if (Razorpay) resolve(Razorpay);
        else reject(new Error('The payment window could not be opened. Please try again.'));
      });
      script.addEventListener('error', () => {
        // Gone, so that the next attempt adds a fresh script instead of waiting on a dead one.
        script.remove();
        reject(new Error('The payment window could not be loaded. Please check your connection.'));
      });
      document.head.appendChild(script);
    }).finally(() => {
      loadingCheckout = null;
    });
  }
  return loadingCheckout;
}
