import { formatInr } from '@store/domain';
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  useReactTable,
} from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatIndianDate } from '../../lib/format';
import type { StaffOrder } from './staff-order-types';
import { StatusBadge } from './status-badge';

const column = createColumnHelper<StaffOrder>();

const columns = [
  column.accessor('reference', {
    header: 'Order',
    cell: ({ row }) => (
      <Link
        to={`/admin/orders/${row.original.id}`}
        className="font-mono font-semibold text-blue-800 underline-offset-2 hover:underline"
      >
        {row.original.reference}
      </Link>
    ),
  }),
  column.accessor('createdAt', {
    header: 'Placed',
    cell: ({ getValue }) => (
      <time dateTime={getValue()}>
        {formatIndianDate(getValue(), { month: 'short', time: true })}
      </time>
    ),
  }),
  column.accessor('buyer', {
    header: 'Buyer',
    cell: ({ getValue }) => (
      <>
        <span className="block font-medium">{getValue().name}</span>
        <span className="block text-slate-600">{getValue().mobile}</span>
      </>
    ),
  }),
  column.accessor((order) => order.items.map((item) => item.display).join(', '), {
    id: 'numbers',
    header: 'Numbers',
    cell: ({ getValue }) => <span className="font-mono">{getValue()}</span>,
  }),
  column.accessor((order) => order.amounts.totalAmount, {
    id: 'total',
    header: 'Total',
    cell: ({ getValue }) => <span className="tabular-nums">{formatInr(getValue())}</span>,
  }),
  column.display({
    id: 'status',
    header: 'Status',
    cell: ({ row }) => <StatusBadge order={row.original} />,
  }),
];

/** One page of orders (the server pages, filters and sorts: newest first). */
export function OrdersTable({ orders }: { orders: StaffOrder[] }) {
  // The table object changes in place; this app does not run React Compiler, and nothing here
  // memoizes values taken from it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: orders,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    getRowId: (order) => order.id,
  });
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Orders, newest first</caption>
        <thead className="bg-slate-50 text-slate-700">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className="px-4 py-3 font-semibold">
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-100">
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="align-top hover:bg-slate-50">
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className="px-4 py-3">
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
