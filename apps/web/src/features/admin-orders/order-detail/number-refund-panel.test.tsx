import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../../test-support/fake-api';
import { creditNote, taxDocuments } from '../../../../test-support/orders';
import { ORDER_ID, samplePayment, staffPaidOrder } from '../../../../test-support/staff-orders';
import { renderStaffOrder } from '../../../../test-support/staff-order-page';
import { errorToasts } from '../../../../test-support/toasts';
import type { StaffOrder } from '../staff-order-types';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base = `/admin/orders/${ORDER_ID}`;

const numberRow = async (display: string) =>
  within(await screen.findByRole('region', { name: 'Numbers and porting' })).getByRole('listitem', {
    name: display,
  });

/** The sample order (₹1,25,000 + ₹25,000, ₹1,77,000 paid) with its first number refunded. */
function withFirstRefunded(order: StaffOrder): StaffOrder {
  const [first, second] = order.items;
  const refund = {
    amount: 147500,
    at: '2026-11-23T05:00:00.000Z',
    method: 'manual' as const,
    reference: null,
    creditNote: 'CN-26-27-000001.pdf',
  };
  return { ...order, items: [{ ...first!, refund }, second!] };
}

describe('refunding one number in the console', () => {
  it('refunds a number with a reason, showing its share first, then says it is refunded', async () => {
    const order = staffPaidOrder();
    const api = renderStaffOrder(order, {
      [`POST ${base}/numbers/11/refund`]: ok(
        withFirstRefunded(order),
        'Order VN-20261122-7K3Q9MZA: 98765 43210 refunded.',
      ),
    });
    const row = await numberRow('98765 43210');
    await userEvent.click(
      within(row).getByRole('button', { name: 'Refund this number… (98765 43210)' }),
    );
    const form = within(row).getByRole('form', { name: 'Refund 98765 43210' });
    // Its share of ₹1,77,000 by price: 1,25,000 of 1,50,000.
    expect(form).toHaveTextContent('₹1,47,500, this number’s share of what the buyer paid');
    expect(within(form).getByLabelText('Reason')).toHaveFocus();
    // A UPI or bank transfer is paid back by staff: no choice of how.
    expect(within(form).queryByRole('radio')).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Refund ₹1,47,500' }));
    expect(await within(form).findByText('Say why the money goes back.')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Reason'), ' Donor operator refused ');
    await userEvent.click(within(form).getByRole('button', { name: 'Refund ₹1,47,500' }));
    expect(
      await screen.findByText('Order VN-20261122-7K3Q9MZA: 98765 43210 refunded.'),
    ).toBeInTheDocument();
    expect(api.callsTo(`POST ${base}/numbers/11/refund`)[0]!.body).toEqual({
      reason: 'Donor operator refused',
      method: 'manual',
    });
    const refunded = await numberRow('98765 43210');
    expect(refunded).toHaveTextContent('Refunded ₹1,47,500 on 23 Nov 2026');
    expect(within(refunded).queryByRole('button')).not.toBeInTheDocument();
    // The panel has gone: the focus is on the number, now refunded.
    await waitFor(() =>
      expect(within(refunded).getByText('98765 43210').closest('[tabindex="-1"]')).toHaveFocus(),
    );
    // The other number is the last still carried on: the whole order's refund, not this.
    expect(
      within(await numberRow('90000 78600')).queryByRole('button', { name: /Refund this number/ }),
    ).not.toBeInTheDocument();
  });

  it('offers Razorpay or a refund already paid back for a Razorpay payment; Escape keeps the number', async () => {
    const order = staffPaidOrder({
      payments: [{ ...samplePayment, provider: 'razorpay', reference: 'pay_R1' }],
    });
    const api = renderStaffOrder(order, {
      [`POST ${base}/numbers/12/refund`]: ok(withFirstRefunded(order)),
    });
    const row = await numberRow('90000 78600');
    const opener = within(row).getByRole('button', { name: /Refund this number/ });
    await userEvent.click(opener);
    let form = within(row).getByRole('form', { name: 'Refund 90000 78600' });
    expect(within(form).getByRole('radio', { name: 'Refund through Razorpay' })).toBeChecked();
    await userEvent.keyboard('{Escape}');
    expect(within(row).queryByRole('form', { name: 'Refund 98765 43210' })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /Refund this number/ })).toHaveFocus();

    await userEvent.click(within(row).getByRole('button', { name: /Refund this number/ }));
    form = within(row).getByRole('form', { name: 'Refund 90000 78600' });
    await userEvent.type(within(form).getByLabelText('Reason'), 'Not portable');
    await userEvent.click(within(form).getByRole('radio', { name: /Already paid back/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Refund ₹29,500' }));
    expect(await screen.findByText('Number refunded.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${base}/numbers/12/refund`)[0]!.body).toEqual({
      reason: 'Not portable',
      method: 'manual',
    });
  });

  it('says a refusal in a toast and closes the panel (the order changed meanwhile)', async () => {
    renderStaffOrder(staffPaidOrder(), {
      [`POST ${base}/numbers/11/refund`]: fail(
        409,
        '98765 43210 is the last number of this order still carried on: refund the whole order instead.',
      ),
    });
    const row = await numberRow('98765 43210');
    await userEvent.click(within(row).getByRole('button', { name: /Refund this number/ }));
    const form = within(row).getByRole('form', { name: 'Refund 98765 43210' });
    await userEvent.type(within(form).getByLabelText('Reason'), 'Porting failed');
    await userEvent.click(within(form).getByRole('button', { name: 'Refund ₹1,47,500' }));
    await waitFor(() => expect(errorToasts()).toHaveTextContent('refund the whole order instead'));
    expect(within(row).queryByRole('form', { name: 'Refund 98765 43210' })).not.toBeInTheDocument();
  });

  it('lists the credit note of a number refunded with the order’s documents', async () => {
    const order = withFirstRefunded(
      staffPaidOrder({
        taxDocuments: taxDocuments({
          invoice: true,
          creditNote: true,
          creditNotes: [creditNote({ amount: 147500, refundReference: null, numberId: 11 })],
        }),
      }),
    );
    renderStaffOrder(order);
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(
      within(payments).getByRole('link', {
        name: 'Download credit note CN/26-27/000001 for 98765 43210 (PDF)',
      }),
    ).toHaveAttribute('href', `/api/v1/admin/orders/${ORDER_ID}/credit-notes/CN-26-27-000001.pdf`);
  });
});
