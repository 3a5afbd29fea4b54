import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from '../../lib/zod';
import { ModalDialog } from '../../components/modal-dialog';
import { useToast } from '../../components/toast';
import { apiErrorMessage, isApiError } from '../../lib/api-client';
import { DialogFormFooter, PriceInputs } from './dialog-form-parts';
import { useRepriceNumber } from './api/reprice-number';
import { priceText, pricesSchema } from './price-fields';
import type { StockNumber } from './stock-types';

type Values = z.input<typeof pricesSchema>;

const valuesOf = (number: StockNumber): Values => ({
  price: priceText(number.price),
  offerPrice: priceText(number.offerPrice),
});

/** The number as it is now, from a 409 NUMBER_CHANGED (someone changed it since it was opened). */
function changedNumber(error: unknown): StockNumber | undefined {
  if (!isApiError(error) || error.code !== 'NUMBER_CHANGED') return undefined;
  return (error.body as { current?: StockNumber } | undefined)?.current;
}

/**
 * A number's price and offer price; a blank offer ends the offer. The save carries the prices
 * the dialog opened with: when someone changed them since, the server refuses it and the dialog
 * says so and shows the number as it is now, to be saved again from there.
 */
export function EditPriceDialog({ number, onClose }: { number: StockNumber; onClose: () => void }) {
  const toast = useToast();
  const { mutateAsync: reprice } = useRepriceNumber();
  // The number as the agent last saw it: what the save says it changes.
  const [seen, setSeen] = useState(number);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof pricesSchema>>({
    resolver: zodResolver(pricesSchema),
    defaultValues: valuesOf(number),
  });

  const onSubmit = handleSubmit(async (prices) => {
    try {
      const expected = { price: seen.price, offerPrice: seen.offerPrice };
      await reprice({ id: number.id, prices: { ...prices, expected } });
      toast.success(`Price of ${number.display} saved.`);
      onClose();
    } catch (error) {
      const current = changedNumber(error);
      if (current) {
        setSeen(current);
        reset(valuesOf(current));
      }
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
