import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  loadRazorpayCheckout,
  RAZORPAY_CHECKOUT_URL,
  type RazorpayConstructor,
} from './razorpay-checkout';

const razorpayWindow = () => window as Window & { Razorpay?: RazorpayConstructor };
const checkoutScripts = () =>
  document.head.querySelectorAll<HTMLScriptElement>(`script[src="${RAZORPAY_CHECKOUT_URL}"]`);

afterEach(() => {
  delete razorpayWindow().Razorpay;
  for (const script of checkoutScripts()) script.remove();
});

describe('loadRazorpayCheckout', () => {
  it('adds checkout.js once, only when called, and resolves with window.Razorpay', async () => {
    expect(checkoutScripts()).toHaveLength(0);
    const first = loadRazorpayCheckout();
    const second = loadRazorpayCheckout();
    expect(checkoutScripts()).toHaveLength(1);

    const Razorpay = vi.fn() as unknown as RazorpayConstructor;
    razorpayWindow().Razorpay = Razorpay;
    checkoutScripts()[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(Razorpay);
    await expect(second).resolves.toBe(Razorpay);

    // Loaded: no second script.
    await expect(loadRazorpayCheckout()).resolves.toBe(Razorpay);
    expect(checkoutScripts()).toHaveLength(1);
  });

  it('rejects when the script fails and tries afresh the next time', async () => {
    const first = loadRazorpayCheckout();
    checkoutScripts()[0]!.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow(/could not be loaded/);
    expect(checkoutScripts()).toHaveLength(0);

    const retry = loadRazorpayCheckout();
    expect(checkoutScripts()).toHaveLength(1);
    await waitFor(() => expect(checkoutScripts()).toHaveLength(1));
    checkoutScripts()[0]!.dispatchEvent(new Event('error'));
    await expect(retry).rejects.toThrow();
  });
});
