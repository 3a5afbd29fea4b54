import type { ApiAcceptedData, ApiData } from '../../lib/api-types';

/** What a dry run found, an import's state, a page of past imports. */
export type DryRun = ApiData<'/admin/numbers/import', 'post'>;
export type ImportStarted = ApiAcceptedData<'/admin/numbers/import', 'post'>;
export type StockImport = ApiData<'/admin/imports/{id}', 'get'>;
export type ImportPage = ApiData<'/admin/imports', 'get'>;
