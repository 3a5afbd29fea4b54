import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { ToastProvider } from '../src/components/toast';
import OrderPage from '../src/features/admin-orders/order-page';
import type { StaffOrder } from '../src/features/admin-orders/staff-order-types';
import { installFakeApi, ok, type FakeReply } from './fake-api';
import { createTestQueryClient } from './render';
import { ORDER_ID } from './staff-orders';

/**
 * The console's page of this order (/admin/orders/{ORDER_ID}), its GET answered with it and the
 * other calls with `routes`: the fake API, to read the calls made.
 */
export function renderStaffOrder(
  order: StaffOrder,
  routes: Record<string, FakeReply | ((body: unknown) => FakeReply)> = {},
) {
  const base = `/admin/orders/${ORDER_ID}`;
  const api = installFakeApi({ [`GET ${base}`]: ok(order), ...routes });
  const Stub = createRoutesStub([{ path: '/admin/orders/:orderId', Component: OrderPage }]);
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <ToastProvider>
        <Stub initialEntries={[base]} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return api;
}
