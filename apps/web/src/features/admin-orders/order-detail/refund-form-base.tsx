import { zodResolver } from '@hookform/resolvers/zod';
import { normalizeUtr, REFUND_REFERENCE_SHAPE } from '@store/domain';
import type { KeyboardEvent, ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from '../../../lib/zod';
import { TextField } from '../../../components/form-fields';
import { FormActions } from './form-actions';
import { useChangeFeedback } from './use-change-feedback';

const refundSchema = (maxReason: number) =>
  z.object({
    reason: z
      .string()
      .trim()
      .min(1, 'Say why the money goes back.')
      .max(maxReason, `Please keep the reason under ${maxReason} characters.`),
    method: z.enum(['razorpay', 'manual']),
    reference: refundReferenceField,
  });

/**
 * A manual refund's UTR / bank reference as the API takes it (decisions 0054, 0092): normalised
 * as a payment's reference is (upper case, without spaces), then 6-30 letters or digits; empty
 * when there is none yet.
 */
export const refundReferenceField = z
  .string()
  .transform(normalizeUtr)
  .refine(
    (value) => value === '' || REFUND_REFERENCE_SHAPE.test(value),
    'Give the UTR or bank reference as 6 to 30 letters or digits (spaces are fine), or leave it empty.',
  );

export interface RefundChoice {
  reason: string;
  method: 'razorpay' | 'manual';
  /** A refund paid back by hand: its UTR / bank reference, when given. */
  reference?: string;
}

/**
 * The form of a refund (of a payment, or of one number of the order): a reason and, for a
 * Razorpay payment, how (through Razorpay, or recorded as paid back by staff; a UPI or bank
 * transfer is always paid back by staff). A refund left requested (Razorpay did not answer) is
 * finished by sending it again (`resume`: its first reason kept): it is never made twice. The
 * change's feedback is the console's (useChangeFeedback); `onDone` runs once it is made.
 */
export function RefundFormBase({
  label,
  razorpay,
  resume,
  firstReason,
  maxReason,
  explanation,
  submit,
  keepLabel,
  done,
  refund,
  onDone,
  onRefused,
  onKeyDown,
}: {
  /** The form's accessible name. */
  label: string;
  razorpay: boolean;
  resume: boolean;
  firstReason: string | undefined;
  maxReason: number;
  /** Said above the reason: what goes back. */
  explanation?: ReactNode;
  submit: string;
  keepLabel: string;
  /** The toast when the server says nothing. */
  done: string;
  refund: (choice: RefundChoice) => Promise<{ message?: string }>;
  onDone: () => void;
  /** A refusal because the order changed meanwhile (409): said in a toast, then this runs. */
  onRefused?: () => void;
  /** The opened panel's keys (Escape closes it). */
  onKeyDown?: (event: KeyboardEvent) => void;
}) {
  const { failure, attempt } = useChangeFeedback();
  const schema = refundSchema(maxReason);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      reason: firstReason ?? '',
      method: razorpay ? 'razorpay' : 'manual',
      reference: '',
    },
  });
  // Paid back by hand: the transfer's UTR may be given (Razorpay's refund has its own id).
  const manual = useWatch({ control, name: 'method' }) === 'manual' && !resume;
  const onSubmit = handleSubmit(async ({ reason, method, reference }) => {
    const made = await attempt(
      () =>
        refund({
          reason,
          method,
          ...(method === 'manual' && reference ? { reference } : {}),
        }),
      done,
      onRefused ? { onRefused } : {},
    );
    if (made) onDone();
  });
  return (
    <form
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      noValidate
      aria-label={label}
      className="mt-3 space-y-3 rounded-lg bg-slate-50 p-3"
    >
      {resume ? (
        <p className="text-sm text-amber-900">
          This refund was sent to Razorpay without an answer. Send it again to finish it: it is
          never made twice.
        </p>
      ) : null}
      {explanation}
      <TextField
        label="Reason"
        readOnly={resume}
        autoFocus={!resume}
        error={errors.reason?.message}
        {...register('reason')}
      />
      {razorpay && !resume ? (
        <fieldset className="space-y-1 text-sm">
          <legend className="font-medium text-slate-800">How</legend>
          <label className="flex items-center gap-2">
            <input type="radio" value="razorpay" {...register('method')} /> Refund through Razorpay
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" value="manual" {...register('method')} /> Already paid back (record
            only)
          </label>
        </fieldset>
      ) : null}
      {manual ? (
        <TextField
          label="Refund UTR / reference (optional)"
          hint="The UTR or bank reference of the transfer that paid it back: the buyer is sent it. It can be added later, once."
          autoComplete="off"
          error={errors.reference?.message}
          {...register('reference')}
        />
      ) : null}
      <FormActions
        failure={failure}
        pending={isSubmitting}
        pendingLabel="Refunding…"
        submit={resume ? 'Finish the refund' : submit}
        keep={resume ? undefined : { label: keepLabel, onClick: onDone }}
      />
    </form>
  );
}
