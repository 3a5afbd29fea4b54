import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  fail,
  installFakeApi,
  ok,
  type FakeCall,
  type FakeReply,
} from '../../../test-support/fake-api';
import { paidOrder, pendingManualOrder } from '../../../test-support/orders';
import { renderWithQuery } from '../../../test-support/render';
import { resetAfterTest, sampleSession, setSessionHintCookie } from '../../../test-support/session';
import { OrderHistory } from './order-history';
import type { Order } from './order-types';

afterEach(resetAfterTest);

function page(orders: Order[], extra: { page?: number; pageCount?: number; total?: number } = {}) {
  return ok({
    orders,
    total: extra.total ?? orders.length,
    page: extra.page ?? 1,
    pageSize: 10,
    pageCount: extra.pageCount ?? (orders.length > 0 ? 1 : 0),
  });
}

function renderHistory(
  orders: FakeReply | ((body: unknown, call: FakeCall) => FakeReply),
  history = <OrderHistory />,
) {
  setSessionHintCookie();
  const api = installFakeApi({ 'GET /user/profile': ok(sampleSession), 'GET /orders': orders });
  const user = userEvent.setup();
  renderWithQuery('/profile', history);
  return { api, user };
}

const history = () => screen.getByRole('region', { name: 'Your orders' });

describe('order history', () => {
  it("lists the buyer's orders with a link, date, numbers, total and status", async () => {
    const second = paidOrder({
      id: '0b9f4e5a-1111-4c1d-9a7f-2e5b6c7d8e9f',
      reference: 'VN-20261120-AB12CD34',
      createdAt: '2026-11-20T18:45:00.000Z',
      items: [pendingManualOrder().items[1]!],
      amounts: { ...pendingManualOrder().amounts, totalAmount: 29500 },
    });
    const expired = pendingManualOrder({
      id: '7c1e0d2b-2222-4c1d-9a7f-2e5b6c7d8e9f',
      reference: 'VN-20261101-ZZ99YY88',
    });
    expired.payment = { provider: 'manual', status: 'expired', paymentReference: null };
    const { api } = renderHistory(page([pendingManualOrder(), second, expired]));

    const link = await screen.findByRole('link', { name: 'VN-20261122-7K3Q9MZA' });
    expect(link).toHaveAttribute('href', '/orders/3f6d1c2a-8b4e-4c1d-9a7f-2e5b6c7d8e9f');
    const rows = within(history()).getAllByRole('listitem');
    expect(rows).toHaveLength(3);

    expect(rows[0]).toHaveTextContent('22 Nov 2026');
    expect(rows[0]).toHaveTextContent('98765 43210, 90000 78600');
    expect(rows[0]).toHaveTextContent('₹1,77,000');
    expect(rows[0]).toHaveTextContent('Awaiting payment');

    expect(within(rows[1]!).getByRole('link')).toHaveAttribute(
      'href',
      '/orders/0b9f4e5a-1111-4c1d-9a7f-2e5b6c7d8e9f',
    );
    // 6:45 pm UTC on the 20th is the 21st in India.
    expect(rows[1]).toHaveTextContent('21 Nov 2026');
    expect(rows[1]).toHaveTextContent('90000 78600');
    expect(rows[1]).not.toHaveTextContent('98765 43210');
    expect(rows[1]).toHaveTextContent('₹29,500');
    expect(rows[1]).toHaveTextContent('UPC sent');

    expect(rows[2]).toHaveTextContent('Hold lapsed');
    expect(screen.queryByText('No orders yet')).not.toBeInTheDocument();
    expect(api.callsTo('GET /orders?page=1&pageSize=10')).toHaveLength(1);
  });

  it("links the profile's history to /orders, which the header does not link (QA 31 F3)", async () => {
    renderHistory(page([pendingManualOrder()]), <OrderHistory linkToOrdersPage />);
    expect(await screen.findByRole('link', { name: 'See all your orders' })).toHaveAttribute(
      'href',
      '/orders',
    );
  });

  it('has no link to /orders on /orders itself', async () => {
    renderHistory(page([pendingManualOrder()]));
    await screen.findByRole('link', { name: 'VN-20261122-7K3Q9MZA' });
    expect(screen.queryByRole('link', { name: 'See all your orders' })).not.toBeInTheDocument();
  });

  it('says when there are no orders yet', async () => {
    renderHistory(page([]));
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(history()).toHaveAttribute('data-testid', 'order-history');
    expect(within(history()).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('shows loading, then an error with a way to try again', async () => {
    let reads = 0;
    const { user } = renderHistory(() => {
      reads += 1;
      return reads === 1 ? fail(400, 'Bad request') : page([paidOrder()]);
    });
    expect(screen.getByText('Loading your orders…')).toBeInTheDocument();
    expect(await screen.findByText('We could not load your orders.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'VN-20261122-7K3Q9MZA' })).toBeInTheDocument();
  });

  it('pages through older orders', async () => {
    const older = paidOrder({
      id: '9d2c3b4a-3333-4c1d-9a7f-2e5b6c7d8e9f',
      reference: 'VN-20260105-OLD00001',
    });
    const { api, user } = renderHistory((_body, call) =>
      call.path.includes('page=2')
        ? page([older], { page: 2, pageCount: 2, total: 11 })
        : page([pendingManualOrder()], { page: 1, pageCount: 2, total: 11 }),
    );
    await screen.findByRole('link', { name: 'VN-20261122-7K3Q9MZA' });
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newer orders' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Older orders' }));
    expect(await screen.findByRole('link', { name: 'VN-20260105-OLD00001' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(api.callsTo('GET /orders?page=2&pageSize=10')).toHaveLength(1);
  });
});
