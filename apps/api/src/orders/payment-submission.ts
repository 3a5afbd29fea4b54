import {
  formatIndiaDateTime,
  normalizeUtr,
  plural,
  UTR_SHAPE_MESSAGE,
  utrKind,
} from '@store/domain';
import { sql } from 'drizzle-orm';
import { orders } from '../db/schema';
import { inTransaction, isUniqueViolation } from '../db/transactions';
import { accountGone, badRequest, conflict, notFound } from '../http/app-error';
import { paymentSubmittedAlert } from './order-alerts';
import { enqueueMessages } from '../notify/outbox';
import {
  accountNow,
  enqueueForBuyer,
  messagesToAccount,
  paymentRejectedMessages,
  paymentSubmittedMessages,
  sentence,
} from './order-messages';
import {
  databaseNow,
  deletePaymentScreenshot,
  insertOrderEvent,
  lockOrder,
  orderNumberIds,
  readOrderItems,
  updateOrder,
} from './order-store';
import { UTR_SUBMITTED_NOTE } from './order-timeline';
import type { OrderDeps, OrderRow } from './order-types';

const ORDER_NOT_FOUND = 'Order not found.';

const utrUsed = () =>
  conflict(
    'This transaction reference (UTR) is already recorded for another order. Please check it and try again.',
    'PAYMENT_REFERENCE_USED',
  );

/**
 * "I have paid": the buyer gives the UTR of a manual (UPI or bank) payment for an order whose
 * hold is live. Its shape is checked (12 digits for UPI or IMPS, 16 for NEFT, 22 for RTGS); a
 * UTR already recorded as a payment or submitted for another order is refused (409). The hold
 * is extended to PAYMENT_SUBMITTED_HOLD_HOURS from now so the numbers stay the buyer's while
 * staff verify, for the first PAYMENT_SUBMISSIONS_EXTENDING_HOLD references (those staff sent
 * back count); a later one leaves the hold as it is. The numbers leave the buyer's cart (its changes, a checkout or a Buy now no
 * longer cancel the order, and they count against the buyer's hold limit: hold-limits.ts); the
 * console lists the order first, and staff are alerted. Submitting the same UTR again changes
 * nothing; another UTR replaces it; a UTR staff sent back for this order is refused (409).
 */
export async function submitPayment(
  deps: OrderDeps,
  userId: string,
  orderId: string,
  utr: string,
): Promise<OrderRow> {
  if (!utrKind(utr)) throw badRequest(UTR_SHAPE_MESSAGE, 'INVALID_UTR');
  const key = normalizeUtr(utr);
  const work = () =>
    inTransaction(deps.database, async (tx) => {
      // The account, the cart, then the order: the order in which checkout locks them. A
      // closed account pays for nothing; a close begun meanwhile waits and sees the payment
      // (decision 0063).
      if (!(await deps.users.lockForOrder(userId, tx))) throw accountGone();
      const cart = await deps.cart.lock(tx, userId);
      const order = await lockOrder(tx, orderId);
      if (!order || order.userId !== userId) throw notFound(ORDER_NOT_FOUND);
      if (order.submittedUtrKey === key) return { order, messageIds: [] };
      if (order.rejectedUtrKeys.includes(key)) {
        throw conflict(
          'Our team could not find a payment with this reference (UTR) for this order. Please check it on your bank statement or UPI app and give the right one, or contact us.',
          'PAYMENT_REFERENCE_REJECTED',
        );
      }
      const now = await databaseNow(tx);
      if (
        order.paymentProvider !== 'manual' ||
        order.status !== 'pending_payment' ||
        order.holdExpiresAt.getTime() <= now.getTime()
      ) {
        throw conflict(
          'This order is not waiting for a UPI or bank payment: its hold has ended or it is paid or cancelled.',
          'ORDER_NOT_PAYABLE',
        );
      }
      const recorded = await deps.payments.findByReference(tx, 'manual', key);
      if (recorded) throw utrUsed();
      // Each reference staff sent back counts as one submission already made.
      const extending =
        order.rejectedUtrKeys.length < deps.config.PAYMENT_SUBMISSIONS_EXTENDING_HOLD;
      const until = new Date(
        Math.max(
          order.holdExpiresAt.getTime(),
          extending ? now.getTime() + deps.config.PAYMENT_SUBMITTED_HOLD_HOURS * 3_600_000 : 0,
        ),
      );
      await deps.catalog.extendHold(tx, order.id, until);
      const updated = await updateOrder(tx, order.id, {
        submittedUtr: utr.trim(),
        submittedUtrKey: key,
        paymentSubmittedAt: now,
        holdExpiresAt: until,
      });
      const items = await readOrderItems(tx, [order.id]);
      const numberIds = items.map((item) => item.numberId);
      await insertOrderEvent(tx, {
        orderId: order.id,
        status: 'pending_payment',
        byBuyer: true,
        note: `${UTR_SUBMITTED_NOTE}${key}; the ${plural(numberIds.length, 'number is', 'numbers are')} held until ${formatIndiaDateTime(until)} while our team verifies it.`,
      });
      // Paid as far as the buyer knows: the numbers leave the cart, as a confirmed payment takes
      // them out, and the order is no longer the cart's to replace or cancel (lockOpenOrders).
      if (cart) await deps.cart.removeNumbers(tx, cart.id, numberIds);
      const account = await accountNow(deps, tx, updated);
      const alert = deps.staffAlerts.messages(paymentSubmittedAlert(deps.config, updated, account));
      // The buyer has it in writing that the reference arrived, and until when the numbers are kept.
      const told = messagesToAccount(updated, account, (contact) =>
        paymentSubmittedMessages(deps.config, contact, updated, items, utr.trim()),
      );
      return { order: updated, messageIds: await enqueueMessages(tx, [...told, ...alert]) };
    });
  let result: Awaited<ReturnType<typeof work>>;
  try {
    result = await work();
  } catch (error) {
    // Another order was given the same UTR at the same moment, and committed first.
    if (isUniqueViolation(error)) throw utrUsed();
    throw error;
  }
  await deps.outbox.deliverNow(result.messageIds);
  return result.order;
}

