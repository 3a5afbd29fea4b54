import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 in lower-case hex, as Razorpay signs. */
export function hmacSha256Hex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Compares two hex signatures in constant time; anything that is not 64 hex digits fails. */
export function signaturesMatch(expectedHex: string, givenHex: string | undefined): boolean {
  if (typeof givenHex !== 'string' || !/^[0-9a-fA-F]{64}$/.test(givenHex)) return false;
  const expected = Buffer.from(expectedHex, 'hex');
  const given = Buffer.from(givenHex.toLowerCase(), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Razorpay checkout: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
export function checkoutSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacSha256Hex(keySecret, `${orderId}|${paymentId}`);
}

export function verifyCheckoutSignature(
  payment: { orderId: string; paymentId: string; signature: string },
  keySecret: string,
): boolean {
  return signaturesMatch(
    checkoutSignature(payment.orderId, payment.paymentId, keySecret),
    payment.signature,
  );
}

/** Razorpay webhooks: HMAC-SHA256 of the raw request body with the webhook secret. */
export function verifyWebhookSignature(
  rawBody: Buffer,
  signature: string | undefined,
  webhookSecret: string,
): boolean {
  return signaturesMatch(hmacSha256Hex(webhookSecret, rawBody), signature);
}
