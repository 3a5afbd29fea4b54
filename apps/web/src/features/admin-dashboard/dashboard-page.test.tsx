import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../test-support/fake-api';
import { renderConsole } from '../../../test-support/console';
import { resetAfterTest } from '../../../test-support/session';
import DashboardPage from './dashboard-page';

beforeAll(() => {
  // Recharts measures its container; jsdom has no layout.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(resetAfterTest);

const days = Array.from({ length: 30 }, (_, i) => {
  const date = new Date(Date.UTC(2026, 2, 3 + i)).toISOString().slice(0, 10);
  return { date, orders: i === 29 ? 3 : 0, revenue: i === 29 ? 1564.5 : 0 };
});

const dashboard = {
  timeZone: 'Asia/Kolkata',
  today: '2026-04-01',
  sales: {
    today: { orders: 3, revenue: 1564.5 },
    thisMonth: { orders: 4, revenue: 169250 },
    lastMonth: { orders: 1, revenue: 6000 },
  },
  daily: days,
  waiting: {
    awaitingPayment: 2,
    paymentsToCheck: 3,
    paid: 5,
    upcSent: 1,
    porting: 7,
    needsRefund: 1,
  },
  overdue: { any: 4, upc_late: 2, upc_expired: 1, porting_slow: 1 },
  enquiries: { open: 4 },
  messages: { undelivered: 2 },
  inventory: {
    categories: [
      {
        category: 'mirror-numbers',
        name: 'Mirror Numbers',
        available: 120,
        reserved: 2,
        sold: 10,
        hidden: 1,
        comingSoon: 0,
        total: 133,
      },
      {
        category: 'unique-numbers',
        name: 'Unique Numbers',
        available: 1500,
        reserved: 0,
        sold: 3,
        hidden: 0,
        comingSoon: 5,
        total: 1508,
      },
    ],
    totals: { available: 1620, reserved: 2, sold: 13, hidden: 1, comingSoon: 5, total: 1641 },
    relistable: 0,
  },
};

describe('the dashboard', () => {
  it('shows sales today, this month and last month in rupees', async () => {
    renderConsole(<DashboardPage />, { api: { 'GET /admin/dashboard': ok(dashboard) } });
    const sales = await screen.findByRole('region', { name: 'Sales' });
    expect(within(sales).getByText('Today').parentElement).toHaveTextContent('₹1,564.503 orders');
    expect(within(sales).getByText('This month').parentElement).toHaveTextContent(
      '₹1,69,2504 orders',
    );
    expect(within(sales).getByText('Last month').parentElement).toHaveTextContent('₹6,0001 order');
    expect(sales).toHaveTextContent('today is 1 April 2026');
  });

  it('links each waiting step to its orders, the open enquiries to the inbox and the messages not delivered to their list', async () => {
    renderConsole(<DashboardPage />, { api: { 'GET /admin/dashboard': ok(dashboard) } });
    const waiting = await screen.findByRole('region', { name: 'Waiting for the team' });
    const expected = [
      ['Payments to check', '3', '/admin/orders?status=payment_submitted'],
      ['Awaiting payment', '2', '/admin/orders?status=pending_payment'],
      ['Paid', '5', '/admin/orders?status=paid'],
      ['UPC sent', '1', '/admin/orders?status=upc_sent'],
      ['Porting', '7', '/admin/orders?status=porting_in_progress'],
      ['Needs refund', '1', '/admin/orders?needsRefund=true'],
      ['Open enquiries', '4', '/admin/enquiries?state=open'],
      ['Messages not delivered', '2', '/admin/undelivered-messages'],
    ];
    for (const [label, value, href] of expected) {
      const link = within(waiting).getByRole('link', {
        name: new RegExp(`^${label}\\s*${value}$`),
      });
      expect(link).toHaveAttribute('href', href);
    }
  });

  it('counts porting overdue by reason, each linking to its orders (decision 0107)', async () => {
    renderConsole(<DashboardPage />, { api: { 'GET /admin/dashboard': ok(dashboard) } });
    const overdue = await screen.findByRole('region', { name: 'Porting overdue' });
    const expected = [
      ['Porting overdue', '4', '/admin/orders?overdue=any'],
      ['UPC not sent', '2', '/admin/orders?overdue=upc_late'],
      ['UPC expired', '1', '/admin/orders?overdue=upc_expired'],
      ['Porting slow', '1', '/admin/orders?overdue=porting_slow'],
    ];
    for (const [label, value, href] of expected) {
      const link = within(overdue).getByRole('link', {
        name: new RegExp(`^${label}\\s*${value}$`),
      });
      expect(link).toHaveAttribute('href', href);
    }
  });

  it('draws both charts with a table of the same figures', async () => {
    const user = userEvent.setup();
    renderConsole(<DashboardPage />, { api: { 'GET /admin/dashboard': ok(dashboard) } });
    const daily = await screen.findByRole('region', { name: 'Orders and revenue, last 30 days' });
    expect(daily.querySelector('.recharts-responsive-container')).not.toBeNull();
    // Nothing in a drawing takes the focus (QA 32 F2); the e2e accessibility check tabs past it.
    for (const chart of screen.getAllByTestId('chart')) expect(chart).toHaveAttribute('inert');
    await user.click(within(daily).getByText('Show as a table'));
    const dayTable = within(daily).getByRole('table', { name: /by day/ });
    expect(within(dayTable).getAllByRole('row')).toHaveLength(31);
    expect(within(dayTable).getByRole('row', { name: /1 April 2026/ })).toHaveTextContent(
      '1 April 20263₹1,564.50',
    );

    const inventory = screen.getByRole('region', { name: 'Inventory' });
    expect(inventory).toHaveTextContent(
      '1,641 numbers: 1,620 available, 2 held, 13 sold, 1 hidden, 5 coming soon.',
    );
    // A row for each category: the chart grows with them, so their names do not overlap.
    expect(within(inventory).getByTestId('chart')).toHaveStyle({ height: `${2 * 30 + 90}px` });
    await user.click(within(inventory).getByText('Show as a table'));
    const row = within(inventory).getByRole('row', { name: /Unique Numbers/ });
    expect(row).toHaveTextContent('Unique Numbers1,50003051,508');
  });

  it('says apart the sold numbers whose sale was undone, which can go back on sale', async () => {
    renderConsole(<DashboardPage />, {
      api: {
        'GET /admin/dashboard': ok({
          ...dashboard,
          inventory: { ...dashboard.inventory, relistable: 2 },
        }),
      },
    });
    expect(await screen.findByRole('region', { name: 'Inventory' })).toHaveTextContent(
      '13 sold (2 of them refunded or cancelled, can go back on sale), 1 hidden',
    );
  });

  it('says so when the figures cannot be read, and tries again', async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderConsole(<DashboardPage />, {
      api: {
        'GET /admin/dashboard': () =>
          ++calls === 1 ? fail(500, 'Database unavailable') : ok(dashboard),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Sales' })).toBeInTheDocument();
  });
});
