import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api-client';
import { queryRoots } from '../../lib/query-keys';
import { useRecheckRole } from './recheck-role';

/**
 * A change made in the console: once it succeeds everything the console shows is read again
 * (lists, details, the navigation's counts, the dashboard), so no area shows a stale figure.
 * So it is after a 409 (another agent changed the thing first): the page then shows what the
 * refusal speaks of. A 403 has the member's role read again (useRecheckRole).
 */
export function useConsoleMutation<Input, Result>(mutationFn: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  const readAgain = () => queryClient.invalidateQueries({ queryKey: [queryRoots.console] });
  const recheckRole = useRecheckRole();
  return useMutation({
    mutationFn,
    onSuccess: readAgain,
    onError: (error) => {
      if (isApiError(error) && error.status === 409) void readAgain();
      recheckRole(error);
    },
  });
}
