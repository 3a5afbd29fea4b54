import { utrKind, UTR_SHAPE_MESSAGE } from '@store/domain';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/form-fields';
import { apiErrorMessage } from '../../../lib/api-client';
import { formatIndianDate } from '../../../lib/format';
import { useSubmitPayment } from '../api/submit-payment';
import type { Order } from '../order-types';

/** "I have paid": the buyer gives the UTR; once given, what happens while staff verify it. */
export function PaymentSubmissionForm({ order }: { order: Order }) {
  const submitted = order.payment.submitted;
  const submit = useSubmitPayment(order.id);
  const [utr, setUtr] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  if (submitted) {
    return (
      <p className="mt-4 rounded-xl bg-emerald-50 p-4 text-sm text-emerald-900" role="status">
        Payment submitted with UTR <span className="font-mono">{submitted.utr}</span>. Our team is
        verifying it; your numbers stay held until{' '}
        <time dateTime={order.holdExpiresAt}>
          {formatIndianDate(order.holdExpiresAt, { month: 'short', time: true })}
        </time>
        .
      </p>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!utrKind(utr)) {
      setProblem(UTR_SHAPE_MESSAGE);
      return;
    }
    setProblem(undefined);
    submit.mutate(utr, {
      onError: (error) => setProblem(apiErrorMessage(error, 'Your payment could not be sent.')),
    });
  };

  return (
    <form className="mt-5 flex flex-wrap items-end gap-3" onSubmit={onSubmit} noValidate>
      <TextField
        className="min-w-0 flex-1"
        label="Paid already? The transaction reference (UTR) from your bank or UPI app"
        name="utr"
        autoComplete="off"
        value={utr}
        onChange={(event) => setUtr(event.target.value)}
        error={problem}
      />
      <button type="submit" className="btn-primary" disabled={submit.isPending}>
        I have paid
      </button>
    </form>
  );
}
