import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { addDays, indiaDay } from '@store/domain';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, installFakeApi, ok } from '../../../test-support/fake-api';
import { creditNote, taxDocuments } from '../../../test-support/orders';
import { createTestQueryClient } from '../../../test-support/render';
import {
  numberRefund,
  ORDER_ID,
  samplePayment,
  staffPaidOrder,
  staffPendingOrder,
} from '../../../test-support/staff-orders';
import { renderStaffOrder } from '../../../test-support/staff-order-page';
import { ToastProvider } from '../../components/toast';
import OrderPage from './order-page';
import { errorToasts } from '../../../test-support/toasts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base = `/admin/orders/${ORDER_ID}`;

const region = (name: string) => screen.getByRole('region', { name });
const numberRow = (display: string) =>
  within(region('Numbers and porting')).getByRole('listitem', { name: display });

/** A paid order whose numbers both await their UPC. */
const awaitingUpcs = () =>
  staffPaidOrder({ status: 'paid', statusLabel: 'Paid', items: staffPendingOrder().items });

/** An order awaiting payment whose buyer submitted this UTR ("I have paid"). */
function submittedOrder(utr: string, screenshot = false) {
  const pending = staffPendingOrder();
  return staffPendingOrder({
    statusLabel: 'Payment submitted',
    payment: { ...pending.payment, submitted: { utr, at: pending.createdAt, screenshot } },
  });
}

