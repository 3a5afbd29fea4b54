import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from '../../../lib/zod';
import { TextField } from '../../../components/form-fields';
import { useInlinePanel } from '../../../components/inline-panel';
import { Card, upcOpen } from '../../orders';
import { useCancelOrder } from '../api/cancel-order';
import type { StaffOrder } from '../staff-order-types';
import { FormActions } from './form-actions';
import { useChangeFeedback } from './use-change-feedback';

const cancelSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Say why the order is cancelled.')
    .max(1000, 'Please keep the reason under 1000 characters.'),
});

const finished: readonly StaffOrder['status'][] = ['completed', 'cancelled', 'refunded'];

/** Cancels the order with a reason: an unpaid one frees its numbers, a paid one is due a refund. */
export function CancelPanel({ order }: { order: StaffOrder }) {
  const { open, show, close, openerRef, onKeyDown } = useInlinePanel();
  const cancel = useCancelOrder(order.id);
  const { failure, attempt } = useChangeFeedback();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof cancelSchema>>({
    resolver: zodResolver(cancelSchema),
    defaultValues: { reason: '' },
  });
  if (finished.includes(order.status)) return null;
  const onSubmit = handleSubmit(async ({ reason }) => {
    if (await attempt(() => cancel.mutateAsync(reason.trim()), 'Order cancelled.')) close();
  });
  return (
    <Card title="Cancel the order">
      <p className="text-sm text-slate-700">
        {order.paidAt
          ? 'The order is paid: cancelling it marks its payment due back (refund it under Payments). Its numbers stay sold; those no UPC went out for can then be put back on sale under Inventory.'
          : 'The order is not paid: cancelling it puts its numbers back on sale at once.'}
      </p>
      {/* The buyer can still port with a UPC sent (decision 0067): the cancel says it is void. */}
      {order.items
        .filter((item) => upcOpen(item) && !item.refund)
        .map((item) => (
          <p key={item.numberId} className="mt-2 text-sm font-semibold text-amber-900">
            UPC <span className="font-mono">{item.porting.upcCode}</span> was sent for{' '}
            {item.display}: the buyer can still port the number with it. Cancelling tells the buyer
            it is cancelled and must not be used.
          </p>
        ))}
      {open ? (
        <form
          onSubmit={onSubmit}
          onKeyDown={onKeyDown}
          noValidate
          aria-label="Cancel the order"
          className="mt-3 space-y-3"
        >
          <TextField
            label="Reason (the buyer is told)"
            autoFocus
            error={errors.reason?.message}
            {...register('reason')}
          />
          <FormActions
            failure={failure}
            pending={isSubmitting}
            pendingLabel="Cancelling…"
            submit="Cancel the order"
            keep={{ label: 'Keep it', onClick: close }}
          />
        </form>
      ) : (
        <button ref={openerRef} type="button" className="btn-secondary mt-3" onClick={show}>
          Cancel this order…
        </button>
      )}
    </Card>
  );
}
