import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isApiError } from '../../lib/api-client';
import { queryRoots } from '../../lib/query-keys';

/**
 * A 403 from the console's API may mean the member's role changed since the tab read it (an
 * administrator made support): the profile is read again, so the navigation and the pages follow
 * the role the server holds now, and the frame says it changed (decision 0101).
 */
export function useRecheckRole(): (error: unknown) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown) => {
      if (isApiError(error) && error.status === 403) {
        void queryClient.invalidateQueries({ queryKey: [queryRoots.profile] });
      }
    },
    [queryClient],
  );
}
