import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatInr } from '@store/domain';
import { formatIndianDate } from '../../lib/format';
import { useOrders } from './api/get-orders';
import { orderBadgeClass, orderStatusText } from './order-status';
import type { Order } from './order-types';

const ORDER_HISTORY_PAGE_SIZE = 10;

/**
 * "Your orders" on the profile page and /orders: the buyer's orders, newest first, each linking
 * to its page. The profile's links to /orders (`linkToOrdersPage`), which the header cannot.
 */
export function OrderHistory({ linkToOrdersPage = false }: { linkToOrdersPage?: boolean }) {
  const [page, setPage] = useState(1);
  const query = useOrders({ page, pageSize: ORDER_HISTORY_PAGE_SIZE });
  const data = query.data;

  let body: ReactNode;
  if (data && data.orders.length > 0) {
    body = (
      <>
        <ul className="mt-4 divide-y divide-slate-200">
          {data.orders.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </ul>
        {data.pageCount > 1 ? (
          <nav aria-label="Order pages" className="mt-4 flex items-center justify-between gap-3">
            <button
              type="button"
              className="btn-secondary disabled:opacity-50"
              disabled={page <= 1 || query.isPlaceholderData}
              onClick={() => setPage((current) => Math.max(1, current - 1))}
            >
              Newer orders
            </button>
            <p className="text-sm text-slate-600">
              Page {data.page} of {data.pageCount}
            </p>
            <button
              type="button"
              className="btn-secondary disabled:opacity-50"
              disabled={page >= data.pageCount || query.isPlaceholderData}
              onClick={() => setPage((current) => current + 1)}
            >
              Older orders
            </button>
          </nav>
        ) : null}
      </>
    );
  } else if (data) {
    body = (
      <div className="mt-2 text-sm text-slate-600">
        <p>No orders yet</p>
        <Link
          to="/premium-numbers"
          className="mt-3 inline-block font-semibold text-blue-700 hover:underline"
        >
          Browse premium numbers
        </Link>
      </div>
    );
  } else if (query.isError) {
    body = (
      <div role="alert" className="mt-2 text-sm text-slate-700">
        <p>We could not load your orders.</p>
        <button
          type="button"
          className="btn-secondary mt-3"
          disabled={query.isFetching}
          onClick={() => void query.refetch()}
        >
          Try again
        </button>
      </div>
    );
  } else {
    body = (
      <p role="status" className="mt-2 text-sm text-slate-600">
        Loading your orders…
      </p>
    );
  }

  return (
    <section
      aria-labelledby="order-history-heading"
      aria-busy={query.isFetching}
      data-testid="order-history"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="order-history-heading" className="text-lg font-semibold text-slate-900">
          Your orders
        </h2>
        {linkToOrdersPage ? (
          <Link to="/orders" className="text-sm font-semibold text-blue-700 hover:underline">
            See all your orders
          </Link>
        ) : null}
      </div>
      {body}
    </section>
  );
}

function OrderRow({ order }: { order: Order }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2 py-4">
      <div className="min-w-0">
        <Link
          to={`/orders/${encodeURIComponent(order.id)}`}
          className="font-mono font-semibold text-blue-700 hover:underline"
        >
          {order.reference}
        </Link>
        <p className="text-sm text-slate-600">
          <time dateTime={order.createdAt}>
            {formatIndianDate(order.createdAt, { month: 'short' })}
          </time>
        </p>
        <p className="mt-1 font-mono text-sm text-slate-900">
          {order.items.map((item) => item.display).join(', ')}
        </p>
      </div>
      <div className="flex flex-col items-end gap-1 text-right">
        <p className="font-semibold text-slate-900 tabular-nums">
          <span className="sr-only">Total </span>
          {formatInr(order.amounts.totalAmount)}
        </p>
        <p className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${orderBadgeClass(order)}`}>
          <span className="sr-only">Status: </span>
          {orderStatusText(order)}
        </p>
      </div>
    </li>
  );
}
