import type { Database } from '../src/db/database';

/** A buyer's consent records (decision 0057), oldest first. */
export function consentRecords(database: Database, userId: string) {
  return database.query<{
    kind: string;
    given: boolean;
    source: string;
    policy_version: string;
    at: Date;
  }>(
    'select kind, given, source, policy_version, at from consent_records where user_id = $1 order by at, kind',
    [userId],
  );
}

/** The records as lines: `whatsapp_updates withdrawn at profile`. */
export async function consentLines(database: Database, userId: string): Promise<string[]> {
  return (await consentRecords(database, userId)).map(
    (row) => `${row.kind} ${row.given ? 'given' : 'withdrawn'} at ${row.source}`,
  );
}
