import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkoutSignature,
  signaturesMatch,
  verifyCheckoutSignature,
  verifyWebhookSignature,
} from './razorpay-signatures';

const secret = 'test-secret';

describe('Razorpay signatures', () => {
  it('signs order_id|payment_id with the key secret (HMAC-SHA256, hex)', () => {
    const expected = createHmac('sha256', secret).update('order_A|pay_B').digest('hex');
    expect(checkoutSignature('order_A', 'pay_B', secret)).toBe(expected);
    expect(
      verifyCheckoutSignature(
        { orderId: 'order_A', paymentId: 'pay_B', signature: expected },
        secret,
      ),
    ).toBe(true);
    expect(
      verifyCheckoutSignature(
        { orderId: 'order_A', paymentId: 'pay_C', signature: expected },
        secret,
      ),
    ).toBe(false);
    expect(
      verifyCheckoutSignature(
        { orderId: 'order_A', paymentId: 'pay_B', signature: expected.toUpperCase() },
        secret,
      ),
    ).toBe(true);
  });

  it('checks webhooks on the exact raw bytes', () => {
    const body = Buffer.from('{"event":"payment.captured","amount":100}');
    const signature = createHmac('sha256', secret).update(body).digest('hex');
    expect(verifyWebhookSignature(body, signature, secret)).toBe(true);
    expect(
      verifyWebhookSignature(
        Buffer.from('{"event":"payment.captured","amount":101}'),
        signature,
        secret,
      ),
    ).toBe(false);
    expect(verifyWebhookSignature(body, signature, 'other-secret')).toBe(false);
    expect(verifyWebhookSignature(body, undefined, secret)).toBe(false);
  });

  it('fails anything that is not 64 hex digits without throwing', () => {
    const good = 'a'.repeat(64);
    expect(signaturesMatch(good, good)).toBe(true);
    for (const bad of ['', 'a'.repeat(63), 'a'.repeat(65), 'z'.repeat(64), undefined]) {
      expect(signaturesMatch(good, bad)).toBe(false);
    }
  });
});
