import { randomUUID } from 'node:crypto';
import { formatIndiaDateTime } from '@store/domain';
import type { z } from 'zod';
import type { AuditService } from '../audit/audit-service';
import { displayNumber } from '../catalog/catalog-service';
import type { Config } from '../config/config';
import type { Database } from '../db/database';
import { inTransaction, type Tx } from '../db/transactions';
import { AppError, conflict, minutesText, notFound, tooMany } from '../http/app-error';
import { keyReused, requestHash } from '../http/idempotency-key';
import type { Notifier, NotifyLog } from '../notify/notifier';
import { enqueueMessages, type Outbox } from '../notify/outbox';
import type { StaffAlert, StaffAlerts } from '../notify/staff-alerts';
import { storeContactLine, type ContactConfig } from '../notify/store-contact';
import { enquiryReference } from './enquiry-reference';
import type {
  EnquiryDetailView,
  EnquiryReplyInput,
  EnquiryUpdate,
  EnquiryView,
} from './enquiry-schemas';
import { topicLabels, type EnquiryInput, type enquiryListQuery } from './enquiry-schemas';
import {
  countOpenEnquiries,
  countSince,
  findEnquiry,
  findEnquiryByKey,
  findReplyByKey,
  insertEnquiry,
  insertReply,
  lockClientIp,
  lockEnquiry,
  OPEN_STATUSES,
  pageOfEnquiries,
  readReplies,
  storeHasNumber,
  updateEnquiry,
  type EnquiryRow,
} from './enquiry-store';

interface EnquiryDeps {
  config: Pick<
    Config,
    'ENQUIRIES_PER_IP_PER_HOUR' | 'ENQUIRY_WINDOW_SECONDS' | 'STORE_NAME' | 'PUBLIC_BASE_URL'
  > &
    ContactConfig;
  database: Database;
  notifier: Notifier;
  log: NotifyLog;
  audit: AuditService;
  staffAlerts: StaffAlerts;
  outbox: Outbox;
}

interface EnquiryResult {
  id: string;
  /** False when the honeypot was filled: nothing was stored or sent. */
  stored: boolean;
}

/**
 * Stores an enquiry and acknowledges it by e-mail.
 *
 * - A filled honeypot (`website`) looks like success to the sender but stores and sends nothing.
 * - At most ENQUIRIES_PER_IP_PER_HOUR enquiries per client address in any ENQUIRY_WINDOW_SECONDS
 *   (an hour by default), counted in the database under an advisory lock so every server
 *   process shares the limit.
 * - The acknowledgement and the team's alert (STAFF_ALERT_EMAILS / STAFF_ALERT_MOBILES) are
 *   written to the outbox with the enquiry and sent once it is stored; if they cannot be
 *   delivered the enquiry still stands and the outbox retries them.
 * - With an idempotency key, a repeat of the same request (a retry after a lost answer, or a
 *   twin sent at the same moment) answers the enquiry the key made, and nothing is sent again;
 *   the key with another request is 422. The repeat is not counted against the limit.
 */
