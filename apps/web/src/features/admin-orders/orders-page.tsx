import {
  orderStatuses,
  orderStatusLabel,
  orderStatusLabels,
  overdueReasonLabels,
  overdueReasons,
} from '@store/domain';
import { Fragment } from 'react';
import { formatCountOf } from '../../lib/format';
import { consoleMeta, ConsolePage, ConsoleSearch, useListParams } from '../admin-shell';
import { useStaffOrders } from './api/get-orders';
import { OrdersTable } from './orders-table';
import type { Route } from './+types/orders-page';

export const meta: Route.MetaFunction = () => consoleMeta('Orders');

/**
 * /admin/orders: every order, the payments to check first, then newest first; filtered by
 * status (Awaiting payment is the orders no payment was submitted for, Payment submitted those
 * whose UTR waits to be checked: the dashboard links to both) and by a refund due (the
 * dashboard's Needs refund links here with needsRefund=true) and by porting overdue (its
 * Porting overdue cards link here with overdue=<reason or any>, decision 0107), and searched by the order
 * reference (or its random end), a UTR, the buyer's name, company, e-mail or mobile, or a number
 * in the order. The filters live in the URL (a search can be shared); the server pages.
 */
export default function OrdersPage() {
  const { search, page, update } = useListParams();
  const status = search.get('status') ?? '';
  const q = search.get('q') ?? '';
  const needsRefund = search.get('needsRefund') === 'true';
  const overdue = search.get('overdue') ?? '';
  const query = useStaffOrders({ status, q, needsRefund, overdue, page });

  const data = query.data;
  return (
    <ConsolePage
      title="Orders"
      intro="Find an order, confirm its payment and walk its numbers through porting."
    >
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <ConsoleSearch
          label="Search orders"
          placeholder="Reference, UTR, name, company, e-mail, mobile, number"
          value={q}
          onSearch={(typed) => update({ q: typed })}
        />
        <div>
          <label htmlFor="order-status" className="block text-sm font-medium text-slate-800">
            Status
          </label>
          <select
            id="order-status"
            value={status}
            onChange={(event) => update({ status: event.target.value })}
            className="mt-1 rounded-lg border border-slate-300 px-3 py-2 text-sm"
          >
            <option value="">All</option>
            {orderStatuses.map((value) => (
              <Fragment key={value}>
                <option value={value}>{orderStatusLabels[value]}</option>
                {value === 'pending_payment' ? (
                  <option value="payment_submitted">{orderStatusLabel(value, true)}</option>
                ) : null}
              </Fragment>
            ))}
          </select>
        </div>
        <label className="flex items-center gap-2 py-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={needsRefund}
            onChange={(event) => update({ needsRefund: event.target.checked ? 'true' : undefined })}
          />
          Refund due only
        </label>
        <div>
          <label htmlFor="order-overdue" className="block text-sm font-medium text-slate-800">
            Porting overdue
          </label>
          <select
            id="order-overdue"
            value={overdue}
            onChange={(event) => update({ overdue: event.target.value })}
            className="mt-1 rounded-lg border border-slate-300 px-3 py-2 text-sm"
          >
            <option value="">All orders</option>
            <option value="any">Any reason</option>
            {overdueReasons.map((reason) => (
              <option key={reason} value={reason}>
                {overdueReasonLabels[reason]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {query.isError && !data ? (
        <p role="alert" className="text-red-700">
          The orders could not be loaded.{' '}
          <button type="button" className="underline" onClick={() => void query.refetch()}>
            Try again
          </button>
        </p>
      ) : !data ? (
        <p role="status">Loading orders…</p>
      ) : data.orders.length === 0 ? (
        <p role="status" className="rounded-xl bg-white p-6 text-slate-700 shadow-sm">
          {q || status || needsRefund || overdue ? 'No order matches.' : 'No orders yet.'}
        </p>
      ) : (
        <>
          <p role="status" className="mb-2 text-sm text-slate-600">
            {formatCountOf(data.total, 'order', 'orders')}
          </p>
          <OrdersTable orders={data.orders} />
          <nav aria-label="Pages" className="mt-4 flex items-center gap-3 text-sm">
            <button
              type="button"
              className="btn-secondary"
              disabled={page <= 1}
              onClick={() => update({ page: String(page - 1) })}
            >
              Newer
            </button>
            <span>
              Page {data.page} of {Math.max(1, data.pageCount)}
            </span>
            <button
              type="button"
              className="btn-secondary"
              disabled={page >= data.pageCount}
              onClick={() => update({ page: String(page + 1) })}
            >
              Older
            </button>
          </nav>
        </>
      )}
    </ConsolePage>
  );
}
