import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok } from '../../../test-support/fake-api';
import { renderWithQuery } from '../../../test-support/render';
import { staffPaidOrder, staffPendingOrder } from '../../../test-support/staff-orders';
import OrdersPage from './orders-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const page = (orders: unknown[], total = orders.length, pageNumber = 1) =>
  ok({ orders, total, page: pageNumber, pageSize: 25, pageCount: Math.ceil(total / 25) });

describe('the console order list', () => {
  it('shows a page of orders in a table: reference, buyer, numbers, total and status', async () => {
    installFakeApi({
      'GET /admin/orders': page([
        staffPaidOrder(),
        staffPendingOrder({ id: 'other', reference: 'VN-20261121-AAAA1111', needsRefund: true }),
      ]),
    });
    renderWithQuery('/admin/orders', <OrdersPage />);
    const table = await screen.findByRole('table', {
      name: 'Orders: payments to check first, then newest first',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Order', 'Placed', 'Buyer', 'Numbers', 'Total', 'Status']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'VN-20261122-7K3Q9MZA' })).toHaveAttribute(
      'href',
      '/admin/orders/3f6d1c2a-8b4e-4c1d-9a7f-2e5b6c7d8e9f',
    );
    expect(rows[0]).toHaveTextContent('Asha Verma9876543210');
    expect(rows[0]).toHaveTextContent('98765 43210, 90000 78600');
    expect(rows[0]).toHaveTextContent('₹1,77,000');
    expect(rows[0]).toHaveTextContent('UPC sent');
    expect(rows[1]).toHaveTextContent('Awaiting paymentRefund due');
    expect(screen.getByText('2 orders')).toBeInTheDocument();
  });

  it('searches and filters through the URL, from the first page', async () => {
    const api = installFakeApi({ 'GET /admin/orders': page([staffPaidOrder()], 60, 2) });
    renderWithQuery('/admin/orders?page=2', <OrdersPage />);
    await screen.findByRole('table');
    expect(api.calls.at(-1)!.path).toBe('/admin/orders?page=2&pageSize=25');

    const box = screen.getByRole('searchbox', { name: 'Search orders' });
    expect(box).toHaveAttribute(
      'placeholder',
      'Reference, UTR, name, company, e-mail, mobile, number',
    );
    await userEvent.type(box, ' 98765 43210 ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/orders?q=98765+43210'),
    );
    expect(api.calls.at(-1)!.path).toBe('/admin/orders?q=98765+43210&page=1&pageSize=25');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Paid');
    await waitFor(() =>
      expect(api.calls.at(-1)!.path).toBe(
        '/admin/orders?status=paid&q=98765+43210&page=1&pageSize=25',
      ),
    );
  });

  it("lands on the orders with a refund due from the dashboard's link, and the filter can be removed", async () => {
    const api = installFakeApi({
      'GET /admin/orders': page([staffPendingOrder({ needsRefund: true })]),
    });
    renderWithQuery('/admin/orders?needsRefund=true', <OrdersPage />);
    await screen.findByRole('table');
    expect(api.calls.at(-1)!.path).toBe('/admin/orders?needsRefund=true&page=1&pageSize=25');
    const refundDue = screen.getByRole('checkbox', { name: 'Refund due only' });
    expect(refundDue).toBeChecked();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Cancelled');
    await waitFor(() =>
      expect(api.calls.at(-1)!.path).toBe(
        '/admin/orders?status=cancelled&needsRefund=true&page=1&pageSize=25',
      ),
    );
    await userEvent.click(refundDue);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        /^\/admin\/orders\?status=cancelled$/,
      ),
    );
    expect(refundDue).not.toBeChecked();
    await waitFor(() =>
      expect(api.calls.at(-1)!.path).toBe('/admin/orders?status=cancelled&page=1&pageSize=25'),
    );
    await userEvent.click(refundDue);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/admin/orders?status=cancelled&needsRefund=true',
      ),
    );
  });

  it("lands on the overdue orders from the dashboard's link, each row saying which number and why (decision 0107)", async () => {
    const overdue = [
      {
        numberId: 2,
        number: '90000 78600',
        reason: 'porting_slow' as const,
        since: '2026-11-30T04:30:00.000Z',
        words: 'Porting slow: started 8 days ago, promised within 5 working days',
      },
    ];
    const api = installFakeApi({ 'GET /admin/orders': page([staffPaidOrder({ overdue })]) });
    renderWithQuery('/admin/orders?overdue=porting_slow', <OrdersPage />);
    const table = await screen.findByRole('table');
    expect(api.calls.at(-1)!.path).toBe('/admin/orders?overdue=porting_slow&page=1&pageSize=25');
    const filter = screen.getByRole('combobox', { name: 'Porting overdue' });
    expect(filter).toHaveDisplayValue('Porting slow');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      'UPC sent90000 78600: Porting slow: started 8 days ago, promised within 5 working days (overdue since 30 Nov 2026, 10:00 am IST)',
    );

    await userEvent.selectOptions(filter, 'Any reason');
    await waitFor(() =>
      expect(api.calls.at(-1)!.path).toBe('/admin/orders?overdue=any&page=1&pageSize=25'),
    );
  });

  it("lands on the payments to check from the dashboard's link, its own status choice", async () => {
    const api = installFakeApi({ 'GET /admin/orders': page([staffPendingOrder()]) });
    renderWithQuery('/admin/orders?status=payment_submitted', <OrdersPage />);
    await screen.findByRole('table');
    expect(api.calls.at(-1)!.path).toBe(
      '/admin/orders?status=payment_submitted&page=1&pageSize=25',
    );
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(status).toHaveDisplayValue('Payment submitted');
    await userEvent.selectOptions(status, 'Awaiting payment');
    await waitFor(() =>
      expect(api.calls.at(-1)!.path).toBe(
        '/admin/orders?status=pending_payment&page=1&pageSize=25',
      ),
    );
  });

  it('pages with Newer and Older', async () => {
    const api = installFakeApi({
      'GET /admin/orders': (_body, call) => {
        const pageNumber = Number(new URLSearchParams(call.path.split('?')[1]).get('page') ?? 1);
        return page([staffPaidOrder()], 60, pageNumber);
      },
    });
    renderWithQuery('/admin/orders', <OrdersPage />);
    await screen.findByText('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('Page 2 of 3');
    expect(api.calls.at(-1)!.path).toBe('/admin/orders?page=2&pageSize=25');
  });

  it('says when nothing matches', async () => {
    installFakeApi({ 'GET /admin/orders': page([]) });
    renderWithQuery('/admin/orders?q=nobody%40example.com', <OrdersPage />);
    expect(await screen.findByText('No order matches.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue(
      'nobody@example.com',
    );
  });
});
