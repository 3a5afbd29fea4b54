import type { Db } from '../db/database';
import { webhookEvents } from '../db/schema';

/** Records a provider event id (or any once-only key); false when it was recorded before. */
export async function recordEventOnce(db: Db, id: string, provider: string): Promise<boolean> {
  const fresh = await db
    .insert(webhookEvents)
    .values({ id, provider })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return fresh.length > 0;
}
