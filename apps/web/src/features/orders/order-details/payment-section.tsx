import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatInr, listInWords, toPaise, toRupees } from '@store/domain';
import { useToast } from '../../../components/toast';
import { formatIndianDate } from '../../../lib/format';
import type { Order } from '../order-types';
import { HoldCountdown } from './hold-countdown';
import { PaymentSubmissionForm } from './payment-submission-form';
import { Card, ReleasedLinks } from './order-card';
import { RazorpayPay } from './razorpay-pay';
import { creditNoteSerial, orderFileUrl, RefundLine, type RefundTransfer } from './refund-line';
import { RetryOrderCard } from './retry-order-card';
import { upcOpen } from './upc-open';
import { UpiQrCode } from './upi-qr-code';

/** The order's payment, by payment status: how to pay while it is pending, else what happened. */

function lastNote(order: Order, status: Order['status']): string | null {
  return order.timeline.findLast((entry) => entry.status === status)?.note ?? null;
}

/**
 * The buyer's orders this order's checkout cancelled (decision 0075): their e-mails still show
 * their payment details and QR codes, so they are named here as not to be paid.
 */
function ReplacedOrders({ references }: { references: readonly string[] }) {
  if (references.length === 0) return null;
  const many = references.length > 1;
  return (
    <p className="mt-4 text-sm font-semibold text-amber-950">
      This order replaces your {many ? 'orders' : 'order'} {listInWords(references)}, which{' '}
      {many ? 'are' : 'is'} now cancelled. Please do not pay {many ? 'them' : 'it'}: pay only this
      order.
    </p>
  );
}

/**
 * The buyer's order whose checkout replaced this one (decision 0075): the one to see and pay, also
 * once a late payment of this one is due back or refunded (decision 0080).
 */
function ReplacedBy({ order }: { order: Order }) {
  if (!order.replacedBy) return null;
  const { id, reference } = order.replacedBy;
  return (
    <p className="mt-2 text-sm text-slate-700">
      It was replaced by your order{' '}
      <Link to={`/orders/${encodeURIComponent(id)}`} className="font-semibold underline">
        {reference}
      </Link>
      : see and pay that one.
    </p>
  );
}

