import { orderStatusLabel } from '@store/domain';
import type { AuditService } from '../audit/audit-service';
import type { AuthService } from '../auth/auth-service';
import type { Database } from '../db/database';
import { inTransaction } from '../db/transactions';
import { conflict, notFound } from '../http/app-error';
import { enqueueMessages, eraseAccountMessages, type Outbox } from '../notify/outbox';
import { accountClosedNotices, type ClosedNoticeConfig } from './account-closed-notice';
import {
  eraseAccount,
  eraseUnpaidOrders,
  findOpenOrders,
  findUserByContact,
  lockUser,
} from './account-closing-store';

/** What closing an account keeps, as the buyer and the console are told. */
const KEPT_AFTER_CLOSING =
  'The tax invoices and credit notes of paid orders, and those orders with the billing details printed on them, are kept for 8 years as the GST law requires; messages sent through the enquiry and contact forms, until two years after they were sent; and the log of the work the team did on the account. Everything else is erased.';

/** Who closes: the buyer themself, or an administrator on the buyer's request (with a reason). */
type Closer = { by: 'buyer' } | { by: 'admin'; actorId: string; reason: string };

/**
 * Closing an account (decision 0055): in one transaction, refused while an order is open, every
 * session ended, the code requests of its contacts deleted, its own data and its messages in the
 * outbox deleted and its row anonymised, unpaid orders' billing erased; paid and invoiced orders
 * keep theirs. Recorded in the audit log with no personal data (the log is never edited, so it
 * must not keep any). Its confirmation goes to the account's e-mail and mobile through the
 * outbox, written after the erasure (decision 0105), and is sent once the closing commits.
 */
export function createAccountClosing(deps: {
  config: ClosedNoticeConfig;
  database: Database;
  auth: Pick<AuthService, 'forgetAccount'>;
  audit: AuditService;
  outbox: Pick<Outbox, 'deliverNow'>;
}) {
  async function close(userId: string, closer: Closer, now = new Date()) {
    const { messageIds } = await inTransaction(deps.database, async (tx) => {
      const user = await lockUser(tx, userId);
      if (!user || user.closedAt) throw notFound('No open customer account was found.');
      if (user.role !== 'customer') {
        throw conflict(
          'A staff account is not closed here: an administrator disables it on the Staff page.',
          'STAFF_ACCOUNT',
        );
      }
      const open = await findOpenOrders(tx, userId, now);
      if (open.length > 0) {
        const list = open
          .map(
            (order) =>
              `${order.reference} (${orderStatusLabel(order.status, order.paymentSubmittedAt !== null)})`,
          )
          .join(', ');
        // The buyer is offered help; an administrator is told where to act.
        const [whose, next] =
          closer.by === 'buyer'
            ? ['Your account', 'Contact us if you need help with an order.']
            : ['This account', 'Open the orders in Orders to finish or cancel them.'];
        throw conflict(
          `${whose} cannot be closed yet: ${open.length === 1 ? 'an order is' : 'some orders are'} still open: ${list}. Once the porting is complete, or an unpaid order's hold has lapsed or it is cancelled, the account can be closed. ${next}`,
          'ACCOUNT_HAS_OPEN_ORDERS',
          { openOrders: open.map((order) => order.reference) },
        );
      }
      await deps.auth.forgetAccount(tx, { userId, email: user.email, mobile: user.mobile });
      const unpaidOrdersErased = await eraseUnpaidOrders(tx, userId);
      await eraseAccount(tx, user, now);
      await eraseAccountMessages(tx, userId);
      // After the erasure, and following no account: the confirmation outlives it.
      const ids = await enqueueMessages(
        tx,
        accountClosedNotices(deps.config, user, closer.by, KEPT_AFTER_CLOSING, now),
      );
      await deps.audit.record(tx, {
        actorId: closer.by === 'admin' ? closer.actorId : userId,
        action: 'user.close',
        entityType: 'user',
        entityId: userId,
        after: { closedBy: closer.by, unpaidOrdersErased },
        note: closer.by === 'admin' ? closer.reason : 'Closed by the buyer from their profile.',
      });
      return { messageIds: ids };
    });
    await deps.outbox.deliverNow(messageIds);
    return { kept: KEPT_AFTER_CLOSING };
  }

  return {
    /** The signed-in buyer closes their own account. */
    closeOwn: (userId: string) => close(userId, { by: 'buyer' }),

    /** An administrator closes this customer account, opened in the console, on request. */
    closeById: (actorId: string, userId: string, reason: string) =>
      close(userId, { by: 'admin', actorId, reason }),

    /** An administrator closes the customer account with this e-mail or mobile, on request. */
    async closeByContact(
      actorId: string,
      contact: { email: string } | { mobile: string },
      reason: string,
    ) {
      const found = await findUserByContact(deps.database.db, contact);
      if (!found) throw notFound('No customer account has this e-mail address or mobile number.');
      return close(found.id, { by: 'admin', actorId, reason });
    },
  };
}
