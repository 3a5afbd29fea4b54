import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRazorpayCheckout, type RazorpayConstructor } from './razorpay-checkout';

const checkoutUrl = 'http://127.0.0.1:4010/checkout.js';

const razorpayWindow = () => window as Window & { Razorpay?: RazorpayConstructor };
const checkoutScripts = () =>
  document.head.querySelectorAll<HTMLScriptElement>(`script[src="${checkoutUrl}"]`);

afterEach(() => {
  delete razorpayWindow().Razorpay;
  for (const script of checkoutScripts()) script.remove();
});

describe('loadRazorpayCheckout', () => {
  it('adds checkout.js from the address given, once, only when called, and resolves with window.Razorpay', async () => {
    expect(checkoutScripts()).toHaveLength(0);
    const first = loadRazorpayCheckout(checkoutUrl);
    const second = loadRazorpayCheckout(checkoutUrl);
    expect(checkoutScripts()).toHaveLength(1);

    const Razorpay = vi.fn() as unknown as RazorpayConstructor;
    razorpayWindow().Razorpay = Razorpay;
    checkoutScripts()[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(Razorpay);
    await expect(second).resolves.toBe(Razorpay);

    // Loaded: no second script.
    await expect(loadRazorpayCheckout(checkoutUrl)).resolves.toBe(Razorpay);
    expect(checkoutScripts()).toHaveLength(1);
  });

  it('rejects when the script fails and tries afresh the next time', async () => {
    const first = loadRazorpayCheckout(checkoutUrl);
    checkoutScripts()[0]!.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow(/could not be loaded/);
    expect(checkoutScripts()).toHaveLength(0);

    const retry = loadRazorpayCheckout(checkoutUrl);
    expect(checkoutScripts()).toHaveLength(1);
    await waitFor(() => expect(checkoutScripts()).toHaveLength(1));
    checkoutScripts()[0]!.dispatchEvent(new Event('error'));
    await expect(retry).rejects.toThrow();
  });
});
