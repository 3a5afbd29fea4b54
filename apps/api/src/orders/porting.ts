import {
  addDays,
  formatIndiaDateTime,
  orderStatusLabels,
  indiaDay,
  nextPortingStatus,
  portingStatuses,
  previousPortingStatus,
  portingStatusLabels,
  UPC_VALIDITY_DAYS,
  type OrderStatus,
  type PortingStatus,
} from '@store/domain';
import { displayNumber } from '../catalog/catalog-service';
import { inTransaction, type Tx } from '../db/transactions';
import { AppError, badRequest, conflict, notFound } from '../http/app-error';
import { enqueueForBuyer, portingStepMessages, upcWithdrawnMessages } from './order-messages';
import {
  insertOrderEvent,
  insertPortingSteps,
  lockOrder,
  readOrderItems,
  readPortingSteps,
  updateOrder,
  updateOrderItem,
} from './order-store';
import type { OrderDeps, OrderItemRow, OrderRow } from './order-types';

/** The order status each porting step of its numbers stands for: the paid order awaits UPCs. */
const orderStatusOfStep: Record<PortingStatus, OrderStatus> = {
  awaiting_upc: 'paid',
  upc_sent: 'upc_sent',
  porting_in_progress: 'porting_in_progress',
  ported: 'ported',
};

/** The porting step of its numbers an order status stands for, on the porting path. */
export const portingStepOfOrder: Partial<Record<OrderStatus, PortingStatus>> = {
  paid: 'awaiting_upc',
  upc_sent: 'upc_sent',
  porting_in_progress: 'porting_in_progress',
  ported: 'ported',
};

const COMPLETED_NOTE = 'Every number is ported: the order is complete.';

/**
 * A UPC as the audit log keeps it: its last 4 characters only (`****CD34`). The code moves the
 * number to another operator; the log is never edited, so it keeps no more than tells one UPC
 * from another (decision 0101). The order page shows staff the whole code.
 */
const maskedUpc = (code: string | null) => (code ? `****${code.slice(-4)}` : null);

/** A number's porting as the audit log keeps it. */
const portingState = (item: OrderItemRow) => ({
  status: item.portingStatus,
  upcCode: maskedUpc(item.upcCode),
  upcExpiresOn: item.upcExpiresOn,
});

/**
 * After numbers moved, in their transaction: the order's status follows its least advanced
 * number still carried on (a number refunded alone no longer holds it back, decision 0039; an
 * event and an audit entry when it changes, with the staff member and `note`), and once every
 * such number is ported the order is completed. Answers the order and its numbers carried on.
 */
export async function settleOrder(
  deps: Pick<OrderDeps, 'audit'>,
  tx: Tx,
  order: OrderRow,
  staffUserId: string,
  note: string | null,
): Promise<{ order: OrderRow; items: OrderItemRow[]; completed: boolean }> {
  const items = await readOrderItems(tx, [order.id]);
  const carried = items.filter((item) => !item.refundId);
  if (carried.length === 0) return { order, items: carried, completed: false };
  const slowest = Math.min(...carried.map((item) => portingStatuses.indexOf(item.portingStatus)));
  const steps: { status: OrderStatus; note: string | null }[] = [];
  const status = orderStatusOfStep[portingStatuses[slowest]!];
  if (status !== order.status) steps.push({ status, note });
  if (status === 'ported') steps.push({ status: 'completed', note: COMPLETED_NOTE });
  let current = order;
  for (const step of steps) {
    const before = current.status;
    current = await updateOrder(tx, order.id, { status: step.status });
    await insertOrderEvent(tx, { orderId: order.id, ...step, staffUserId });
    await deps.audit.record(tx, {
      actorId: staffUserId,
      action: 'order.status',
      entityType: 'order',
      entityId: order.id,
      orderId: order.id,
      before: { status: before },
      after: { status: step.status },
      note: step.note,
    });
  }
  return { order: current, items: carried, completed: current.status === 'completed' };
}

/**
 * Records the porting steps of these numbers (moved together, with one note) and audits them,
 * as steps forward or, with `number.porting_undo`, a step taken back.
 */
