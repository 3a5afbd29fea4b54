import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../../../test-support/fake-api';
import { ORDER_ID, samplePayment, staffPaidOrder } from '../../../../test-support/staff-orders';
import { renderStaffOrder } from '../../../../test-support/staff-order-page';
import type { PaymentRecord, StaffOrder } from '../staff-order-types';
import { fill } from '../../../../test-support/fill';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base = `/admin/orders/${ORDER_ID}`;
const REFUND_ID = 'd1e2f3a4-b5c6-4d7e-8f9a-0b1c2d3e4f5a';

/** The sample order refunded by hand, with this reference (or none yet). */
function refundedByHand(reference: string | null): StaffOrder {
  const payment: PaymentRecord = {
    ...samplePayment,
    refundable: false,
    refunds: [
      {
        id: REFUND_ID,
        method: 'manual',
        amount: 177000,
        numberId: null,
        reason: 'Porting failed',
        status: 'done',
        providerRefundId: null,
        reference,
        failure: null,
        by: 'Ravi Kumar',
        at: '2026-11-23T05:00:00.000Z',
        completedAt: '2026-11-23T05:00:00.000Z',
      },
    ],
  };
  return staffPaidOrder({ status: 'refunded', statusLabel: 'Refunded', payments: [payment] });
}

const paymentRow = () =>
  screen.findByRole('listitem', { name: `Payment ${samplePayment.reference}` });

describe('the refund UTR / reference in the console', () => {
  it('takes an optional reference with a manual refund, checked and sent as a payment reference is compared', async () => {
    const api = renderStaffOrder(staffPaidOrder(), {
      [`POST ${base}/refunds`]: ok(refundedByHand('NEFT0012345678'), 'Order refunded.'),
    });
    const payment = await paymentRow();
    await userEvent.click(within(payment).getByRole('button', { name: 'Refund ₹1,77,000' }));
    const form = within(payment).getByRole('form', {
      name: `Refund payment ${samplePayment.reference}`,
    });
    await fill(within(form).getByLabelText('Reason'), 'Porting failed');
    const reference = within(form).getByLabelText('Refund UTR / reference (optional)');
    await fill(reference, 'NEFT-12');
    await userEvent.click(within(form).getByRole('button', { name: 'Refund ₹1,77,000' }));
    expect(
      await within(form).findByText(
        'Give the UTR or bank reference as 6 to 30 letters or digits (spaces are fine), or leave it empty.',
      ),
    ).toBeInTheDocument();
    expect(reference).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(`POST ${base}/refunds`)).toHaveLength(0);

    // As a bank statement prints it (QA 25 F5): grouped, any case.
    await fill(reference, '  neft 0012 3456 78 ');
    await userEvent.click(within(form).getByRole('button', { name: 'Refund ₹1,77,000' }));
    expect(await screen.findByText('Order refunded.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${base}/refunds`)[0]!.body).toEqual({
      paymentId: samplePayment.id,
      reason: 'Porting failed',
      method: 'manual',
      reference: 'NEFT0012345678',
    });
    // Shown with the refund, in the one place a refund's reference is shown.
    expect(await paymentRow()).toHaveTextContent(
      'paid back by our team (reference NEFT0012345678)',
    );
  });

  it('sends no reference when none is given, and offers no field for a refund through Razorpay', async () => {
    const razorpayPayment = { ...samplePayment, provider: 'razorpay', reference: 'pay_R1' };
    renderStaffOrder(staffPaidOrder({ payments: [razorpayPayment] }));
    const payment = await screen.findByRole('listitem', { name: 'Payment pay_R1' });
    await userEvent.click(within(payment).getByRole('button', { name: 'Refund ₹1,77,000' }));
    const form = within(payment).getByRole('form', { name: 'Refund payment pay_R1' });
    expect(within(form).queryByLabelText('Refund UTR / reference (optional)')).toBeNull();
    await userEvent.click(within(form).getByRole('radio', { name: /Already paid back/ }));
    expect(within(form).getByLabelText('Refund UTR / reference (optional)')).toBeInTheDocument();
  });

  it('adds the reference once to a manual refund recorded without one', async () => {
    const api = renderStaffOrder(refundedByHand(null), {
      [`PATCH ${base}/refunds/${REFUND_ID}`]: ok(
        refundedByHand('IMPS4455667788'),
        'Order VN-20261122-7K3Q9MZA: refund reference IMPS4455667788 added.',
      ),
    });
    const payment = await paymentRow();
    await userEvent.click(
      within(payment).getByRole('button', { name: 'Add the refund reference…' }),
    );
    const form = within(payment).getByRole('form', { name: 'Add the refund reference' });
    const field = within(form).getByLabelText('Refund UTR / reference');
    expect(field).toHaveFocus();
    await userEvent.click(within(form).getByRole('button', { name: 'Add the reference' }));
    expect(await within(form).findByText('Give the UTR or bank reference.')).toBeInTheDocument();
    await fill(field, 'IMPS 4455 6677 88');
    await userEvent.click(within(form).getByRole('button', { name: 'Add the reference' }));
    expect(
      await screen.findByText('Order VN-20261122-7K3Q9MZA: refund reference IMPS4455667788 added.'),
    ).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${base}/refunds/${REFUND_ID}`)[0]!.body).toEqual({
      reference: 'IMPS4455667788',
    });
    const after = await paymentRow();
    expect(after).toHaveTextContent('(reference IMPS4455667788)');
    expect(within(after).queryByRole('button', { name: 'Add the refund reference…' })).toBeNull();
  });
});
