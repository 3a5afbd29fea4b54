import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from '../../../lib/zod';
import { TextField } from '../../../components/form-fields';
import { useInlinePanel } from '../../../components/inline-panel';
import { useAddRefundReference } from '../api/add-refund-reference';
import type { PaymentRecord, StaffOrder } from '../staff-order-types';
import { FormActions } from './form-actions';
import { refundReferenceField } from './refund-form-base';
import { useChangeFeedback } from './use-change-feedback';

const schema = z.object({
  reference: refundReferenceField.refine(
    (value) => value !== '',
    'Give the UTR or bank reference.',
  ),
});

type Refund = PaymentRecord['refunds'][number];

/**
 * A manual refund recorded without its UTR / bank reference: "Add the refund reference…" opens
 * a one-field form; the reference is added once, and the buyer is sent it (decision 0054).
 */
export function AddRefundReference({ order, refund }: { order: StaffOrder; refund: Refund }) {
  const { open, show, close, openerRef, onKeyDown } = useInlinePanel();
  const add = useAddRefundReference(order.id, refund.id);
  const { failure, attempt } = useChangeFeedback();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { reference: '' },
  });
  const onSubmit = handleSubmit(async ({ reference }) => {
    if (await attempt(() => add.mutateAsync({ reference }), 'Refund reference added.')) close();
  });
  if (!open) {
    return (
      <button ref={openerRef} type="button" className="btn-secondary mt-1" onClick={show}>
        Add the refund reference…
      </button>
    );
  }
  return (
    <form
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      noValidate
      aria-label="Add the refund reference"
      className="mt-2 space-y-3 rounded-lg bg-slate-50 p-3"
    >
      <TextField
        label="Refund UTR / reference"
        hint="The UTR or bank reference of the transfer that paid it back. It is added once, and the buyer is sent it."
        autoComplete="off"
        autoFocus
        spellCheck={false}
        error={errors.reference?.message}
        {...register('reference')}
      />
      <FormActions
        failure={failure}
        pending={isSubmitting}
        pendingLabel="Adding…"
        submit="Add the reference"
        keep={{ label: 'Not now', onClick: close }}
      />
    </form>
  );
}
