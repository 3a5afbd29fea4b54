import { formatInr } from '@store/domain';
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  useReactTable,
  type SortingState,
} from '@tanstack/react-table';
import { createContext, useContext } from 'react';
import { Link } from 'react-router';
import { formatIndianDate } from '../../lib/format';
import type { StockSort } from './stock-query';
import type { SettableStatus } from './api/set-number-status';
import { stockStatusLabels, type StockNumber, type StockStatus } from './stock-types';

const column = createColumnHelper<StockNumber>();

const statusStyles: Record<StockStatus, string> = {
  available: 'bg-emerald-100 text-emerald-900',
  held: 'bg-amber-100 text-amber-900',
  sold: 'bg-slate-200 text-slate-800',
  hidden: 'bg-violet-100 text-violet-900',
  coming_soon: 'bg-sky-100 text-sky-900',
};

/** The column a sort belongs to, as the API names it: price_asc -> price. */
const sortColumns: Record<string, string> = {
  number: 'number',
  price: 'price',
  category: 'category',
  status: 'status',
  createdAt: 'created',
};

function sortingOf(sort: StockSort): SortingState {
  if (sort === 'newest' || sort === 'oldest') return [{ id: 'createdAt', desc: sort === 'newest' }];
  const [field, direction] = sort.split('_');
  const id = Object.keys(sortColumns).find((key) => sortColumns[key] === field)!;
  return [{ id, desc: direction === 'desc' }];
}

function sortOf(sorting: SortingState): StockSort {
  const [first] = sorting;
  if (!first) return 'newest';
  if (first.id === 'createdAt') return first.desc ? 'newest' : 'oldest';
  return `${sortColumns[first.id]}_${first.desc ? 'desc' : 'asc'}` as StockSort;
}

export interface RowActions {
  onEditPrice: (number: StockNumber) => void;
  onSetStatus: (number: StockNumber, status: SettableStatus) => void;
}

/** The row's status buttons: each sets its status, or puts the number back on sale. */
const statusToggles = [
  { status: 'coming_soon', on: 'Put on sale', off: 'Coming soon' },
  { status: 'hidden', on: 'Show', off: 'Hide' },
] as const;

/** Held and sold numbers keep their price. */
const priceLocked = (number: StockNumber) => number.status === 'held' || number.status === 'sold';
/** And their status, unless the sale was undone before any UPC went out (relistable). */
const statusLocked = (number: StockNumber) => priceLocked(number) && !number.relistable;

/** The id of the line saying why a row's actions are off (their description). */
const lockReasonId = (number: StockNumber) => `locked-${number.id}`;

/** Why a held or sold number's actions are off, under its status; the buttons point to it. */
function LockReason({ number }: { number: StockNumber }) {
  if (!priceLocked(number)) return null;
  const { heldBy } = number;
  return (
    <span id={lockReasonId(number)} className="mt-1 block max-w-64 text-xs text-slate-700">
      {heldBy ? (
        <>
          Held for order{' '}
          <Link to={`/admin/orders/${heldBy.orderId}`} className="text-blue-800 underline">
            {heldBy.orderReference}
          </Link>{' '}
          until {formatIndianDate(heldBy.until, { month: 'short', time: true })}, awaiting payment:
          its price and status cannot change meanwhile.
        </>
      ) : number.status === 'held' ? (
        'Held for an order awaiting payment: its price and status cannot change meanwhile.'
      ) : number.relistable ? (
        'Its sale was undone: put it back on sale to change its price.'
      ) : (
        'Sold: its price and status cannot change.'
      )}
    </span>
  );
}

/** A row action's button: one that is off stays focusable and says why (LockReason). */
function RowButton({
  number,
  locked,
  label,
  onClick,
  children,
}: {
  number: StockNumber;
  locked: boolean;
  label: string;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      className="rounded-md px-2 py-1 text-sm font-medium text-blue-800 hover:bg-blue-50 aria-disabled:cursor-not-allowed aria-disabled:text-slate-500 aria-disabled:hover:bg-transparent"
      aria-disabled={locked || undefined}
      aria-describedby={locked ? lockReasonId(number) : undefined}
      onClick={locked ? undefined : onClick}
      aria-label={label}
    >
      {children}
    </button>
  );
}

