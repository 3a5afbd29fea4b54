import { siteConfig } from '../../lib/site-config';
import { chooseConsent, useConsent } from './consent';

const CHOICE_WORDS = { granted: 'accepted', denied: 'declined' } as const;

/**
 * For the privacy policy: the analytics choice saved in this browser, and a button that forgets
 * it (Google's tags go back to denied and the bar asks again). Nothing without PUBLIC_GA_ID.
 */
export function AnalyticsChoice({
  measurementId = siteConfig.gaMeasurementId,
}: {
  measurementId?: string;
}) {
  const choice = useConsent();
  if (!measurementId) return null;
  return (
    <p>
      Your choice in this browser:{' '}
      <strong>{choice ? CHOICE_WORDS[choice] : 'not made yet (the bar at the bottom asks)'}</strong>
      .{' '}
      {choice ? (
        <button type="button" className="underline" onClick={() => chooseConsent(null)}>
          Change my choice
        </button>
      ) : null}
    </p>
  );
}
