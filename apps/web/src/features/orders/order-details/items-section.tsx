import { formatInr } from '@store/domain';
import type { Order } from '../order-types';
import { AmountBreakdown } from './amount-breakdown';
import { Card } from './order-card';
import { RefundLine } from './refund-line';

export function ItemsSection({ order }: { order: Order }) {
  return (
    <Card title={order.items.length === 1 ? 'Your number' : 'Your numbers'}>
      <ul className="divide-y divide-slate-200">
        {order.items.map((item) => (
          <li key={item.numberId} className="flex items-start justify-between gap-4 py-3">
            <div>
              <p className="font-mono text-lg font-semibold text-slate-900">{item.display}</p>
              <p className="text-sm text-slate-600">{item.category.name}</p>
              {/* A number refunded alone (its porting failed). */}
              {item.refund ? (
                <p className="mt-1 text-sm font-medium text-slate-900">
                  <RefundLine order={order} refund={item.refund} />
                </p>
              ) : null}
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
