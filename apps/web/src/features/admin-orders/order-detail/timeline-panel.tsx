import { formatIndianDate } from '../../../lib/format';
import { Card } from '../../orders';
import type { StaffOrder } from '../staff-order-types';

type TimelineEntry = StaffOrder['timeline'][number];

/** Whose step it was: the staff member by name, the buyer, or the store itself. */
const whose = (entry: TimelineEntry) =>
  entry.actor === 'staff' ? (entry.by ?? 'a staff member') : `the ${entry.actor}`;

/** The order's steps, each with when, whose and the note. */
export function TimelinePanel({ order }: { order: StaffOrder }) {
  return (
    <Card title="Timeline">
      <ol className="space-y-3 border-l-2 border-slate-200 pl-4 text-sm">
        {order.timeline.map((entry, index) => (
          <li key={`${entry.at}-${index}`}>
            <p className="font-semibold text-slate-900">{entry.label}</p>
            <p className="text-slate-600">
              <time dateTime={entry.at}>
                {formatIndianDate(entry.at, { month: 'short', time: true })}
              </time>
              {' · '}
              {whose(entry)}
            </p>
            {entry.note ? <p className="wrap-anywhere text-slate-700">{entry.note}</p> : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}