export async function recordPortingSteps(
  deps: Pick<OrderDeps, 'audit'>,
  tx: Tx,
  moves: { before: OrderItemRow; after: OrderItemRow }[],
  staffUserId: string,
  note: string | null,
  action: 'number.porting_step' | 'number.porting_undo' = 'number.porting_step',
): Promise<void> {
  await insertPortingSteps(
    tx,
    moves.map(({ after }) => ({
      orderId: after.orderId,
      numberId: after.numberId,
      status: after.portingStatus,
      upcCode: after.portingStatus === 'upc_sent' ? after.upcCode : null,
      upcExpiresOn: after.portingStatus === 'upc_sent' ? after.upcExpiresOn : null,
      note,
      staffUserId,
    })),
  );
  for (const { before, after } of moves) {
    await deps.audit.record(tx, {
      actorId: staffUserId,
      action,
      entityType: 'number',
      entityId: after.numberId,
      number: after.number,
      orderId: after.orderId,
      before: portingState(before),
      after: portingState(after),
      note,
    });
  }
}

type PortingTarget = Exclude<PortingStatus, 'awaiting_upc'>;

export interface PortingStepInput {
  status: PortingTarget;
  /** With upc_sent: the code (normalised, 8 letters and digits) and its last valid day. */
  upcCode?: string;
  upcExpiresOn?: string;
  /** With upc_sent, to replace the number's UPC: that UPC, as staff saw it; absent for a first. */
  replaces?: string;
  note?: string | null;
  staffUserId: string;
}

/** 400 unless a UPC's last valid day is today or later, and at most the longest validity away. */
function checkUpcExpiry(day: string) {
  const today = indiaDay();
  if (day < today) {
    throw badRequest('The UPC expiry date is in the past.', 'UPC_EXPIRED');
  }
  if (day > addDays(today, UPC_VALIDITY_DAYS.northEastAndJk)) {
    throw badRequest(
      `A UPC is valid at most ${UPC_VALIDITY_DAYS.northEastAndJk} days (${UPC_VALIDITY_DAYS.standard} in most circles): check the expiry date.`,
      'UPC_EXPIRY_TOO_FAR',
    );
  }
}

const invalidStep = (message: string) => new AppError(409, 'INVALID_STEP', message);

/**
 * The UPC the buyer was last sent for this number, if any (its steps, not its row: a UPC taken
 * back is cleared from the row, but the buyer still holds it).
 */
async function lastUpcSent(tx: Tx, item: OrderItemRow): Promise<string | null> {
  const sent = (await readPortingSteps(tx, [item.orderId])).filter(
    (row) => row.numberId === item.numberId && row.status === 'upc_sent' && row.upcCode,
  );
  return sent.at(-1)?.upcCode ?? null;
}

/**
 * 409 unless the UPC a new one replaces (`replaces`; none for a number's first UPC) is the UPC
 * the number has: a UPC recorded from a page out of date would otherwise reach the buyer as a
 * replacement of one the agent never saw (two codes within seconds). Names the UPC sent, by
 * whom and when. Only for a number awaiting its UPC or at "UPC sent" (later steps are refused
 * as steps).
 */
async function checkUpcReplaced(
  tx: Tx,
  item: OrderItemRow,
  number: string,
  step: PortingStepInput,
): Promise<void> {
  if (item.portingStatus !== 'awaiting_upc' && item.portingStatus !== 'upc_sent') return;
  const current = item.portingStatus === 'upc_sent' ? item.upcCode : null;
  if ((step.replaces ?? null) === current) return;
  if (!current) {
    throw conflict(
      `${number} has no UPC now (it was taken back), so there is no ${step.replaces} to replace: ${step.upcCode} was not sent. Look at its steps again.`,
      'UPC_CHANGED',
    );
  }
  const sent = (await readPortingSteps(tx, [item.orderId]))
    .filter((row) => row.numberId === item.numberId && row.status === 'upc_sent')
    .at(-1);
  const byWhen = sent
    ? ` by ${sent.staffName ?? 'the team'} at ${formatIndiaDateTime(sent.createdAt)}`
    : '';
  const upc = {
    code: current,
    expiresOn: item.upcExpiresOn,
    by: sent?.staffName ?? null,
    at: sent?.createdAt.toISOString() ?? null,
  };
  throw step.replaces === undefined
    ? conflict(
        `UPC ${current} was already sent to the buyer for ${number}${byWhen}. Yours (${step.upcCode}) was not sent. To replace that UPC, use "Replace the UPC".`,
        'UPC_ALREADY_SENT',
        { upc },
      )
    : conflict(
        `${number}'s UPC is ${current} now (sent${byWhen}), not ${step.replaces}. Yours (${step.upcCode}) was not sent. Look at it again before replacing it.`,
        'UPC_CHANGED',
        { upc },
      );
}

