import { formatInr, gstinStateName } from '@store/domain';
import type { CheckoutBilling } from '../cart/cart-schemas';
import { AppError } from '../http/app-error';
import type { Billing } from './order-types';

/** Who the GSTIN is said to be of in the mismatch message: the buyer's checkout, or staff's. */
type GstinOwner = 'Your' | "The buyer's";

/**
 * `base` billed to the name and address given (checkout's `billing`; decision 0019): the
 * order's billing snapshot. A Corporate buyer's GSTIN (the base's, or a corrected one) whose
 * state is not the billing state given must be confirmed (`confirmGstinStateMismatch`, else 422
 * GSTIN_STATE_MISMATCH with both states).
 */
export function billedTo(
  base: Billing,
  given: CheckoutBilling,
  confirmGstinStateMismatch: boolean | undefined,
  owner: GstinOwner = 'Your',
): Billing {
  const gstinState =
    base.accountType === 'Corporate' && base.gstinNo ? gstinStateName(base.gstinNo) : undefined;
  if (gstinState && gstinState !== given.state && confirmGstinStateMismatch !== true) {
    throw new AppError(
      422,
      'GSTIN_STATE_MISMATCH',
      `${owner} GSTIN ${base.gstinNo} is registered in ${gstinState}, but the billing state is ${given.state}. Please check the billing state, or confirm that the difference is right.`,
      { gstinState, billingState: given.state },
    );
  }
  const { name, ...address } = given;
  return { ...base, name, address: { ...address, line2: address.line2 ?? null } };
}

/** GST rule 46(f): an unregistered buyer's invoice of this taxable value or more names the address. */
const ADDRESS_REQUIRED_FROM_PAISE = 50_000_00;

/**
 * 422 BILLING_ADDRESS_REQUIRED: why the invoice needs the buyer's address (`reason`, also in the
 * answer for a caller to word what to do otherwise), then what to do (`ask`).
 */
export const billingAddressRequired = (reason: string, ask: string) =>
  new AppError(422, 'BILLING_ADDRESS_REQUIRED', `${reason}. ${ask}`, { reason });

/**
 * A tax invoice must name the buyer's address (GST rule 46(e) and (f), decision 0106): always for
 * a registered buyer (a GSTIN), and for an unregistered one from a taxable value of ₹50,000. An
 * order that would need it and has none, given or saved, is refused before anything is held.
 */
export function requireBillingAddress(billing: Billing, taxablePaise: number): void {
  if (billing.address) return;
  const reason = billing.gstinNo
    ? 'A GST invoice to a registered business needs its billing address'
    : taxablePaise >= ADDRESS_REQUIRED_FROM_PAISE
      ? `An invoice of ${formatInr(ADDRESS_REQUIRED_FROM_PAISE / 100)} or more needs the buyer's billing address`
      : undefined;
  if (reason)
    throw billingAddressRequired(reason, 'Please give your billing address with the order.');
}
