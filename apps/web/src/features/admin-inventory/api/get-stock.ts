import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery, type RequestOptions } from '../../../lib/api-client';
import { PAGE_SIZE, type StockQuery } from '../stock-query';
import type { StockPage } from '../stock-types';
import { stockKeys } from './stock-keys';

/** GET /admin/numbers: one page of the inventory, every status unless filtered. */
async function fetchStock(
  { filter, sort, page }: StockQuery,
  options: RequestOptions = {},
): Promise<StockPage> {
  const path = withQuery('/admin/numbers', { ...filter, sort, page, pageSize: PAGE_SIZE });
  return (await api.get<StockPage>(path, options)).data as StockPage;
}

/** One page of the inventory; the previous page stays shown while the next one loads. */
export function useStock(query: StockQuery) {
  return useQuery({
    queryKey: stockKeys.list(query),
    queryFn: ({ signal }) => fetchStock(query, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
