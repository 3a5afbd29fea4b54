import { apiUrl } from '../../lib/api-client';
import { formatCount, formatCountOf } from '../../lib/format';
import { useImport } from './api/get-import';
import type { StockImport } from './import-types';

/** The link to an import's refused rows, ready to fix and upload again. */
export function ErrorsLink({ id, count }: { id: string; count: number }) {
  return (
    <a
      className="font-medium text-blue-800 underline"
      href={apiUrl(`/admin/imports/${id}/errors.csv`)}
      download
    >
      Download the {formatCountOf(count, 'refused row', 'refused rows')} (errors.csv)
    </a>
  );
}

function Result({ state }: { state: StockImport }) {
  if (state.status === 'failed') {
    return (
      <div role="alert" className="rounded-lg bg-red-50 p-4 text-red-900">
        <p className="font-semibold">The import failed: nothing was changed.</p>
        <p className="mt-1 text-sm">{state.failure}</p>
      </div>
    );
  }
  return (
    <div
      role="status"
      aria-label="Import result"
      className="rounded-lg bg-emerald-50 p-4 text-emerald-950"
    >
      <p className="font-semibold">
        Import done: {formatCountOf(state.imported, 'row', 'rows')} imported (
        {formatCount(state.new)} new, {formatCount(state.updated)} updated,{' '}
        {formatCount(state.unchanged)} unchanged).
      </p>
      {state.errors > 0 ? (
        <p className="mt-1 text-sm">
          {formatCountOf(state.errors, 'row was', 'rows were')} refused.{' '}
          <ErrorsLink id={state.id} count={state.errors} />
        </p>
      ) : (
        <p className="mt-1 text-sm">No row was refused.</p>
      )}
    </div>
  );
}

/**
 * A running import's progress bar (read every IMPORT_POLL_MS), then its result: the counts and
 * the link to the refused rows, or why it failed.
 */
export function ImportProgress({ id }: { id: string }) {
  const { data: state } = useImport(id);
  if (!state) return <p className="text-sm text-slate-700">Starting the import…</p>;
  if (state.status !== 'running') return <Result state={state} />;
  const applying = state.processed >= state.total;
  return (
    <div className="space-y-2">
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={state.total}
        aria-valuenow={state.processed}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full bg-blue-700 transition-[width]"
          style={{ width: `${state.total > 0 ? (100 * state.processed) / state.total : 0}%` }}
        />
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        {applying
          ? state.total === 1
            ? 'The row is checked: applying it…'
            : `All ${formatCount(state.total)} rows checked: applying them in one go…`
          : `Checked ${formatCount(state.processed)} of ${formatCountOf(state.total, 'row', 'rows')}…`}
      </p>
    </div>
  );
}
