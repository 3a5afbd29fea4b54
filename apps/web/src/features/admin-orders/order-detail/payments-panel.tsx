import { formatInr } from '@store/domain';
import { useInlinePanel } from '../../../components/inline-panel';
import { useFocusLater } from '../../../components/use-focus-later';
import { formatIndianDate } from '../../../lib/format';
import { siteConfig } from '../../../lib/site-config';
import { Card } from '../../orders';
import { paymentMethodLabel } from '../payment-method';
import type { PaymentRecord, StaffOrder } from '../staff-order-types';
import { AddRefundReference } from './refund-reference-form';
import {
  ConfirmPaymentForm,
  FurtherPayment,
  paymentLeft,
  RefundForm,
  RejectPaymentForm,
} from './payment-forms';

const refundStatusText = { requested: 'requested', done: 'done', failed: 'failed' } as const;

/** Every payment of the order with its refunds; confirm a transfer; refund a payment. */
export function PaymentsPanel({ order }: { order: StaffOrder }) {
  // A payment confirmed or rejected: its form goes, and the focus goes to the payments recorded.
  const { target: records, focusLater: focusRecords } = useFocusLater<HTMLDivElement>();
  return (
    <Card title="Payments">
      <div ref={records} tabIndex={-1} role="group" aria-label="Payments recorded">
        {order.payments.length === 0 ? (
          <p className="text-sm text-slate-600">No payment recorded yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {order.payments.map((payment) => (
              <PaymentRow key={payment.id} order={order} payment={payment} />
            ))}
          </ul>
        )}
      </div>
      {order.payment.submitted ? (
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          The buyer says they have paid: UTR{' '}
          <span className="font-mono font-semibold">{order.payment.submitted.utr}</span>, on{' '}
          <time dateTime={order.payment.submitted.at}>
            {formatIndianDate(order.payment.submitted.at, { month: 'short', time: true })}
          </time>
          . Check it in the bank statement, then confirm or reject it.
          {order.payment.submitted.screenshot ? (
            <>
              {' '}
              <a
                href={documentUrl(order, 'payment-screenshot')}
                target="_blank"
                rel="noopener"
                className="font-semibold underline"
              >
                See the payment screenshot
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {order.paidAt === null ? (
        <ConfirmPaymentForm order={order} onDone={focusRecords} />
      ) : (
        <FurtherPayment order={order} onDone={focusRecords} />
      )}
      {order.payment.submitted ? <RejectPaymentForm order={order} onDone={focusRecords} /> : null}
      {order.taxDocuments.invoice ? (
        <p className="mt-4 flex flex-wrap gap-3">
          <a href={documentUrl(order, 'invoice.pdf')} className="btn-secondary" download>
            Download the tax invoice
            {order.taxDocuments.replacedInvoices.length > 0
              ? ` ${order.taxDocuments.invoiceSerial}`
              : ''}{' '}
            (PDF)
          </a>
          {/* Each invoice a billing correction replaced, as it was issued (decision 0070). */}
          {order.taxDocuments.replacedInvoices.map((invoice) => (
            <a
              key={invoice.serial}
              href={documentUrl(order, `invoices/${invoice.file}`)}
              className="btn-secondary"
              download
            >
              Download replaced invoice {invoice.serial} (PDF)
            </a>
          ))}
          {/* One credit note per refund (each number refunded alone, the payment's) and per
              invoice replaced. */}
          {order.taxDocuments.creditNotes.map((note) => (
            <a
              key={note.serial}
              href={documentUrl(order, `credit-notes/${note.file}`)}
              className="btn-secondary"
              download
            >
              Download credit note {note.serial}
              {note.billingCorrection
                ? ' (billing corrected)'
                : creditNoteFor(order, note.numberId)}{' '}
              (PDF)
            </a>
          ))}
        </p>
      ) : null}
    </Card>
  );
}

const documentUrl = (
  order: StaffOrder,
  file: 'invoice.pdf' | `credit-notes/${string}` | `invoices/${string}` | 'payment-screenshot',
) => `${siteConfig.apiBaseUrl}/api/v1/admin/orders/${encodeURIComponent(order.id)}/${file}`;

/** " for 98765 43210" when a refund or its credit note is for a number refunded alone. */
function creditNoteFor(order: StaffOrder, numberId: number | null): string {
  const item = order.items.find((candidate) => candidate.numberId === numberId);
  return item ? ` for ${item.display}` : '';
}

function PaymentRow({ order, payment }: { order: StaffOrder; payment: PaymentRecord }) {
  const { open: refunding, show, close, openerRef, onKeyDown } = useInlinePanel();
  return (
    <li aria-label={`Payment ${payment.reference}`} className="py-3 text-sm first:pt-0">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p>
          <span className="font-mono font-semibold text-slate-900">{payment.reference}</span>{' '}
          <span className="text-slate-600">{paymentMethodLabel(order, payment.provider)}</span>
        </p>
        <p className="font-semibold tabular-nums">{formatInr(payment.amount)}</p>
      </div>
      <p className="text-slate-700">
        {payment.applied ? 'Pays for the order' : 'Does not pay for the order'}
        {payment.dueBack ? <strong className="text-red-800"> · due back</strong> : null} · received{' '}
        <time dateTime={payment.at}>
          {formatIndianDate(payment.at, { month: 'short', time: true })}
        </time>
        {payment.confirmedBy ? ` · confirmed by ${payment.confirmedBy}` : ''}
      </p>
      {payment.refunds.map((refund) => (
        <div key={refund.id} className="mt-1 text-slate-700">
          Refund {refundStatusText[refund.status]}: {formatInr(refund.amount)}
          {creditNoteFor(order, refund.numberId)}{' '}
          {refund.method === 'razorpay' ? 'through Razorpay' : 'paid back by our team'}
          {/* One refund reference: Razorpay's refund id, or the UTR staff gave (decision 0054). */}
          {refund.reference ? (
            <>
              {' '}
              (reference <span className="font-mono">{refund.reference}</span>)
            </>
          ) : null}{' '}
          · {refund.by} ·{' '}
          <time dateTime={refund.at}>
            {formatIndianDate(refund.at, { month: 'short', time: true })}
          </time>{' '}
          · {refund.reason}
          {refund.failure ? <span className="block text-red-700">{refund.failure}</span> : null}
          {refund.method === 'manual' && refund.status === 'done' && !refund.reference ? (
            <AddRefundReference order={order} refund={refund} />
          ) : null}
        </div>
      ))}
      {payment.refundable && !refunding ? (
        <button ref={openerRef} type="button" className="btn-secondary mt-2" onClick={show}>
          Refund {formatInr(paymentLeft(payment))}
        </button>
      ) : null}
      {payment.refunds.some(
        (refund) => refund.status === 'requested' && refund.numberId === null,
      ) ? (
        <RefundForm order={order} payment={payment} resume onDone={close} />
      ) : refunding ? (
        <RefundForm order={order} payment={payment} onDone={close} onKeyDown={onKeyDown} />
      ) : null}
    </li>
  );
}
