import { PRIVACY_POLICY_VERSION } from '@store/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { consentRecords } from '../db/schema';

type ConsentKind = (typeof consentRecords.$inferInsert)['kind'];

/** Where a consent was given or withdrawn (kept with it, as evidence of how). */
type ConsentSource =
  'registration' | 'profile' | 'saved_page' | 'unsubscribe_link' | 'favourite' | 'saved_search';

interface Consent {
  userId: string;
  kind: ConsentKind;
  given: boolean;
  source: ConsentSource;
}

/**
 * Records a consent given or withdrawn now, under the privacy policy in force (decision 0057),
 * in the caller's transaction when given one.
 */
export async function recordConsents(executor: Db, consents: readonly Consent[]): Promise<void> {
  if (consents.length === 0) return;
  await executor
    .insert(consentRecords)
    .values(consents.map((consent) => ({ ...consent, policyVersion: PRIVACY_POLICY_VERSION })));
}

/**
 * Records `consent` only when the person has no record of its kind yet (the first favourite or
 * saved search starts the alert e-mails); true when it was recorded now.
 */
export async function recordFirstConsent(executor: Db, consent: Consent): Promise<boolean> {
  const result = await executor.execute(sql`
    insert into ${consentRecords} (user_id, kind, given, source, policy_version)
    select ${consent.userId}, ${consent.kind}, ${consent.given}, ${consent.source}, ${PRIVACY_POLICY_VERSION}
    where not exists (
      select 1 from ${consentRecords}
      where ${and(eq(consentRecords.userId, consent.userId), eq(consentRecords.kind, consent.kind))}
    )
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}
