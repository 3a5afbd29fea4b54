import type { StaffOrder } from './staff-order-types';

const tones: Record<StaffOrder['status'], string> = {
  pending_payment: 'bg-amber-100 text-amber-900',
  paid: 'bg-violet-100 text-violet-900',
  upc_sent: 'bg-blue-100 text-blue-900',
  porting_in_progress: 'bg-blue-100 text-blue-900',
  ported: 'bg-blue-100 text-blue-900',
  completed: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-slate-200 text-slate-800',
  refunded: 'bg-slate-200 text-slate-800',
};

/** The order's status, and "Refund due" when money is waiting to go back. */
export function StatusBadge({ order }: { order: StaffOrder }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[order.status]}`}>
        {order.statusLabel}
      </span>
      {order.needsRefund ? (
        <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">
          Refund due
        </span>
      ) : null}
    </span>
  );
}
