import { formatInr } from '@store/domain';
import { useId, useState } from 'react';
import { ModalDialog } from '../../components/modal-dialog';
import type { AuthAddress, AuthUser } from '../auth';
import type { CheckoutDetails } from './api/checkout';
import { BillingForm } from './billing-form';
import type { CartProduct } from './cart-types';

/**
 * Buy now's billing step: the billing name and address (prefilled from the profile) for the
 * one number, then its order. GST follows the billing state; the order page shows the totals.
 */
export function BuyNowDialog({
  product,
  user,
  address,
  onClose,
  onSubmit,
}: {
  product: CartProduct;
  user: AuthUser;
  address: AuthAddress | null;
  onClose: () => void;
  onSubmit: (details: CheckoutDetails) => Promise<void>;
}) {
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const submit = async (details: CheckoutDetails) => {
    setBusy(true);
    try {
      await onSubmit(details);
    } finally {
      setBusy(false);
    }
  };
  return (
    <ModalDialog open onClose={onClose} title={`Buy ${product.display}`}>
      <p className="text-slate-700">
        {formatInr(product.pricing.nwFinalPrice)} before GST. The number is held for you while you
        pay; your order shows the total with GST.
      </p>
      <div className="mt-4">
        <BillingForm id={formId} user={user} address={address} onSubmit={submit} />
      </div>
      <button
        type="submit"
        form={formId}
        disabled={busy}
        aria-busy={busy || undefined}
        className="btn-primary mt-6 w-full py-3 text-base disabled:cursor-wait disabled:opacity-70"
      >
        {busy ? 'Placing your order…' : 'Place order'}
      </button>
    </ModalDialog>
  );
}