/**
 * The numbers of the order whose refund alone was asked of the provider and not yet confirmed
 * (decision 0039): their porting waits until the refund is finished or has failed.
 */
export async function numbersBeingRefunded(
  deps: Pick<OrderDeps, 'payments'>,
  tx: Tx,
  orderId: string,
): Promise<Set<number>> {
  const payments = (await deps.payments.forOrders([orderId], tx)).get(orderId) ?? [];
  return new Set(
    payments.flatMap((payment) =>
      payment.lineRefunds
        .filter((refund) => refund.status === 'requested')
        .map((refund) => refund.numberId!),
    ),
  );
}

/**
 * The order locked with its numbers and this one of them; 404 without either, 409 unless the
 * order's numbers may move (paid, on the porting path; `orCompleted` lets a completed order's too)
 * and this one is not being refunded.
 */
async function lockOrderNumber(
  deps: Pick<OrderDeps, 'payments'>,
  tx: Tx,
  orderId: string,
  numberId: number,
  orCompleted = false,
) {
  const order = await lockOrder(tx, orderId);
  if (!order) throw notFound('Order not found.');
  const items = await readOrderItems(tx, [order.id]);
  const item = items.find((candidate) => candidate.numberId === numberId);
  if (!item) throw notFound('This number is not in this order.');
  const number = displayNumber(item.number);
  if (item.refundId) {
    throw conflict(
      `${number} has been refunded: its porting can no longer move.`,
      'NUMBER_REFUNDED',
    );
  }
  if (!portingStepOfOrder[order.status] && !(orCompleted && order.status === 'completed')) {
    throw invalidStep(
      order.status === 'pending_payment'
        ? 'This order is awaiting payment: porting starts once it is paid.'
        : `This order is ${orderStatusLabels[order.status].toLowerCase()}: its numbers can no longer move.`,
    );
  }
  if ((await numbersBeingRefunded(deps, tx, order.id)).has(numberId)) {
    throw conflict(
      `${number} is being refunded: the refund was requested and is not confirmed yet. Finish the refund from the payment panel before moving its porting.`,
      'REFUND_IN_PROGRESS',
    );
  }
  return { order, items, item, number };
}

/**
 * One number's porting step (no skipping, no going back): awaiting_upc -> upc_sent (with its
 * UPC and expiry) -> porting_in_progress -> ported; at upc_sent a new UPC may replace an expired
 * one when the caller names the UPC it replaces (checkUpcReplaced), but not with the UPC of
 * another number of the order (409 UPC_USED). The order must be
 * paid and not cancelled, refunded or completed. One transaction: the order locked, the number
 * moved, its step recorded and audited, the order settled (settleOrder).
 * The buyer's messages (e-mail, SMS, WhatsApp when opted in: the UPC and how to use it, porting
 * started, ported; and the order's completion) are written to the outbox in it, sent once it
 * commits.
 */