export function PaymentSection({ order, refetch }: { order: Order; refetch: () => unknown }) {
  const { payment, amounts } = order;
  const total = formatInr(amounts.totalAmount);
  // Lapsed unpaid (awaiting payment past the hold, or cancelled by the sweep for it).
  if (order.canRetry || payment.status === 'expired') return <RetryOrderCard order={order} />;

  switch (payment.status) {
    case 'pending':
      return (
        <Card title="Payment" tone="attention">
          <HoldCountdown
            holdExpiresAt={order.holdExpiresAt}
            count={order.items.length}
            verifying={Boolean(payment.submitted)}
            onLapse={refetch}
          />
          <ReplacedOrders references={order.replaces} />
          {payment.instructions ? (
            <ManualInstructions order={order} />
          ) : payment.provider === 'razorpay' ? (
            payment.razorpay ? (
              <RazorpayPay order={order} razorpay={payment.razorpay} />
            ) : (
              <div className="mt-4 text-sm text-slate-700">
                <p>We are preparing the online payment for this order.</p>
                <button type="button" className="btn-secondary mt-3" onClick={() => refetch()}>
                  Try again
                </button>
              </div>
            )
          ) : (
            <p className="mt-4 text-sm text-slate-700">
              Pay {total} before the hold ends, quoting your order reference {order.reference}.
            </p>
          )}
        </Card>
      );
    case 'cancelled': {
      const reason = lastNote(order, 'cancelled');
      return (
        <Card title="Order cancelled">
          <p className="text-sm text-slate-700">
            {order.replacedBy
              ? 'This order was cancelled before payment, when you checked out again: the numbers still in your cart moved to the new order.'
              : 'This order was cancelled before payment and its numbers were released.'}
          </p>
          {reason ? <p className="mt-2 text-sm text-slate-700">Reason: {reason}</p> : null}
          <ReplacedBy order={order} />
          <ReleasedLinks />
        </Card>
      );
    }
    case 'refund_due': {
      // Numbers refunded alone before the cancel (decision 0039): the rest comes back now.
      const refundedAlone = order.items.flatMap((item) =>
        item.refund ? [{ what: item.display, refund: item.refund }] : [],
      );
      const rest = refundedAlone.reduce(
        (left, line) => left - toPaise(line.refund.amount),
        toPaise(amounts.totalAmount),
      );
      return (
        <Card title="Refund due" tone="attention">
          <p className="text-sm text-slate-800">
            We received your payment of {total}, but this order cannot be completed.{' '}
            {refundedAlone.length
              ? `The rest of your payment, ${formatInr(toRupees(rest))}, will be refunded to you; our team will contact you.`
              : 'You will be refunded in full; our team will contact you.'}
          </p>
          <ReplacedBy order={order} />
          {refundedAlone.length ? (
            <RefundList title="Already refunded:" order={order} lines={refundedAlone} />
          ) : null}
          <UpcsCancelled order={order} />
          <PaymentReference reference={payment.paymentReference} />
          {order.taxDocuments.invoice ? (
            <InvoiceLink order={order}>Download the tax invoice (PDF)</InvoiceLink>
          ) : null}
          <ReplacedInvoices order={order} />
        </Card>
      );
    }
    case 'refunded': {
      // A refund in several transfers (numbers refunded alone, then the rest): each its own line.
      // The order's refunds, not its credit notes: a late payment's refund has none, and a
      // billing correction's credit note moved no money (decisions 0070, 0080).
      const transfers = order.refunds;
      const several = transfers.length > 1;
      const single = several ? undefined : transfers[0];
      return (
        <Card title="Refunded">
          <p className="text-sm text-slate-700">
            A full refund of {total} has been made
            {several ? ` in ${transfers.length} transfers` : ''}.
          </p>
          <ReplacedBy order={order} />
          {several ? (
            <RefundList
              order={order}
              lines={transfers.map((refund) => ({
                what:
                  order.items.find((item) => item.numberId === refund.numberId)?.display ??
                  'The rest',
                refund,
              }))}
            />
          ) : single?.reference ? (
            <p className="mt-2 text-sm text-slate-700">
              Refund reference: <span className="font-mono">{single.reference}</span>
            </p>
          ) : null}
          <UpcsCancelled order={order} />
          {/* A registered buyer reverses the input tax credit with both. */}
          <div className="flex flex-wrap gap-x-3">
            {single?.creditNote ? (
              <a
                href={orderFileUrl(order, `credit-notes/${single.creditNote}`)}
                className="btn-secondary mt-4 inline-flex"
                download
              >
                Download credit note {creditNoteSerial(order, single.creditNote)} (PDF)
              </a>
            ) : null}
            {order.taxDocuments.invoice ? (
              <InvoiceLink order={order}>Download the tax invoice (PDF)</InvoiceLink>
            ) : null}
          </div>
          <ReplacedInvoices order={order} />
        </Card>
      );
    }
    case 'paid':
      return (
        <Card title="Payment received">
          <p className="text-sm text-slate-700">
            We received your payment of {total}
            {order.paidAt ? (
              <>
                {' '}
                on{' '}
                <time dateTime={order.paidAt}>
                  {formatIndianDate(order.paidAt, { month: 'short', time: true })}
                </time>
              </>
            ) : null}
            . Thank you!
          </p>
          {order.needsRefund ? (
            <p className="mt-2 text-sm font-semibold text-amber-950">
              We also received a further payment for this order, which it did not need: it will be
              refunded to you in full.
            </p>
          ) : null}
          <PaymentReference reference={payment.paymentReference} />
          {order.taxDocuments.invoice ? (
            <InvoiceLink order={order}>Download your tax invoice (PDF)</InvoiceLink>
          ) : null}
          <ReplacedInvoices order={order} />
        </Card>
      );
  }
}

/**
 * The invoices a correction of the billing details replaced (decision 0070), each with the credit
 * note that cancels it: still the buyer's to download, as they were issued.
 */
