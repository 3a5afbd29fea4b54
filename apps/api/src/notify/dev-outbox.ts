import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { devOutbox } from '../db/schema';
import type { OutgoingMessage } from './message';

export interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms' | 'whatsapp';
  to: string;
  subject: string | null;
  text: string;
  /** An e-mail's HTML part, as sent. */
  html: string | null;
  otp: string | null;
  /** The names of the files an e-mail carried. */
  attachments: string[];
  createdAt: string;
}

/** Outside production every message is kept here so developers and tests can read codes. */
export async function recordInOutbox(database: Database, message: OutgoingMessage): Promise<void> {
  await database.db.insert(devOutbox).values({
    channel: message.channel,
    to: message.to,
    subject: message.subject ?? null,
    text: message.text,
    html: message.html ?? null,
    otp: message.otp ?? null,
    attachments: message.attachments?.map((file) => file.filename) ?? null,
  });
}

/** Newest first; all recipients when `to` is not given. */
export async function listOutbox(
  database: Database,
  options: { to?: string; limit: number },
): Promise<OutboxMessage[]> {
  const rows = await database.db
    .select()
    .from(devOutbox)
    .where(options.to === undefined ? undefined : eq(devOutbox.to, options.to))
    .orderBy(desc(devOutbox.createdAt), desc(devOutbox.id))
    .limit(options.limit);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    otp: row.otp,
    attachments: row.attachments ?? [],
    createdAt: row.createdAt.toISOString(),
  }));
}