/**
 * The row actions, by context: the columns are made once, so each cell keeps its elements from
 * one render to the next (TanStack renders a cell function as a component: a new function each
 * render would remount the cell, and a dialog's opener would be gone when it gives focus back).
 */
const RowActionsContext = createContext<RowActions | null>(null);

function RowButtons({ number }: { number: StockNumber }) {
  const { onEditPrice, onSetStatus } = useContext(RowActionsContext)!;
  return (
    <div className="flex justify-end gap-2">
      <RowButton
        number={number}
        locked={priceLocked(number)}
        label={`Edit price of ${number.display}`}
        onClick={() => onEditPrice(number)}
      >
        Edit price
      </RowButton>
      {statusToggles.map(({ status, on, off }) => {
        const label = number.status === status ? on : off;
        return (
          <RowButton
            key={status}
            number={number}
            locked={statusLocked(number)}
            label={`${label} ${number.display}`}
            onClick={() => onSetStatus(number, number.status === status ? 'available' : status)}
          >
            {label}
          </RowButton>
        );
      })}
      {number.relistable ? (
        <button
          type="button"
          className="rounded-md px-2 py-1 text-sm font-medium text-blue-800 hover:bg-blue-50"
          onClick={() => onSetStatus(number, 'available')}
          aria-label={`Put back on sale ${number.display}`}
        >
          Put back on sale
        </button>
      ) : null}
    </div>
  );
}

const columns = [
  column.accessor('display', {
    id: 'number',
    header: 'Number',
    cell: (info) => <span className="font-mono whitespace-nowrap">{info.getValue()}</span>,
  }),
  column.accessor((row) => row.category.name, { id: 'category', header: 'Category' }),
  // What the buyer pays (the API sorts by it), the list price struck beside an offer, as the
  // storefront shows them.
  column.accessor((row) => row.offerPrice ?? row.price, {
    id: 'price',
    header: 'Price',
    cell: ({ row: { original } }) => (
      <span className="whitespace-nowrap tabular-nums">
        {formatInr(original.offerPrice ?? original.price)}
        {original.offerPrice === null ? null : (
          <s className="ml-2 text-slate-600">
            <span className="sr-only">was </span>
            {formatInr(original.price)}
          </s>
        )}
      </span>
    ),
  }),
  column.accessor('status', {
    header: 'Status',
    cell: ({ row: { original } }) => (
      <>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusStyles[original.status]}`}
        >
          {stockStatusLabels[original.status]}
        </span>
        <LockReason number={original} />
      </>
    ),
  }),
  column.accessor('createdAt', {
    header: 'Added',
    cell: (info) => formatIndianDate(info.getValue(), { month: 'short' }),
  }),
  column.display({
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: ({ row: { original } }) => <RowButtons number={original} />,
  }),
];

const ariaSort = (direction: false | 'asc' | 'desc') =>
  direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined;

/** One page of the inventory, sorted by the server: a header's button changes the sort. */
export function InventoryTable({
  numbers,
  sort,
  onSort,
  actions,
}: {
  numbers: StockNumber[];
  sort: StockSort;
  onSort: (sort: StockSort) => void;
  actions: RowActions;
}) {
  const sorting = sortingOf(sort);
  // TanStack Table hands out functions the React Compiler cannot memoize; this table is small.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: numbers,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    sortDescFirst: false,
    state: { sorting },
    onSortingChange: (updater) =>
      onSort(sortOf(typeof updater === 'function' ? updater(sorting) : updater)),
  });

  return (
    // Relative: the screen-reader words (absolutely placed) scroll with the table instead of
    // widening the page past the screen.
    <RowActionsContext value={actions}>
      <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm">
        <table className="w-full text-left text-sm">
          {/* Named as the other console lists are (QA 32 F11). */}
          <caption className="sr-only">Numbers in stock</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const content = flexRender(header.column.columnDef.header, header.getContext());
                  const direction = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={ariaSort(direction)}
                      className="px-3 py-2 font-semibold"
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="inline-flex min-h-6 items-center gap-1 hover:underline"
                        >
                          {content}
                          <span aria-hidden="true">
                            {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-b border-slate-100 last:border-0">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </RowActionsContext>
  );
}
