import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryRoots } from '../../lib/query-keys';

/**
 * A change made in the console: once it succeeds everything the console shows is read again
 * (lists, details, the navigation's counts, the dashboard), so no area shows a stale figure.
 */
export function useConsoleMutation<Input, Result>(mutationFn: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [queryRoots.console] }),
  });
}
