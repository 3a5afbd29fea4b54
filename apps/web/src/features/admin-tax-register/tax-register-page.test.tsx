import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../../test-support/fake-api';
import { renderConsole } from '../../../test-support/console';
import { resetAfterTest } from '../../../test-support/session';
import AdminLayout from '../admin-shell/admin-layout';
import TaxRegisterPage from './tax-register-page';

afterEach(() => {
  resetAfterTest();
  vi.useRealTimers();
});

const figures = (documents: number, taxable: number, cgst: number, sgst: number, igst: number) => ({
  documents,
  taxable,
  cgst,
  sgst,
  igst,
  total: taxable + cgst + sgst + igst,
});

const row = {
  kind: 'invoice',
  serial: 'INV/26-27/000001',
  issuedAt: '2026-10-05T06:00:00.000Z',
  issuedOn: '2026-10-05',
  orderReference: 'VN-20261005-AAAA1111',
  buyerName: 'Asha Verma',
  companyName: 'Verma Traders Pvt Ltd',
  gstin: '27AAPFU0939F1ZV',
  supplyType: 'B2B',
  placeOfSupply: { code: '27', name: 'Maharashtra' },
  sac: '998413',
  taxable: 12_000_000,
  cgst: 0,
  sgst: 0,
  igst: 2_160_000,
  total: 14_160_000,
  tds: 120_000,
  against: null,
  reason: null,
  cancelledBy: { serial: 'CN/26-27/000001', issuedOn: '2026-10-07' },
};
const register = {
  from: '2026-10-01',
  to: '2026-10-31',
  documents: [
    row,
    {
      ...row,
      kind: 'credit_note',
      serial: 'CN/26-27/000001',
      issuedOn: '2026-10-07',
      against: { serial: 'INV/26-27/000001', issuedOn: '2026-10-05' },
      reason: 'billing_correction',
      cancelledBy: null,
    },
    {
      ...row,
      serial: 'INV/26-27/000002',
      issuedOn: '2026-10-09',
      buyerName: 'Ravi Kumar',
      companyName: null,
      gstin: null,
      supplyType: 'B2CS',
      placeOfSupply: { code: '07', name: 'Delhi' },
      taxable: 5_000_000,
      cgst: 450_000,
      sgst: 450_000,
      igst: 0,
      total: 5_900_000,
      tds: 0,
      cancelledBy: null,
    },
  ],
  totals: {
    invoices: figures(2, 17_000_000, 450_000, 450_000, 2_160_000),
    creditNotes: figures(1, 12_000_000, 0, 0, 2_160_000),
    net: figures(3, 5_000_000, 450_000, 450_000, 0),
  },
  summary: {
    b2b: figures(2, 0, 0, 0, 0),
    b2cLarge: figures(0, 0, 0, 0, 0),
    b2cSmallByPlaceOfSupply: [
      { code: '07', name: 'Delhi', ...figures(1, 5_000_000, 450_000, 450_000, 0) },
    ],
    bySac: [{ sac: '998413', ...figures(3, 5_000_000, 450_000, 450_000, 0) }],
  },
};

const registerCalls = (calls: { path: string }[]) =>
  calls.filter((call) => call.path.startsWith('/admin/tax-register')).map((call) => call.path);

/** A row's words as a screen reader has them: without the column names a phone shows above each cell. */
function spoken(row: HTMLElement): string {
  const copy = row.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((node) => node.remove());
  return copy.textContent ?? '';
}

