import '@testing-library/jest-dom/vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test-support/fake-api';
import { renderConsole } from '../../../test-support/console';
import { catchSavedFiles } from '../../../test-support/saved-files';
import { resetAfterTest } from '../../../test-support/session';
import CustomerPage from './customer-page';

afterEach(resetAfterTest);

const customer = {
  id: 'c-1',
  name: 'Asha Rao',
  email: 'asha@example.in',
  mobile: '9811122233',
  accountType: 'Individual',
  companyName: null,
  gstinNo: null,
  registeredAt: '2026-04-01T04:30:00Z',
  lastSignInAt: null,
  orderCount: 2,
  paidTotal: 2_500_000,
  refundedTotal: 0,
  closed: false,
  closedAt: null,
  address: {
    line1: '7 Lake View',
    line2: null,
    city: 'Pune',
    state: 'Maharashtra',
    pinCode: '411001',
  },
  getWhatsappUpdate: true,
  consents: [
    {
      kind: 'whatsapp_updates',
      given: true,
      source: 'registration',
      policyVersion: '2026-11-29',
      at: '2026-04-01T04:30:00Z',
    },
  ],
  orders: [
    {
      id: 'o-1',
      reference: 'VN-20260401-AB12',
      status: 'completed',
      statusLabel: 'Completed',
      totalAmount: 2_500_000,
      createdAt: '2026-04-02T04:30:00Z',
      paidAt: '2026-04-02T05:30:00Z',
    },
    {
      id: 'o-2',
      reference: 'VN-20260405-CD34',
      status: 'pending_payment',
      statusLabel: 'Payment submitted',
      totalAmount: 900_000,
      createdAt: '2026-04-05T04:30:00Z',
      paidAt: null,
    },
  ],
  enquiries: [
    {
      id: 'e-1',
      reference: 'ENQ-3F2A9C1B',
      topic: 'vip-number',
      state: 'open',
      createdAt: '2026-04-03T04:30:00Z',
    },
  ],
  auditEntries: [
    {
      id: 7,
      at: '2026-11-29T04:30:00Z',
      actor: { id: 'staff-2', name: 'Sunita Support', email: 's@example.in' },
      action: 'customer.view',
      entityType: 'user',
      entityId: 'c-1',
      entityName: 'Asha Rao',
      number: null,
      orderId: null,
      orderReference: null,
      note: null,
    },
  ],
};

const at = { path: '/admin/customers/c-1', pattern: '/admin/customers/:customerId' };

