import { formatInr } from '@store/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../components/form-fields';
import { ModalDialog } from '../../components/modal-dialog';
import { formatIndianDate } from '../../lib/format';
import type { AuthAddress, AuthUser } from '../auth';
import type { CheckoutDetails } from './api/checkout';
import { BillingForm } from './billing-form';
import { useCart } from './cart-context';
import type { CartProduct } from './cart-types';
import { releasesOpenOrder, type OpenOrder } from './cart-view';
import { TdsSelect } from './tds-select';

/**
 * Buy now's billing step: the billing name and address (prefilled from the profile) for the
 * one number, then its order. GST follows the billing state; the order page shows the totals.
 * When the buyer has another order awaiting payment, it says that this order replaces it.
 */
export function BuyNowDialog({
  product,
  user,
  address,
  openOrder,
  onClose,
  onSubmit,
}: {
  product: CartProduct;
  user: AuthUser;
  address: AuthAddress | null;
  openOrder: OpenOrder | null;
  onClose: () => void;
  /** Resolves to why no order was placed, if none was: the dialog stays open to try again. */
  onSubmit: (details: CheckoutDetails) => Promise<string | undefined>;
}) {
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  // A Corporate buyer's order deducts the cart's TDS rate: chosen here as on the cart page.
  const { tdsRates, totals, setTdsPercent } = useCart();
  const submit = async (details: CheckoutDetails) => {
    setBusy(true);
    setProblem(undefined);
    try {
      setProblem(await onSubmit(details));
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
      {openOrder && releasesOpenOrder(openOrder, [product.id]) ? (
        <p
          role="note"
          className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          Your order {openOrder.reference} is awaiting payment until{' '}
          <time dateTime={openOrder.holdExpiresAt}>
            {formatIndianDate(openOrder.holdExpiresAt, { month: 'short', time: true })}
          </time>
          . Placing this order cancels it and releases its{' '}
          {openOrder.productIds.length === 1 ? 'number' : 'numbers'}. Paid for it already?{' '}
          <Link
            to={`/orders/${openOrder.id}`}
            className="font-semibold underline"
            onClick={onClose}
          >
            Tell us on order {openOrder.reference}
          </Link>{' '}
          instead.
        </p>
      ) : null}
      {user.accountType === 'Corporate' ? (
        <div className="mt-4 empty:hidden">
          <TdsSelect
            rates={tdsRates}
            value={totals.tdsPercent}
            onChange={(percent) => void setTdsPercent(percent)}
            hint="The same rate as your cart's; the order deducts it from what you pay."
          />
        </div>
      ) : null}
      <div className="mt-4">
        <BillingForm id={formId} user={user} address={address} onSubmit={submit} />
      </div>
      <FormAlert message={problem} className="mt-4" />
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
