import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { installFakeApi, ok } from '../../../test-support/fake-api';
import { ORDER_ID, ORDER_REFERENCE, pendingManualOrder } from '../../../test-support/orders';
import { renderWithQuery } from '../../../test-support/render';
import { resetAfterTest, sampleSession, setSessionHintCookie } from '../../../test-support/session';
import OrdersPage from './orders-page';

afterEach(resetAfterTest);

const ordersReply = ok({
  orders: [pendingManualOrder()],
  total: 1,
  page: 1,
  pageSize: 10,
  pageCount: 1,
});

describe('/orders (the link of every order SMS)', () => {
  it('asks a signed-out visitor to sign in, without calling the API', async () => {
    const api = installFakeApi({ 'GET /orders': ordersReply });
    renderWithQuery('/orders', <OrdersPage />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to see your orders' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it("lists a signed-in buyer's orders, each linking to its page", async () => {
    setSessionHintCookie();
    installFakeApi({ 'GET /user/profile': ok(sampleSession), 'GET /orders': ordersReply });
    renderWithQuery('/orders', <OrdersPage />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your orders' }),
    ).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Your orders' });
    expect(await within(history).findByRole('link', { name: ORDER_REFERENCE })).toHaveAttribute(
      'href',
      `/orders/${ORDER_ID}`,
    );
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });
});
