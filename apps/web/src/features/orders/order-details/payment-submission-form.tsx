import { utrKind, UTR_SHAPE_MESSAGE } from '@store/domain';
import { useEffect, useRef, useState, type FormEvent, type Ref } from 'react';
import { FormAlert, TextField } from '../../../components/form-fields';
import { useFocusLater } from '../../../components/use-focus-later';
import { useToast } from '../../../components/toast';
import { apiErrorMessage, isApiError } from '../../../lib/api-client';
import { formatIndianDate } from '../../../lib/format';
import { useAttachScreenshot, useSubmitPayment } from '../api/submit-payment';
import type { Order } from '../order-types';
import { trackPurchase } from './track-purchase';
import { readUtrDraft, writeUtrDraft } from './utr-draft';

const SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;
const SCREENSHOT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'];
export const SCREENSHOT_PROBLEM = 'Choose a JPEG or PNG image or a PDF file of at most 5 MB.';

/** A UTR typed before the session ended, shown again: it is sent only by "I have paid". */
export const UTR_NOT_SENT = 'This UTR has not been sent yet: check it and press I have paid.';

/** The UTR went in, the screenshot chosen with it did not. */
export const SCREENSHOT_NOT_SENT =
  'Your UTR was received, but the screenshot was not: please attach it again.';

/**
 * "I have paid": the buyer gives the UTR, and optionally a screenshot of the payment (JPEG, PNG
 * or PDF up to 5 MB; the server checks its bytes); once given, what happens while staff verify,
 * and a screenshot may still be attached (one that failed, or was never chosen).
 * A UTR refused (here or by the server) takes the focus back to its field; once sent, the focus
 * goes to the sentence that replaces the form, which the parent keeps mounted for it. A refusal
 * because the order can no longer be paid (cancelled meanwhile, say) is told in a toast that
 * stays: the page then shows the order without this form, and the money may be sent already.
 * The UTR typed is kept in the tab until it is sent (utr-draft.ts), and one kept from before, a
 * session that ended, say, is shown again as not sent yet.
 */
export function PaymentSubmissionForm({ order }: { order: Order }) {
  const submitted = order.payment.submitted;
  const submit = useSubmitPayment(order.id);
  const toast = useToast();
  const [utr, setUtr] = useState(() => readUtrDraft(order.id));
  /** The UTR shown was typed before this page (the session ended meanwhile) and not sent. */
  const [notSent, setNotSent] = useState(utr !== '');
  const [screenshot, setScreenshot] = useState<File | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [fileProblem, setFileProblem] = useState<string | undefined>();
  /** A screenshot was chosen with the UTR and may not have been sent. */
  const [screenshotLost, setScreenshotLost] = useState(false);
  const utrField = useRef<HTMLInputElement>(null);
  const fileField = useRef<HTMLInputElement>(null);
  const { target: confirmation, focusLater } = useFocusLater<HTMLParagraphElement>();

  const refuse = (message: string) => {
    setProblem(message);
    utrField.current?.focus();
  };

  // A UTR the server has (its answer lost, say) is no draft to show again.
  useEffect(() => {
    if (submitted) writeUtrDraft(order.id, '');
  }, [submitted, order.id]);

  if (submitted) {
    // Not a live region: one mounted with its words in it is often not announced. The focus
    // moved to it after "I have paid" is what reads it out.
    return (
      <>
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
        {submitted.screenshot ? null : (
          <AttachScreenshotForm
            order={order}
            lost={screenshotLost}
            onAttached={() => {
              setScreenshotLost(false);
              focusLater();
            }}
          />
        )}
      </>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!utrKind(utr)) {
      refuse(UTR_SHAPE_MESSAGE);
      return;
    }
    setProblem(undefined);
    setNotSent(false);
    // The file chosen cannot be sent: the buyer mends it (or clears it) rather than paying
    // without it unawares.
    if (fileProblem) {
      fileField.current?.focus();
      return;
    }
    setScreenshotLost(false);
    submit.mutate(
      { utr, screenshot },
      {
        onSuccess: ({ screenshotFailed }) => {
          trackPurchase(order);
          setScreenshotLost(screenshotFailed !== undefined);
          focusLater();
        },
        onError: (error) => {
          // The answer may be lost after the UTR went in: the order read again then shows it.
          setScreenshotLost(screenshot !== undefined);
          if (isApiError(error) && error.code === 'ORDER_NOT_PAYABLE') {
            toast.error(
              `${error.message} If you have sent the money, please contact us with your UTR ${utr} and order ${order.reference}: we will sort it out.`,
              { duration: Infinity },
            );
          }
          refuse(apiErrorMessage(error, 'Your payment could not be sent.'));
        },
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
        onChange={(event) => {
          setUtr(event.target.value);
          writeUtrDraft(order.id, event.target.value);
        }}
        hint={notSent ? UTR_NOT_SENT : undefined}
        error={problem}
      />
      <ScreenshotField
        label="A screenshot of the payment (optional: JPEG, PNG or PDF, up to 5 MB)"
        fieldRef={fileField}
        error={fileProblem}
        onChoose={(file, fits) => {
          setFileProblem(fits ? undefined : SCREENSHOT_PROBLEM);
          setScreenshot(fits ? file : undefined);
        }}
      />
      <button type="submit" className="btn-primary justify-self-start" disabled={submit.isPending}>
        I have paid
      </button>
    </form>
  );
}

/**
 * A payment submitted without a screenshot: one may be attached (`lost`: the one chosen with
 * the UTR did not arrive, which is said first).
 */
function AttachScreenshotForm({
  order,
  lost,
  onAttached,
}: {
  order: Order;
  lost: boolean;
  onAttached: () => void;
}) {
  const attach = useAttachScreenshot(order.id);
  const [file, setFile] = useState<File | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const field = useRef<HTMLInputElement>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setProblem(problem ?? 'Choose the screenshot to attach.');
      field.current?.focus();
      return;
    }
    attach.mutate(file, {
      onSuccess: onAttached,
      onError: (error) => {
        setProblem(apiErrorMessage(error, 'The screenshot could not be attached.'));
        field.current?.focus();
      },
    });
  };
  return (
    <form className="mt-4 grid gap-3" onSubmit={onSubmit} noValidate>
      <FormAlert message={lost ? SCREENSHOT_NOT_SENT : undefined} />
      <ScreenshotField
        label="Attach a screenshot of the payment (optional: JPEG, PNG or PDF, up to 5 MB)"
        fieldRef={field}
        error={problem}
        onChoose={(chosen, fits) => {
          setProblem(fits ? undefined : SCREENSHOT_PROBLEM);
          setFile(fits ? chosen : undefined);
        }}
      />
      <button
        type="submit"
        className="btn-secondary justify-self-start"
        disabled={attach.isPending}
      >
        Attach screenshot
      </button>
    </form>
  );
}

/** The screenshot's file field: `onChoose` tells the file chosen and whether it may be sent. */
function ScreenshotField({
  label,
  fieldRef,
  error,
  onChoose,
}: {
  label: string;
  fieldRef: Ref<HTMLInputElement>;
  error: string | undefined;
  onChoose: (file: File | undefined, fits: boolean) => void;
}) {
  return (
    <TextField
      label={label}
      ref={fieldRef}
      name="screenshot"
      type="file"
      accept={SCREENSHOT_TYPES.join(',')}
      onChange={(event) => {
        const file = event.target.files?.[0];
        onChoose(
          file,
          !file || (SCREENSHOT_TYPES.includes(file.type) && file.size <= SCREENSHOT_MAX_BYTES),
        );
      }}
      error={error}
    />
  );
}
