import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from '../../../lib/zod';
import { TextField } from '../../../components/form-fields';
import { useInlinePanel } from '../../../components/inline-panel';
import { useUndoPortingStep, type PortingUndo } from '../api/undo-porting-step';
import type { StaffOrderItem } from '../staff-order-types';
import { FormActions } from './form-actions';
import { useChangeFeedback } from './use-change-feedback';
import { NumberActionButton } from './number-action-button';

const undoSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Say why the step is taken back.')
    .max(500, 'Please keep the reason to 500 characters or fewer.'),
});

/**
 * Takes a number's last porting step back, with a reason: for a step recorded by mistake. The
 * call names the step shown (`step`), so a page out of date takes back nothing it did not show.
 */
export function UndoStepPanel({
  orderId,
  item,
  step,
  onTakenBack,
}: {
  orderId: string;
  item: StaffOrderItem;
  step: PortingUndo['step'];
  onTakenBack: () => void;
}) {
  const { open, show, close, openerRef, onKeyDown } = useInlinePanel();
  const undo = useUndoPortingStep(orderId);
  const { failure, attempt } = useChangeFeedback();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof undoSchema>>({
    resolver: zodResolver(undoSchema),
    defaultValues: { reason: '' },
  });
  const stepName = `“${item.porting.label}”`;
  const onSubmit = handleSubmit(async ({ reason }) => {
    const takenBack = await attempt(
      () => undo.mutateAsync({ numberId: item.numberId, step, reason: reason.trim() }),
      'Step taken back.',
      // The number moved meanwhile: the order is read again and this panel may go with the
      // step it offered.
      { onRefused: close },
    );
    if (takenBack) {
      reset();
      close();
      onTakenBack();
    }
  });
  if (!open) {
    return (
      <NumberActionButton
        openerRef={openerRef}
        onClick={show}
        label={`Take back ${stepName}…`}
        display={item.display}
      />
    );
  }
  return (
    <form
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      noValidate
      aria-label={`Take back the last step of ${item.display}`}
      className="space-y-3 rounded-lg bg-amber-50 p-3"
    >
      <p className="text-sm text-slate-800">
        {item.display} goes back to the step before {stepName}
        {step === 'upc_sent' && item.porting.upcCode
          ? `, and its UPC is cleared. The buyer is told not to use ${item.porting.upcCode} (by e-mail with this reason, and by SMS and WhatsApp); the next UPC sent says it replaces it.`
          : '. The buyer is sent no message: tell them if they were told of this step.'}
      </p>
      <TextField
        label="Reason (shown to the buyer in the number's history)"
        autoFocus
        error={errors.reason?.message}
        {...register('reason')}
      />
      <FormActions
        failure={failure}
        pending={isSubmitting}
        pendingLabel="Saving…"
        submit="Take the step back"
        keep={{ label: 'Keep it', onClick: close }}
      />
    </form>
  );
}
