import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import type { CartProduct } from '../lib/cart-actions';
import type { CampaignAttribution } from '../lib/campaign-tracking';
import type { CartItemPayload, ValidationResult } from './guest-cart';

/** The cart calls of spec §7, as the server answers them (amounts in rupees). */

export interface ServerCartItem {
  id: string;
  productId: number;
  product: CartProduct;
  priceAtAdd: number;
  currentPrice: number;
  /** False when the number was sold or taken since it was added. */
  available: boolean;
  addedAt: string;
}

export interface ServerCart {
  items: ServerCartItem[];
  productIds: number[];
  subtotal: number;
  tdsPercent: number;
  tdsDeducted: number;
  taxable: number;
  taxPercent: number;
  /** Percents: { cgst: 9, sgst: 9 }. */
  gst: { cgst: number; sgst: number };
  taxAmount: number;
  cgstAmount: number;
  sgstAmount: number;
  totalAmount: number;
  /** TDS percents this account may choose; empty unless Corporate. */
  tdsRates: number[];
}

export interface SyncResult extends ServerCart {
  dropped: { productId: number; number: string | null; reason: string }[];
  validationResults: ValidationResult[];
}

export const CART_QUERY_KEY = ['cart'] as const;
/** Spec §9: the cart is fresh for 5 minutes; spec §7: retried once. */
export const CART_STALE_TIME_MS = 5 * 60 * 1000;

function data<T>(envelope: { data?: T }): T {
  return envelope.data as T;
}

export async function fetchCart(): Promise<ServerCart> {
  return data(await api.get<ServerCart>('/cart'));
}

/** Guests get `{ product }`; signed-in buyers the cart as well. */
export async function postAddToCart(
  productId: number,
): Promise<Partial<ServerCart> & { product: CartProduct }> {
  return data(
    await api.post<Partial<ServerCart> & { product: CartProduct }>(`/cart/add/${productId}`),
  );
}

export async function deleteCartItem(itemId: string): Promise<ServerCart> {
  return data(await api.delete<ServerCart>(`/cart/item/${encodeURIComponent(itemId)}`));
}

export async function deleteCart(): Promise<ServerCart> {
  return data(await api.delete<ServerCart>('/cart'));
}

export async function postSync(
  items: CartItemPayload[],
): Promise<{ message?: string; cart: SyncResult }> {
  const response = await api.post<SyncResult>('/cart/sync', { items });
  return { message: response.message, cart: data(response) };
}

/** Guests send their items; signed-in buyers send no body and get the cleaned cart back. */
export async function postValidate(
  items?: CartItemPayload[],
): Promise<{ validationResults: ValidationResult[]; cart?: ServerCart }> {
  return data(await api.post('/cart/validate', items ? { items } : undefined));
}

export async function putTds(tdsPercent: number): Promise<ServerCart> {
  return data(await api.put<ServerCart>('/cart/tds', { tdsPercent }));
}

export interface CheckoutOrder {
  id: string;
  reference: string;
}

export async function postCheckout(
  attribution: CampaignAttribution | null,
): Promise<{ order: CheckoutOrder; validationResults: ValidationResult[] }> {
  return data(await api.post('/cart/checkout', attribution ? { attribution } : undefined));
}

/** GET /cart, only for a signed-in buyer. */
export function useServerCart(enabled: boolean) {
  return useQuery({
    queryKey: CART_QUERY_KEY,
    queryFn: fetchCart,
    enabled,
    staleTime: CART_STALE_TIME_MS,
    retry: 1,
  });
}
