import { formatIndianDate } from '../../../lib/format';
import { isInPorting } from '../order-status';
import type { Order } from '../order-types';
import { Card } from './order-card';

/** The order's steps with their times, who recorded them and their notes. */
export function TimelineSection({ order }: { order: Order }) {
  const inPorting = isInPorting(order);
  return (
    <Card title="Order timeline">
      <ol className="space-y-5 border-l-2 border-blue-200 pl-5">
        {order.timeline.map((entry, index) => (
          <li key={`${entry.status}-${entry.at}-${index}`} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[27px] size-3 rounded-full bg-blue-700 ring-4 ring-white"
            />
            <p className="font-semibold text-slate-900">{entry.label}</p>
            <p className="text-sm text-slate-600">
              <time dateTime={entry.at}>
                {formatIndianDate(entry.at, { month: 'short', time: true })}
              </time>
              {entry.by ? <> · by {entry.by}</> : null}
            </p>
            {entry.note ? (
              <p className="mt-1 text-sm wrap-anywhere text-slate-700">{entry.note}</p>
            ) : null}
          </li>
        ))}
      </ol>
      {inPorting ? (
        <p className="mt-5 text-xs text-slate-500">
          This page checks for new steps every half a minute.
        </p>
      ) : null}
    </Card>
  );
}
