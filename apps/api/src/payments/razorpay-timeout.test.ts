import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import type { PayableOrder } from './payment-provider';
import { createRazorpayPayments } from './razorpay-payments';

describe('OUTBOUND_TIMEOUT_SECONDS for Razorpay', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('gives up on an order call that never answers (the default would wait 10 s)', async () => {
    const payments = createRazorpayPayments(
      loadConfig({
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_test_key',
        RAZORPAY_KEY_SECRET: 'test-key-secret-not-real',
        RAZORPAY_WEBHOOK_SECRET: 'test-webhook-secret-not-real',
        RAZORPAY_API_BASE: base,
        OUTBOUND_TIMEOUT_SECONDS: '1',
      }),
    );
    const order: PayableOrder = {
      id: '00000000-0000-4000-8000-000000000001',
      reference: 'VIP-TIMEOUT-1',
      totalAmount: 50_000,
      providerOrderId: null,
    };
    // The call fails before anything is stored.
    const claim = () => Promise.reject(new Error('nothing may be stored'));
    const started = Date.now();
    await expect(payments.createPayment(order, claim)).rejects.toThrow(
      /Razorpay could not be reached/,
    );
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(4_000);
  });
});
