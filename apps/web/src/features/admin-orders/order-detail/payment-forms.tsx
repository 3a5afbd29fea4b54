import { zodResolver } from '@hookform/resolvers/zod';
import { formatInr, normalizeUtr, toPaise, toRupees } from '@store/domain';
import { useState, type KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from '../../../lib/zod';
import { SubmitButton, TextField } from '../../../components/form-fields';
import { useInlinePanel } from '../../../components/inline-panel';
import { useConfirmPayment } from '../api/confirm-payment';
import { useRefundPayment } from '../api/refund-payment';
import { RefundFormBase } from './refund-form-base';
import { useRejectPayment } from '../api/reject-payment';
import { manualPaymentWords } from '../payment-method';
import type { PaymentRecord, StaffOrder } from '../staff-order-types';
import { FormActions } from './form-actions';
import { useChangeFeedback } from './use-change-feedback';

const PAYMENT_ALREADY_CONFIRMED = 'PAYMENT_ALREADY_CONFIRMED';

const confirmSchema = z.object({
  reference: z
    .string()
    .trim()
    .min(3, 'Type the UTR or bank reference of the transfer.')
    .max(100, 'A reference is at most 100 characters.'),
});

/**
 * Confirms a UPI or bank transfer received for the order, with its UTR / bank reference. A
 * reference other than the UTR the buyer submitted (compared as the API stores UTRs) is sent only
 * once confirmed a second time: the buyer is shown the reference recorded, and theirs would stay
 * unrecorded. `further`: a second transfer for an order already paid (a double debit), recorded
 * as a payment due back (decision 0068).
 */
export function ConfirmPaymentForm({
  order,
  further = false,
  onDone,
  onKeyDown,
}: {
  order: StaffOrder;
  further?: boolean;
  onDone: () => void;
  /** The opened panel's keys (Escape closes it). */
  onKeyDown?: (event: KeyboardEvent) => void;
}) {
  const confirm = useConfirmPayment(order.id);
  const { failure, attempt } = useChangeFeedback();
  const submittedUtr = order.payment.submitted?.utr;
  // The other reference staff were warned about (normalised); typing another one warns again.
  const [warnedAbout, setWarnedAbout] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof confirmSchema>>({
    resolver: zodResolver(confirmSchema),
    // The UTR the buyer submitted, to check against the bank statement.
    defaultValues: { reference: submittedUtr ?? '' },
  });
  const typed = normalizeUtr(useWatch({ control, name: 'reference' }) ?? '');
  const warned = warnedAbout !== undefined && warnedAbout === typed;
  const onSubmit = handleSubmit(async ({ reference }) => {
    const other = normalizeUtr(reference);
    if (submittedUtr && other !== normalizeUtr(submittedUtr) && warnedAbout !== other) {
      setWarnedAbout(other);
      return;
    }
    const payment = further
      ? { reference: reference.trim(), extra: true as const }
      : { reference: reference.trim() };
    const done = further ? 'Second payment recorded, due back.' : 'Payment confirmed.';
    // Another agent confirmed it meanwhile (decision 0084): the order read again is paid, this
    // form gives way, and a toast says who confirmed which payment and when.
    const refused = { onRefused: onDone, refusedCodes: [PAYMENT_ALREADY_CONFIRMED] };
    if (await attempt(() => confirm.mutateAsync(payment), done, refused)) {
      reset();
      onDone();
    }
  });
  return (
    <form
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      noValidate
      aria-label={further ? 'Record a second payment' : 'Confirm a payment'}
      className="mt-4 space-y-3 border-t border-slate-200 pt-4"
    >
      {further ? (
        <p className="text-sm text-slate-700">
          A second transfer for this order, such as a double debit? Check it in the bank account,
          then record its reference. It does not pay for anything: it is kept as a payment due back,
          the buyer is told, and the order goes on as it is, under “Needs refund” until you refund
          that payment here.
        </p>
      ) : (
        <p className="text-sm text-slate-700">
          Received {formatInr(order.amounts.totalAmount)} by {manualPaymentWords(order)}? Check it
          in the bank account, then record its reference. A reference recorded for another order is
          refused.
        </p>
      )}
      <TextField
        label="UTR / bank reference"
        autoComplete="off"
        spellCheck={false}
        error={errors.reference?.message}
        {...register('reference')}
      />
      {warned && submittedUtr ? (
        <div role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <p>
            <span className="font-mono font-semibold">{typed}</span> is not the UTR the buyer
            submitted, <span className="font-mono font-semibold">{submittedUtr}</span>. The buyer is
            shown the reference you record, and their UTR stays unrecorded.
          </p>
          <p className="mt-1">
            Confirm again only if the bank statement shows {typed} for this payment.
          </p>
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      <SubmitButton pending={isSubmitting} pendingLabel="Confirming…">
        {warned
          ? `Confirm with ${typed}, not the buyer’s UTR`
          : further
            ? 'Record the second payment (due back)'
            : 'Confirm payment'}
      </SubmitButton>
    </form>
  );
}

/**
 * On an order already paid: "Record a second payment (due back)" opens ConfirmPaymentForm for a
 * further transfer (decision 0068), so a payment confirmed again by mistake records nothing.
 */
export function FurtherPayment({ order, onDone }: { order: StaffOrder; onDone: () => void }) {
  const { open, show, close, openerRef, onKeyDown } = useInlinePanel();
  if (!open) {
    return (
      <button ref={openerRef} type="button" className="btn-secondary mt-4" onClick={show}>
        Record a second payment (due back)
      </button>
    );
  }
  return (
    <ConfirmPaymentForm
      order={order}
      further
      onKeyDown={onKeyDown}
      onDone={() => {
        close();
        onDone();
      }}
    />
  );
}

const rejectSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(3, 'Tell the buyer why the payment could not be verified.')
    .max(500, 'Please keep the reason under 500 characters.'),
});

/** Rejects the UTR the buyer submitted, with the reason the buyer is sent. */
export function RejectPaymentForm({ order, onDone }: { order: StaffOrder; onDone: () => void }) {
  const reject = useRejectPayment(order.id);
  const { failure, attempt } = useChangeFeedback();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof rejectSchema>>({
    resolver: zodResolver(rejectSchema),
    defaultValues: { reason: '' },
  });
  const onSubmit = handleSubmit(async ({ reason }) => {
    if (await attempt(() => reject.mutateAsync(reason.trim()), 'Payment rejected.')) onDone();
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Reject the submitted payment"
      className="mt-4 space-y-3 border-t border-slate-200 pt-4"
    >
      <TextField
        label="Reason the buyer is sent"
        autoComplete="off"
        error={errors.reason?.message}
        {...register('reason')}
      />
      <FormActions
        failure={failure}
        pending={isSubmitting}
        pendingLabel="Rejecting…"
        submit="Reject the payment"
      />
    </form>
  );
}

/**
 * Refunds a payment in full with a reason (RefundFormBase): through Razorpay for a Razorpay
 * payment unless staff paid it back already, or recorded as paid back by staff; what is left of
 * it when numbers of the order were refunded alone.
 */
export function RefundForm({
  order,
  payment,
  resume = false,
  onDone,
  onKeyDown,
}: {
  order: StaffOrder;
  payment: PaymentRecord;
  resume?: boolean;
  onDone: () => void;
  /** The opened panel's keys (Escape closes it). */
  onKeyDown?: (event: KeyboardEvent) => void;
}) {
  const refund = useRefundPayment(order.id);
  const requested = payment.refunds.find(
    (candidate) => candidate.status === 'requested' && candidate.numberId === null,
  );
  const amount = paymentLeft(payment);
  return (
    <RefundFormBase
      label={`Refund payment ${payment.reference}`}
      razorpay={payment.provider === 'razorpay'}
      resume={resume}
      firstReason={requested?.reason}
      maxReason={1000}
      submit={`Refund ${formatInr(amount)}`}
      keepLabel="Keep the payment"
      done="Refund made."
      refund={(choice) => refund.mutateAsync({ paymentId: payment.id, ...choice })}
      onDone={onDone}
      onKeyDown={onKeyDown}
    />
  );
}

/** What a refund of the payment pays back: all of it, less the numbers refunded alone. */
export function paymentLeft(payment: PaymentRecord): number {
  const alone = payment.refunds
    .filter((refund) => refund.numberId !== null && refund.status === 'done')
    .reduce((sum, refund) => sum + toPaise(refund.amount), 0);
  return toRupees(toPaise(payment.amount) - alone);
}
