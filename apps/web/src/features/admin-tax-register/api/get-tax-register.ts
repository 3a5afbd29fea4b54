import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiUrl, withQuery, type RequestOptions } from '../../../lib/api-client';
import type { ApiData } from '../../../lib/api-types';
import { queryRoots } from '../../../lib/query-keys';

type TaxRegister = ApiData<'/admin/tax-register', 'get'>;
export type TaxRegisterRow = TaxRegister['documents'][number];
export type TaxFigures = TaxRegister['totals']['net'];

/** A period of India days, both inclusive (YYYY-MM-DD). */
export interface TaxPeriod {
  from: string;
  to: string;
}

/** GET /admin/tax-register (administrators): the period's documents, totals and summary. */
async function getTaxRegister(period: TaxPeriod, options: RequestOptions = {}) {
  return (await api.get<TaxRegister>(withQuery('/admin/tax-register', { ...period }), options))
    .data as TaxRegister;
}

/** The register of the period; the previous period's stays shown while the next loads. */
export function useTaxRegister(period: TaxPeriod) {
  return useQuery({
    queryKey: [queryRoots.console, 'tax-register', period],
    queryFn: ({ signal }) => getTaxRegister(period, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/tax-register.csv: the same register as a file, downloaded by a link. */
export const taxRegisterCsvUrl = (period: TaxPeriod) =>
  apiUrl(withQuery('/admin/tax-register.csv', { ...period }));
