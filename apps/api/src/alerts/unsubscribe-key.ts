import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { linkKeys } from '../db/schema';

const NAME = 'alerts-unsubscribe';

/**
 * The key of the unsubscribe links (decision 0105): kept in the database, made at random by the
 * first process that asks (the insert of a concurrent one does nothing), so the server, the
 * CLI and a restarted server sign and read the same links, whatever SESSION_SECRET is.
 */
export async function unsubscribeKey(database: Database): Promise<Buffer> {
  const db = database.db;
  const read = async () => {
    const [row] = await db
      .select({ secret: linkKeys.secret })
      .from(linkKeys)
      .where(eq(linkKeys.name, NAME));
    return row && Buffer.from(row.secret, 'base64url');
  };
  const kept = await read();
  if (kept) return kept;
  await db
    .insert(linkKeys)
    .values({ name: NAME, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  return (await read())!;
}
