import { expect, it } from 'vitest';
import { testConfig } from '../../test-support/test-app';
import { holdEndingMessages, holdExpiredMessages } from './order-messages';
import type { OrderRow } from './order-types';

const contact = { name: 'Asha', email: 'asha@example.com', mobile: '9876543210' };
const order = {
  id: 'a2c4e6f8-0000-4000-8000-000000000001',
  reference: 'VN-20261128-ABCD1234',
  holdExpiresAt: new Date('2026-11-28T10:00:00Z'),
  totalAmount: 11_800_000,
} as OrderRow;

it('speaks of the numbers in the plural when an order holds several', () => {
  const [email, sms] = holdExpiredMessages(testConfig(), contact, order, 2);
  expect(email!.text).toContain('so the order is cancelled and the numbers are back on sale.');
  expect(email!.text).toContain('if the numbers are still free they are yours');
  expect(email!.text).toContain('To order them again in one click from');
  expect(sms!.text).toContain('if the numbers are still free:');

  const [reminder] = holdEndingMessages(testConfig(), contact, order, 2);
  expect(reminder!.text).toContain(`Your numbers for order ${order.reference} are held only until`);
  expect(reminder!.text).toContain('now to keep them:');
});
