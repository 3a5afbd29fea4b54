import { displayNumber } from '../catalog/catalog-service';
import { AppError, conflict } from '../http/app-error';
import { checkout, type CheckoutResult } from './checkout';
import { billingAddressRequired } from './order-billing';
import { readOrderItems, readTimelines } from './order-store';
import type { Billing, OrderDeps, OrderRow } from './order-types';
import { lapsedUnpaid } from './order-view';

const NOT_RETRYABLE =
  'Only an order whose hold ended before payment can be ordered again in one click.';

/**
 * "Try again" (POST /orders/{id}/retry) on the buyer's order whose hold lapsed unpaid: a new
 * order for the same numbers through the one checkout (its hold limits and cool-down included),
 * billed to the lapsed order's name and address, the cart left as it was. 409 NUMBERS_GONE,
 * naming them, when some number is no longer free; 409 ORDER_NOT_RETRYABLE for any other order.
 */
export async function retryOrder(
  deps: OrderDeps,
  order: OrderRow,
  clientIp: string,
): Promise<CheckoutResult> {
  const db = deps.database.db;
  const [items, timeline] = await Promise.all([
    readOrderItems(db, [order.id]),
    readTimelines(db, [order.id]),
  ]);
  if (!lapsedUnpaid(order, timeline)) throw conflict(NOT_RETRYABLE, 'ORDER_NOT_RETRYABLE');

  const { name, address } = order.billing as Billing;
  try {
    return await checkout(deps, order.userId, {
      purpose: 'retry',
      numberIds: items.map((item) => item.numberId),
      clientIp,
      // The billing the buyer chose (and confirmed) for the lapsed order.
      ...(address
        ? {
            billing: { name, ...address, line2: address.line2 ?? undefined },
            confirmGstinStateMismatch: true,
          }
        : {}),
    });
  } catch (error) {
    // An order placed before decision 0106 with no address: the profile's, once saved, is billed.
    if (error instanceof AppError && error.code === 'BILLING_ADDRESS_REQUIRED') {
      throw billingAddressRequired(
        String(error.extra.reason),
        'Please add your billing address to your profile, then try again.',
      );
    }
    if (!(error instanceof AppError) || error.code !== 'CART_ITEMS_UNAVAILABLE') throw error;
    const results = (error.extra.validationResults ?? []) as {
      productId: number;
      valid: boolean;
    }[];
    const gone = items
      .filter(
        (item) => !results.some((result) => result.productId === item.numberId && result.valid),
      )
      .map((item) => displayNumber(item.number));
    throw conflict(
      `${gone.length === 1 ? 'This number is' : 'These numbers are'} no longer available: ${gone.join(', ')}. ${gone.length === 1 ? 'It has' : 'They have'} been sold or ${gone.length === 1 ? 'is' : 'are'} held by another buyer.`,
      'NUMBERS_GONE',
      { numbers: gone },
    );
  }
}
