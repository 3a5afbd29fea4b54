import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, withQuery, type RequestOptions } from './api-client';
import { useIsSignedIn } from './auth-session';
import type { OrderStatus, PaymentStatus } from '@store/domain';

/**
 * The buyer's orders: `GET /orders`, `GET /orders/{id}` and Razorpay's browser callback
 * `POST /orders/{id}/payments/razorpay/verify`, as the API answers them (apps/api/src/orders/
 * order-view.ts; amounts in rupees, times ISO). Queries only run for a signed-in buyer.
 */

export interface OrderItem {
  numberId: number;
  /** The 10 digits. */
  number: string;
  /** Grouped for reading: `98765 43210`. */
  display: string;
  category: { slug: string; name: string };
  /** What the buyer pays for this number before tax, rupees. */
  price: number;
  /** The list price at checkout, rupees. */
  basePrice: number;
}

/** Rupees, and percents (18 means 18 %). */
export interface OrderAmounts {
  subtotal: number;
  tdsPercent: number;
  tdsDeducted: number;
  taxable: number;
  taxPercent: number;
  cgstPercent: number;
  cgstAmount: number;
  sgstPercent: number;
  sgstAmount: number;
  totalAmount: number;
}

/** The buyer's details as they were at checkout. */
export interface OrderBilling {
  name: string;
  email: string;
  mobile: string;
  accountType: 'Individual' | 'Corporate';
  companyName: string | null;
  gstinNo: string | null;
  address: {
    line1: string;
    line2: string | null;
    city: string;
    state: string;
    pinCode: string;
  } | null;
}

/** How to pay a `manual` order; only while it awaits payment. */
export interface ManualPaymentInstructions {
  upiId: string;
  bankDetails: string;
  /** The order reference to quote with the transfer. */
  reference: string;
  /** Rupees. */
  amount: number;
}

/** Options for Razorpay Checkout. */
export interface RazorpayOrderOptions {
  keyId: string;
  /** Razorpay's order id (`order_...`). */
  orderId: string;
  /** Paise. */
  amount: number;
  currency: 'INR';
  name: string;
  description: string;
}

export interface OrderPayment {
  /** `manual` or `razorpay`. */
  provider: string;
  status: PaymentStatus;
  /** The UPI/bank or Razorpay payment reference. */
  paymentReference: string | null;
  instructions?: ManualPaymentInstructions;
  /** razorpay, while payable: null until the Razorpay order exists (the next read retries). */
  razorpay?: RazorpayOrderOptions | null;
}

export interface TimelineEntry {
  status: OrderStatus;
  label: string;
  note: string | null;
  /** ISO time. */
  at: string;
  /** The staff member who recorded the step. */
  by: string | null;
}

export interface Order {
  id: string;
  /** `VN-20261122-7K3Q9MZA` */
  reference: string;
  status: OrderStatus;
  statusLabel: string;
  items: OrderItem[];
  amounts: OrderAmounts;
  billing: OrderBilling;
  /** When the hold on the numbers ends unless paid (ISO time). */
  holdExpiresAt: string;
  payment: OrderPayment;
  timeline: TimelineEntry[];
  needsRefund: boolean;
  createdAt: string;
  paidAt: string | null;
  /** What happens after checkout, in order; the first step is the payment. */
  nextSteps: string[];
}

export interface OrderPage {
  orders: Order[];
  total: number;
  /** From 1. */
  page: number;
  pageSize: number;
  pageCount: number;
}

export interface OrderListParams {
  /** From 1; default 1. */
  page?: number;
  /** 1..50; the API's default is 20. */
  pageSize?: number;
}