async function createEnquiry(
  deps: EnquiryDeps,
  input: EnquiryInput,
  clientIp: string,
  idempotencyKey: string | undefined,
  now = new Date(),
): Promise<EnquiryResult> {
  if (input.website && input.website.trim() !== '') {
    deps.log.info({ clientIp }, 'enquiry honeypot filled; ignored');
    return { id: randomUUID(), stored: false };
  }

  const key = idempotencyKey && { idempotencyKey, requestHash: requestHash(input) };
  /** The enquiry this key made already, if any; 422 when it was made by another request. */
  const madeBefore = async (tx: Tx) => {
    if (!key) return undefined;
    const row = await findEnquiryByKey(tx, key.idempotencyKey);
    if (row && row.requestHash !== key.requestHash) throw keyReused();
    return row?.id;
  };

  const { id, messageIds } = await deps.database.db.transaction(async (tx) => {
    await lockClientIp(tx, clientIp);
    const earlier = await madeBefore(tx);
    if (earlier) return { id: earlier, messageIds: [] };
    const windowMs = deps.config.ENQUIRY_WINDOW_SECONDS * 1000;
    const recent = await countSince(tx, clientIp, new Date(now.getTime() - windowMs));
    if (recent.count >= deps.config.ENQUIRIES_PER_IP_PER_HOUR) {
      const wait = (recent.oldestSeconds * 1000 + windowMs - now.getTime()) / 1000;
      throw tooMany(
        'TOO_MANY_REQUESTS',
        `You have sent several enquiries recently. Please try again in ${minutesText(wait)}, or call or WhatsApp us.`,
        wait,
      );
    }
    const stored = await insertEnquiry(tx, input, clientIp, now, key || undefined);
    // Not stored: a twin with the same key (from another address) committed first.
    if (!stored) return { id: (await madeBefore(tx))!, messageIds: [] };
    const ours = input.number && (await storeHasNumber(tx, input.number));
    const messageIds = await enqueueMessages(tx, [
      acknowledgement(deps.config, input, stored, ours ? input.number : undefined),
      ...deps.staffAlerts.messages(staffAlert(deps.config, input, stored)),
    ]);
    return { id: stored, messageIds };
  });
  await deps.outbox.deliverNow(messageIds);
  return { id, stored: true };
}

/** What the team hears of a new enquiry: who, about what, and where to answer it. */
function staffAlert(
  config: Pick<Config, 'PUBLIC_BASE_URL'>,
  input: EnquiryInput,
  id: string,
): StaffAlert {
  const about = input.number ? ` about ${input.number}` : '';
  return {
    // Whom to call back, and about which number: 30 characters (an SMS variable).
    sms: [
      'New enquiry',
      enquiryReference(id),
      input.number ? `${input.mobile} about ${input.number}` : `from ${input.mobile}`,
    ],
    subject: `New enquiry ${enquiryReference(id)}${about}: ${topicLabels[input.topic]}`,
    text: [
      `From ${input.name}, ${input.mobile}, ${input.email}${about}.`,
      '',
      input.message,
      '',
      `Answer it in the console: ${config.PUBLIC_BASE_URL.replace(/\/$/, '')}/admin/enquiries/${id}`,
    ].join('\n'),
  };
}

/**
 * The e-mail that tells the sender we have their enquiry. The address it goes to is whatever
 * the form was given, unverified, so it carries nothing the sender wrote: not the message (that
 * would make the form a relay for anyone's text to anyone), not even their name (decision
 * 0057: to a mistyped address it would tell a stranger who wrote to us). The reference and
 * "if you did not contact us, ignore this" are all that is theirs. It names the `number` the
 * enquiry is about when that is one of the store's own (the number page's form), so that a
 * buyer asking about several can tell the answers apart (decision 0073).
 */
function acknowledgement(
  config: Pick<Config, 'STORE_NAME' | 'PUBLIC_BASE_URL'> & ContactConfig,
  input: Pick<EnquiryInput, 'email' | 'topic'>,
  id: string,
  number?: string,
) {
  const store = config.STORE_NAME;
  const career = input.topic === 'career';
  const about = number ? ` about ${displayNumber(number)}` : '';
  const subject = career
    ? `We have received your application – ${store}`
    : `We have received your enquiry${about} – ${store}`;
  const opening = career
    ? `Thank you for applying to join ${store}. We have received your application and our team will review it. If your profile fits an opening, we will call you to arrange a conversation.`
    : `Thank you for contacting ${store}. We have received your enquiry${about || ` about ${topicLabels[input.topic]}`} and a member of our team will get back to you shortly, usually within one working day.`;
  const text = [
    'Hello,',
    '',
    opening,
    '',
    `Reference: ${enquiryReference(id)} (please quote it if you write to us about this ${career ? 'application' : 'enquiry'}).`,
    '',
    `If you did not contact ${store}, someone may have entered your e-mail address by mistake: you can ignore this e-mail.`,
    '',
    storeContactLine(config),
    '',
    `${store}`,
    config.PUBLIC_BASE_URL,
  ].join('\n');
  return { channel: 'email' as const, to: input.email, subject, text };
}

