import { gstinStateName } from '@store/domain';
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
