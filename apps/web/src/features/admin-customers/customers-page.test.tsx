import '@testing-library/jest-dom/vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ok } from '../../../test-support/fake-api';
import { renderConsole } from '../../../test-support/console';
import { resetAfterTest } from '../../../test-support/session';
import CustomersPage from './customers-page';

afterEach(resetAfterTest);

const asha = {
  id: 'c-1',
  name: 'Asha Rao',
  email: 'asha@example.in',
  mobile: '9811122233',
  accountType: 'Corporate',
  companyName: 'Rao Traders',
  gstinNo: '27AAPFU0939F1ZV',
  registeredAt: '2026-04-01T04:30:00Z',
  lastSignInAt: '2026-11-20T04:30:00Z',
  orderCount: 3,
  paidTotal: 12_345_600,
  refundedTotal: 2_000_000,
  closed: false,
  closedAt: null,
};

const closedOne = {
  ...asha,
  id: 'c-2',
  name: 'Closed account',
  email: null,
  mobile: null,
  accountType: 'Individual',
  companyName: null,
  gstinNo: null,
  lastSignInAt: null,
  refundedTotal: 0,
  closed: true,
  closedAt: '2026-11-28T04:30:00Z',
};

const page = (customers: unknown[], extra = {}) =>
  ok({ customers, total: customers.length, page: 1, pageSize: 25, pageCount: 1, ...extra });

/** The list pages asked for, in order. */
const listCalls = (calls: { method: string; path: string }[]) =>
  calls.filter((call) => call.path.startsWith('/admin/customers?')).map((call) => call.path);

describe('/admin/customers: the list', () => {
  it('lists buyers with their account, orders, paid and refunded totals, each linked to its page', async () => {
    const { calls } = renderConsole(<CustomersPage />, {
      path: '/admin/customers',
      role: 'support',
      api: { 'GET /admin/customers': page([asha, closedOne]) },
    });
    const table = await screen.findByRole('table', { name: 'Customers, newest first' });
    const [, row, closed] = within(table).getAllByRole('row');
    expect(within(row!).getByRole('link', { name: 'Asha Rao' })).toHaveAttribute(
      'href',
      '/admin/customers/c-1',
    );
    expect(row).toHaveTextContent('asha@example.in');
    expect(row).toHaveTextContent('Rao Traders27AAPFU0939F1ZV');
    expect(row).toHaveTextContent('₹1,23,456 paid₹20,000 refunded');
    expect(row).toHaveTextContent('Signed in 20 Nov 2026');
    expect(closed).toHaveTextContent('Closed accountClosed');
    expect(closed).toHaveTextContent('No recent sign-in');
    expect(closed).not.toHaveTextContent('refunded');
    expect(listCalls(calls)).toEqual(['/admin/customers?page=1&pageSize=25']);
    // Support is not told how to close an account: only administrators close.
    expect(screen.queryByText(/close it there/)).toBeNull();
  });

  it('searches and filters by account type, in the address', async () => {
    const { calls } = renderConsole(<CustomersPage />, {
      path: '/admin/customers',
      api: { 'GET /admin/customers': page([]) },
    });
    expect(await screen.findByText('No customers yet.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Account type'), { target: { value: 'Corporate' } });
    await waitFor(() =>
      expect(listCalls(calls)).toContain(
        '/admin/customers?page=1&accountType=Corporate&pageSize=25',
      ),
    );
    const search = screen.getByRole('searchbox', { name: 'Search customers' });
    fireEvent.change(search, { target: { value: '27AAPFU0939F1ZV' } });
    fireEvent.submit(search.closest('form')!);
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toBe(
        '/admin/customers?page=1&accountType=Corporate&q=27AAPFU0939F1ZV&pageSize=25',
      ),
    );
    expect(await screen.findByText('No customer matches.')).toBeInTheDocument();
  });
});

describe('/admin/customers: closing (administrators)', () => {
  it('has no close by a typed contact: the administrator closes from the page that names the buyer', async () => {
    renderConsole(<CustomersPage />, {
      path: '/admin/customers',
      role: 'admin',
      api: { 'GET /admin/customers': page([asha]) },
    });
    expect(await screen.findByText(/open their page and close it there/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Close/ })).toBeNull();
    expect(screen.queryByLabelText(/Reason/)).toBeNull();
  });
});
