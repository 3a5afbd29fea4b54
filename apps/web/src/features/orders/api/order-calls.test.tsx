import '@testing-library/jest-dom/vitest';
import { createElement } from 'react';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, installFakeApi, ok } from '../../../../test-support/fake-api';
import { ORDER_ID, paidOrder, pendingManualOrder } from '../../../../test-support/orders';
import { createTestQueryClient, renderWithQuery } from '../../../../test-support/render';
import {
  resetAfterTest,
  sampleSession,
  setSessionHintCookie,
} from '../../../../test-support/session';
import { ApiError } from '../../../lib/api-client';
import type { Order } from '../order-types';
import { fetchOrder, ORDER_REFETCH_MS, useOrder } from './get-order';
import { fetchOrders } from './get-orders';
import { ordersKeys } from './order-queries';
import { verifyRazorpayPayment } from './verify-razorpay-payment';

afterEach(() => {
  resetAfterTest();
  vi.useRealTimers();
});

describe('order calls', () => {
  it('reads a page of orders with the page parameters', async () => {
    const page = { orders: [paidOrder()], total: 21, page: 2, pageSize: 10, pageCount: 3 };
    const api = installFakeApi({ 'GET /orders': ok(page) });
    await expect(fetchOrders({ page: 2, pageSize: 10 })).resolves.toEqual(page);
    expect(api.calls[0]).toMatchObject({ method: 'GET', path: '/orders?page=2&pageSize=10' });
  });

  it('reads one order, and rejects with the 404 of an unknown one', async () => {
    const order = pendingManualOrder();
    installFakeApi({
      [`GET /orders/${ORDER_ID}`]: ok(order),
      'GET /orders/missing': fail(404, 'Order not found.'),
    });
    await expect(fetchOrder(ORDER_ID)).resolves.toEqual(order);
    const error = await fetchOrder('missing').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Order not found.' });
  });

  it("posts exactly Razorpay's three fields and answers the order and the message", async () => {
    const paid = paidOrder();
    const api = installFakeApi({
      [`POST /orders/${ORDER_ID}/payments/razorpay/verify`]: ok(
        paid,
        'Payment received. Thank you!',
      ),
    });
    const handlerResponse = {
      razorpay_order_id: 'order_NX1abc',
      razorpay_payment_id: 'pay_29QQoUBi66xm2f',
      razorpay_signature: '9ef4dffbfd84f1318f6739a3ce19f9d85851857ae648f114332d8401e0949a3d',
      // Anything else Razorpay adds is not the server's business.
      org_logo: 'x',
    };
    await expect(verifyRazorpayPayment(ORDER_ID, handlerResponse)).resolves.toEqual({
      order: paid,
      message: 'Payment received. Thank you!',
    });
    expect(api.calls[0]?.body).toEqual({
      razorpay_order_id: 'order_NX1abc',
      razorpay_payment_id: 'pay_29QQoUBi66xm2f',
      razorpay_signature: '9ef4dffbfd84f1318f6739a3ce19f9d85851857ae648f114332d8401e0949a3d',
    });
  });

  it('keys every order query under ordersKeys.all, so one invalidation covers them', () => {
    expect(ordersKeys.all).toEqual(['orders']);
    for (const key of [ordersKeys.list({ page: 2 }), ordersKeys.detail(ORDER_ID)]) {
      expect(key.slice(0, 1)).toEqual(ordersKeys.all);
    }
    expect(ordersKeys.list({ page: 2 })).not.toEqual(ordersKeys.list({ page: 3 }));
    expect(ordersKeys.list().slice(0, 2)).toEqual(ordersKeys.lists());
  });
});

function OrderProbe({ id }: { id: string }) {
  const query = useOrder(id);
  return createElement('output', { 'data-testid': 'order' }, query.data?.statusLabel ?? 'none');
}

