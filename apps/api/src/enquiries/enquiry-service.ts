import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Config } from '../config/config';
import type { Database } from '../db/database';
import { minutesText, notFound, tooMany } from '../http/app-error';
import type { Notifier, NotifyLog } from '../notify/notifier';
import { storeContactLine, type ContactConfig } from '../notify/store-contact';
import type { enquiryStatusBody, EnquiryView } from './enquiry-schemas';
import { topicLabels, type EnquiryInput, type enquiryListQuery } from './enquiry-schemas';
import {
  countSince,
  insertEnquiry,
  lockClientIp,
  pageOfEnquiries,
  setEnquiryStatus,
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
 * - The acknowledgement is sent after the enquiry is stored; if it cannot be delivered the
 *   enquiry still stands (the team answers it from the console) and the failure is logged.
 */
async function createEnquiry(
  deps: EnquiryDeps,
  input: EnquiryInput,
  clientIp: string,
  now = new Date(),
): Promise<EnquiryResult> {
  if (input.website && input.website.trim() !== '') {
    deps.log.info({ clientIp }, 'enquiry honeypot filled; ignored');
    return { id: randomUUID(), stored: false };
  }

  const id = await deps.database.db.transaction(async (tx) => {
    await lockClientIp(tx, clientIp);
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
    return insertEnquiry(tx, input, clientIp, now);
  });

  try {
    await deps.notifier.send(acknowledgement(deps.config, input, id));
  } catch (error) {
    deps.log.error({ err: error, enquiryId: id }, 'enquiry acknowledgement e-mail failed');
  }
  return { id, stored: true };
}

/** A plain first name: a letter, then letters, apostrophes or hyphens; 24 characters at most. */
const PLAIN_FIRST_NAME = /^\p{L}[\p{L}\p{M}'’-]{0,23}$/u;

/**
 * The name the acknowledgement greets by: the first word of the name given when it is a plain
 * first name, else none. The address is not verified, so a sender's words must not reach it:
 * no links, no sentences.
 */
export function greetingName(name: string): string | null {
  const first = name.trim().split(/\s+/)[0] ?? '';
  return PLAIN_FIRST_NAME.test(first) ? first : null;
}

/**
 * The e-mail that tells the sender we have their enquiry. The address it goes to is whatever
 * the form was given, unverified, so it carries nothing the sender wrote but a short first
 * name: never the message (that would make the form a relay for anyone's text to anyone).
 */
function acknowledgement(
  config: Pick<Config, 'STORE_NAME' | 'PUBLIC_BASE_URL'> & ContactConfig,
  input: Pick<EnquiryInput, 'name' | 'email' | 'topic'>,
  id: string,
) {
  const store = config.STORE_NAME;
  const career = input.topic === 'career';
  const subject = career
    ? `We have received your application – ${store}`
    : `We have received your enquiry – ${store}`;
  const opening = career
    ? `Thank you for applying to join ${store}. We have received your application and our team will review it. If your profile fits an opening, we will call you to arrange a conversation.`
    : `Thank you for contacting ${store}. We have received your enquiry about ${topicLabels[input.topic]} and a member of our team will get back to you shortly, usually within one working day.`;
  const name = greetingName(input.name);
  const text = [
    name ? `Hello ${name},` : 'Hello,',
    '',
    opening,
    '',
    `Reference: ${id} (please quote it if you write to us about this ${career ? 'application' : 'enquiry'}).`,
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
  name: row.name,
  mobile: row.mobile,
  email: row.email,
  topic: row.topic,
  message: row.message,
  status: row.status,
  pagePath: row.pagePath,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Enquiries from the site's forms, and the support console's inbox of them. */
export function createEnquiryService(deps: EnquiryDeps) {
  return {
    /** Stores an enquiry and acknowledges it (see createEnquiry); `log` is the request's. */
    create: (input: EnquiryInput, clientIp: string, log: NotifyLog = deps.log) =>
      createEnquiry({ ...deps, log }, input, clientIp),

    /** One page of the inbox, newest first. */
    async list(
      filter: z.output<typeof enquiryListQuery>,
      page: number,
      pageSize: number,
    ): Promise<{ views: EnquiryView[]; total: number }> {
      const { rows, total } = await pageOfEnquiries(deps.database.db, filter, page, pageSize);
      return { views: rows.map(toView), total };
    },

    /** Moves an enquiry along (new, in progress, closed); 404 for an unknown one. */
    async setStatus(id: string, status: z.output<typeof enquiryStatusBody>['status']) {
      const row = await setEnquiryStatus(deps.database.db, id, status);
      if (!row) throw notFound('That enquiry was not found.');
      return toView(row);
    },
  };
}
