import type { UseFormRegisterReturn } from 'react-hook-form';
import { BusyButton } from '../../components/busy-button';
import { TextField } from '../../components/form-fields';

/** The price and offer price inputs of a form (their `register` results and error messages). */
export function PriceInputs({
  price,
  offerPrice,
  errors,
}: {
  price: UseFormRegisterReturn;
  offerPrice: UseFormRegisterReturn;
  errors: { price?: string; offerPrice?: string };
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="Price (₹)" inputMode="decimal" error={errors.price} {...price} />
      <TextField
        label="Offer price (₹)"
        hint="Leave blank for no offer."
        inputMode="decimal"
        error={errors.offerPrice}
        {...offerPrice}
      />
    </div>
  );
}

/** A dialog form's end: the server's refusal (if any), Cancel and the submit button. */
export function DialogFormFooter({
  error,
  busy,
  submitLabel,
  busyLabel,
  onCancel,
}: {
  error?: string;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <BusyButton type="submit" className="btn-primary" busy={busy}>
          {busy ? busyLabel : submitLabel}
        </BusyButton>
      </div>
    </>
  );
}
