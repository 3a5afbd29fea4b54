import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { useToast } from '../../components/toast';
import { apiErrorMessage, apiUrl, withQuery } from '../../lib/api-client';
import { formatCountOf } from '../../lib/format';
import { consoleMeta, ConsolePage } from '../admin-shell';
import { AddNumberDialog } from './add-number-dialog';
import { useStock } from './api/get-stock';
import { useSetNumberStatus, type SettableStatus } from './api/set-number-status';
import { BulkPriceDialog } from './bulk-price-dialog';
import { EditPriceDialog } from './edit-price-dialog';
import { InventoryTable } from './inventory-table';
import { StockFilters } from './stock-filters';
import { searchOf, stockQueryFrom, type StockQuery } from './stock-query';
import type { StockNumber } from './stock-types';
import type { Route } from './+types/inventory-page';

type OpenDialog = { kind: 'add' } | { kind: 'bulk' } | { kind: 'price'; number: StockNumber };

/**
 * /admin/inventory: every number whatever its status, with the storefront's filters plus status
 * and a digits search, sorted and paged by the server; add a number, change a price, hide or
 * show one, change the prices of the whole selection, export it as CSV.
 */
const statusDone: Record<SettableStatus, string> = {
  available: 'on sale',
  hidden: 'hidden from the storefront',
  coming_soon: 'coming soon: listed with Notify me',
};

export const meta: Route.MetaFunction = () => consoleMeta('Inventory');

export default function InventoryPage() {
  const toast = useToast();
  const [search, setSearch] = useSearchParams();
  const query = stockQueryFrom(search);
  const stock = useStock(query);
  const setStatus = useSetNumberStatus();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const filterUsedRef = useRef<string | null>(null);
  const close = () => setDialog(null);

  const go = (next: Partial<StockQuery>) => setSearch(searchOf({ ...query, ...next }));

  const onSetStatus = (number: StockNumber, status: SettableStatus) =>
    setStatus.mutate(
      { id: number.id, status, seen: number.status },
      {
        onSuccess: () => toast.success(`${number.display} is ${statusDone[status]}.`),
        onError: (error) => toast.error(apiErrorMessage(error, 'That did not work.')),
      },
    );

  const page = stock.data;
  const exportHref = apiUrl(withQuery('/admin/numbers/export.csv', query.filter));

  return (
    <ConsolePage
      title="Inventory"
      intro="Every number in the store, whatever its status."
      actions={
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-primary" onClick={() => setDialog({ kind: 'add' })}>
            Add number
          </button>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => setDialog({ kind: 'bulk' })}
          >
            Bulk price change
          </button>
          <a className="btn-secondary" href={exportHref} download>
            Export CSV
          </a>
        </div>
      }
    >
      <StockFilters
        key={search.toString()}
        filter={query.filter}
        onApply={(filter) => go({ filter, page: 1 })}
        usedRef={filterUsedRef}
      />
      {stock.isPending ? (
        <PageSpinner label="Loading the inventory" />
      ) : stock.isError ? (
        <p role="alert" className="text-red-700">
          {apiErrorMessage(stock.error, 'The inventory could not be loaded.')}
        </p>
      ) : page!.numbers.length === 0 ? (
        <p role="status" className="rounded-xl bg-white p-6 text-slate-700 shadow-sm">
          {Object.keys(query.filter).length > 0 ? 'No number matches.' : 'No numbers yet.'}
        </p>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-700" aria-live="polite">
            {formatCountOf(page!.total, 'number', 'numbers')}
          </p>
          <InventoryTable
            numbers={page!.numbers}
            sort={query.sort}
            onSort={(sort) => go({ sort, page: 1 })}
            actions={{
              onEditPrice: (number) => setDialog({ kind: 'price', number }),
              onSetStatus,
            }}
          />
          <nav aria-label="Pages" className="mt-3 flex items-center justify-end gap-3 text-sm">
            <button
              type="button"
              className="btn-secondary"
              disabled={query.page <= 1}
              onClick={() => go({ page: query.page - 1 })}
            >
              Previous
            </button>
            <span>
              Page {query.page} of {Math.max(1, page!.pageCount)}
            </span>
            <button
              type="button"
              className="btn-secondary"
              disabled={query.page >= page!.pageCount}
              onClick={() => go({ page: query.page + 1 })}
            >
              Next
            </button>
          </nav>
        </>
      )}
      <AddNumberDialog open={dialog?.kind === 'add'} onClose={close} />
      {dialog?.kind === 'bulk' ? <BulkPriceDialog filter={query.filter} onClose={close} /> : null}
      {dialog?.kind === 'price' ? <EditPriceDialog number={dialog.number} onClose={close} /> : null}
    </ConsolePage>
  );
}