describe('the tax register page', () => {
  it("shows last month in India by default: its totals, summary, documents and the CSV's link", async () => {
    // 1 December 2026, 1:30 am in India (still 30 November in UTC): last month is November.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T20:00:00Z'));
    const { calls } = renderConsole(<TaxRegisterPage />, {
      path: '/admin/tax-register',
      api: { 'GET /admin/tax-register': ok(register) },
    });
    const totals = await screen.findByRole('table', { name: 'Totals' });
    expect(registerCalls(calls)).toEqual(['/admin/tax-register?from=2026-11-01&to=2026-11-30']);
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/api\/v1\/admin\/tax-register\.csv\?from=2026-11-01&to=2026-11-30$/),
    );
    expect(screen.getByLabelText('Month')).toHaveValue('2026-11');

    const line = (table: HTMLElement, label: string) =>
      within(table).getByRole('rowheader', { name: label }).closest('tr')!;
    expect(line(totals, 'Tax invoices')).toHaveTextContent(
      'Tax invoices2₹1,70,000₹4,500₹4,500₹21,600₹2,00,600',
    );
    expect(line(totals, 'Credit notes')).toHaveTextContent(
      'Credit notes1₹1,20,000₹0₹0₹21,600₹1,41,600',
    );
    expect(line(totals, 'Net')).toHaveTextContent('Net3₹50,000₹4,500₹4,500₹0₹59,000');
    const summary = screen.getByRole('table', { name: 'GSTR-1 summary' });
    expect(line(summary, 'B2B (buyers with a GSTIN)')).toHaveTextContent('2₹0₹0₹0₹0₹0');
    expect(line(summary, 'B2C large (another state, invoice over ₹1,00,000)')).toHaveTextContent(
      '0₹0₹0₹0₹0₹0',
    );
    expect(line(summary, 'B2C small, Delhi (07)')).toHaveTextContent(
      '1₹50,000₹4,500₹4,500₹0₹59,000',
    );
    expect(line(summary, 'SAC 998413')).toHaveTextContent('3₹50,000');

    const documents = screen.getByRole('table', {
      name: 'Tax invoices and credit notes, in issue order',
    });
    const rows = within(documents).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(spoken(rows[0]!)).toContain('INV/26-27/000001Tax invoice');
    expect(spoken(rows[0]!)).toContain(
      'Asha VermaVerma Traders Pvt Ltd27AAPFU0939F1ZVMaharashtra (27)',
    );
    expect(spoken(rows[0]!)).toContain('₹1,20,000₹0₹0₹21,600₹1,41,600₹1,200');
    expect(spoken(rows[0]!)).toContain('Cancelled by CN/26-27/000001 of 7 Oct 2026');
    expect(spoken(rows[1]!)).toContain('CN/26-27/000001Credit note');
    expect(spoken(rows[1]!)).toContain(
      'Against INV/26-27/000001 of 5 Oct 2026 (billing correction)',
    );
    expect(spoken(rows[2]!)).toContain('Ravi KumarUnregistered (B2C small)Delhi (07)');
  });

  it('asks for a month, or from and to days, kept in the address', async () => {
    const { calls } = renderConsole(<TaxRegisterPage />, {
      path: '/admin/tax-register?from=2026-10-01&to=2026-10-31',
      api: { 'GET /admin/tax-register': ok(register) },
    });
    await screen.findByRole('table', { name: 'Totals' });
    expect(screen.getByLabelText('Month')).toHaveValue('2026-10');

    const month = screen.getByRole('form', { name: 'Choose a month' });
    await userEvent.clear(within(month).getByLabelText('Month'));
    await userEvent.type(within(month).getByLabelText('Month'), '2026-02');
    await userEvent.click(within(month).getByRole('button', { name: 'Show month' }));
    await waitFor(() =>
      expect(registerCalls(calls).at(-1)).toBe('/admin/tax-register?from=2026-02-01&to=2026-02-28'),
    );

    const days = screen.getByRole('form', { name: 'Choose from and to days' });
    await userEvent.clear(within(days).getByLabelText('From'));
    await userEvent.type(within(days).getByLabelText('From'), '2026-04-01');
    await userEvent.clear(within(days).getByLabelText('To'));
    await userEvent.type(within(days).getByLabelText('To'), '2026-03-31');
    await userEvent.click(within(days).getByRole('button', { name: 'Show period' }));
    expect(
      within(days).getByText('Choose a from day on or before the to day.'),
    ).toBeInTheDocument();
    await userEvent.clear(within(days).getByLabelText('To'));
    await userEvent.type(within(days).getByLabelText('To'), '2026-06-15');
    await userEvent.click(within(days).getByRole('button', { name: 'Show period' }));
    await waitFor(() =>
      expect(registerCalls(calls).at(-1)).toBe('/admin/tax-register?from=2026-04-01&to=2026-06-15'),
    );
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      expect.stringContaining('/admin/tax-register.csv?from=2026-04-01&to=2026-06-15'),
    );
  });

  it('is in the navigation of administrators; support sees no link to it and no register', async () => {
    const area = (role: 'support' | 'admin') =>
      renderConsole(
        <Routes>
          <Route path="/admin" element={<AdminLayout />}>
            <Route path="tax-register" element={<TaxRegisterPage />} />
          </Route>
        </Routes>,
        { path: '/admin/tax-register', role, api: { 'GET /admin/tax-register': ok(register) } },
      );
    const support = area('support');
    expect(await screen.findByText('This page is for administrators only.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).queryByRole('link', { name: 'Tax register' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(registerCalls(support.calls)).toEqual([]);
    support.unmount();
    resetAfterTest();

    area('admin');
    const adminNav = await screen.findByRole('navigation', { name: 'Console' });
    expect(within(adminNav).getByRole('link', { name: 'Tax register' })).toHaveAttribute(
      'href',
      '/admin/tax-register',
    );
    expect(await screen.findByRole('link', { name: 'Download CSV' })).toBeInTheDocument();
  });
});
