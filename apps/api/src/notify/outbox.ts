import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { outbox } from '../db/schema';
import type { Tx } from '../db/transactions';
import type { Notifier } from './notifier';
import { qrCodeAttachment } from './qr-code-attachment';
import type {
  Attachment,
  NotifyLog,
  OutgoingMessage,
  QueuedMessage,
  StoredMessage,
} from './message';
import { deliverySettings } from './message-server-checks';

const toStored = ({ attachments, ...message }: QueuedMessage): StoredMessage =>
  attachments
    ? {
        ...message,
        attachments: attachments.map((file) =>
          'content' in file
            ? {
                filename: file.filename,
                contentType: file.contentType,
                base64: file.content.toString('base64'),
              }
            : file,
        ),
      }
    : message;

/**
 * Writes messages to the outbox in the transaction `tx` of the change that causes them: they
 * exist if and only if the change committed. Answers their ids, for deliverNow. `holdMs`: held
 * back that long, for a step that may replace them (withdrawMessages) or send them at once
 * (deliverHeldBack); the worker sends them once the time is up, after a crash say.
 */
export async function enqueueMessages(
  tx: Tx,
  messages: readonly QueuedMessage[],
  { holdMs = 0 }: { holdMs?: number } = {},
): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await tx
    .insert(outbox)
    .values(
      messages.map((message) => ({
        message: toStored(message),
        ...(holdMs > 0 && { nextAttemptAt: sql`now() + ${holdMs} * interval '1 millisecond'` }),
      })),
    )
    .returning({ id: outbox.id });
  return rows.map((row) => row.id);
}

/**
 * Deletes, in the transaction `tx` of the step whose own messages replace them, messages held
 * back and not sent (enqueueMessages' `holdMs`).
 */
export async function withdrawMessages(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .delete(outbox)
    .where(and(inArray(outbox.id, [...ids]), isNull(outbox.sentAt), isNull(outbox.failedAt)));
}

/**
 * Re-addresses to an account's new e-mail or mobile, in the transaction `tx` of the change, the
 * messages still waiting in the outbox that follow the account (decision 0071): a buyer's
 * messages about an order, due or waiting for a retry. Any other message keeps its address (the
 * change's notice to the old contact above all). One already being sent as the change commits
 * has gone to the old contact.
 */
export async function readdressWaiting(
  tx: Tx,
  accountId: string,
  change: { email: string } | { mobile: string },
): Promise<void> {
  const [channels, to] =
    'email' in change ? [['email'], change.email] : [['sms', 'whatsapp'], change.mobile];
  await tx
    .update(outbox)
    .set({ message: sql`jsonb_set(${outbox.message}, '{to}', to_jsonb(${to}::text))` })
    .where(
      and(
        isNull(outbox.sentAt),
        isNull(outbox.failedAt),
        sql`${outbox.message}->>'followsAccount' = ${accountId}`,
        inArray(sql`${outbox.message}->>'channel'`, channels),
      ),
    );
}

/**
 * Erases, in the transaction `tx` of an account's closing (decision 0055), every message in the
 * outbox that follows the account: one still waiting would reach contacts the buyer asked us to
 * forget (decision 0064 sends a closed account nothing), and one sent or given up keeps them.
 */
export async function eraseAccountMessages(tx: Tx, accountId: string): Promise<void> {
  await tx.delete(outbox).where(sql`${outbox.message}->>'followsAccount' = ${accountId}`);
}

/** How long sent messages are kept (what was sent to whom, for support). */
export const OUTBOX_KEEP_DAYS = 30;

/**
 * Attempts before a message is given up (failed_at set, logged as an error, listed in the console
 * for support: decision 0087). A refusal that says it is permanent is given up at once.
 */
export const OUTBOX_MAX_ATTEMPTS = 8;

/** The longest failure kept in `last_error`: enough for a provider's reason, not a page of it. */
const FAILURE_MAX_LENGTH = 300;

/**
 * A failed delivery in words fit for `last_error`, which support reads (decision 0087): one line,
 * at most FAILURE_MAX_LENGTH characters, any user and password of an address (an SMTP URL in a
 * connection error) replaced by "…". The senders' own errors name neither key nor token.
 */
export function failureReason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(\w+:\/\/)[^/\s@]*@/g, '$1…@');
  return line.length > FAILURE_MAX_LENGTH ? `${line.slice(0, FAILURE_MAX_LENGTH - 1)}…` : line;
}

/** Whether the sender said no later attempt can succeed (`permanent: true` on its error). */
const isPermanent = (error: unknown) =>
  error instanceof Error && (error as { permanent?: unknown }).permanent === true;

/** The wait after the nth failed attempt: 30 s, 1 min, 2 min, ... at most 1 hour. */
export const retryDelayMs = (attempts: number) =>
  Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), 3_600_000);

interface Claimed {
  id: number;
  message: StoredMessage;
  attempts: number;
}

export interface OutboxDeps {
  database: Database;
  notifier: Notifier;
  log: NotifyLog;
  /**
   * How long a claimed message is left to its sender before another process may take it (a
   * sender that crashed mid-send): longer than any delivery may take.
   */
  leaseMs: number;
  /** Makes a paid order's tax invoice to attach (rendered as the message is sent). */
  invoiceAttachment: (orderId: string, kind: 'INV' | 'CN', serial?: string) => Promise<Attachment>;
}

