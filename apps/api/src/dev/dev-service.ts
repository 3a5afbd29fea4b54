import { normalizeMobile } from '@store/domain';
import type { Database } from '../db/database';
import { listOutbox } from '../notify/dev-outbox';

/** How addresses are stored: e-mail lower-case, mobiles as 10 digits. */
function normaliseRecipient(to: string): string {
  const trimmed = to.trim();
  if (trimmed.includes('@')) return trimmed.toLowerCase();
  return normalizeMobile(trimmed) ?? trimmed;
}

/** Development and test helpers (never registered in production). */
export function createDevService(database: Database) {
  return {
    /** Messages sent, newest first; to one recipient (any usual spelling of it) when given. */
    outbox(options: { to?: string; limit: number }) {
      const { to, limit } = options;
      return listOutbox(database, {
        to: to === undefined || to.trim() === '' ? undefined : normaliseRecipient(to),
        limit,
      });
    },
  };
}
