import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { formatCount } from '../../lib/format';

/** Where a list the server pages stands (the paged answer itself will do). */
interface TablePage {
  page: number;
  pageCount: number;
  total: number;
}

/**
 * A console list: a table with a caption and column headers (TanStack Table, paged on the
 * server) and the pager under it. `columns` are TanStack column definitions. On a phone
 * (below `sm`, 640 px) the rows stand one under the other, each cell under its column's name,
 * instead of a table scrolled sideways past the row's own links and buttons. The column names
 * shown so are hidden from screen readers, which keep the table and its headers.
 */
export function ConsoleTable<Row>({
  caption,
  columns,
  rows,
  paged,
  onPage,
  empty,
  busy = false,
}: {
  caption: string;
  // Columns of any value type: TanStack's own examples type them so.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<Row, any>[];
  rows: Row[];
  paged?: TablePage;
  onPage?: (page: number) => void;
  empty: string;
  busy?: boolean;
}) {
  // TanStack Table's instance is not memoisable: this component re-renders with it, as designed.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    pageCount: paged?.pageCount ?? 1,
  });
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      {/* Relative: the cells' screen-reader words (absolutely placed) scroll with the table
          instead of widening the page past the screen. */}
      <div className="relative overflow-x-auto">
        <table
          className="min-w-full divide-y divide-slate-200 text-left text-sm max-sm:block"
          aria-busy={busy}
        >
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase max-sm:sr-only">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className="px-3 py-2">
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100 max-sm:block">
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="align-top max-sm:block max-sm:py-2">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2 text-slate-800 max-sm:block max-sm:py-1">
                    <StackedName header={cell.column.columnDef.header} />
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length === 0 ? <p className="px-3 py-6 text-center text-slate-600">{empty}</p> : null}
      {paged && onPage && paged.pageCount > 1 ? <Pager {...paged} onPage={onPage} /> : null}
    </div>
  );
}

/** A cell's column name, shown above it only where the rows are stacked (a phone). */
function StackedName({ header }: { header: unknown }) {
  if (typeof header !== 'string') return null;
  return (
    <span
      aria-hidden="true"
      className="block text-xs font-semibold tracking-wide text-slate-600 uppercase sm:hidden"
    >
      {header}
    </span>
  );
}

function Pager({ page, pageCount, total, onPage }: TablePage & { onPage: (page: number) => void }) {
  return (
    <nav
      aria-label="Pages"
      className="flex items-center justify-between gap-3 border-t border-slate-200 px-3 py-2 text-sm"
    >
      <button
        type="button"
        className="btn-secondary px-3 py-1"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span className="text-slate-700">
        Page {page} of {pageCount} ({formatCount(total)} in all)
      </span>
      <button
        type="button"
        className="btn-secondary px-3 py-1"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