/** The fields Razorpay Checkout hands to its `handler` after a successful payment. */
export interface RazorpayPaymentResponse {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface VerifiedPayment {
  order: Order;
  /** The server's message: paid, already paid, or paid too late (refund due). */
  message?: string;
}

// ---------------------------------------------------------------------------------------------
// Calls.

function dataOf<T>(envelope: { data?: T }): T {
  return envelope.data as T;
}

const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}`;

/** The signed-in buyer's orders, newest first. */
export async function fetchOrders(
  params: OrderListParams = {},
  options: RequestOptions = {},
): Promise<OrderPage> {
  const path = withQuery('/orders', { page: params.page, pageSize: params.pageSize });
  return dataOf(await api.get<OrderPage>(path, options));
}

/** One of the buyer's orders. Rejects with ApiError, 404 for an unknown or foreign order. */
export async function fetchOrder(id: string, options: RequestOptions = {}): Promise<Order> {
  return dataOf(await api.get<Order>(orderPath(id), options));
}

/** Razorpay's browser callback: the server checks the signature and marks the order paid. */
export async function verifyRazorpayPayment(
  id: string,
  payment: RazorpayPaymentResponse,
): Promise<VerifiedPayment> {
  const body: RazorpayPaymentResponse = {
    razorpay_order_id: payment.razorpay_order_id,
    razorpay_payment_id: payment.razorpay_payment_id,
    razorpay_signature: payment.razorpay_signature,
  };
  const response = await api.post<Order>(`${orderPath(id)}/payments/razorpay/verify`, body);
  return { order: dataOf(response), message: response.message };
}

// ---------------------------------------------------------------------------------------------
// Queries.

/** Query keys, for invalidation: `queryClient.invalidateQueries({ queryKey: ordersKeys.all })`. */
export const ordersKeys = {
  all: ['orders'] as const,
  lists: () => ['orders', 'list'] as const,
  list: (params: OrderListParams = {}) =>
    ['orders', 'list', params.page ?? 1, params.pageSize ?? null] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
};

/** The cart feature's query (cart/cart-api.ts, CART_QUERY_KEY); features do not import it. */
const CART_KEY = ['cart'] as const;

/** How often an order that can still change (awaiting payment, in porting) is read again. */
export const ORDER_REFETCH_MS = 30_000;
/** Orders change through payments and support's steps: reuse them for half a minute only. */
export const ORDERS_STALE_TIME_MS = 30_000;

const activeStatuses: readonly OrderStatus[] = [
  'paid',
  'upc_sent',
  'porting_in_progress',
  'ported',
];

/** True while the order may change without the buyer doing anything: unpaid hold, porting. */
export function isOrderInProgress(order: Order): boolean {
  if (order.payment.status === 'pending') return true;
  return order.payment.status === 'paid' && activeStatuses.includes(order.status);
}

function retryOrders(failureCount: number, error: unknown): boolean {
  // A 4xx (not found, signed out) will not change on a retry; network and server errors get one.
  if (isApiError(error) && error.status !== undefined && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * One page of the buyer's orders; idle until the buyer is signed in. The previous page stays
 * shown while the next one loads.
 */
export function useOrders(params: OrderListParams = {}) {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: ordersKeys.list(params),
    queryFn: ({ signal }) => fetchOrders(params, { signal }),
    placeholderData: keepPreviousData,
    staleTime: ORDERS_STALE_TIME_MS,
    retry: retryOrders,
    enabled: signedIn,
  });
}

/**
 * One order; idle until the buyer is signed in. Read again every ORDER_REFETCH_MS while it
 * awaits payment or is being ported, so the buyer sees support's steps without reloading. A
 * read that finds the order newly paid invalidates the cart query (the header badge).
 */
export function useOrder(id: string | undefined) {
  const signedIn = useIsSignedIn();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ordersKeys.detail(id ?? ''),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<Order>(ordersKeys.detail(id ?? ''));
      const order = await fetchOrder(id as string, { signal });
      // Paid meanwhile (support confirmed it, or Razorpay's webhook): payment emptied the
      // server cart of these numbers, so the header badge must be read again.
      if (before && before.payment.status !== 'paid' && order.payment.status === 'paid') {
        void queryClient.invalidateQueries({ queryKey: CART_KEY });
      }
      return order;
    },
    staleTime: ORDERS_STALE_TIME_MS,
    retry: retryOrders,
    refetchInterval: (query) =>
      query.state.data && isOrderInProgress(query.state.data) ? ORDER_REFETCH_MS : false,
    enabled: signedIn && Boolean(id),
  });
}

/**
 * `POST /orders/{id}/payments/razorpay/verify`. On success the order in the cache becomes the
 * one the server answered (paid), and the lists are read again.
 */
export function useVerifyRazorpayPayment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payment: RazorpayPaymentResponse) => verifyRazorpayPayment(id, payment),
    onSuccess: ({ order }) => {
      queryClient.setQueryData(ordersKeys.detail(order.id), order);
      void queryClient.invalidateQueries({ queryKey: ordersKeys.lists() });
      // Payment empties the buyer's server cart of these numbers.
      void queryClient.invalidateQueries({ queryKey: CART_KEY });
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Presentation shared by the order page and the order history.

/** What the buyer should read as the order's state; the payment status says more than a bare
 * "Awaiting payment" once the hold has lapsed or a refund is due. */
export function orderStatusText(order: Order): string {
  switch (order.payment.status) {
    case 'expired':
      return 'Hold lapsed';
    case 'refund_due':
      return 'Refund due';
    default:
      return order.statusLabel;
  }
}

const badgeClasses = {
  pending: 'bg-amber-100 text-amber-900',
  active: 'bg-blue-100 text-blue-900',
  done: 'bg-emerald-100 text-emerald-900',
  stopped: 'bg-slate-200 text-slate-800',
} as const;

/** Tailwind colours for the status badge: awaiting payment, in porting, completed, or stopped. */
export function orderBadgeClass(order: Order): string {
  switch (order.payment.status) {
    case 'pending':
      return badgeClasses.pending;
    case 'paid':
      return order.status === 'completed' ? badgeClasses.done : badgeClasses.active;
    default:
      return badgeClasses.stopped;
  }
}

const indiaDateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

const indiaDate = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** `22 Nov 2026, 2:35 pm IST` (as in the order e-mails). */
export function formatIndiaDateTime(iso: string): string {
  return `${indiaDateTime.format(new Date(iso))} IST`;
}

/** `22 Nov 2026`, the date in India. */
export function formatIndiaDate(iso: string): string {
  return indiaDate.format(new Date(iso));
}

// ---------------------------------------------------------------------------------------------
// Razorpay Checkout (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/).

export const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

export interface RazorpayFailure {
  error?: { code?: string; description?: string; reason?: string };
}

export interface RazorpayCheckoutOptions {
  key: string;
  order_id: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  prefill?: { name?: string; email?: string; contact?: string };
  handler: (response: RazorpayPaymentResponse) => void;
  modal?: { ondismiss?: () => void };
}

export interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', callback: (response: RazorpayFailure) => void): void;
}

export type RazorpayConstructor = new (options: RazorpayCheckoutOptions) => RazorpayInstance;

const razorpayWindow = () => window as Window & { Razorpay?: RazorpayConstructor };

let loadingCheckout: Promise<RazorpayConstructor> | null = null;

/**
 * Adds Razorpay's checkout.js to the page (once; concurrent callers share the load) and resolves
 * with `window.Razorpay`. Only call it when the buyer chooses to pay: the script is a third party's
 * and has no business on the page before that.
 */
export function loadRazorpayCheckout(): Promise<RazorpayConstructor> {
  const loaded = razorpayWindow().Razorpay;
  if (loaded) return Promise.resolve(loaded);
  if (!loadingCheckout) {
    loadingCheckout = new Promise<RazorpayConstructor>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = RAZORPAY_CHECKOUT_URL;
      script.async = true;
      script.addEventListener('load', () => {
        const Razorpay = razorpayWindow().Razorpay;
        if (Razorpay) resolve(Razorpay);
        else reject(new Error('The payment window could not be opened. Please try again.'));
      });
      script.addEventListener('error', () => {
        // Gone, so that the next attempt adds a fresh script instead of waiting on a dead one.
        script.remove();
        reject(new Error('The payment window could not be loaded. Please check your connection.'));
      });
      document.head.appendChild(script);
    }).finally(() => {
      loadingCheckout = null;
    });
  }
  return loadingCheckout;
}
