import { zodResolver } from '@hookform/resolvers/zod';
import { addDays, indiaDay, normalizeUpc, UPC_VALIDITY_DAYS } from '@store/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from '../../../lib/zod';
import { SubmitButton, TextField } from '../../../components/form-fields';
import { useMovePorting } from '../api/move-porting';
import type { StaffOrderItem } from '../staff-order-types';
import { FormActions } from './form-actions';
import { useChangeFeedback } from './use-change-feedback';

const note = z.string().trim().max(1000, 'Please keep the note under 1000 characters.');

function upcSchema(today: string) {
  const latest = addDays(today, UPC_VALIDITY_DAYS.northEastAndJk);
  return z.object({
    upcCode: z
      .string()
      .refine((value) => normalizeUpc(value) !== null, 'A UPC is 8 letters and digits.'),
    upcExpiresOn: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the day the UPC expires.')
      .refine((day) => day >= today, 'This day is in the past.')
      .refine(
        (day) => day <= latest,
        `A UPC is valid at most ${UPC_VALIDITY_DAYS.northEastAndJk} days.`,
      ),
    note,
  });
}

type UpcValues = z.input<ReturnType<typeof upcSchema>>;

/**
 * The refusals of a UPC that mean the number's UPC changed since the page showed it (another
 * agent recorded one, or took it back): said in a toast, and the form goes, as the page now
 * shows the number as it is.
 */
const UPC_CHANGED_CODES = ['UPC_ALREADY_SENT', 'UPC_CHANGED', 'INVALID_STEP'] as const;

/**
 * Records the UPC sent for a number (or a new one replacing it) and the day it expires. A new
 * UPC names the one it replaces, as shown when the form was opened, so that a first UPC from a
 * page out of date is never taken as a replacement of one the agent did not see.
 */
export function UpcForm({
  orderId,
  item,
  replacing,
  focusFirst = false,
  onDone,
  onMoved,
}: {
  orderId: string;
  item: StaffOrderItem;
  replacing: boolean;
  /** Focus the UPC field on opening (it took the place of the button just used). */
  focusFirst?: boolean;
  /** The form is done with: the UPC recorded, or kept. */
  onDone: () => void;
  /** The UPC is recorded. */
  onMoved: () => void;
}) {
  const today = indiaDay();
  const [replaces] = useState(replacing ? item.porting.upcCode : null);
  const move = useMovePorting(orderId);
  const { failure, attempt } = useChangeFeedback();
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<UpcValues>({
    resolver: zodResolver(upcSchema(today)),
    defaultValues: {
      upcCode: '',
      upcExpiresOn: addDays(today, UPC_VALIDITY_DAYS.standard),
      note: '',
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    const step = {
      status: 'upc_sent' as const,
      upcCode: normalizeUpc(values.upcCode)!,
      upcExpiresOn: values.upcExpiresOn,
      ...(replaces ? { replaces } : {}),
      ...(values.note?.trim() ? { note: values.note.trim() } : {}),
    };
    const recorded = await attempt(
      () => move.mutateAsync({ numberId: item.numberId, step }),
      'UPC recorded.',
      { onRefused: onDone, refusedCodes: UPC_CHANGED_CODES },
    );
    if (recorded) {
      onDone();
      onMoved();
    }
  });
  const expiresIn = (days: number) => () =>
    setValue('upcExpiresOn', addDays(today, days), { shouldValidate: true });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`UPC for ${item.display}`}
      className="space-y-3 rounded-lg bg-slate-50 p-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="UPC"
          autoFocus={focusFirst}
          autoComplete="off"
          spellCheck={false}
          maxLength={12}
          className="[&_input]:font-mono [&_input]:uppercase"
          error={errors.upcCode?.message}
          {...register('upcCode')}
        />
        <TextField
          label="Valid until"
          type="date"
          min={today}
          max={addDays(today, UPC_VALIDITY_DAYS.northEastAndJk)}
          error={errors.upcExpiresOn?.message}
          hint={
            <>
              A UPC lasts {UPC_VALIDITY_DAYS.standard} days ({UPC_VALIDITY_DAYS.northEastAndJk} in
              J&amp;K, Assam and the North-East):{' '}
              <button
                type="button"
                className="underline"
                onClick={expiresIn(UPC_VALIDITY_DAYS.standard)}
              >
                {UPC_VALIDITY_DAYS.standard} days
              </button>{' '}
              ·{' '}
              <button
                type="button"
                className="underline"
                onClick={expiresIn(UPC_VALIDITY_DAYS.northEastAndJk)}
              >
                {UPC_VALIDITY_DAYS.northEastAndJk} days
              </button>
            </>
          }
          {...register('upcExpiresOn')}
        />
      </div>
      <TextField label="Note (optional)" error={errors.note?.message} {...register('note')} />
      <FormActions
        failure={failure}
        pending={isSubmitting}
        pendingLabel="Saving…"
        submit={replacing ? 'Send the new UPC' : 'Mark UPC sent'}
        keep={replacing ? { label: 'Keep the UPC', onClick: onDone } : undefined}
      />
    </form>
  );
}

const nextSteps = {
  upc_sent: { status: 'porting_in_progress', action: 'Mark porting in progress' },
  porting_in_progress: { status: 'ported', action: 'Mark ported' },
} as const;

/**
 * The number's next step after its UPC: porting in progress, then ported (with a note);
 * `onMoved` once it is recorded.
 */
export function NextStepForm({
  orderId,
  item,
  onMoved,
}: {
  orderId: string;
  item: StaffOrderItem;
  onMoved: () => void;
}) {
  const next = nextSteps[item.porting.status as keyof typeof nextSteps];
  const move = useMovePorting(orderId);
  const { failure, attempt } = useChangeFeedback();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ note: string }>({
    resolver: zodResolver(z.object({ note })),
    defaultValues: { note: '' },
  });
  if (!next) return null;
  const onSubmit = handleSubmit(async (values) => {
    const step = {
      status: next.status,
      ...(values.note.trim() ? { note: values.note.trim() } : {}),
    };
    if (
      await attempt(() => move.mutateAsync({ numberId: item.numberId, step }), 'Step recorded.')
    ) {
      reset();
      onMoved();
    }
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Next step for ${item.display}`}
      className="flex flex-wrap items-end gap-3"
    >
      <TextField label="Note (optional)" error={errors.note?.message} {...register('note')} />
      <SubmitButton pending={isSubmitting} pendingLabel="Saving…">
        {next.action}
      </SubmitButton>
      {failure ? (
        <p role="alert" className="basis-full text-sm text-red-700">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