export async function movePorting(
  deps: OrderDeps,
  orderId: string,
  numberId: number,
  step: PortingStepInput,
): Promise<OrderRow> {
  const note = step.note?.trim() || null;
  if (step.status === 'upc_sent') checkUpcExpiry(step.upcExpiresOn!);
  const outcome = await inTransaction(deps.database, async (tx) => {
    const { order, items, item, number } = await lockOrderNumber(deps, tx, orderId, numberId);
    const replaced = step.status === 'upc_sent' && item.portingStatus === 'upc_sent';
    if (replaced && item.upcCode === step.upcCode && item.upcExpiresOn === step.upcExpiresOn) {
      throw invalidStep(`This UPC is already recorded for ${number}.`);
    }
    if (step.status === 'upc_sent') await checkUpcReplaced(tx, item, number, step);
    const expected = nextPortingStatus(item.portingStatus);
    if (!replaced && step.status !== expected) {
      throw invalidStep(
        expected
          ? `${number} is at "${portingStatusLabels[item.portingStatus]}": the next step is "${portingStatusLabels[expected]}".`
          : `${number} is ported: its porting cannot move.`,
      );
    }
    // A UPC is one number's: the same code for another number is a copy-paste slip, and the
    // buyer would be sent it as this number's code.
    const upc = step.upcCode?.toUpperCase();
    const holder = upc
      ? items.find((other) => other !== item && other.upcCode?.toUpperCase() === upc)
      : undefined;
    if (holder) {
      throw conflict(
        `This UPC is already recorded for ${displayNumber(holder.number)} in this order. Each number has its own UPC.`,
        'UPC_USED',
      );
    }
    // A new code after one the buyer was sent (replaced, or taken back) is told as replacing it.
    const earlier = step.status === 'upc_sent' ? await lastUpcSent(tx, item) : null;
    const moved = await updateOrderItem(
      tx,
      order.id,
      numberId,
      step.status === 'upc_sent'
        ? { portingStatus: step.status, upcCode: step.upcCode, upcExpiresOn: step.upcExpiresOn }
        : { portingStatus: step.status },
    );
    await recordPortingSteps(deps, tx, [{ before: item, after: moved }], step.staffUserId, note);
    const label = portingStatusLabels[step.status];
    const carried = items.filter((line) => !line.refundId).length;
    const settled = await settleOrder(
      deps,
      tx,
      order,
      step.staffUserId,
      carried > 1
        ? `${carried === 2 ? 'Both' : `All ${carried}`} numbers are at "${label}".`
        : note,
    );
    const messageIds = await enqueueForBuyer(deps, tx, settled.order, (contact) =>
      portingStepMessages(deps.config, contact, settled.order, moved, step.status, {
        note,
        replaces: earlier && earlier !== moved.upcCode ? earlier : null,
        // The last number ported completes the order: one message says both.
        ...(settled.completed ? { completes: { many: settled.items.length > 1 } } : {}),
      }),
    );
    return { order: settled.order, messageIds };
  });
  await deps.outbox.deliverNow(outcome.messageIds);
  return outcome.order;
}

export interface PortingUndoInput {
  /** The step taken back: the number's porting status as staff saw it (else 409 STEP_CHANGED). */
  step: PortingTarget;
  reason: string;
  staffUserId: string;
}

/**
 * Takes a number's last porting step back (one clicked by mistake): ported -> porting in
 * progress -> UPC sent -> awaiting UPC, where its UPC is cleared. The step back is recorded in
 * the number's history with the reason (the buyer sees it there) and audited; the order follows
 * its least advanced number again, so a completed order whose last number is taken back is
 * reopened. The buyer is sent nothing (what they were told stands until staff tell them more),
 * except when "UPC sent" is taken back: the buyer holds that code, and is told not to use it
 * (decision 0050); the next UPC sent is worded as its replacement.
 */
export async function stepBackPorting(
  deps: OrderDeps,
  orderId: string,
  numberId: number,
  input: PortingUndoInput,
): Promise<OrderRow> {
  const outcome = await inTransaction(deps.database, async (tx) => {
    const { order, item, number } = await lockOrderNumber(deps, tx, orderId, numberId, true);
    // The step the caller means: a repeated call, or one from a page out of date, takes back
    // nothing more than what staff saw.
    if (item.portingStatus !== input.step) {
      throw conflict(
        `${number} is at "${portingStatusLabels[item.portingStatus]}" now, not "${portingStatusLabels[input.step]}": nothing was taken back. Look at its steps again.`,
        'STEP_CHANGED',
      );
    }
    // Never awaiting_upc here (the step named is past it), so there is a step before.
    const back = previousPortingStatus(input.step)!;
    const moved = await updateOrderItem(
      tx,
      order.id,
      numberId,
      back === 'awaiting_upc'
        ? { portingStatus: back, upcCode: null, upcExpiresOn: null }
        : { portingStatus: back },
    );
    const note = `"${portingStatusLabels[item.portingStatus]}" taken back: ${input.reason.trim()}`;
    const { staffUserId } = input;
    await recordPortingSteps(
      deps,
      tx,
      [{ before: item, after: moved }],
      staffUserId,
      note,
      'number.porting_undo',
    );
    const settled = await settleOrder(deps, tx, order, staffUserId, note);
    const upcCode = back === 'awaiting_upc' ? item.upcCode : null;
    const messageIds = upcCode
      ? await enqueueForBuyer(deps, tx, settled.order, (contact) =>
          upcWithdrawnMessages(
            deps.config,
            contact,
            settled.order,
            { number: item.number, upcCode },
            input.reason.trim(),
          ),
        )
      : [];
    return { order: settled.order, messageIds };
  });
  await deps.outbox.deliverNow(outcome.messageIds);
  return outcome.order;
}