describe('useOrder', () => {
  it('never calls the API for a guest', async () => {
    const api = installFakeApi({ [`GET /orders/${ORDER_ID}`]: ok(pendingManualOrder()) });
    renderWithQuery('/', createElement(OrderProbe, { id: ORDER_ID }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(api.fetchMock).not.toHaveBeenCalled();
    expect(screen.getByTestId('order')).toHaveTextContent('none');
  });

  it('reads the order again every 30 s while it can change, and not once it is done', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    setSessionHintCookie();
    let current = paidOrder();
    const api = installFakeApi({
      'GET /user/profile': ok(sampleSession),
      [`GET /orders/${ORDER_ID}`]: () => ok(current),
    });
    const reads = () => api.callsTo(`GET /orders/${ORDER_ID}`).length;
    renderWithQuery('/', createElement(OrderProbe, { id: ORDER_ID }));
    expect(await screen.findByText('UPC sent')).toBeInTheDocument();
    expect(reads()).toBe(1);

    current = paidOrder({ status: 'completed', statusLabel: 'Completed' });
    await act(async () => {
      vi.advanceTimersByTime(ORDER_REFETCH_MS);
    });
    expect(await screen.findByText('Completed')).toBeInTheDocument();
    expect(reads()).toBe(2);

    await act(async () => {
      vi.advanceTimersByTime(ORDER_REFETCH_MS * 3);
    });
    expect(reads()).toBe(2);
  });
});

describe('useOrder, the cart and the order lists', () => {
  const cartKey = ['cart'];
  const listKey = ordersKeys.list();
  const manualPaid = () =>
    pendingManualOrder({
      status: 'paid',
      statusLabel: 'Paid',
      payment: { provider: 'manual', status: 'paid', paymentReference: 'UTR 431298765' },
      paidAt: '2026-11-22T09:05:00.000Z',
    });

  async function watch(first: Order, next: Order) {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    setSessionHintCookie();
    let current = first;
    installFakeApi({
      'GET /user/profile': ok(sampleSession),
      [`GET /orders/${ORDER_ID}`]: () => ok(current),
    });
    const queryClient = createTestQueryClient();
    // The header badge's cart, as the cart feature keeps it, and the orders list as last read.
    queryClient.setQueryData(cartKey, { items: [{ id: 'item-11' }] });
    queryClient.setQueryData(ordersKeys.list(), { orders: [first] });
    renderWithQuery('/', createElement(OrderProbe, { id: ORDER_ID }), queryClient);
    expect(await screen.findByText(first.statusLabel)).toBeInTheDocument();
    expect(queryClient.getQueryState(cartKey)?.isInvalidated).toBe(false);
    current = next;
    await act(async () => {
      vi.advanceTimersByTime(ORDER_REFETCH_MS);
    });
    await waitFor(() =>
      expect(queryClient.getQueryState(ordersKeys.detail(ORDER_ID))?.dataUpdateCount).toBe(2),
    );
    expect(screen.getByText(next.statusLabel)).toBeInTheDocument();
    return queryClient;
  }

  it('reads the cart again when a refetch finds the order newly paid', async () => {
    const queryClient = await watch(pendingManualOrder(), manualPaid());
    expect(queryClient.getQueryState(cartKey)?.isInvalidated).toBe(true);
  });

  it('leaves the cart alone while the order stays unpaid, or was paid already', async () => {
    const pending = await watch(
      pendingManualOrder(),
      pendingManualOrder({ statusLabel: 'Awaiting payment (read again)' }),
    );
    expect(pending.getQueryState(cartKey)?.isInvalidated).toBe(false);
    cleanup();
    vi.useRealTimers();
    const paid = await watch(manualPaid(), paidOrder());
    expect(paid.getQueryState(cartKey)?.isInvalidated).toBe(false);
  });

  it('reads the lists again when the hold lapses as the page watches (QA 28 F9)', async () => {
    const pending = pendingManualOrder();
    const lapsed = pendingManualOrder({
      statusLabel: 'Hold lapsed',
      payment: { ...pending.payment, status: 'expired' },
      canRetry: true,
    });
    const queryClient = await watch(pending, lapsed);
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
  });

  it('leaves the lists alone while the order says the same', async () => {
    const pending = pendingManualOrder();
    const queryClient = await watch(
      pending,
      pendingManualOrder({ payment: { ...pending.payment, paymentReference: 'UTR 1' } }),
    );
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(false);
  });
});
