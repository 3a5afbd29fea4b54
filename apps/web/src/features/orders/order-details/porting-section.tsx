import { formatIndianDate } from '../../../lib/format';
import type { Order, OrderItem } from '../order-types';
import { Card } from './order-card';
import { upcOpen } from './upc-open';

const badgeClasses: Record<OrderItem['porting']['status'], string> = {
  awaiting_upc: 'bg-amber-100 text-amber-900',
  upc_sent: 'bg-blue-100 text-blue-900',
  porting_in_progress: 'bg-blue-100 text-blue-900',
  ported: 'bg-emerald-100 text-emerald-900',
};

/**
 * Each number's porting once paid: where it stands, its UPC and how to use it (a company's two
 * ways for a Corporate account, decision 0050), its steps.
 */
export function PortingSection({ order }: { order: Order }) {
  const corporate = order.billing.accountType === 'Corporate';
  return (
    <Card title="Porting, number by number">
      <ul className="space-y-6">
        {order.items.map((item) => (
          <NumberPorting key={item.numberId} item={item} corporate={corporate} />
        ))}
      </ul>
    </Card>
  );
}

function NumberPorting({ item, corporate }: { item: OrderItem; corporate: boolean }) {
  const { porting } = item;
  const upcInUse = upcOpen(item) && !item.refund;
  return (
    <li aria-label={item.display}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-mono text-lg font-semibold text-slate-900">{item.display}</p>
        <span
          className={`rounded-full px-3 py-0.5 text-sm font-semibold ${item.refund ? 'bg-slate-100 text-slate-800' : badgeClasses[porting.status]}`}
        >
          {item.refund ? 'Refunded' : porting.label}
        </span>
      </div>
      {upcInUse ? (
        <div className="mt-3 rounded-lg bg-blue-50 p-4 text-sm text-slate-800">
          <p>
            Your UPC (Unique Porting Code):{' '}
            <strong className="font-mono text-lg tracking-widest text-slate-900">
              {porting.upcCode}
            </strong>
            {porting.upcExpiresOn ? (
              <>
                {' '}
                · valid until{' '}
                <time dateTime={porting.upcExpiresOn}>
                  {formatIndianDate(porting.upcExpiresOn, { month: 'short' })}
                </time>
              </>
            ) : null}
          </p>
          {corporate ? (
            <p className="mt-2">
              Before it expires, take it to the business desk of Jio, Airtel, Vi or BSNL to port{' '}
              {item.display} in your company&apos;s name, with a letter from your authorised
              signatory and the company&apos;s documents (the operator gives you its list). Or an
              employee ports it in their own name with their original Aadhaar card: the number is
              then the employee&apos;s. An expired UPC is replaced free: just ask us.
            </p>
          ) : (
            <p className="mt-2">
              Before it expires, take it with your original Aadhaar card to any Jio, Airtel, Vi or
              BSNL store and ask to port {item.display} in your own name: the store does a biometric
              e-KYC, and you choose prepaid or postpaid. An expired UPC is replaced free: just ask
              us.
            </p>
          )}
          <p className="mt-2">
            Keep the UPC private: give it only to the operator&apos;s store. Our team never asks you
            for it.
          </p>
        </div>
      ) : null}
      {porting.steps.length > 0 ? (
        <ol className="mt-3 space-y-2 border-l-2 border-slate-200 pl-4 text-sm">
          {porting.steps.map((step, index) => (
            <li key={`${step.status}-${step.at}-${index}`}>
              <span className="font-medium text-slate-900">{step.label}</span>
              <span className="text-slate-600">
                {' '}
                ·{' '}
                <time dateTime={step.at}>
                  {formatIndianDate(step.at, { month: 'short', time: true })}
                </time>
                {step.by ? <> · by {step.by}</> : null}
              </span>
              {step.note ? <p className="wrap-anywhere text-slate-700">{step.note}</p> : null}
            </li>
          ))}
        </ol>
      ) : item.refund ? null : (
        <p className="mt-2 text-sm text-slate-600">
          We send the UPC of this number within 24 hours of payment.
        </p>
      )}
      {item.refund ? (
        <p className="mt-2 text-sm text-slate-700">
          This number has been refunded and will not be ported: see Your numbers.
        </p>
      ) : null}
    </li>
  );
}
