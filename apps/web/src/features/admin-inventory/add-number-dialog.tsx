import { zodResolver } from '@hookform/resolvers/zod';
import { mobileNumberProblem, normalizeMobile } from '@store/domain';
import { useForm } from 'react-hook-form';
import { z } from '../../lib/zod';
import { CheckboxField, TextField } from '../../components/form-fields';
import { ModalDialog } from '../../components/modal-dialog';
import { useToast } from '../../components/toast';
import { apiErrorMessage } from '../../lib/api-client';
import { DialogFormFooter, PriceInputs } from './dialog-form-parts';
import { useAddNumber } from './api/add-number';
import { pricesSchema } from './price-fields';

const schema = z
  .object({
    number: z.string().transform((text, ctx) => {
      const problem = mobileNumberProblem(text);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: `The number ${problem}.` });
        return z.NEVER;
      }
      return normalizeMobile(text)!;
    }),
    hidden: z.boolean(),
    comingSoon: z.boolean(),
  })
  .and(pricesSchema);

type Values = z.input<typeof schema>;

/** Adds one number: validated here and by the API, which classifies it and refuses a duplicate. */
export function AddNumberDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const { mutateAsync: addNumber } = useAddNumber();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { number: '', price: '', offerPrice: '', hidden: false, comingSoon: false },
  });

  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const added = await addNumber(values);
      toast.success(`${added.display} added as ${added.category.name}.`);
      close();
    } catch (error) {
      setError('root', { message: apiErrorMessage(error, 'The number could not be added.') });
    }
  });

  return (
    <ModalDialog open={open} onClose={close} title="Add a number">
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          label="Mobile number"
          hint="10 digits; +91, 0 and spaces are fine. The category is worked out on save."
          inputMode="tel"
          autoComplete="off"
          error={errors.number?.message}
          {...register('number')}
        />
        <PriceInputs
          price={register('price')}
          offerPrice={register('offerPrice')}
          errors={{ price: errors.price?.message, offerPrice: errors.offerPrice?.message }}
        />
        <CheckboxField label="Hidden from the storefront" {...register('hidden')} />
        <CheckboxField
          label="Coming soon (listed with Notify me, not for sale yet)"
          {...register('comingSoon')}
        />
        <DialogFormFooter
          error={errors.root?.message}
          busy={isSubmitting}
          submitLabel="Add number"
          busyLabel="Adding…"
          onCancel={close}
        />
      </form>
    </ModalDialog>
  );
}