describe('/admin/customers/:customerId', () => {
  it('shows the account, its consents, orders, enquiries and audit entries; support cannot close it', async () => {
    renderConsole(<CustomerPage />, {
      ...at,
      role: 'support',
      api: { 'GET /admin/customers/c-1': ok(customer) },
    });
    expect(await screen.findByRole('heading', { name: 'Asha Rao' })).toBeInTheDocument();
    const account = screen.getByRole('region', { name: 'The account' });
    expect(account).toHaveTextContent('asha@example.in');
    expect(account).toHaveTextContent('7 Lake View, Pune, Maharashtra 411001');
    expect(account).toHaveTextContent('WhatsApp updatesYes');
    expect(account).toHaveTextContent('Last sign-inNot in the last 30 days');
    expect(account).toHaveTextContent('Paid₹25,000');
    expect(account).not.toHaveTextContent('Refunded');
    const orders = screen.getByRole('region', { name: 'Orders' });
    expect(within(orders).getByRole('link', { name: 'VN-20260401-AB12' })).toHaveAttribute(
      'href',
      '/admin/orders/o-1',
    );
    expect(orders).toHaveTextContent('Completed, ₹25,000');
    // The status in the Orders list's words.
    expect(orders).toHaveTextContent('VN-20260405-CD34 Payment submitted, ₹9,000');
    expect(screen.getByRole('region', { name: 'Consents' })).toHaveTextContent(
      'WhatsApp order and porting updates: given',
    );
    expect(screen.getByRole('region', { name: 'Consents' })).toHaveTextContent('policy 2026-11-29');
    expect(
      within(screen.getByRole('region', { name: 'Enquiries' })).getByRole('link', {
        name: 'ENQ-3F2A9C1B',
      }),
    ).toHaveAttribute('href', '/admin/enquiries/e-1');
    expect(screen.getByRole('region', { name: 'Audit log' })).toHaveTextContent(
      'Customer details viewed by Sunita Support',
    );
    expect(screen.queryByRole('button', { name: 'Close this account' })).toBeNull();
    expect(screen.queryByRole('button', { name: "Download this buyer's data" })).toBeNull();
  });

  it('shows what was refunded beside what was paid, and the net', async () => {
    renderConsole(<CustomerPage />, {
      ...at,
      role: 'support',
      api: { 'GET /admin/customers/c-1': ok({ ...customer, refundedTotal: 590_000 }) },
    });
    await screen.findByRole('heading', { name: 'Asha Rao' });
    expect(screen.getByRole('region', { name: 'The account' })).toHaveTextContent(
      'Paid₹25,000Refunded₹5,900Paid, net₹19,100',
    );
  });

  it('lets an administrator close it with a reason, after confirming', async () => {
    const api = renderConsole(<CustomerPage />, {
      ...at,
      api: {
        'GET /admin/customers/c-1': ok(customer),
        'POST /admin/customers/c-1/close': ok(
          { kept: 'Tax invoices are kept.' },
          'The account has been closed.',
        ),
      },
    });
    const button = await screen.findByRole('button', { name: 'Close this account' });
    // Styled as the danger it is, unlike "Download this buyer's data" above it.
    expect(button).toHaveClass('bg-red-700');
    expect(screen.getByRole('button', { name: /Download/ })).not.toHaveClass('bg-red-700');
    fireEvent.click(button);
    expect(screen.getByRole('alert')).toHaveTextContent('Say why the account is closed');
    fireEvent.change(screen.getByLabelText('Reason (kept in the audit log)'), {
      target: { value: 'Asked by e-mail on 29 Nov' },
    });
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Close this account?' });
    expect(dialog).toHaveTextContent('Asha Rao');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close the account' }));
    expect(await screen.findByText(/The account has been closed\./)).toBeInTheDocument();
    expect(api.callsTo('POST /admin/customers/c-1/close')[0]!.body).toEqual({
      reason: 'Asked by e-mail on 29 Nov',
    });
    // The page is read again (the console's data after a change).
    await waitFor(() => expect(api.callsTo('GET /admin/customers/c-1')).toHaveLength(2));
  });

  describe("an administrator downloads the buyer's data", () => {
    const saved = catchSavedFiles();
    const file = { about: { file: 'The personal data…' }, generatedAt: '2026-11-29T10:15:00.000Z' };
    const request = 'Letter of 28 Nov, ref 123';
    const downloads = (calls: { method: string; path: string }[]) =>
      calls.filter((call) => call.path.startsWith('/admin/customers/c-1/data-export'));

    it('asks which request it answers, then saves the file and reads the page again', async () => {
      const api = renderConsole(<CustomerPage />, {
        ...at,
        api: {
          'GET /admin/customers/c-1': ok(customer),
          'GET /admin/customers/c-1/data-export': { status: 200, body: file },
        },
      });
      const button = await screen.findByRole('button', { name: "Download this buyer's data" });
      fireEvent.click(button);
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Say which request of the buyer this answers (at least 5 characters).',
      );
      expect(downloads(api.calls)).toEqual([]);

      fireEvent.change(screen.getByLabelText("The buyer's request (kept in the audit log)"), {
        target: { value: `  ${request}  ` },
      });
      fireEvent.click(button);
      expect(
        await screen.findByText(/The buyer's data has been saved as data-c-1-2026-11-29\.json\./),
      ).toBeInTheDocument();
      expect(downloads(api.calls).map((call) => call.path)).toEqual([
        `/admin/customers/c-1/data-export?reason=${encodeURIComponent(request).replace(/%20/g, '+')}`,
      ]);
      expect(saved.map((one) => one.name)).toEqual(['data-c-1-2026-11-29.json']);
      expect(JSON.parse(await saved[0]!.blob.text())).toEqual(file);
      expect(screen.getByLabelText("The buyer's request (kept in the audit log)")).toHaveValue('');
      // The page is read again: its audit entries now show the download.
      await waitFor(() => expect(api.callsTo('GET /admin/customers/c-1')).toHaveLength(2));
    });

    it('says why when the server refuses, and saves nothing', async () => {
      renderConsole(<CustomerPage />, {
        ...at,
        api: {
          'GET /admin/customers/c-1': ok(customer),
          'GET /admin/customers/c-1/data-export': fail(
            429,
            "You have downloaded buyers' data 5 times in the last hour. Please try again in 12 minutes.",
          ),
        },
      });
      fireEvent.change(
        await screen.findByLabelText("The buyer's request (kept in the audit log)"),
        { target: { value: request } },
      );
      fireEvent.click(screen.getByRole('button', { name: "Download this buyer's data" }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        "You have downloaded buyers' data 5 times in the last hour.",
      );
      expect(saved).toEqual([]);
    });
  });

  it('shows a closed account as closed, without its data or a close action', async () => {
    renderConsole(<CustomerPage />, {
      ...at,
      api: {
        'GET /admin/customers/c-1': ok({
          ...customer,
          name: 'Closed account',
          email: null,
          mobile: null,
          address: null,
          getWhatsappUpdate: false,
          consents: [],
          enquiries: [],
          closed: true,
          closedAt: '2026-11-28T04:30:00Z',
        }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Closed account' })).toBeInTheDocument();
    expect(
      screen.getByText('This account is closed: its personal data was erased.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'The account' })).not.toHaveTextContent('@');
    expect(screen.queryByRole('region', { name: 'Consents' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close this account' })).toBeNull();
    expect(screen.queryByRole('button', { name: "Download this buyer's data" })).toBeNull();
    expect(screen.getByRole('region', { name: 'Orders' })).toHaveTextContent('VN-20260401-AB12');
  });

  it('says when there is no such customer', async () => {
    renderConsole(<CustomerPage />, { ...at, api: {} });
    expect(await screen.findByRole('heading', { name: 'Customer not found' })).toBeInTheDocument();
  });
});