const toView = (row: EnquiryRow): EnquiryView => ({
  id: row.id,
  reference: enquiryReference(row.id),
  name: row.name,
  mobile: row.mobile,
  email: row.email,
  topic: row.topic,
  message: row.message,
  status: row.status,
  state: OPEN_STATUSES.includes(row.status) ? 'open' : 'answered',
  pagePath: row.pagePath,
  number: row.number,
  note: row.staffNote,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const ENQUIRY_NOT_FOUND = 'That enquiry was not found.';

/**
 * The e-mail of a reply from the console: the team's words and the store's contact line. The
 * enquirer's own message is not quoted (the address was never verified: see acknowledgement).
 */
function replyEmail(
  config: Pick<Config, 'STORE_NAME' | 'PUBLIC_BASE_URL'> & ContactConfig,
  enquiry: EnquiryRow,
  input: EnquiryReplyInput,
) {
  // The reference the acknowledgement gave, so the sender's mail threads and the team finds it.
  const reference = enquiryReference(enquiry.id);
  const subject = !input.subject
    ? `Re: your enquiry ${reference} – ${config.STORE_NAME}`
    : input.subject.toUpperCase().includes(reference)
      ? input.subject
      : `${input.subject} (${reference})`;
  const text = [
    input.text,
    '',
    `Your enquiry's reference: ${reference}`,
    storeContactLine(config),
    '',
    config.STORE_NAME,
    config.PUBLIC_BASE_URL,
  ].join('\n');
  return { channel: 'email' as const, to: enquiry.email, subject, text };
}

type ReplyRow = Awaited<ReturnType<typeof readReplies>>[number];

const replyView = ({ reply, staffName }: ReplyRow): EnquiryDetailView['replies'][number] => ({
  id: reply.id,
  sentTo: reply.sentTo,
  subject: reply.subject,
  text: reply.text,
  sentAt: reply.createdAt.toISOString(),
  staff: { id: reply.staffUserId, name: staffName },
});

/** A person's words quoted in a message: on one line, cut to `length` characters. */
function quoted(text: string, length = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return `“${line.length > length ? `${line.slice(0, length - 1)}…` : line}”`;
}

/**
 * 409 ALREADY_REPLIED: replies were sent since the caller's page was loaded (another agent
 * answered meanwhile). Names the latest, quotes it, and carries every one not seen.
 */
function alreadyReplied(unseen: ReplyRow[]): AppError {
  const last = unseen.at(-1)!;
  const others =
    unseen.length > 1 ? ` (${unseen.length} replies were sent since you opened it)` : '';
  return conflict(
    `${last.staffName} replied to this enquiry at ${formatIndiaDateTime(last.reply.createdAt)}${others}: ${quoted(last.reply.text)}. Your reply was not sent. Read theirs, then send yours only if the customer should have both.`,
    'ALREADY_REPLIED',
    { replies: unseen.map(replyView) },
  );
}

/**
 * 409 ALREADY_ANSWERED: another agent marked the enquiry answered, without a reply from the
 * store, since the caller's page was loaded (they called the customer, say).
 */
async function alreadyAnswered(audit: AuditService, tx: Tx, id: string): Promise<AppError> {
  const marked = await audit.lastChange(tx, 'enquiry', id, 'enquiry.status');
  const who = marked
    ? `${marked.by ?? 'Someone'} marked this enquiry answered at ${formatIndiaDateTime(marked.at)}`
    : 'This enquiry was marked answered';
  return conflict(
    `${who}, after you opened it, without an e-mail from the store. Your reply was not sent: send it only if the customer should still hear from us by e-mail.`,
    'ALREADY_ANSWERED',
    { answered: { by: marked?.by ?? null, at: marked?.at.toISOString() ?? null } },
  );
}

/** 409 NOTE_CHANGED: the note was saved by someone else since the caller's page was loaded. */
async function noteChanged(audit: AuditService, tx: Tx, current: EnquiryRow): Promise<AppError> {
  const saved = await audit.lastChange(tx, 'enquiry', current.id, 'enquiry.note');
  const who = saved
    ? `${saved.by ?? 'Someone'} changed the note at ${formatIndiaDateTime(saved.at)}`
    : 'The note was changed';
  const now = current.staffNote ? `it now reads ${quoted(current.staffNote)}` : 'it is now empty';
  return conflict(
    `${who} after you opened this enquiry: ${now}. Your note was not saved: put the two together and save again.`,
    'NOTE_CHANGED',
    {
      note: {
        text: current.staffNote,
        by: saved?.by ?? null,
        at: saved?.at.toISOString() ?? null,
      },
    },
  );
}

/**
 * How long a note or a reply is: what the audit log keeps of it. The words are the enquirer's
 * business and are deleted with the enquiry after RETENTION_ENQUIRY_DAYS; the log, never
 * trimmed, would keep them for ever (decision 0073).
 */
const characters = (text: string | null) => [...(text ?? '')].length;

/** Enquiries from the site's forms, and the support console's inbox of them. */
export function createEnquiryService(deps: EnquiryDeps) {
  const db = deps.database.db;

  async function detail(row: EnquiryRow): Promise<EnquiryDetailView> {
    const replies = await readReplies(db, row.id);
    return { ...toView(row), replies: replies.map(replyView) };
  }

  return {
    /** Stores an enquiry and acknowledges it (see createEnquiry); `log` is the request's. */
    create: (
      input: EnquiryInput,
      clientIp: string,
      idempotencyKey?: string,
      log: NotifyLog = deps.log,
    ) => createEnquiry({ ...deps, log }, input, clientIp, idempotencyKey),

    /** One page of the inbox, newest first. */
    async list(
      filter: z.output<typeof enquiryListQuery> & { sender?: { email: string; mobile: string } },
      page: number,
      pageSize: number,
    ): Promise<{ views: EnquiryView[]; total: number }> {
      const { rows, total } = await pageOfEnquiries(db, filter, page, pageSize);
      return { views: rows.map(toView), total };
    },

    /** One enquiry with its replies; 404 for an unknown one. */
    async get(id: string): Promise<EnquiryDetailView> {
      const row = await findEnquiry(db, id);
      if (!row) throw notFound(ENQUIRY_NOT_FOUND);
      return detail(row);
    },

    /** Enquiries not yet answered: the console's count and the dashboard's. */
    countOpen: () => countOpenEnquiries(db),

    /**
     * A new status (new, in progress, closed = answered) and/or the team's note, by a staff
     * member; each change is recorded in the audit log. 404 for an unknown enquiry. With
     * `noteSeen` (the note the caller's page showed), a note saved by someone else since is not
     * overwritten: 409 NOTE_CHANGED with the current note, who saved it and when; nothing of the
     * update is made.
     */
    async update(actorId: string, id: string, update: EnquiryUpdate): Promise<EnquiryView> {
      const row = await inTransaction(deps.database, async (tx) => {
        const before = await lockEnquiry(tx, id);
        if (!before) throw notFound(ENQUIRY_NOT_FOUND);
        const { note, noteSeen } = update;
        if (
          note !== undefined &&
          noteSeen !== undefined &&
          note !== before.staffNote &&
          noteSeen !== before.staffNote
        ) {
          throw await noteChanged(deps.audit, tx, before);
        }
        const entry = {
          actorId,
          entityType: 'enquiry' as const,
          entityId: id,
          number: before.number,
        };
        let after = before;
        if (update.status !== undefined && update.status !== before.status) {
          after = await updateEnquiry(tx, id, { status: update.status });
          await deps.audit.record(tx, {
            ...entry,
            action: 'enquiry.status',
            before: { status: before.status },
            after: { status: after.status },
          });
        }
        if (update.note !== undefined && update.note !== before.staffNote) {
          after = await updateEnquiry(tx, id, { staffNote: update.note });
          await deps.audit.record(tx, {
            ...entry,
            action: 'enquiry.note',
            before: { noteCharacters: characters(before.staffNote) },
            after: { noteCharacters: characters(after.staffNote) },
          });
        }
        return after;
      });
      return toView(row);
    },

    /**
     * E-mails a reply to the enquirer, then records it (who, when, what) and marks the enquiry
     * answered, with an audit entry (who, when, how long: not the words nor the address, which
     * go with the enquiry after its period). Nothing is recorded when the e-mail cannot be sent.
     * The enquiry stays locked from before the sending until the reply is recorded, so that a
     * repeat with the same idempotency key (a retry after a lost answer, or a twin sent at the
     * same moment) finds the reply and answers the enquiry as it is, without e-mailing again;
     * the key with another reply is 422. With `repliesSeen` (how many replies the caller's page
     * showed), a reply sent by someone else since means nothing is sent: 409 ALREADY_REPLIED,
     * naming it, unless `sendAnyway` says the agent saw it and still wants theirs sent. So too
     * with `statusSeen` when another agent has marked the enquiry answered since: 409
     * ALREADY_ANSWERED, naming who and when.
     */
    async reply(actorId: string, id: string, input: EnquiryReplyInput, idempotencyKey?: string) {
      const hash = idempotencyKey && requestHash(id, input);
      const row = await inTransaction(deps.database, async (tx) => {
        const before = await lockEnquiry(tx, id);
        if (!before) throw notFound(ENQUIRY_NOT_FOUND);
        if (idempotencyKey) {
          const sent = await findReplyByKey(tx, id, idempotencyKey);
          if (sent && sent.requestHash !== hash) throw keyReused();
          if (sent) return before;
        }
        if (!input.sendAnyway) {
          if (input.repliesSeen !== undefined) {
            const unseen = (await readReplies(tx, id)).slice(input.repliesSeen);
            if (unseen.length > 0) throw alreadyReplied(unseen);
          }
          if (input.statusSeen && input.statusSeen !== 'closed' && before.status === 'closed') {
            throw await alreadyAnswered(deps.audit, tx, id);
          }
        }
        if (deps.notifier.delivers?.('email') === false) {
          throw new AppError(
            503,
            'EMAIL_UNAVAILABLE',
            'E-mail cannot be sent: the store has no mail server (SMTP_URL). Call or WhatsApp the enquirer instead.',
          );
        }
        const message = replyEmail(deps.config, before, input);
        try {
          await deps.notifier.send(message);
        } catch (error) {
          deps.log.error({ err: error, enquiryId: id }, 'enquiry reply e-mail failed');
          throw new AppError(
            502,
            'EMAIL_FAILED',
            'The reply could not be sent. Please try again in a moment.',
          );
        }
        await insertReply(tx, {
          enquiryId: id,
          staffUserId: actorId,
          sentTo: message.to,
          subject: message.subject,
          text: input.text,
          idempotencyKey,
          requestHash: hash || undefined,
        });
        const after = await updateEnquiry(tx, id, { status: 'closed' });
        await deps.audit.record(tx, {
          actorId,
          action: 'enquiry.reply',
          entityType: 'enquiry',
          entityId: id,
          number: before.number,
          before: { status: before.status },
          after: { status: after.status, replyCharacters: characters(input.text) },
        });
        return after;
      });
      return detail(row);
    },
  };
}
