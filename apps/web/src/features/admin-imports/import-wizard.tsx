import { useState, type FormEvent } from 'react';
import { BusyButton } from '../../components/busy-button';
import { useFocusLater } from '../../components/use-focus-later';
import { apiErrorMessage } from '../../lib/api-client';
import { formatCount } from '../../lib/format';
import { useCheckImportFile } from './api/check-import-file';
import { useStartImport } from './api/start-import';
import { changesStock, DryRunPreview } from './dry-run-preview';
import { ImportProgress } from './import-progress';

/**
 * Upload a CSV, see what it would do (a dry run: nothing is written), confirm, follow the
 * import's progress and read its result. Each button keeps the focus while its request runs, and
 * the focus then goes to what it brought: the check of the file, the import's progress.
 */
export function ImportWizard() {
  const [file, setFile] = useState<File | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const check = useCheckImportFile();
  const start = useStartImport();
  const { target: preview, focusLater: focusPreviewLater } = useFocusLater<HTMLElement>();
  const { target: progress, focusLater: focusProgressLater } = useFocusLater<HTMLDivElement>();

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setImportId(null);
    check.reset();
    start.reset();
  };

  const onCheck = (event: FormEvent) => {
    event.preventDefault();
    if (file) check.mutate(file, { onSuccess: focusPreviewLater });
  };

  const onConfirm = async () => {
    if (!file) return;
    const { importId: id } = await start.mutateAsync(file);
    setImportId(id);
    focusProgressLater();
  };

  const problem = check.error ?? start.error;
  return (
    <section
      aria-labelledby="upload-heading"
      className="space-y-4 rounded-xl bg-white p-5 shadow-sm"
    >
      <h2 id="upload-heading" className="text-lg font-semibold">
        Import stock
      </h2>
      <form onSubmit={onCheck} className="flex flex-wrap items-end gap-3">
        <label className="block text-sm font-medium text-slate-800">
          CSV file (number, price, offer_price, status)
          <input
            type="file"
            accept=".csv,.txt,.tsv,text/csv,text/plain,text/tab-separated-values"
            className="mt-1.5 block text-sm"
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
        </label>
        <BusyButton
          type="submit"
          className="btn-secondary aria-disabled:opacity-70"
          disabled={!file}
          busy={check.isPending}
        >
          {check.isPending ? 'Checking…' : 'Check the file'}
        </BusyButton>
      </form>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {apiErrorMessage(problem, 'The file could not be read.')}
        </p>
      ) : null}
      {check.data && !importId ? (
        <>
          <DryRunPreview ref={preview} result={check.data} />
          {changesStock(check.data) ? (
            <BusyButton
              className="btn-primary aria-disabled:opacity-70"
              busy={start.isPending}
              onClick={() => void onConfirm().catch(() => {})}
            >
              {start.isPending
                ? 'Starting…'
                : `Import ${formatCount(check.data.valid)} ${check.data.valid === 1 ? 'row' : 'rows'}`}
            </BusyButton>
          ) : null}
        </>
      ) : null}
      {importId ? (
        <div ref={progress} tabIndex={-1}>
          <ImportProgress id={importId} />
        </div>
      ) : null}
    </section>
  );
}
