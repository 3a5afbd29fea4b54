import type { QueryClient } from '@tanstack/react-query';
import { queryRoots } from '../../../lib/query-keys';
import type { StockQuery } from '../stock-query';

/** The inventory's queries: staff data, so not under the public `numbers` root. */
export const stockKeys = {
  all: ['stock'] as const,
  list: (query: StockQuery) => ['stock', 'list', query] as const,
};

/** After a change of numbers: the inventory and the storefront's listings are read again. */
export function invalidateStock(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: stockKeys.all });
  void queryClient.invalidateQueries({ queryKey: [queryRoots.numbers] });
}
