import { formatInr } from '@store/domain';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatIndianDate } from '../../lib/format';
import { ConsoleTable } from '../admin-shell';
import type { StaffOrder } from './staff-order-types';
import { OverdueLines } from './overdue-porting';
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
    cell: ({ row }) => (
      <>
        <StatusBadge order={row.original} />
        <OverdueLines overdue={row.original.overdue} />
      </>
    ),
  }),
];

/**
 * One page of orders (the server pages, filters and sorts: the payments to check first, the
 * longest waiting first, then newest first).
 */
export function OrdersTable({ orders }: { orders: StaffOrder[] }) {
  return (
    <ConsoleTable
      caption="Orders: payments to check first, then newest first"
      columns={columns}
      rows={orders}
      empty="No orders."
    />
  );
}
