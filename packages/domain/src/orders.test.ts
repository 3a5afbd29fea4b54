import { describe, expect, it } from 'vitest';
import { orderStatusLabel } from './orders';

describe('orderStatusLabel', () => {
  it('calls an order awaiting payment with a payment submitted "Payment submitted"', () => {
    expect(orderStatusLabel('pending_payment', true)).toBe('Payment submitted');
    expect(orderStatusLabel('pending_payment', false)).toBe('Awaiting payment');
  });

  it('names every other status by its own words, whatever was submitted', () => {
    expect(orderStatusLabel('paid', true)).toBe('Paid');
    expect(orderStatusLabel('upc_sent', false)).toBe('UPC sent');
  });
});
