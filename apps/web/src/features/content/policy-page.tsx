import { PRIVACY_POLICY_VERSION } from '@store/domain';
import type { ReactNode } from 'react';
import { Container, PageHeader } from '../../components/page';
import { formatIndianDate } from '../../lib/format';
import { proseClass } from './content-blocks';

/**
 * When the policy texts were last revised: the version consents are recorded under, one date
 * for the privacy, refund and terms pages (a consent to the terms names it too).
 */
const POLICIES_UPDATED = PRIVACY_POLICY_VERSION;

/** Layout of the privacy, refund and terms pages. */
export function PolicyPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container className="pb-16">
      <PageHeader
        eyebrow="Policies"
        title={title}
        intro={
          <>
            {intro}
            <p className="mt-3 text-sm text-slate-600">
              Last updated:{' '}
              <time dateTime={POLICIES_UPDATED}>{formatIndianDate(POLICIES_UPDATED)}</time>
            </p>
          </>
        }
      />
      <div className={proseClass}>{children}</div>
    </Container>
  );
}
