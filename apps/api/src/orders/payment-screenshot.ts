import { inTransaction } from '../db/transactions';
import { AppError, conflict, notFound } from '../http/app-error';
import { findPaymentScreenshot, lockOrder, upsertPaymentScreenshot } from './order-store';
import type { OrderDeps, OrderRow } from './order-types';

/** The largest payment screenshot taken: 5 MB. */
export const SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;

/** How each kind of file taken begins (its magic bytes): the name and the declared type lie. */
const signatures = [
  { contentType: 'image/jpeg', extension: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  {
    contentType: 'image/png',
    extension: 'png',
    bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  },
  { contentType: 'application/pdf', extension: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
] as const;

type Signature = (typeof signatures)[number];

export const screenshotTooLarge = () =>
  new AppError(413, 'FILE_TOO_LARGE', 'The screenshot must be at most 5 MB.');

const kindOf = (data: Uint8Array): Signature | undefined =>
  signatures.find((kind) => kind.bytes.every((byte, index) => data[index] === byte));

/**
 * The optional screenshot of "I have paid": a JPEG, PNG or PDF (by its first bytes) of at most
 * 5 MB, for an order whose submitted UTR staff have yet to verify; it replaces the one before
 * and is kept in the database (payment_screenshots), so backups carry it. Staff rejecting the
 * UTR delete it with it (payment-submission.ts).
 */
export async function attachPaymentScreenshot(
  deps: Pick<OrderDeps, 'database'>,
  orderId: string,
  data: Buffer,
): Promise<void> {
  if (data.length === 0) throw new AppError(400, 'EMPTY_FILE', 'The screenshot file is empty.');
  if (data.length > SCREENSHOT_MAX_BYTES) throw screenshotTooLarge();
  const kind = kindOf(data);
  if (!kind) {
    throw new AppError(
      415,
      'UNSUPPORTED_FILE',
      'The screenshot must be a JPEG or PNG image or a PDF file.',
    );
  }
  await inTransaction(deps.database, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound('Order not found.');
    if (order.status !== 'pending_payment' || !order.submittedUtr) {
      throw conflict(
        'Submit the transaction reference (UTR) of your payment first: the screenshot goes with it.',
        'NO_PAYMENT_SUBMITTED',
      );
    }
    await upsertPaymentScreenshot(tx, { orderId, contentType: kind.contentType, data });
  });
}

/** The order's payment screenshot as a file to show staff; 404 when there is none. */
export async function paymentScreenshotFile(deps: Pick<OrderDeps, 'database'>, order: OrderRow) {
  const found = await findPaymentScreenshot(deps.database.db, order.id);
  if (!found) throw notFound('This order has no payment screenshot.');
  const extension = signatures.find((kind) => kind.contentType === found.contentType)!.extension;
  return {
    contentType: found.contentType,
    fileName: `payment-${order.reference}.${extension}`,
    data: found.data,
  };
}
