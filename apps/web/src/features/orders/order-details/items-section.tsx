import { formatInr } from '@store/domain';
import { formatIndianDate } from '../../../lib/format';
import { siteConfig } from '../../../lib/site-config';
import type { Order, OrderItem } from '../order-types';
import { AmountBreakdown } from './amount-breakdown';
import { Card } from './order-card';

export function ItemsSection({ order }: { order: Order }) {
  return (
    <Card title={order.items.length === 1 ? 'Your number' : 'Your numbers'}>
      <ul className="divide-y divide-slate-200">
        {order.items.map((item) => (
          <li key={item.numberId} className="flex items-start justify-between gap-4 py-3">
            <div>
              <p className="font-mono text-lg font-semibold text-slate-900">{item.display}</p>
              <p className="text-sm text-slate-600">{item.category.name}</p>
              {item.refund ? <NumberRefunded order={order} refund={item.refund} /> : null}
            </div>
            <p className="text-right tabular-nums">
              {item.basePrice > item.price ? (
                <>
                  <span className="sr-only">List price </span>
                  <s className="block text-xs text-slate-500">{formatInr(item.basePrice)}</s>
                  <span className="sr-only">, you pay </span>
                </>
              ) : null}
              <span className="font-semibold text-slate-900">{formatInr(item.price)}</span>
            </p>
          </li>
        ))}
      </ul>
      <AmountBreakdown amounts={order.amounts} />
    </Card>
  );
}

/** A number refunded alone (its porting failed): how much went back, when, its credit note. */
function NumberRefunded({
  order,
  refund,
}: {
  order: Order;
  refund: NonNullable<OrderItem['refund']>;
}) {
  return (
    <p className="mt-1 text-sm font-medium text-slate-900">
      Refunded {formatInr(refund.amount)} on{' '}
      <time dateTime={refund.at}>{formatIndianDate(refund.at, { month: 'short' })}</time>
      {refund.reference ? (
        <>
          {' '}
          · Refund reference <span className="font-mono">{refund.reference}</span>
        </>
      ) : null}
      {refund.creditNote ? (
        <>
          {' '}
          ·{' '}
          <a
            href={`${siteConfig.apiBaseUrl}/api/v1/orders/${encodeURIComponent(order.id)}/credit-notes/${refund.creditNote}`}
            className="underline"
            download
          >
            Credit note (PDF)
          </a>
        </>
      ) : null}
    </p>
  );
}
