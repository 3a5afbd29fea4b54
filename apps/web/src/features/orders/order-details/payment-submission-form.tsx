import { utrKind, UTR_SHAPE_MESSAGE } from '@store/domain';
import { useRef, useState, type FormEvent } from 'react';
import { TextField } from '../../../components/form-fields';
import { useFocusLater } from '../../../components/use-focus-later';
import { apiErrorMessage } from '../../../lib/api-client';
import { formatIndianDate } from '../../../lib/format';
import { useSubmitPayment } from '../api/submit-payment';
import type { Order } from '../order-types';

const SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;
const SCREENSHOT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'];
export const SCREENSHOT_PROBLEM = 'Choose a JPEG or PNG image or a PDF file of at most 5 MB.';

/**
 * "I have paid": the buyer gives the UTR, and optionally a screenshot of the payment (JPEG, PNG
 * or PDF up to 5 MB; the server checks its bytes); once given, what happens while staff verify.
 * A UTR refused (here or by the server) takes the focus back to its field; once sent, the focus
 * goes to the sentence that replaces the form, which the parent keeps mounted for it.
 */
export function PaymentSubmissionForm({ order }: { order: Order }) {
  const submitted = order.payment.submitted;
  const submit = useSubmitPayment(order.id);
  const [utr, setUtr] = useState('');
  const [screenshot, setScreenshot] = useState<File | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [fileProblem, setFileProblem] = useState<string | undefined>();
  const utrField = useRef<HTMLInputElement>(null);
  const fileField = useRef<HTMLInputElement>(null);
  const { target: confirmation, focusLater } = useFocusLater<HTMLParagraphElement>();

  const refuse = (message: string) => {
    setProblem(message);
    utrField.current?.focus();
  };

  if (submitted) {
    // Not a live region: one mounted with its words in it is often not announced. The focus
    // moved to it after "I have paid" is what reads it out.
    return (
      <p
        ref={confirmation}
        tabIndex={-1}
        className="mt-4 rounded-xl bg-emerald-50 p-4 text-sm text-emerald-900 outline-none"
      >
        Payment submitted with UTR <span className="font-mono">{submitted.utr}</span>
        {submitted.screenshot ? ' and a screenshot' : ''}. Our team is verifying it; your numbers
        stay held until{' '}
        <time dateTime={order.holdExpiresAt}>
          {formatIndianDate(order.holdExpiresAt, { month: 'short', time: true })}
        </time>
        . There is no need to pay again.
      </p>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!utrKind(utr)) {
      refuse(UTR_SHAPE_MESSAGE);
      return;
    }
    setProblem(undefined);
    // The file chosen cannot be sent: the buyer mends it (or clears it) rather than paying
    // without it unawares.
    if (fileProblem) {
      fileField.current?.focus();
      return;
    }
    submit.mutate(
      { utr, screenshot },
      {
        onSuccess: focusLater,
        onError: (error) => refuse(apiErrorMessage(error, 'Your payment could not be sent.')),
      },
    );
  };

  return (
    <form className="mt-5 grid gap-3" onSubmit={onSubmit} noValidate>
      <TextField
        label="Paid already? The transaction reference (UTR) from your bank or UPI app"
        ref={utrField}
        name="utr"
        autoComplete="off"
        value={utr}
        onChange={(event) => setUtr(event.target.value)}
        error={problem}
      />
      <TextField
        label="A screenshot of the payment (optional: JPEG, PNG or PDF, up to 5 MB)"
        ref={fileField}
        name="screenshot"
        type="file"
        accept={SCREENSHOT_TYPES.join(',')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          const fits =
            !file || (SCREENSHOT_TYPES.includes(file.type) && file.size <= SCREENSHOT_MAX_BYTES);
          setFileProblem(fits ? undefined : SCREENSHOT_PROBLEM);
          setScreenshot(fits ? file : undefined);
        }}
        error={fileProblem}
      />
      <button type="submit" className="btn-primary justify-self-start" disabled={submit.isPending}>
        I have paid
      </button>
    </form>
  );
}
