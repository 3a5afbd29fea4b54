import { inTransaction } from '../db/transactions';
import { HOLD_EXPIRED_NOTE } from './open-orders';
import { enqueueMessages } from '../notify/outbox';
import { holdLapsedAlert } from './order-alerts';
import {
  accountNow,
  holdEndingMessages,
  holdExpiredMessages,
  messagesToAccount,
} from './order-messages';
import {
  claimHoldReminders,
  findLapsedOrderIds,
  insertOrderEvent,
  lockLapsedOrder,
  ordersWaitingFor,
  readOrderItems,
  updateOrder,
} from './order-store';
import type { OrderDeps, OrderRow } from './order-types';

export interface SweepResult {
  /** Ids of the orders cancelled because their hold lapsed unpaid. */
  cancelled: string[];
  /** Reserved numbers put back to available whose order was no longer waiting for payment. */
  tidied: number;
  /** Ids of the orders whose buyer was reminded that the hold ends soon (once each). */
  reminded: string[];
}

/**
 * Tidies lapsed holds. A lapsed hold already counts as available everywhere (the availability
 * rule reads reserved_until), so this only makes the rows say so: each pending order whose hold
 * ended is cancelled with the event "Payment not received before the hold expired" and the
 * numbers it still holds go back to available, its buyer's messages and the team's alert written
 * to the outbox in the same transaction (sent once the sweep is done); then reserved numbers whose hold ended
 * and whose order is no longer pending are set available. One short transaction per order; rows
 * another transaction is working on are skipped until the next run. Before that, buyers whose hold
 * ends within HOLD_REMINDER_MINUTES are reminded by e-mail and SMS, once per order (recorded on it,
 * in the transaction that writes the reminders to the outbox).
 */
export async function sweepExpiredHolds(deps: OrderDeps, limit = 200): Promise<SweepResult> {
  const { database, catalog } = deps;
  const minutes = deps.config.HOLD_REMINDER_MINUTES;
  // Claimed and written to the outbox together; the ids come back only from the attempt that
  // committed (a transaction that is run again must not leave ids of the one rolled back).
  const reminders =
    minutes <= 0
      ? { due: [], ids: [] }
      : await inTransaction(database, async (tx) => {
          const due = await claimHoldReminders(tx, minutes, limit);
          const items = await readOrderItems(
            tx,
            due.map((order) => order.id),
          );
          // The accounts of every due order in one query, read in this transaction (0064).
          const accounts = await deps.users.openContacts(
            due.map((order) => order.userId),
            tx,
          );
          const messages = due.flatMap((order) =>
            messagesToAccount(order, accounts.get(order.userId), (contact) =>
              holdEndingMessages(
                deps.config,
                contact,
                order,
                items.filter((item) => item.orderId === order.id),
              ),
            ),
          );
          return { due, ids: await enqueueMessages(tx, messages) };
        });
  const reminded = reminders.due;
  const messageIds = [...reminders.ids];
  const cancelled: OrderRow[] = [];
  for (const id of await findLapsedOrderIds(database.db, limit)) {
    const swept = await inTransaction(database, async (tx) => {
      const locked = await lockLapsedOrder(tx, id);
      if (!locked) return undefined;
      const items = await readOrderItems(tx, [id]);
      await catalog.lock(
        tx,
        items.map((item) => item.numberId),
      );
      await catalog.release(tx, id);
      // Orders paid for these numbers too late, their money due back: offered first (0054).
      const waiting = await ordersWaitingFor(
        tx,
        items.map((item) => item.numberId),
        id,
      );
      const updated = await updateOrder(tx, id, { status: 'cancelled' });
      await insertOrderEvent(tx, {
        orderId: id,
        status: 'cancelled',
        note: HOLD_EXPIRED_NOTE,
        cause: 'lapsed',
      });
      const account = await accountNow(deps, tx, updated);
      const ids = await enqueueMessages(tx, [
        ...messagesToAccount(updated, account, (contact) =>
          holdExpiredMessages(deps.config, contact, updated, items),
        ),
        ...deps.staffAlerts.messages(
          holdLapsedAlert(deps.config, updated, account, items, waiting),
        ),
      ]);
      return { updated, ids };
    });
    if (swept) {
      cancelled.push(swept.updated);
      messageIds.push(...swept.ids);
    }
  }

  const tidied = await inTransaction(database, (tx) => catalog.releaseStaleHolds(tx));

  await deps.outbox.deliverNow(messageIds);
  if (cancelled.length > 0 || tidied > 0) {
    deps.log.info({ cancelled: cancelled.length, tidied }, 'lapsed holds swept');
  }
  return {
    cancelled: cancelled.map((order) => order.id),
    tidied,
    reminded: reminded.map((order) => order.id),
  };
}
