import { formatIndianDate } from '../../lib/format';
import type { StaffOrder } from './staff-order-types';

/**
 * The order's numbers past a porting promise (decision 0107), each in the API's plain words
 * ("UPC not sent: paid 27 h ago, promised within 24 h") and since when: under an order's status
 * in the list, and at the top of its page.
 */
export function OverdueLines({ overdue }: { overdue: StaffOrder['overdue'] }) {
  if (overdue.length === 0) return null;
  return (
    <ul className="mt-1 space-y-1 text-sm text-amber-900">
      {overdue.map((item) => (
        <li key={`${item.numberId}-${item.reason}`}>
          <span className="font-mono">{item.number}</span>: {item.words} (overdue since{' '}
          <time dateTime={item.since}>
            {formatIndianDate(item.since, { month: 'short', time: true })}
          </time>
          )
        </li>
      ))}
    </ul>
  );
}

/** The order page's notice of its overdue numbers; nothing when none is. */
export function OverdueNotice({ order }: { order: StaffOrder }) {
  if (order.overdue.length === 0) return null;
  return (
    <section
      aria-label="Porting overdue"
      className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4"
    >
      <h2 className="font-semibold text-amber-900">Porting overdue</h2>
      <OverdueLines overdue={order.overdue} />
    </section>
  );
}
