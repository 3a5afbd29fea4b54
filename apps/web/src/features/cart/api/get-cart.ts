import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import type { ServerCart } from '../cart-types';

export const CART_QUERY_KEY = [queryRoots.cart] as const;
/** Spec §9: the cart is fresh for 5 minutes; spec §7: retried once. */
const CART_STALE_TIME_MS = 5 * 60 * 1000;

/** GET /cart: the signed-in buyer's cart, taxed for `billingState` (else the profile's). */
async function fetchCart(billingState?: string): Promise<ServerCart> {
  const query = billingState ? `?billingState=${encodeURIComponent(billingState)}` : '';
  return (await api.get<ServerCart>(`/cart${query}`)).data as ServerCart;
}

/** GET /cart, only for a signed-in buyer. */
export function useServerCart(enabled: boolean) {
  return useQuery({
    queryKey: CART_QUERY_KEY,
    queryFn: () => fetchCart(),
    enabled,
    staleTime: CART_STALE_TIME_MS,
    retry: 1,
  });
}

/**
 * The cart's totals for the billing state chosen at checkout (its place of supply): under the
 * cart's key, so every change of the cart refreshes it too.
 */
export function useCartForBillingState(billingState: string) {
  return useQuery({
    queryKey: [...CART_QUERY_KEY, 'billing-state', billingState],
    queryFn: () => fetchCart(billingState),
    enabled: billingState !== '',
    staleTime: CART_STALE_TIME_MS,
    retry: 1,
  });
}

/**
 * Puts a cart the server answered (to a change) in the cache, without the extras of the add
 * and sync answers.
 */
export function setServerCart(queryClient: QueryClient, cart: ServerCart) {
  // A GET /cart still in flight carries an older cart: it must not overwrite this one.
  void queryClient.cancelQueries({ queryKey: CART_QUERY_KEY });
  queryClient.setQueryData<ServerCart>(CART_QUERY_KEY, {
    items: cart.items,
    productIds: cart.productIds,
    subtotal: cart.subtotal,
    tdsPercent: cart.tdsPercent,
    tdsDeducted: cart.tdsDeducted,
    taxable: cart.taxable,
    taxPercent: cart.taxPercent,
    gst: cart.gst,
    placeOfSupply: cart.placeOfSupply,
    taxAmount: cart.taxAmount,
    cgstAmount: cart.cgstAmount,
    sgstAmount: cart.sgstAmount,
    igstAmount: cart.igstAmount,
    totalAmount: cart.totalAmount,
    tdsRates: cart.tdsRates,
    // Only GET /cart tells the open order; the answers of changes keep the one known.
    openOrder:
      cart.openOrder === undefined
        ? queryClient.getQueryData<ServerCart>(CART_QUERY_KEY)?.openOrder
        : cart.openOrder,
  });
  // The totals for the billing state chosen at checkout were made from the cart before.
  void queryClient.invalidateQueries({ queryKey: [...CART_QUERY_KEY, 'billing-state'] });
}
