import { useState } from 'react';
import { apiErrorMessage } from '../../lib/api-client';
import { formatCount, formatIndianDate } from '../../lib/format';
import { useImports } from './api/get-imports';
import { ErrorsLink } from './import-progress';

const headings = [
  'Started',
  'File',
  'Run by',
  'Status',
  'Rows',
  'New',
  'Updated',
  'Unchanged',
  'Refused',
];

/** Past imports, newest first: when, which file, who ran it, how it ended. */
export function PastImports() {
  const [page, setPage] = useState(1);
  const imports = useImports(page);
  return (
    <section aria-labelledby="past-heading" className="mt-8">
      <h2 id="past-heading" className="mb-3 text-lg font-semibold">
        Past imports
      </h2>
      {imports.isError ? (
        <p role="alert" className="text-red-700">
          {apiErrorMessage(imports.error, 'The past imports could not be loaded.')}
        </p>
      ) : imports.data && imports.data.imports.length === 0 ? (
        <p className="text-slate-700">No import yet.</p>
      ) : imports.data ? (
        <>
          <div className="overflow-x-auto rounded-xl bg-white shadow-sm">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
                <tr>
                  {headings.map((heading) => (
                    <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {imports.data.imports.map((row) => (
                  <tr key={row.id} className="border-b border-slate-100 last:border-0">
                    <td className="px-3 py-2 whitespace-nowrap">
                      {formatIndianDate(row.startedAt, { month: 'short', time: true })}
                    </td>
                    <td className="px-3 py-2">{row.fileName}</td>
                    <td className="px-3 py-2">{row.startedBy.name}</td>
                    <td className="px-3 py-2">{row.status}</td>
                    <td className="px-3 py-2">{formatCount(row.total)}</td>
                    {/* As the check counts them: unchanged rows went in as they already were. */}
                    <td className="px-3 py-2">{formatCount(row.new)}</td>
                    <td className="px-3 py-2">{formatCount(row.updated)}</td>
                    <td className="px-3 py-2">{formatCount(row.unchanged)}</td>
                    <td className="px-3 py-2">
                      {row.errors > 0 ? <ErrorsLink id={row.id} count={row.errors} /> : '0'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {imports.data.pageCount > 1 ? (
            <nav aria-label="Pages of past imports" className="mt-3 flex justify-end gap-3">
              <button
                type="button"
                className="btn-secondary"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                Newer
              </button>
              <button
                type="button"
                className="btn-secondary"
                disabled={page >= imports.data.pageCount}
                onClick={() => setPage(page + 1)}
              >
                Older
              </button>
            </nav>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