function ReplacedInvoices({ order }: { order: Order }) {
  const { replacedInvoices, invoiceSerial, creditNotes } = order.taxDocuments;
  if (replacedInvoices.length === 0) return null;
  const cancelling = creditNotes.filter((note) => note.billingCorrection);
  return (
    <div className="mt-4 text-sm text-slate-700">
      <p>
        Your billing details were corrected: invoice {invoiceSerial} is the one that counts. The
        earlier {replacedInvoices.length === 1 ? 'invoice is' : 'invoices are'} cancelled by a
        credit note for the same amount.
      </p>
      <ul className="mt-2 flex flex-wrap gap-x-3">
        {replacedInvoices.map((invoice, index) => (
          <li key={invoice.serial} className="flex flex-wrap gap-x-3">
            <a
              href={orderFileUrl(order, `invoices/${invoice.file}`)}
              className="btn-secondary mt-2 inline-flex"
              download
            >
              Invoice {invoice.serial}, replaced (PDF)
            </a>
            {cancelling[index] ? (
              <a
                href={orderFileUrl(order, `credit-notes/${cancelling[index].file}`)}
                className="btn-secondary mt-2 inline-flex"
                download
              >
                Credit note {cancelling[index].serial} (PDF)
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The order's current tax invoice to download. */
function InvoiceLink({ order, children }: { order: Order; children: ReactNode }) {
  return (
    <a
      href={orderFileUrl(order, 'invoice.pdf')}
      className="btn-secondary mt-4 inline-flex"
      download
    >
      {children}
    </a>
  );
}

function PaymentReference({ reference }: { reference: string | null }) {
  if (!reference) return null;
  return <p className="mt-2 text-sm text-slate-700">Payment reference: {reference}</p>;
}

function ManualInstructions({ order }: { order: Order }) {
  const { instructions, upiLink, submitted } = order.payment;
  if (!instructions) return null;
  // Paid, as far as the buyer knows: a QR code and a Pay button now would invite paying twice.
  // The form stays mounted as it turns into what was sent: it gives that sentence the focus.
  return (
    <>
      {submitted ? null : <HowToPay instructions={instructions} upiLink={upiLink} />}
      <PaymentSubmissionForm order={order} />
    </>
  );
}

/** The amount, the UPI QR code and link, the UPI ID and bank details, the reference to quote. */
function HowToPay({
  instructions,
  upiLink,
}: {
  instructions: NonNullable<Order['payment']['instructions']>;
  upiLink: Order['payment']['upiLink'];
}) {
  return (
    <div className="mt-5">
      <p className="text-sm text-slate-800">
        Pay by {instructions.upiId ? 'UPI or bank transfer' : 'bank transfer'} and quote your order
        reference. Our team confirms the payment and writes to you; this page updates by itself.
      </p>
      {instructions.upiId ? null : (
        <p className="mt-2 text-sm text-slate-700">
          UPI is offered up to {formatInr(instructions.upiLimit)}: most banks allow no more in one
          UPI payment.
        </p>
      )}
      {upiLink ? (
        <div className="mt-4 flex flex-wrap items-center gap-5">
          <UpiQrCode
            link={upiLink}
            label={`UPI QR code to pay ${formatInr(instructions.amount)}`}
          />
          <div className="text-sm text-slate-700">
            <p>Scan with any UPI app, or on this phone:</p>
            <a href={upiLink} className="btn-primary mt-3 inline-flex">
              Pay {formatInr(instructions.amount)} with a UPI app
            </a>
          </div>
        </div>
      ) : null}
      <dl className="mt-4 divide-y divide-amber-200 rounded-xl border border-amber-200 bg-white px-4">
        <InstructionRow term="Amount to pay">
          <span className="text-lg font-bold">{formatInr(instructions.amount)}</span>
        </InstructionRow>
        {instructions.upiId ? (
          <InstructionRow term="UPI ID">
            <span className="font-mono">{instructions.upiId}</span>
            <CopyButton text={instructions.upiId} what="UPI ID" />
          </InstructionRow>
        ) : null}
        <InstructionRow term="Bank transfer">
          <span className="whitespace-pre-line">{instructions.bankDetails}</span>
          <CopyButton text={instructions.bankDetails} what="bank details" />
        </InstructionRow>
        <InstructionRow term="Reference to quote">
          <span className="font-mono font-semibold">{instructions.reference}</span>
        </InstructionRow>
      </dl>
    </div>
  );
}

/**
 * Copies a payment detail, and says so in a toast, as the number page's Copy link does (a
 * focused button's name changing to "Copied" is not reliably read). At least 24 px tall.
 */
function CopyButton({ text, what }: { text: string; what: string }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(`Copied the ${what}`);
    } catch {
      toast.error(`The ${what} could not be copied: select it and copy it instead.`);
    }
  };
  return (
    <button
      type="button"
      className="ml-3 inline-flex min-h-6 items-center text-xs font-semibold text-blue-800 underline"
      onClick={() => void copy()}
    >
      Copy {what}
    </button>
  );
}

function InstructionRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** Refund transfers, each with what it was for: its amount, day, reference and credit note. */
function RefundList({
  title,
  order,
  lines,
}: {
  title?: string;
  order: Order;
  lines: { what: string; refund: RefundTransfer }[];
}) {
  return (
    <>
      {title ? <p className="mt-2 text-sm text-slate-700">{title}</p> : null}
      <ul className="mt-2 space-y-1 text-sm text-slate-700">
        {lines.map(({ what, refund }) => (
          <li key={`${what} ${refund.at}`}>
            {what}: <RefundLine order={order} refund={refund} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** The UPCs sent for the order's numbers and not used: void once it is cancelled or refunded. */
function UpcsCancelled({ order }: { order: Order }) {
  return order.items.filter(upcOpen).map((item) => (
    <p key={item.numberId} className="mt-2 text-sm font-medium text-slate-900">
      The UPC <span className="font-mono">{item.porting.upcCode}</span> we sent for {item.display}{' '}
      is cancelled: do not use it.
    </p>
  ));
}