/**
 * Staff could not match the submitted UTR: it is cleared with its screenshot (the buyer may
 * submit another while the hold lasts), the hold ends within PAYMENT_REJECTED_HOLD_MINUTES (a
 * made-up UTR no longer keeps the numbers off sale for a day), the reason is on the timeline and
 * audited, and the buyer is told until when the numbers are held.
 */
export async function rejectSubmittedPayment(
  deps: OrderDeps,
  orderId: string,
  staffUserId: string,
  reason: string,
): Promise<OrderRow> {
  const { order, messageIds } = await inTransaction(deps.database, async (tx) => {
    const locked = await lockOrder(tx, orderId);
    if (!locked) throw notFound(ORDER_NOT_FOUND);
    if (!locked.submittedUtr || locked.status !== 'pending_payment') {
      throw conflict('This order has no submitted payment to reject.', 'NO_PAYMENT_SUBMITTED');
    }
    // The long hold was for a payment to verify; what is left is time to give the right one.
    const now = await databaseNow(tx);
    const until = new Date(
      Math.min(
        locked.holdExpiresAt.getTime(),
        now.getTime() + deps.config.PAYMENT_REJECTED_HOLD_MINUTES * 60_000,
      ),
    );
    await deps.catalog.shortenHold(tx, orderId, until);
    const updated = await updateOrder(tx, orderId, {
      submittedUtr: null,
      submittedUtrKey: null,
      paymentSubmittedAt: null,
      holdExpiresAt: until,
      // Reminded again before the new end, if the first reminder went out already.
      holdReminderSentAt: null,
      rejectedUtrKeys: sql`array_append(${orders.rejectedUtrKeys}, ${locked.submittedUtrKey})`,
    });
    // Its screenshot goes with it: the next submission brings its own.
    await deletePaymentScreenshot(tx, orderId);
    const count = (await orderNumberIds(tx, [orderId])).length;
    const note = `Payment reference ${locked.submittedUtr} not verified: ${sentence(reason)} The ${plural(count, 'number is', 'numbers are')} held until ${formatIndiaDateTime(until)} for the right reference.`;
    await insertOrderEvent(tx, { orderId, status: 'pending_payment', note, staffUserId });
    await deps.audit.record(tx, {
      actorId: staffUserId,
      action: 'order.payment_rejected',
      entityType: 'order',
      entityId: orderId,
      orderId,
      before: { submittedUtr: locked.submittedUtr },
      after: { submittedUtr: null },
      note: reason,
    });
    const utr = locked.submittedUtr;
    const messageIds = await enqueueForBuyer(deps, tx, updated, (contact) =>
      paymentRejectedMessages(deps.config, contact, updated, count, utr, reason),
    );
    return { order: updated, messageIds };
  });
  await deps.outbox.deliverNow(messageIds);
  return order;
}