describe('the console order page', () => {
  it("is titled by the order's reference once it is read, the route's title back as it goes", async () => {
    document.title = 'Order · Console';
    renderStaffOrder(staffPaidOrder());
    await screen.findByRole('heading', { level: 1, name: 'Order VN-20261122-7K3Q9MZA' });
    expect(document.title).toBe('Order VN-20261122-7K3Q9MZA · Console');
    cleanup();
    expect(document.title).toBe('Order · Console');
  });

  it('says which number is overdue, why and since when, and nothing when none is (decision 0107)', async () => {
    renderStaffOrder(
      staffPaidOrder({
        status: 'paid',
        statusLabel: 'Paid',
        overdue: [
          {
            numberId: 1,
            number: '98765 43210',
            reason: 'upc_late',
            since: '2026-11-23T09:05:00.000Z',
            words: 'UPC not sent: paid 27 h ago, promised within 24 h',
          },
        ],
      }),
    );
    const notice = await screen.findByRole('region', { name: 'Porting overdue' });
    expect(notice).toHaveTextContent(
      '98765 43210: UPC not sent: paid 27 h ago, promised within 24 h (overdue since 23 Nov 2026, 2:35 pm IST)',
    );
    cleanup();
    renderStaffOrder(staffPaidOrder());
    await screen.findByRole('heading', { level: 1, name: 'Order VN-20261122-7K3Q9MZA' });
    expect(screen.queryByRole('region', { name: 'Porting overdue' })).toBeNull();
  });

  it('shows the numbers, payments, timeline, buyer, billing, amounts and attribution', async () => {
    renderStaffOrder(staffPaidOrder());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order VN-20261122-7K3Q9MZA' }),
    ).toBeInTheDocument();
    expect(numberRow('98765 43210')).toHaveTextContent('UPC sent');
    expect(numberRow('98765 43210')).toHaveTextContent('UPC AB12CD34, valid until 26 Nov 2026');
    expect(
      within(numberRow('98765 43210')).getByRole('list', {
        name: 'Porting steps of 98765 43210',
      }),
    ).toHaveTextContent('UPC sent AB12CD34 · 22 Nov 2026, 6:00 pm IST · Meera Iyer');
    const payment = within(region('Payments')).getByRole('listitem', {
      name: 'Payment UTR 431298765',
    });
    expect(payment).toHaveTextContent('₹1,77,000');
    expect(payment).toHaveTextContent('Pays for the order');
    expect(payment).toHaveTextContent('confirmed by Ravi Kumar');
    expect(
      within(region('Payments')).queryByRole('form', { name: 'Confirm a payment' }),
    ).toBeNull();
    expect(region('Timeline')).toHaveTextContent('UPC sent22 Nov 2026, 6:00 pm IST · Meera Iyer');
    expect(region('Timeline')).toHaveTextContent(
      'Awaiting payment22 Nov 2026, 2:30 pm IST · the buyer',
    );
    expect(region('Buyer')).toHaveTextContent('WhatsApp updatesYes');
    expect(region('Billing details')).toHaveTextContent('27AAPFU0939F1ZV');
    expect(region('Amounts')).toHaveTextContent('CGST (9%)₹13,500');
    // In support's words and India's time, the source first, without the browser's expiry.
    expect(
      within(region('Attribution'))
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Source', 'Campaign', 'Landed']);
    expect(region('Attribution')).toHaveTextContent('Campaigndiwali');
    expect(region('Attribution')).toHaveTextContent('Landed20 Nov 2026, 10:00 am IST');
  });

  it('shows a referral and its landing page decoded, as text, surviving a malformed escape', async () => {
    renderStaffOrder(
      staffPaidOrder({
        attribution: {
          referrer: 'www.google.co.in',
          referrer_medium: 'organic',
          landing_page: '/vip-numbers/goa?q=%E0%A4%97%E0%A5%8B%E0%A4%86&x=%3Cb%3Ebold%3C%2Fb%3E',
          timestamp: '2026-11-20T04:30:00.000Z',
        },
      }),
    );
    const attribution = await screen.findByRole('region', { name: 'Attribution' });
    expect(
      within(attribution)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Came from', 'Visit type', 'Landing page', 'Landed']);
    expect(attribution).toHaveTextContent('Came fromwww.google.co.in');
    expect(attribution).toHaveTextContent('Visit typeorganic');
    expect(attribution).toHaveTextContent('Landing page/vip-numbers/goa?q=गोआ&x=<b>bold</b>');
    expect(attribution.querySelector('b')).toBeNull();
    cleanup();

    // A cut character and a stray % stay as they came; the rest is still decoded.
    renderStaffOrder(
      staffPaidOrder({
        attribution: { utm_source: 'x', landing_page: '/?c=%E0%A4&d=%zz&e=diwali%20sale' },
      }),
    );
    expect(await screen.findByRole('region', { name: 'Attribution' })).toHaveTextContent(
      'Landing page/?c=%E0%A4&d=%zz&e=diwali sale',
    );
  });

  it('confirms a transfer with its reference, and shows why a reference is refused', async () => {
    let attempts = 0;
    const api = renderStaffOrder(staffPendingOrder(), {
      [`POST ${base}/payments`]: () =>
        ++attempts === 1
          ? fail(
              409,
              'The payment reference UTR 1 is already recorded for order VN-20261120-ZZZZ0000.',
            )
          : ok(
              staffPaidOrder(),
              'Payment confirmed: the order is paid and the buyer is sent the invoice.',
            ),
    });
    const form = await screen.findByRole('form', { name: 'Confirm a payment' });
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm payment' }));
    expect(
      await within(form).findByText('Type the UTR or bank reference of the transfer.'),
    ).toBeInTheDocument();
    expect(api.callsTo(`POST ${base}/payments`)).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('UTR / bank reference'), ' UTR 1 ');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm payment' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'already recorded for order VN-20261120-ZZZZ0000',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm payment' }));
    expect(
      await screen.findByText(
        'Payment confirmed: the order is paid and the buyer is sent the invoice.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(`POST ${base}/payments`).map((call) => call.body)).toEqual([
      { reference: 'UTR 1' },
      { reference: 'UTR 1' },
    ]);
    // The order as answered replaces the one shown.
    expect(
      await screen.findByRole('listitem', { name: 'Payment UTR 431298765' }),
    ).toBeInTheDocument();
    // The form has gone: the focus is on the payments recorded.
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Payments recorded' })).toHaveFocus(),
    );
  });

  it('records a second transfer on a paid order only from its own button, as a payment due back', async () => {
    const api = renderStaffOrder(staffPaidOrder(), {
      [`POST ${base}/payments`]: () =>
        ok(
          staffPaidOrder({ needsRefund: true }),
          'This order had already been paid: this further payment is marked for a full refund. The order goes on as before.',
        ),
    });
    const payments = await screen.findByRole('region', { name: 'Payments' });
    // No confirm form on a paid order: a payment confirmed again by mistake cannot be sent.
    expect(within(payments).queryByRole('form', { name: 'Confirm a payment' })).toBeNull();
    await userEvent.click(
      within(payments).getByRole('button', { name: 'Record a second payment (due back)' }),
    );
    const form = within(payments).getByRole('form', { name: 'Record a second payment' });
    expect(form).toHaveTextContent(
      'It does not pay for anything: it is kept as a payment due back, the buyer is told, and the order goes on as it is, under “Needs refund” until you refund that payment here.',
    );
    await userEvent.type(within(form).getByLabelText('UTR / bank reference'), ' HDFCN5202611309 ');
    await userEvent.click(
      within(form).getByRole('button', { name: 'Record the second payment (due back)' }),
    );
    expect(
      await screen.findByText(
        'This order had already been paid: this further payment is marked for a full refund. The order goes on as before.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(`POST ${base}/payments`).map((call) => call.body)).toEqual([
      { reference: 'HDFCN5202611309', extra: true },
    ]);
    await waitFor(() =>
      expect(within(payments).queryByRole('form', { name: 'Record a second payment' })).toBeNull(),
    );
  });

  it('closes the second payment form with Escape, the focus back on its button', async () => {
    renderStaffOrder(staffPaidOrder());
    const opener = await screen.findByRole('button', {
      name: 'Record a second payment (due back)',
    });
    await userEvent.click(opener);
    await userEvent.click(screen.getByLabelText('UTR / bank reference'));
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Record a second payment (due back)' }),
      ).toHaveFocus(),
    );
  });

  it('says who confirmed the payment meanwhile, in a toast, as the order is read again paid (decision 0084)', async () => {
    let paid = false;
    const said =
      'Anil Admin confirmed payment UTR432109876543 for this order at 30 Nov 2026, 3:05 pm. Yours (UTR432109876999) was not recorded; if it is more money received, record it as a further payment.';
    renderStaffOrder(staffPendingOrder(), {
      [`GET ${base}`]: () => ok(paid ? staffPaidOrder() : staffPendingOrder()),
      [`POST ${base}/payments`]: () => {
        paid = true;
        return fail(409, said, { code: 'PAYMENT_ALREADY_CONFIRMED' });
      },
    });
    const form = await screen.findByRole('form', { name: 'Confirm a payment' });
    await userEvent.type(within(form).getByLabelText('UTR / bank reference'), 'UTR432109876999');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm payment' }));
    expect(await screen.findByText(said)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Confirm a payment' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText(said)).toBeInTheDocument();
  });

  it('asks again before confirming a reference other than the UTR the buyer submitted', async () => {
    const submitted = submittedOrder('412345678901');
    const api = renderStaffOrder(submitted, {
      [`POST ${base}/payments`]: ok(staffPaidOrder(), 'Payment confirmed.'),
    });
    const form = await screen.findByRole('form', { name: 'Confirm a payment' });
    const reference = within(form).getByLabelText('UTR / bank reference');
    await userEvent.clear(reference);
    await userEvent.type(reference, '412345678910');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm payment' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      '412345678910 is not the UTR the buyer submitted, 412345678901.',
    );
    expect(api.callsTo(`POST ${base}/payments`)).toHaveLength(0);

    // Another reference typed is checked again.
    await userEvent.type(reference, '1');
    expect(within(form).queryByRole('alert')).toBeNull();
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm payment' }));
    await userEvent.type(reference, '{Backspace}');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm payment' }));
    expect(api.callsTo(`POST ${base}/payments`)).toHaveLength(0);

    await userEvent.click(
      within(form).getByRole('button', {
        name: 'Confirm with 412345678910, not the buyer’s UTR',
      }),
    );
    expect(await screen.findByText('Payment confirmed.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${base}/payments`).map((call) => call.body)).toEqual([
      { reference: '412345678910' },
    ]);
  });

  it("confirms the buyer's UTR, however it is spaced or cased, at once", async () => {
    const submitted = submittedOrder('HDFCN52026112812');
    const api = renderStaffOrder(submitted, {
      [`POST ${base}/payments`]: ok(staffPaidOrder(), 'Payment confirmed.'),
    });
    const form = await screen.findByRole('form', { name: 'Confirm a payment' });
    const reference = within(form).getByLabelText('UTR / bank reference');
    await userEvent.clear(reference);
    await userEvent.type(reference, 'hdfcn 5202 6112 812');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm payment' }));
    expect(await screen.findByText('Payment confirmed.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${base}/payments`)).toHaveLength(1);
  });

  it('says bank transfer where the order is over the UPI limit', async () => {
    const pending = staffPendingOrder();
    renderStaffOrder(
      staffPendingOrder({
        payment: {
          ...pending.payment,
          instructions: { ...pending.payment.instructions!, upiId: null },
        },
      }),
    );
    const form = await screen.findByRole('form', { name: 'Confirm a payment' });
    expect(form).toHaveTextContent('Received ₹1,77,000 by bank transfer? Check it');
    expect(screen.getByRole('heading', { level: 1 }).parentElement).toHaveTextContent(
      'Bank transfer',
    );
    expect(document.body).not.toHaveTextContent('UPI');
  });

  it('links to the payment screenshot the buyer attached', async () => {
    renderStaffOrder(submittedOrder('412345678901', true));
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(
      within(payments).getByRole('link', { name: 'See the payment screenshot' }),
    ).toHaveAttribute(
      'href',
      expect.stringMatching(/\/api\/v1\/admin\/orders\/[^/]+\/payment-screenshot$/),
    );
  });

  it('shows the UTR the buyer submitted, ready to confirm, or rejects it with a reason', async () => {
    const submitted = submittedOrder('412345678901');
    const api = renderStaffOrder(submitted, {
      [`POST ${base}/payment-submission/reject`]: ok(
        staffPendingOrder(),
        'Payment rejected; the buyer has been told.',
      ),
    });
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(payments).toHaveTextContent('The buyer says they have paid: UTR 412345678901');
    expect(
      within(payments).queryByRole('link', { name: 'See the payment screenshot' }),
    ).not.toBeInTheDocument();
    const confirm = within(payments).getByRole('form', { name: 'Confirm a payment' });
    expect(within(confirm).getByLabelText('UTR / bank reference')).toHaveValue('412345678901');

    const reject = within(payments).getByRole('form', { name: 'Reject the submitted payment' });
    await userEvent.click(within(reject).getByRole('button', { name: 'Reject the payment' }));
    expect(
      await within(reject).findByText('Tell the buyer why the payment could not be verified.'),
    ).toBeInTheDocument();
    await userEvent.type(
      within(reject).getByLabelText('Reason the buyer is sent'),
      'No credit with this UTR.',
    );
    await userEvent.click(within(reject).getByRole('button', { name: 'Reject the payment' }));
    expect(
      await screen.findByText('Payment rejected; the buyer has been told.'),
    ).toBeInTheDocument();
    expect(api.callsTo(`POST ${base}/payment-submission/reject`).map((call) => call.body)).toEqual([
      { reason: 'No credit with this UTR.' },
    ]);
    await waitFor(() =>
      expect(
        screen.queryByRole('form', { name: 'Reject the submitted payment' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('puts a number of a sale undone before its UPC went out back on sale, or points to Inventory', async () => {
    const undone = {
      ...awaitingUpcs(),
      status: 'refunded' as const,
      statusLabel: 'Refunded',
      items: [staffPendingOrder().items[0]!, staffPaidOrder().items[1]!],
    };
    let relisted = false;
    const api = renderStaffOrder(undone, {
      [`GET ${base}`]: () => ok({ ...undone, relistableNumberIds: relisted ? [] : [11] }),
      'POST /admin/numbers/11/unhide': () => {
        relisted = true;
        return ok({}, '98765 43210 is on sale.');
      },
    });
    const row = await screen.findByRole('listitem', { name: '98765 43210' });
    expect(
      within(row).getByRole('link', { name: 'Change its price first in Inventory' }),
    ).toHaveAttribute('href', '/admin/inventory?q=9876543210');
    // Its UPC went out: porting began, so it is not put back on sale.
    expect(
      within(numberRow('90000 78600')).queryByRole('button', { name: /back on sale/ }),
    ).toBeNull();

    await userEvent.click(
      within(row).getByRole('button', { name: 'Put 98765 43210 back on sale' }),
    );
    expect(await screen.findByText('98765 43210 is on sale.')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/numbers/11/unhide')).toHaveLength(1);
    // The order read again no longer offers it.
    await waitFor(() =>
      expect(within(row).queryByRole('button', { name: /back on sale/ })).toBeNull(),
    );
  });

  it('offers the tax invoice of a paid order', async () => {
    renderStaffOrder(staffPaidOrder());
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(
      within(payments).getByRole('link', { name: 'Download the tax invoice (PDF)' }),
    ).toHaveAttribute('href', `/api/v1/admin/orders/${ORDER_ID}/invoice.pdf`);
    expect(within(payments).queryByRole('link', { name: /credit note/ })).not.toBeInTheDocument();
  });

  it('offers the credit note of a refunded order', async () => {
    renderStaffOrder(
      staffPaidOrder({
        status: 'refunded',
        statusLabel: 'Refunded',
        taxDocuments: taxDocuments({
          invoice: true,
          creditNote: true,
          creditNotes: [creditNote({ refundReference: null })],
        }),
      }),
    );
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(
      within(payments).getByRole('link', { name: 'Download credit note CN/26-27/000001 (PDF)' }),
    ).toHaveAttribute('href', `/api/v1/admin/orders/${ORDER_ID}/credit-notes/CN-26-27-000001.pdf`);
  });

  it('links only the tax documents the order has', async () => {
    renderStaffOrder(
      staffPaidOrder({
        status: 'refunded',
        statusLabel: 'Refunded',
        taxDocuments: taxDocuments({ invoice: true }),
      }),
    );
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(
      within(payments).getByRole('link', { name: 'Download the tax invoice (PDF)' }),
    ).toBeVisible();
    expect(
      within(payments).queryByRole('link', { name: 'Download the credit note (PDF)' }),
    ).not.toBeInTheDocument();
  });

  it('records a UPC with its expiry, checking the code and the day first', async () => {
    const today = indiaDay();
    const api = renderStaffOrder(awaitingUpcs(), {
      [`POST ${base}/numbers/11/porting`]: ok(staffPaidOrder(), '98765 43210: UPC sent.'),
    });
    const form = await within(
      await screen.findByRole('listitem', { name: '98765 43210' }),
    ).findByRole('form', { name: 'UPC for 98765 43210' });
    const expiry = within(form).getByLabelText('Valid until');
    expect(expiry).toHaveValue(addDays(today, 4));
    await userEvent.type(within(form).getByLabelText('UPC'), 'AB12');
    await userEvent.clear(expiry);
    await userEvent.type(expiry, addDays(today, -1));
    await userEvent.click(within(form).getByRole('button', { name: 'Mark UPC sent' }));
    expect(await within(form).findByText('A UPC is 8 letters and digits.')).toBeInTheDocument();
    expect(within(form).getByText('This day is in the past.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${base}/numbers/11/porting`)).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('UPC'), ' cd34');
    await userEvent.click(within(form).getByRole('button', { name: '30 days' }));
    expect(expiry).toHaveValue(addDays(today, 30));
    await userEvent.type(within(form).getByLabelText('Note (optional)'), 'Sent from the Jio store');
    await userEvent.click(within(form).getByRole('button', { name: 'Mark UPC sent' }));
    expect(await screen.findByText('98765 43210: UPC sent.')).toBeInTheDocument();
    // The form has gone: the focus is on the number and its new step, not on the page's body.
    const row = screen.getByRole('listitem', { name: '98765 43210' });
    await waitFor(() => expect(numberSummary(row)).toHaveFocus());
    expect(api.callsTo(`POST ${base}/numbers/11/porting`)[0]!.body).toEqual({
      status: 'upc_sent',
      upcCode: 'AB12CD34',
      upcExpiresOn: addDays(today, 30),
      note: 'Sent from the Jio store',
    });
  });

  it('moves a number on once its UPC is sent, or replaces its UPC', async () => {
    const moved = staffPaidOrder();
    const api = renderStaffOrder(staffPaidOrder(), {
      [`POST ${base}/numbers/12/porting`]: ok(
        {
          ...moved,
          items: moved.items.map((item) =>
            item.numberId === 12
              ? {
                  ...item,
                  porting: {
                    ...item.porting,
                    status: 'porting_in_progress' as const,
                    label: 'Porting in progress',
                  },
                }
              : item,
          ),
        },
        '90000 78600: Porting in progress.',
      ),
    });
    const row = await screen.findByRole('listitem', { name: '90000 78600' });
    await userEvent.click(within(row).getByRole('button', { name: 'Replace the UPC' }));
    expect(within(row).getByRole('form', { name: 'UPC for 90000 78600' })).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Keep the UPC' }));
    expect(within(row).queryByRole('form', { name: 'UPC for 90000 78600' })).toBeNull();

    await userEvent.click(within(row).getByRole('button', { name: 'Mark porting in progress' }));
    await waitFor(() =>
      expect(api.callsTo(`POST ${base}/numbers/12/porting`).map((c) => c.body)).toEqual([
        { status: 'porting_in_progress' },
      ]),
    );
    // The focus is on the number and its new step.
    await waitFor(() => expect(numberSummary(row)).toHaveFocus());
    expect(numberSummary(row)).toHaveTextContent('Porting in progress');
  });

  it('takes a step recorded by mistake back, with a reason, on a completed order too', async () => {
    const api = renderStaffOrder(
      staffPaidOrder({ status: 'completed', statusLabel: 'Completed' }),
      {
        [`POST ${base}/numbers/12/porting/undo`]: ok(
          staffPaidOrder(),
          '90000 78600: back at "Awaiting UPC".',
        ),
      },
    );
    const row = await screen.findByRole('listitem', { name: '90000 78600' });
    expect(within(row).queryByRole('button', { name: 'Mark porting in progress' })).toBeNull();
    await userEvent.click(
      within(row).getByRole('button', { name: 'Take back “UPC sent”… (90000 78600)' }),
    );
    const form = within(row).getByRole('form', { name: 'Take back the last step of 90000 78600' });
    // The buyer holds that code: they are told not to use it (decision 0050).
    expect(form).toHaveTextContent(
      'and its UPC is cleared. The buyer is told not to use QW56ER78 (by e-mail with this reason, and by SMS and WhatsApp); the next UPC sent says it replaces it.',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Take the step back' }));
    expect(await within(form).findByText('Say why the step is taken back.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${base}/numbers/12/porting/undo`)).toHaveLength(0);
    await userEvent.type(
      within(form).getByLabelText("Reason (shown to the buyer in the number's history)"),
      'UPC typed for the wrong number',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Take the step back' }));
    expect(await screen.findByText('90000 78600: back at "Awaiting UPC".')).toBeInTheDocument();
    expect(api.callsTo(`POST ${base}/numbers/12/porting/undo`).map((c) => c.body)).toEqual([
      { step: 'upc_sent', reason: 'UPC typed for the wrong number' },
    ]);
    // Escape closes the panel and gives the focus back to its button.
    const opener = within(row).getByRole('button', { name: 'Take back “UPC sent”… (90000 78600)' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(
      within(row).getByRole('button', { name: 'Take back “UPC sent”… (90000 78600)' }),
    ).toHaveFocus();
  });

  it('puts the focus on the UPC field once "UPC sent" is taken back', async () => {
    const sent = staffPaidOrder();
    const awaiting = {
      ...sent,
      items: sent.items.map((item) =>
        item.numberId === 12
          ? {
              ...item,
              porting: { ...item.porting, status: 'awaiting_upc' as const, label: 'Awaiting UPC' },
            }
          : item,
      ),
    };
    renderStaffOrder(sent, {
      [`POST ${base}/numbers/12/porting/undo`]: ok(
        awaiting,
        '90000 78600: back at "Awaiting UPC".',
      ),
    });
    const row = await screen.findByRole('listitem', { name: '90000 78600' });
    await userEvent.click(
      within(row).getByRole('button', { name: 'Take back “UPC sent”… (90000 78600)' }),
    );
    await userEvent.type(within(row).getByLabelText(/^Reason/), 'Wrong number{Enter}');
    const form = await within(row).findByRole('form', { name: 'UPC for 90000 78600' });
    await waitFor(() => expect(within(form).getByLabelText('UPC')).toHaveFocus());
  });

  it('refuses a first UPC from a page out of date: says whose UPC went out and shows it', async () => {
    const sent = staffPaidOrder();
    let recordedElsewhere = false;
    const api = renderStaffOrder(awaitingUpcs(), {
      [`GET ${base}`]: () => ok(recordedElsewhere ? sent : awaitingUpcs()),
      [`POST ${base}/numbers/11/porting`]: () => {
        recordedElsewhere = true; // another agent recorded theirs a moment before
        return fail(
          409,
          'UPC AB12CD34 was already sent to the buyer for 98765 43210 by Meera Iyer at 22 Nov 2026, 6:00 pm IST. Yours (ZX98YW76) was not sent.',
          { code: 'UPC_ALREADY_SENT' },
        );
      },
    });
    const row = await screen.findByRole('listitem', { name: '98765 43210' });
    const form = within(row).getByRole('form', { name: 'UPC for 98765 43210' });
    await userEvent.type(within(form).getByLabelText('UPC'), 'ZX98YW76');
    await userEvent.click(within(form).getByRole('button', { name: 'Mark UPC sent' }));
    await waitFor(() =>
      expect(errorToasts()).toHaveTextContent(
        'UPC AB12CD34 was already sent to the buyer for 98765 43210 by Meera Iyer',
      ),
    );
    // A first UPC names none it replaces.
    expect(api.callsTo(`POST ${base}/numbers/11/porting`)[0]!.body).not.toHaveProperty('replaces');
    // The page shows the UPC that went out, with a button to replace it, not the first-UPC form.
    await waitFor(() => expect(row).toHaveTextContent('UPC AB12CD34'));
    expect(within(row).queryByRole('form', { name: 'UPC for 98765 43210' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Replace the UPC' })).toBeInTheDocument();
  });

  it('names the UPC a new one replaces, as shown when the form was opened', async () => {
    const api = renderStaffOrder(staffPaidOrder(), {
      [`POST ${base}/numbers/12/porting`]: fail(
        409,
        "90000 78600's UPC is JK11LM22 now (sent by Meera Iyer at 22 Nov 2026, 6:05 pm IST), not QW56ER78.",
        { code: 'UPC_CHANGED' },
      ),
    });
    const row = await screen.findByRole('listitem', { name: '90000 78600' });
    await userEvent.click(within(row).getByRole('button', { name: 'Replace the UPC' }));
    const form = within(row).getByRole('form', { name: 'UPC for 90000 78600' });
    await userEvent.type(within(form).getByLabelText('UPC'), 'ZX98YW76');
    await userEvent.click(within(form).getByRole('button', { name: 'Send the new UPC' }));
    await waitFor(() => expect(errorToasts()).toHaveTextContent("90000 78600's UPC is JK11LM22"));
    expect(api.callsTo(`POST ${base}/numbers/12/porting`)[0]!.body).toMatchObject({
      status: 'upc_sent',
      upcCode: 'ZX98YW76',
      replaces: 'QW56ER78',
    });
    // Refused, the form goes: the agent looks at the number's UPC again before replacing it.
    await waitFor(() =>
      expect(within(row).queryByRole('form', { name: 'UPC for 90000 78600' })).toBeNull(),
    );
  });

  it('reads the order again when a step is refused, so the page shows where the number stands', async () => {
    const before = staffPaidOrder({ status: 'completed', statusLabel: 'Completed' });
    let moved = false;
    const movedOn = {
      ...before,
      items: before.items.map((item) =>
        item.numberId === 12
          ? {
              ...item,
              porting: { ...item.porting, status: 'awaiting_upc' as const, label: 'Awaiting UPC' },
            }
          : item,
      ),
    };
    renderStaffOrder(before, {
      [`GET ${base}`]: () => ok(moved ? movedOn : before),
      [`POST ${base}/numbers/12/porting/undo`]: () => {
        moved = true; // taken back from another tab meanwhile
        return fail(
          409,
          '90000 78600 is at "Awaiting UPC" now, not "UPC sent": nothing was taken back.',
        );
      },
    });
    const row = await screen.findByRole('listitem', { name: '90000 78600' });
    await userEvent.click(
      within(row).getByRole('button', { name: 'Take back “UPC sent”… (90000 78600)' }),
    );
    await userEvent.type(within(row).getByLabelText(/^Reason/), 'Wrong number');
    await userEvent.click(within(row).getByRole('button', { name: 'Take the step back' }));
    await waitFor(() => expect(errorToasts()).toHaveTextContent('nothing was taken back'));
    await waitFor(() => expect(row).toHaveTextContent('Awaiting UPC'));
    expect(within(row).queryByRole('form', { name: /^Take back/ })).toBeNull();
  });

  it('shows no porting actions before payment or once the order is cancelled', async () => {
    renderStaffOrder(staffPendingOrder());
    await screen.findByRole('heading', { level: 1 });
    expect(region('Numbers and porting')).toHaveTextContent(
      'Porting starts once the order is paid.',
    );
    expect(within(region('Numbers and porting')).queryByRole('form')).toBeNull();
    cleanup();
    renderStaffOrder(staffPaidOrder({ status: 'cancelled', statusLabel: 'Cancelled' }));
    await screen.findByRole('heading', { level: 1 });
    expect(within(region('Numbers and porting')).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Cancel the order' })).toBeNull();
    // The UPC sent is void once the order is cancelled: never read out as valid (QA 18 F10).
    expect(numberRow('98765 43210')).toHaveTextContent(
      'UPC AB12CD34, void: the buyer was told not to use it',
    );
    expect(numberRow('98765 43210')).not.toHaveTextContent('valid until');
  });

  it('gives no porting status to the numbers of an order never paid, its late payment refunded (QA 19 F8)', async () => {
    const pending = staffPendingOrder();
    renderStaffOrder(
      staffPendingOrder({
        status: 'refunded',
        statusLabel: 'Refunded',
        payment: { provider: 'razorpay', status: 'refunded', paymentReference: 'pay_late' },
        payments: [
          { ...samplePayment, provider: 'razorpay', reference: 'pay_late', applied: false },
        ],
        items: pending.items,
      }),
    );
    await screen.findByRole('heading', { level: 1 });
    expect(numberRow('98765 43210')).toHaveTextContent('Not sold by this order');
    expect(numberRow('98765 43210')).toHaveTextContent(
      'This order was never paid: the number was not sold by it, and has no porting here.',
    );
    expect(numberRow('98765 43210')).not.toHaveTextContent('Awaiting UPC');
  });

  it('refunds a payment with a reason, through Razorpay by default for a Razorpay payment', async () => {
    const razorpayPayment = { ...samplePayment, provider: 'razorpay', reference: 'pay_R1' };
    const api = renderStaffOrder(staffPaidOrder({ payments: [razorpayPayment] }), {
      [`POST ${base}/refunds`]: ok(
        staffPaidOrder({ status: 'refunded', statusLabel: 'Refunded' }),
        'Order VN-20261122-7K3Q9MZA: refund made.',
      ),
    });
    const payment = await screen.findByRole('listitem', { name: 'Payment pay_R1' });
    await userEvent.click(within(payment).getByRole('button', { name: 'Refund ₹1,77,000' }));
    let form = within(payment).getByRole('form', { name: 'Refund payment pay_R1' });
    expect(within(form).getByLabelText('Reason')).toHaveFocus();
    // Escape closes the panel, the focus back on the button that opened it.
    await userEvent.keyboard('{Escape}');
    expect(within(payment).queryByRole('form')).toBeNull();
    expect(within(payment).getByRole('button', { name: 'Refund ₹1,77,000' })).toHaveFocus();
    await userEvent.click(within(payment).getByRole('button', { name: 'Refund ₹1,77,000' }));
    form = within(payment).getByRole('form', { name: 'Refund payment pay_R1' });
    expect(within(form).getByRole('radio', { name: 'Refund through Razorpay' })).toBeChecked();
    await userEvent.click(within(form).getByRole('button', { name: 'Refund ₹1,77,000' }));
    expect(await within(form).findByText('Say why the money goes back.')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Reason'), 'Porting failed');
    await userEvent.click(within(form).getByRole('button', { name: 'Refund ₹1,77,000' }));
    expect(await screen.findByText('Order VN-20261122-7K3Q9MZA: refund made.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${base}/refunds`)[0]!.body).toEqual({
      paymentId: samplePayment.id,
      reason: 'Porting failed',
      method: 'razorpay',
    });
  });

  /** A payment whose refund was asked of Razorpay, with no answer yet. */
  const requestedRefund = {
    ...samplePayment,
    provider: 'razorpay',
    reference: 'pay_R2',
    refundable: false,
    refunds: [
      {
        id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
        method: 'razorpay' as const,
        amount: 177000,
        numberId: null,
        reason: 'Duplicate order',
        status: 'requested' as const,
        providerRefundId: null,
        reference: null,
        failure: null,
        by: 'Ravi Kumar',
        at: '2026-11-23T05:00:00.000Z',
        completedAt: null,
      },
    ],
  };

  it('offers to finish a refund Razorpay did not answer, with its first reason', async () => {
    const api = renderStaffOrder(staffPaidOrder({ payments: [requestedRefund] }), {
      [`POST ${base}/refunds`]: fail(
        502,
        'The refund could not be finished. It stays requested: try again.',
      ),
    });
    const form = await screen.findByRole('form', { name: 'Refund payment pay_R2' });
    expect(form).toHaveTextContent('sent to Razorpay without an answer');
    expect(within(form).getByLabelText('Reason')).toHaveValue('Duplicate order');
    await userEvent.click(within(form).getByRole('button', { name: 'Finish the refund' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('It stays requested');
    expect(api.callsTo(`POST ${base}/refunds`)[0]!.body).toMatchObject({
      reason: 'Duplicate order',
    });
  });

  it('says so when the refund finished was already made by this agent (decision 0086)', async () => {
    const already =
      'Order VN-20261122-7K3Q9MZA: this refund was already made by you at 23 Nov 2026, 10:30 am IST.';
    renderStaffOrder(staffPaidOrder({ payments: [requestedRefund] }), {
      [`POST ${base}/refunds`]: ok(
        staffPaidOrder({ status: 'refunded', statusLabel: 'Refunded' }),
        already,
      ),
    });
    const form = await screen.findByRole('form', { name: 'Refund payment pay_R2' });
    await userEvent.click(within(form).getByRole('button', { name: 'Finish the refund' }));
    expect(await screen.findByText(already)).toBeInTheDocument();
  });

  it('cancels the order with a reason', async () => {
    const api = renderStaffOrder(staffPendingOrder(), {
      [`POST ${base}/events`]: ok(
        staffPendingOrder({ status: 'cancelled', statusLabel: 'Cancelled' }),
        'Order VN-20261122-7K3Q9MZA: Cancelled.',
      ),
    });
    const panel = await screen.findByRole('region', { name: 'Cancel the order' });
    expect(panel).toHaveTextContent('puts its numbers back on sale');
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel this order…' }));
    expect(within(panel).getByLabelText('Reason (the buyer is told)')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(within(panel).queryByRole('form')).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Cancel this order…' })).toHaveFocus();
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel this order…' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Keep it' }));
    expect(within(panel).getByRole('button', { name: 'Cancel this order…' })).toHaveFocus();

    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel this order…' }));
    const reason = within(panel).getByLabelText('Reason (the buyer is told)');
    await userEvent.type(reason, 'Buyer asked by phone');
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel the order' }));
    expect(await screen.findByText('Order VN-20261122-7K3Q9MZA: Cancelled.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${base}/events`)[0]!.body).toEqual({
      status: 'cancelled',
      note: 'Buyer asked by phone',
    });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Cancel the order' })).toBeNull(),
    );
  });

  it('warns before cancelling a paid order whose UPC went out (QA 16 F3)', async () => {
    const order = staffPaidOrder();
    // 90000 78600 was refunded alone: its refund already told the buyer its UPC is void.
    renderStaffOrder({
      ...order,
      items: [order.items[0]!, { ...order.items[1]!, refund: numberRefund({ amount: 25000 }) }],
    });
    const panel = await screen.findByRole('region', { name: 'Cancel the order' });
    expect(panel).toHaveTextContent(
      'UPC AB12CD34 was sent for 98765 43210: the buyer can still port the number with it. Cancelling tells the buyer it is cancelled and must not be used.',
    );
    expect(panel).not.toHaveTextContent('QW56ER78');
  });

  it('says when the order does not exist', async () => {
    installFakeApi({ [`GET ${base}`]: fail(404, 'Order not found.') });
    const Stub = createRoutesStub([{ path: '/admin/orders/:orderId', Component: OrderPage }]);
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <ToastProvider>
          <Stub initialEntries={[base]} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
  });
});

/** The line of a number's row that names it and its porting step (focused after a step). */
function numberSummary(row: HTMLElement) {
  return within(row).getAllByText(row.getAttribute('aria-label')!)[0]!.closest('[tabindex="-1"]');
}
