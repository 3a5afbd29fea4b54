import type { QueryClient } from '@tanstack/react-query';
import type { ToastApi } from '../../components/toast';
import { isApiError } from '../../lib/api-client';
import { SAVED_SEARCHES_QUERY_KEY, setAlertsOn } from './api/saved-searches';

export const ALERTS_NOTICE = {
  started:
    'Saved. We will e-mail you at most once a day if its price drops (turn this off on your Saved page).',
  stop: 'No e-mails',
  failed: 'Alert e-mails could not be turned off. Please try again on your Saved page.',
} as const;

/**
 * Tells the buyer that their first favourite started the daily alert e-mails, at that moment
 * (DPDP s.5 notice, decision 0057), with a one-tap "No e-mails" that turns them off.
 */
export function tellAlertsStarted(toast: ToastApi, queryClient: QueryClient) {
  const stop = async () => {
    try {
      toast.success(await setAlertsOn(false));
      await queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_QUERY_KEY });
    } catch (error) {
      toast.error(isApiError(error) ? error.message : ALERTS_NOTICE.failed);
    }
  };
  // With its action, the notice stays until closed: "No e-mails" can be reached by keyboard.
  toast.info(ALERTS_NOTICE.started, {
    action: { label: ALERTS_NOTICE.stop, run: () => void stop() },
  });
}