/**
 * Sends the outbox's messages, in any number of processes at once. A message is claimed with
 * FOR UPDATE SKIP LOCKED in a statement of its own that also pushes its next attempt on by the
 * lease, so no other process takes it while it is being sent and nothing is held open while
 * the provider answers; it is then marked sent, or due again after the back-off. A process that
 * dies mid-send leaves it claimed until the lease ends, then it is sent again: delivery is at
 * least once, twice only when the process dies between the provider's acceptance and the mark.
 */
export function createOutbox(deps: OutboxDeps) {
  const { database, notifier, log } = deps;

  /**
   * The message to send: stored contents decoded, QR codes and invoices made (an invoice that
   * fails is left out; a QR code of a short link does not fail).
   */
  const outgoing = async (
    id: number,
    { attachments, followsAccount: _account, aboutOrder: _order, ...message }: StoredMessage,
  ): Promise<OutgoingMessage> => {
    if (!attachments) return message as OutgoingMessage;
    const files: Attachment[] = [];
    for (const file of attachments) {
      if ('base64' in file) {
        const { base64, ...rest } = file;
        files.push({ ...rest, content: Buffer.from(base64, 'base64') });
        continue;
      }
      if ('qrCodeOf' in file) {
        files.push(await qrCodeAttachment(file.qrCodeOf, file.filename));
        continue;
      }
      try {
        files.push(await deps.invoiceAttachment(file.invoiceOf, file.kind ?? 'INV', file.serial));
      } catch (error) {
        log.error(
          { err: error, outboxId: id, orderId: file.invoiceOf },
          'tax invoice PDF failed; e-mail sent without it',
        );
      }
    }
    return { ...message, attachments: files } as OutgoingMessage;
  };

  const claim = async (ids: number[] | null): Promise<Claimed | undefined> => {
    const [row] = await database.query<Claimed>(
      `update outbox set attempts = attempts + 1,
              next_attempt_at = now() + $1 * interval '1 millisecond'
        where id = (select id from outbox
                     where sent_at is null and failed_at is null and next_attempt_at <= now()
                       and ($2::bigint[] is null or id = any($2::bigint[]))
                     order by next_attempt_at, id
                     limit 1
                     for update skip locked)
        returning id, message, attempts`,
      [deps.leaseMs, ids],
    );
    return row ? { ...row, id: Number(row.id) } : undefined;
  };

  const sendOne = async ({ id, message, attempts }: Claimed): Promise<boolean> => {
    try {
      await notifier.send(await outgoing(id, message));
    } catch (error) {
      const reason = failureReason(error);
      const givingUp = attempts >= OUTBOX_MAX_ATTEMPTS || isPermanent(error);
      await database.query(
        givingUp
          ? 'update outbox set failed_at = now(), last_error = $2 where id = $1'
          : `update outbox set last_error = $2,
                    next_attempt_at = now() + $3 * interval '1 millisecond' where id = $1`,
        givingUp ? [id, reason] : [id, reason, retryDelayMs(attempts)],
      );
      const context = { err: error, channel: message.channel, outboxId: id, attempts };
      const check = `check ${deliverySettings[message.channel]}`;
      if (givingUp) log.error(context, `message not sent: attempts exhausted (${check})`);
      else log.warn(context, `message not sent: will retry (${check})`);
      return false;
    }
    await database.query('update outbox set sent_at = now(), last_error = null where id = $1', [
      id,
    ]);
    return true;
  };

  /** Sends what is due, of `ids` only when given; answers how many were sent and not sent. */
  async function deliver(ids?: number[]): Promise<{ sent: number; failed: number }> {
    const tally = { sent: 0, failed: 0 };
    if (ids?.length === 0) return tally;
    for (;;) {
      const claimed = await claim(ids ?? null);
      if (!claimed) return tally;
      if (await sendOne(claimed)) tally.sent++;
      else tally.failed++;
    }
  }

  /**
   * Sends the messages a committed change just wrote, now, as the request that made them ends;
   * what fails stays for the worker's retries and never fails that request.
   */
  async function deliverNow(ids: number[]): Promise<void> {
    try {
      await deliver(ids);
    } catch (error) {
      log.error({ err: error }, 'outbox delivery failed; the worker will retry');
    }
  }

  return {
    deliver,
    deliverNow,
    /** Where each of these messages stands now, by id. */
    async statuses(ids: number[]): Promise<Map<number, DeliveryStatus>> {
      const rows = await database.query<{ id: string; sent: boolean; failed: boolean }>(
        `select id, sent_at is not null as sent, failed_at is not null as failed
           from outbox where id = any($1::bigint[])`,
        [ids],
      );
      return new Map(
        rows.map((row) => [
          Number(row.id),
          row.sent ? 'sent' : row.failed ? 'failed' : ('waiting' as const),
        ]),
      );
    },
    /**
     * Sends now the messages held back (enqueueMessages' `holdMs`) that were not withdrawn:
     * nothing replaced them.
     */
    async deliverHeldBack(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await database.query(
        `update outbox set next_attempt_at = now()
          where id = any($1::bigint[]) and sent_at is null and failed_at is null`,
        [ids],
      );
      await deliverNow(ids);
    },
    /**
     * Deletes messages sent more than OUTBOX_KEEP_DAYS ago; answers how many. Those given up are
     * support's (decision 0087), deleted by the retention sweep after their own period.
     */
    async prune(): Promise<number> {
      const rows = await database.query(
        `delete from outbox where sent_at < now() - $1 * interval '1 day' returning id`,
        [OUTBOX_KEEP_DAYS],
      );
      return rows.length;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

/** Where a message stands: sent, waiting for a retry, or given up (support's, decision 0087). */
export type DeliveryStatus = 'sent' | 'waiting' | 'failed';
