import { formatInr } from '@store/domain';
import { useState } from 'react';
import { useFocusLater } from '../../../components/use-focus-later';
import { formatIndianDate } from '../../../lib/format';
import { Card, upcOpen } from '../../orders';
import type { StaffOrder, StaffOrderItem } from '../staff-order-types';
import { NumberRefundPanel, numberRefundPayment } from './number-refund-panel';
import { NextStepForm, UpcForm } from './porting-forms';
import { RelistNumber } from './relist-number';
import { UndoStepPanel } from './undo-step-panel';

/** The order statuses in which its numbers move through porting. */
const portingOrderStatuses: readonly StaffOrder['status'][] = [
  'paid',
  'upc_sent',
  'porting_in_progress',
  'ported',
];

/** Each number with its porting: where it stands, its UPC, its steps and the next action. */
export function NumbersPanel({ order }: { order: StaffOrder }) {
  const canPort = portingOrderStatuses.includes(order.status);
  // A step recorded by mistake may be taken back, the last number's "Ported" of a completed order
  // too (the order is reopened).
  const canTakeBack = canPort || order.status === 'completed';
  return (
    <Card title="Numbers and porting">
      {!canPort && order.status === 'pending_payment' ? (
        <p className="mb-3 text-sm text-slate-600">Porting starts once the order is paid.</p>
      ) : null}
      <ul className="divide-y divide-slate-200">
        {order.items.map((item) => (
          <NumberRow
            key={item.numberId}
            order={order}
            item={item}
            // A number refunded alone no longer moves (decision 0039).
            canPort={canPort && !item.refund}
            canTakeBack={canTakeBack && !item.refund}
            relistable={order.relistableNumberIds.includes(item.numberId)}
          />
        ))}
      </ul>
    </Card>
  );
}

/**
 * A UPC sent and not used to port the number, of a number refunded alone or of an order
 * cancelled or refunded: the buyer was told it is cancelled (decisions 0049, 0067).
 */
const upcVoid = (order: StaffOrder, item: StaffOrderItem) =>
  upcOpen(item) &&
  (Boolean(item.refund) || order.status === 'cancelled' || order.status === 'refunded');

function NumberRow({
  order,
  item,
  canPort,
  canTakeBack,
  relistable,
}: {
  order: StaffOrder;
  item: StaffOrderItem;
  canPort: boolean;
  canTakeBack: boolean;
  relistable: boolean;
}) {
  const { porting } = item;
  const [replacing, setReplacing] = useState(false);
  // "UPC sent" taken back: the UPC form takes the button's place, and the focus goes to it.
  const [upcTakenBack, setUpcTakenBack] = useState(false);
  // A step recorded: the focus goes to the number and its new step (the form used may be gone).
  const { target: summary, focusLater: focusSummary } = useFocusLater<HTMLDivElement>();
  const refundFrom = numberRefundPayment(order, item);
  // Closed before any payment paid for it (a late payment is refunded, never applied): the
  // number was never this order's to port (QA 19 F8).
  const neverSold = order.paidAt === null && order.status !== 'pending_payment';
  return (
    <li aria-label={item.display} className="py-4 first:pt-0 last:pb-0">
      <div
        ref={summary}
        tabIndex={-1}
        className="flex flex-wrap items-baseline justify-between gap-2 rounded"
      >
        <p>
          <span className="font-mono text-lg font-semibold text-slate-900">{item.display}</span>{' '}
          <span className="text-sm text-slate-600">
            {item.category.name} · {formatInr(item.price)}
          </span>
        </p>
        <span className="rounded-full bg-slate-100 px-3 py-0.5 text-sm font-semibold text-slate-800">
          {item.refund ? 'Refunded' : neverSold ? 'Not sold by this order' : porting.label}
        </span>
      </div>
      {neverSold ? (
        <p className="mt-1 text-sm text-slate-700">
          This order was never paid: the number was not sold by it, and has no porting here.
        </p>
      ) : null}
      {item.refund ? (
        <p className="mt-1 text-sm font-medium text-slate-900">
          Refunded {formatInr(item.refund.amount)} on{' '}
          <time dateTime={item.refund.at}>
            {formatIndianDate(item.refund.at, { month: 'short' })}
          </time>
        </p>
      ) : null}
      {porting.upcCode ? (
        <p className="mt-1 text-sm text-slate-700">
          UPC <span className="font-mono font-semibold">{porting.upcCode}</span>
          {upcVoid(order, item) ? (
            ', void: the buyer was told not to use it'
          ) : porting.upcExpiresOn ? (
            <>
              , valid until{' '}
              <time dateTime={porting.upcExpiresOn}>
                {formatIndianDate(porting.upcExpiresOn, { month: 'short' })}
              </time>
            </>
          ) : null}
        </p>
      ) : null}
      {porting.steps.length > 0 ? (
        <ol aria-label={`Porting steps of ${item.display}`} className="mt-2 space-y-1 text-sm">
          {porting.steps.map((step, index) => (
            <li key={`${step.at}-${index}`} className="wrap-anywhere text-slate-700">
              <span className="font-medium text-slate-900">{step.label}</span>
              {step.upcCode ? <span className="font-mono"> {step.upcCode}</span> : null} ·{' '}
              <time dateTime={step.at}>
                {formatIndianDate(step.at, { month: 'short', time: true })}
              </time>
              {step.by ? ` · ${step.by}` : ''}
              {step.note ? ` · ${step.note}` : ''}
            </li>
          ))}
        </ol>
      ) : null}
      {relistable ? <RelistNumber orderId={order.id} item={item} /> : null}
      {canPort ? (
        <div className="mt-3">
          {porting.status === 'awaiting_upc' || replacing ? (
            <UpcForm
              // A first UPC and a replacement are forms of their own (the UPC replaced is kept).
              key={replacing ? 'replace' : 'first'}
              orderId={order.id}
              item={item}
              replacing={replacing}
              focusFirst={upcTakenBack}
              onDone={() => {
                setReplacing(false);
                setUpcTakenBack(false);
              }}
              onMoved={focusSummary}
            />
          ) : porting.status === 'ported' ? null : (
            <div className="flex flex-wrap items-end gap-3">
              <NextStepForm orderId={order.id} item={item} onMoved={focusSummary} />
              {porting.status === 'upc_sent' ? (
                <button type="button" className="btn-secondary" onClick={() => setReplacing(true)}>
                  Replace the UPC
                </button>
              ) : null}
            </div>
          )}
        </div>
      ) : null}
      {canTakeBack && porting.status !== 'awaiting_upc' && !replacing ? (
        <div className="mt-2">
          <UndoStepPanel
            orderId={order.id}
            item={item}
            step={porting.status}
            onTakenBack={() => setUpcTakenBack(porting.status === 'upc_sent')}
          />
        </div>
      ) : null}
      {refundFrom && !replacing ? (
        <div className="mt-2">
          <NumberRefundPanel
            order={order}
            item={item}
            payment={refundFrom}
            onRefunded={focusSummary}
          />
        </div>
      ) : null}
    </li>
  );
}
