import type { AuditService } from '../audit/audit-service';
import type { Database } from '../db/database';
import { inTransaction, type Tx } from '../db/transactions';
import { conflict, notFound } from '../http/app-error';
import type { StoredMessage } from '../notify/message';
import type { Outbox } from '../notify/outbox';
import type { UserService } from '../users/user-service';
import {
  countUndelivered,
  deleteMessage,
  lockUndelivered,
  messageState,
  pageOfUndelivered,
  rearm,
} from './message-store';

const gone = () =>
  notFound('No message given up on has this id: it was sent again or dismissed already.');

/**
 * What support is shown of a message (decision 0087): an e-mail's subject (no subject carries a
 * code or a UPC), else the SMS's or WhatsApp message's kind in words, never its text.
 */
function messageAbout(message: StoredMessage): string {
  if (message.channel === 'email') return message.subject ?? '(no subject)';
  const kind = message.smsTemplate?.kind ?? message.template?.kind;
  return kind ? kind.replaceAll('_', ' ') : 'message';
}

/**
 * Messages the outbox gave up on, for support (decision 0087): listed, sent again (to the
 * account's contacts as they are now when the message follows one) or dismissed, each step in
 * the audit log without the address or the text. Deleted after RETENTION_FAILED_MESSAGE_DAYS by
 * the retention sweep.
 */
export function createMessageService(deps: {
  database: Database;
  users: UserService;
  audit: AuditService;
  outbox: Outbox;
}) {
  const { database, users, audit, outbox } = deps;

  /**
   * Where the message goes now: a message following an account (decision 0064) goes to its
   * e-mail or mobile now; 409 when the account is closed, or its WhatsApp updates stopped.
   */
  async function addressNow(tx: Tx, message: StoredMessage): Promise<string> {
    if (!message.followsAccount) return message.to;
    const account = (await users.openContacts([message.followsAccount], tx)).get(
      message.followsAccount,
    );
    if (!account) {
      throw conflict(
        "The buyer's account is closed: its messages are not sent. Dismiss this one.",
        'ACCOUNT_CLOSED',
      );
    }
    if (message.channel === 'email') return account.email;
    if (message.channel === 'whatsapp' && !account.getWhatsappUpdate) {
      throw conflict(
        'The buyer has stopped WhatsApp updates since: this message is not sent again. Dismiss it.',
        'WHATSAPP_STOPPED',
      );
    }
    return account.mobile;
  }

  return {
    /** How many are waiting for support: the dashboard's card. */
    countUndelivered: () => countUndelivered(database.db),

    async list(page: number, pageSize: number) {
      const { rows, total } = await pageOfUndelivered(database.db, page, pageSize);
      const messages = rows.map((row) => ({
        id: row.id,
        channel: row.message.channel,
        to: row.message.to,
        about: messageAbout(row.message),
        order: row.order,
        followsAccount: row.message.followsAccount !== undefined,
        attempts: row.attempts,
        createdAt: row.createdAt.toISOString(),
        failedAt: row.failedAt!.toISOString(),
        lastError: row.lastError,
      }));
      return { messages, total };
    },

    /**
     * Makes the message due now with its attempts reset, re-addressed (addressNow), and tries it
     * at once: answers whether it went, waits for a retry, or was refused for good again.
     */
    async sendAgain(actorId: string, id: number) {
      const to = await inTransaction(database, async (tx) => {
        const row = await lockUndelivered(tx, id);
        if (!row) throw gone();
        const addressed = await addressNow(tx, row.message);
        await rearm(tx, id, addressed);
        await audit.record(tx, {
          actorId,
          action: 'message.send_again',
          entityType: 'message',
          entityId: id,
          orderId: row.message.aboutOrder ?? null,
          after: { channel: row.message.channel, readdressed: addressed !== row.message.to },
        });
        return addressed;
      });
      await outbox.deliverNow([id]);
      const state = await messageState(database.db, id);
      const status = state?.sentAt ? 'sent' : state?.failedAt ? 'failed' : 'waiting';
      return { id, status, to, lastError: state?.lastError ?? null } as const;
    },

    /** Deletes the message: support reached the buyer another way. */
    async dismiss(actorId: string, id: number): Promise<void> {
      await inTransaction(database, async (tx) => {
        const row = await lockUndelivered(tx, id);
        if (!row) throw gone();
        await deleteMessage(tx, id);
        await audit.record(tx, {
          actorId,
          action: 'message.dismiss',
          entityType: 'message',
          entityId: id,
          orderId: row.message.aboutOrder ?? null,
          after: { channel: row.message.channel },
        });
      });
    },
  };
}
