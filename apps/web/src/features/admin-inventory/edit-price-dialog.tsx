import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from '../../lib/zod';
import { ModalDialog } from '../../components/modal-dialog';
import { useToast } from '../../components/toast';
import { apiErrorMessage } from '../../lib/api-client';
import { DialogFormFooter, PriceInputs } from './dialog-form-parts';
import { useRepriceNumber } from './api/reprice-number';
import { priceText, pricesSchema } from './price-fields';
import type { StockNumber } from './stock-types';

type Values = z.input<typeof pricesSchema>;

/** A number's price and offer price; a blank offer ends the offer. */
export function EditPriceDialog({ number, onClose }: { number: StockNumber; onClose: () => void }) {
  const toast = useToast();
  const { mutateAsync: reprice } = useRepriceNumber();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof pricesSchema>>({
    resolver: zodResolver(pricesSchema),
    defaultValues: { price: priceText(number.price), offerPrice: priceText(number.offerPrice) },
  });

  const onSubmit = handleSubmit(async (prices) => {
    try {
      await reprice({ id: number.id, prices });
      toast.success(`Price of ${number.display} saved.`);
      onClose();
    } catch (error) {
      setError('root', { message: apiErrorMessage(error, 'The price could not be saved.') });
    }
  });

  return (
    <ModalDialog open onClose={onClose} title={`Price of ${number.display}`}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <PriceInputs
          price={register('price')}
          offerPrice={register('offerPrice')}
          errors={{ price: errors.price?.message, offerPrice: errors.offerPrice?.message }}
        />
        <DialogFormFooter
          error={errors.root?.message}
          busy={isSubmitting}
          submitLabel="Save price"
          busyLabel="Saving…"
          onCancel={onClose}
        />
      </form>
    </ModalDialog>
  );
}
