import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../../test-support/fake-api';
import { correctedTaxDocuments } from '../../../../test-support/orders';
import { ORDER_ID, samplePayment, staffPaidOrder } from '../../../../test-support/staff-orders';
import { renderStaffOrder } from '../../../../test-support/staff-order-page';
import { errorToasts } from '../../../../test-support/toasts';
import { fill } from '../../../../test-support/fill';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const path = `POST /admin/orders/${ORDER_ID}/billing`;
const DELHI_GSTIN = '07AAPFU0939F1ZX';

async function openForm() {
  const panel = await screen.findByRole('region', { name: 'Correct billing details' });
  await userEvent.click(within(panel).getByRole('button', { name: 'Correct billing details…' }));
  return within(panel).getByRole('form', { name: 'Correct billing details' });
}

/** The sample paid order after its invoice was reissued for Delhi. */
const corrected = staffPaidOrder({
  billing: {
    ...staffPaidOrder().billing,
    gstinNo: DELHI_GSTIN,
    address: {
      line1: '5 Connaught Place',
      line2: null,
      city: 'New Delhi',
      state: 'Delhi',
      pinCode: '110001',
    },
  },
  taxDocuments: correctedTaxDocuments(),
});

describe("correcting an order's billing details in the console", () => {
  it('does not ask again to confirm a GSTIN of another state the order was already billed with (QA 18 F7)', async () => {
    // Billed to Maharashtra with Delhi's GSTIN, confirmed at checkout.
    const order = staffPaidOrder({
      billing: { ...staffPaidOrder().billing, gstinNo: DELHI_GSTIN },
    });
    const api = renderStaffOrder(order, { [path]: ok(order, 'Billing details corrected.') });
    const form = await openForm();
    await fill(within(form).getByLabelText('Company name'), 'Asha Traders Pvt Ltd');
    await fill(within(form).getByLabelText(/^Reason/), 'Company name as on its GST certificate');
    expect(within(form).queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.click(
      within(form).getByRole('button', { name: 'Correct the billing details' }),
    );
    expect(await screen.findByText('Billing details corrected.')).toBeInTheDocument();
    expect(api.callsTo(path)[0]!.body).toMatchObject({
      billing: { companyName: 'Asha Traders Pvt Ltd', gstinNo: DELHI_GSTIN, state: 'Maharashtra' },
      confirmGstinStateMismatch: true,
    });
  });

  it('is prefilled with the billing, checks the GSTIN and reason, confirms a GSTIN of another state, and sends what the agent saw', async () => {
    const api = renderStaffOrder(staffPaidOrder(), {
      [path]: ok(
        corrected,
        'Order VN-20261122-7K3Q9MZA: billing details corrected; invoice INV/26-27/000002 replaces INV/26-27/000001.',
      ),
    });
    const form = await openForm();
    expect(within(form).getByLabelText('Billing name')).toHaveValue('Asha Verma');
    expect(within(form).getByLabelText('Company name')).toHaveValue('Asha Traders');
    const gstin = within(form).getByLabelText('GSTIN');
    expect(gstin).toHaveValue('27AAPFU0939F1ZV');
    expect(within(form).getByLabelText('Address line 1')).toHaveValue('1 MG Road');

    await fill(gstin, '07AAPFU0939F1Z0');
    await userEvent.click(
      within(form).getByRole('button', { name: 'Correct the billing details' }),
    );
    expect(
      await within(form).findByText(
        'The last character (the check character) does not match: please check the GSTIN for a typo.',
      ),
    ).toBeInTheDocument();
    expect(
      within(form).getByText('Say in at least 5 characters why the details are corrected.'),
    ).toBeInTheDocument();
    expect(api.callsTo(path)).toHaveLength(0);

    // Delhi's GSTIN with a Maharashtra address: the difference is confirmed first.
    await fill(gstin, DELHI_GSTIN.toLowerCase());
    await fill(within(form).getByLabelText(/^Reason/), 'Buyer e-mailed: wrong GSTIN');
    await userEvent.click(
      within(form).getByRole('button', { name: 'Correct the billing details' }),
    );
    const confirm = await within(form).findByRole('checkbox', {
      name: 'The GSTIN is registered in Delhi; bill this order to Maharashtra all the same.',
    });
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(api.callsTo(path)).toHaveLength(0);
    await userEvent.click(confirm);
    await userEvent.click(
      within(form).getByRole('button', { name: 'Correct the billing details' }),
    );

    expect(
      await screen.findByText(
        'Order VN-20261122-7K3Q9MZA: billing details corrected; invoice INV/26-27/000002 replaces INV/26-27/000001.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(path)[0]!.body).toEqual({
      billing: {
        name: 'Asha Verma',
        companyName: 'Asha Traders',
        gstinNo: DELHI_GSTIN,
        line1: '1 MG Road',
        city: 'Pune',
        state: 'Maharashtra',
        pinCode: '411001',
      },
      reason: 'Buyer e-mailed: wrong GSTIN',
      confirmGstinStateMismatch: true,
      expected: {
        name: 'Asha Verma',
        companyName: 'Asha Traders',
        gstinNo: '27AAPFU0939F1ZV',
        address: {
          line1: '1 MG Road',
          line2: null,
          city: 'Pune',
          state: 'Maharashtra',
          pinCode: '411001',
        },
      },
    });
    // The page lists the new invoice, the replaced one and the credit note that cancels it.
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(
      within(payments).getByRole('link', {
        name: 'Download the tax invoice INV/26-27/000002 (PDF)',
      }),
    ).toHaveAttribute('href', `/api/v1/admin/orders/${ORDER_ID}/invoice.pdf`);
    expect(
      within(payments).getByRole('link', {
        name: 'Download replaced invoice INV/26-27/000001 (PDF)',
      }),
    ).toHaveAttribute('href', `/api/v1/admin/orders/${ORDER_ID}/invoices/INV-26-27-000001.pdf`);
    expect(
      within(payments).getByRole('link', {
        name: 'Download credit note CN/26-27/000001 (billing corrected) (PDF)',
      }),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal in the form, and when another agent corrected the details first keeps the agent's input, shows the billing now and sends again against it", async () => {
    const refusals = [
      fail(
        409,
        'This order has a refund and its credit note: its billing details cannot be corrected here. Correct its tax documents by hand with the accountant.',
        { code: 'CORRECT_BY_HAND' },
      ),
      fail(
        409,
        "Ravi Kumar corrected this order's billing details at 24 Nov 2026, 2:35 pm, after you opened it.",
        { code: 'BILLING_CHANGED' },
      ),
    ];
    // Read again after the refusal: Ravi Kumar's correction (the Delhi address and GSTIN).
    let overtaken = false;
    const api = renderStaffOrder(staffPaidOrder(), {
      [`GET /admin/orders/${ORDER_ID}`]: () => ok(overtaken ? corrected : staffPaidOrder()),
      [path]: () => {
        const refusal = refusals.shift();
        // From the BILLING_CHANGED refusal on, the order reads as the other agent left it.
        overtaken = refusals.length === 0;
        return refusal ?? ok(corrected, 'Billing details corrected.');
      },
    });
    const form = await openForm();
    await fill(within(form).getByLabelText('Billing name'), 'Asha V. Verma');
    await fill(within(form).getByLabelText(/^Reason/), 'Name spelt wrong');
    await userEvent.click(
      within(form).getByRole('button', { name: 'Correct the billing details' }),
    );
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Correct its tax documents by hand with the accountant.',
    );

    await userEvent.click(
      within(form).getByRole('button', { name: 'Correct the billing details' }),
    );
    expect(
      await within(errorToasts()).findByText(/Ravi Kumar corrected this order's billing details/),
    ).toBeInTheDocument();
    // The form stays, with what the agent typed, and says what the billing is now.
    // Shown once the order is read again.
    await within(form).findByText(
      'Asha Verma (Asha Traders, GSTIN 07AAPFU0939F1ZX); 5 Connaught Place, New Delhi, Delhi 110001',
    );
    expect(within(form).getByRole('status')).toHaveTextContent(
      /^Another agent corrected these details meanwhile\. They are now:\s*Asha Verma \(Asha Traders, GSTIN 07AAPFU0939F1ZX\); 5 Connaught Place, New Delhi, Delhi 110001\s*Your corrections are kept below/,
    );
    expect(within(form).getByLabelText('Billing name')).toHaveValue('Asha V. Verma');
    expect(within(form).getByLabelText(/^Reason/)).toHaveValue('Name spelt wrong');

    await userEvent.click(
      within(form).getByRole('button', { name: 'Correct the billing details' }),
    );
    expect(await screen.findByText('Billing details corrected.')).toBeInTheDocument();
    const resent = api.callsTo(path)[2]!.body as { billing: object; expected: object };
    expect(resent.billing).toMatchObject({ name: 'Asha V. Verma' });
    // Sent against the billing the agent was shown, not the one the form opened with.
    expect(resent.expected).toEqual({
      name: 'Asha Verma',
      companyName: 'Asha Traders',
      gstinNo: DELHI_GSTIN,
      address: corrected.billing.address,
    });
  });

  it('is not offered once a number was refunded, and says why and what to do instead (QA 19 F9)', async () => {
    renderStaffOrder(
      staffPaidOrder({
        payments: [
          {
            ...samplePayment,
            refunds: [
              {
                id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
                method: 'manual',
                amount: 147500,
                numberId: 11,
                reason: 'Porting failed',
                status: 'done',
                providerRefundId: null,
                reference: 'IMPS4455667788',
                failure: null,
                by: 'Ravi Kumar',
                at: '2026-11-23T05:00:00.000Z',
                completedAt: '2026-11-23T05:00:00.000Z',
              },
            ],
          },
        ],
      }),
    );
    const panel = await screen.findByRole('region', { name: 'Correct billing details' });
    expect(panel).toHaveTextContent(
      'This order has a refund, so its billing details cannot be corrected here: correct its invoice by hand with your accountant.',
    );
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });
});
