import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, installFakeApi, ok, type FakeReply } from '../../../test-support/fake-api';
import {
  ORDER_ID,
  ORDER_REFERENCE,
  correctedTaxDocuments,
  creditNote,
  numberRefund,
  orderRefund,
  paidOrder,
  pendingManualOrder,
  pendingRazorpayOrder,
  sampleNextSteps,
  taxDocuments,
  TEST_CHECKOUT_URL,
} from '../../../test-support/orders';
import { createTestQueryClient } from '../../../test-support/render';
import {
  removeSessionHintCookie,
  resetAfterTest,
  sampleSession,
  setSessionHintCookie,
} from '../../../test-support/session';
import { formatIndianDate } from '../../lib/format';
import { trackSale } from '../analytics';
import { WhatsAppButton } from '../layout/whatsapp-button';
import { ToastProvider } from '../../components/toast';
import {
  SCREENSHOT_NOT_SENT,
  SCREENSHOT_PROBLEM,
  UTR_NOT_SENT,
} from './order-details/payment-submission-form';
import OrderPage from './order-page';
import type { Order } from './order-types';
import {
  type RazorpayCheckoutOptions,
  type RazorpayConstructor,
  type RazorpayFailure,
} from './razorpay-checkout';

// A purchase is tracked only for an order this payment bought (decision 0080).
vi.mock('../analytics', async (original) => ({
  ...(await original<typeof import('../analytics')>()),
  trackSale: vi.fn(),
}));

const orderPath = `GET /orders/${ORDER_ID}`;
const verifyPath = `POST /orders/${ORDER_ID}/payments/razorpay/verify`;

const razorpayWindow = () => window as Window & { Razorpay?: RazorpayConstructor };
const checkoutScripts = () =>
  document.head.querySelectorAll<HTMLScriptElement>(`script[src="${TEST_CHECKOUT_URL}"]`);

afterEach(() => {
  resetAfterTest();
  vi.useRealTimers();
  vi.mocked(trackSale).mockClear();
  delete razorpayWindow().Razorpay;
  for (const script of checkoutScripts()) script.remove();
});

function signedInApi(routes: Record<string, FakeReply | ((body: unknown) => FakeReply)>) {
  setSessionHintCookie();
  return installFakeApi({ 'GET /user/profile': ok(sampleSession), ...routes });
}

function renderOrderPage(id = ORDER_ID) {
  const Stub = createRoutesStub([
    {
      Component: () => (
        <>
          <Outlet />
          <WhatsAppButton />
        </>
      ),
      children: [
        { path: '/orders/:orderId', Component: OrderPage },
        { path: '/', Component: () => <h1>Home</h1> },
      ],
    },
  ]);
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <ToastProvider>
        <Stub initialEntries={[`/orders/${id}`]} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

/** The value next to a term of a description list. */
function valueOf(container: HTMLElement, term: string | RegExp) {
  const dt = within(container).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling as HTMLElement;
}

const section = (name: string | RegExp) => screen.getByRole('region', { name });

describe('order page: awaiting a manual payment', () => {
  it('shows the numbers, the amounts, the payment instructions and the hold countdown', async () => {
    signedInApi({ [orderPath]: ok(pendingManualOrder()) });
    renderOrderPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: `Order ${ORDER_REFERENCE}` }),
    ).toBeInTheDocument();
    expect(screen.getByText('Awaiting payment')).toBeInTheDocument();

    const numbers = section('Your numbers');
    expect(within(numbers).getByText('98765 43210')).toBeInTheDocument();
    expect(within(numbers).getByText('Mirror Numbers')).toBeInTheDocument();
    expect(within(numbers).getByText('₹1,25,000')).toBeInTheDocument();
    expect(within(numbers).getByText('₹1,40,000').tagName).toBe('S');
    expect(within(numbers).getByText('90000 78600')).toBeInTheDocument();
    expect(within(numbers).getByText('786 Numbers')).toBeInTheDocument();

    expect(valueOf(numbers, 'Subtotal')).toHaveTextContent('₹1,50,000');
    expect(valueOf(numbers, 'CGST (9%)')).toHaveTextContent('₹13,500');
    expect(valueOf(numbers, 'SGST (9%)')).toHaveTextContent('₹13,500');
    expect(valueOf(numbers, 'Total')).toHaveTextContent('₹1,77,000');
    expect(within(numbers).queryByText(/TDS/)).not.toBeInTheDocument();

    const payment = section('Payment');
    expect(valueOf(payment, 'Amount to pay')).toHaveTextContent('₹1,77,000');
    expect(valueOf(payment, 'UPI ID')).toHaveTextContent('vipstore@hdfcbank');
    expect(valueOf(payment, 'Bank transfer')).toHaveTextContent(
      'HDFC Bank, A/c 50200012345678, IFSC HDFC0001234',
    );
    expect(valueOf(payment, 'Reference to quote')).toHaveTextContent(ORDER_REFERENCE);
    const upi = within(payment).getByRole('link', { name: 'Pay ₹1,77,000 with a UPI app' });
    const link = new URL(upi.getAttribute('href')!);
    expect(link.protocol).toBe('upi:');
    expect(link.searchParams.get('am')).toBe('177000.00');
    expect(link.searchParams.get('tn')).toBe(ORDER_REFERENCE);
    const qr = within(payment).getByRole('img', { name: 'UPI QR code to pay ₹1,77,000' });
    expect(qr.querySelector('path')!.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(payment).toHaveTextContent('Your numbers are held for you until');
    // Ten minutes left: 10:00 or, a moment later, 09:59.
    expect(within(payment).getByTestId('hold-countdown').textContent).toMatch(/^(10:00|09:59)$/);
    expect(within(payment).getByText(/10 minutes left to pay\./)).toHaveClass('sr-only');

    const billing = section('Billing details');
    expect(valueOf(billing, 'Company')).toHaveTextContent('Asha Traders');
    expect(valueOf(billing, 'GSTIN')).toHaveTextContent('27AAPFU0939F1ZV');
    expect(valueOf(billing, 'Address')).toHaveTextContent('1 MG Road, Pune, Maharashtra 411001');

    const next = section('What happens next');
    expect(within(next).getAllByRole('listitem')).toHaveLength(sampleNextSteps.length);
    expect(screen.queryByRole('region', { name: 'Order timeline' })).not.toBeInTheDocument();
    // Not a Razorpay order: no third-party script.
    expect(checkoutScripts()).toHaveLength(0);
  });

  it("quotes the order's reference in the WhatsApp button's message (QA 24 F9)", async () => {
    signedInApi({ [orderPath]: ok(pendingManualOrder()) });
    renderOrderPage();
    await screen.findByRole('heading', { name: `Order ${ORDER_REFERENCE}` });
    const href = screen
      .getByRole('link', { name: 'Chat with us on WhatsApp' })
      .getAttribute('href');
    expect(new URL(href!).searchParams.get('text')).toBe(
      `Hi, I need help with order ${ORDER_REFERENCE} (${window.location.origin}/orders/${ORDER_ID})`,
    );
  });

  it('names the orders its checkout replaced as cancelled, not to be paid (decision 0075)', async () => {
    signedInApi({
      [orderPath]: ok(pendingManualOrder({ replaces: ['VN-20261122-AAAA1111'] })),
    });
    renderOrderPage();
    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent(
      'This order replaces your order VN-20261122-AAAA1111, which is now cancelled. Please do not pay it: pay only this order.',
    );
    cleanup();

    signedInApi({
      [orderPath]: ok(
        pendingRazorpayOrder({ replaces: ['VN-20261122-AAAA1111', 'VN-20261122-BBBB2222'] }),
      ),
    });
    renderOrderPage();
    expect(await screen.findByRole('region', { name: 'Payment' })).toHaveTextContent(
      'This order replaces your orders VN-20261122-AAAA1111 and VN-20261122-BBBB2222, which are now cancelled. Please do not pay them: pay only this order.',
    );
    cleanup();

    signedInApi({ [orderPath]: ok(pendingManualOrder()) });
    renderOrderPage();
    expect(await screen.findByRole('region', { name: 'Payment' })).not.toHaveTextContent(
      'replaces',
    );
  });

  it('links the order that replaced a cancelled one, at its own page (decision 0075)', async () => {
    const replacement = {
      id: 'b3c1a7e2-5f0d-4c1e-9a2b-7d6e5f4a3b2c',
      reference: 'VN-20261122-CCCC3333',
    };
    signedInApi({
      [orderPath]: ok(
        pendingManualOrder({
          status: 'cancelled',
          statusLabel: 'Cancelled',
          payment: { provider: 'manual', status: 'cancelled', paymentReference: null },
          replacedBy: replacement,
        }),
      ),
    });
    renderOrderPage();
    const card = await screen.findByRole('region', { name: 'Order cancelled' });
    expect(card).toHaveTextContent(
      'It was replaced by your order VN-20261122-CCCC3333: see and pay that one.',
    );
    // Its numbers were not released: they moved to the new order (QA 19 F6).
    expect(card).toHaveTextContent('the numbers still in your cart moved to the new order.');
    expect(card).not.toHaveTextContent('released');
    expect(within(card).getByRole('link', { name: 'VN-20261122-CCCC3333' })).toHaveAttribute(
      'href',
      `/orders/${replacement.id}`,
    );
  });

  it('still links the replacing order once a late payment of the replaced one is due back (QA 19 F2)', async () => {
    signedInApi({
      [orderPath]: ok(
        pendingManualOrder({
          status: 'cancelled',
          statusLabel: 'Cancelled',
          payment: { provider: 'razorpay', status: 'refund_due', paymentReference: 'pay_late' },
          replacedBy: { id: 'replacement-id', reference: 'VN-20261122-CCCC3333' },
        }),
      ),
    });
    renderOrderPage();
    const card = await screen.findByRole('region', { name: 'Refund due' });
    expect(card).toHaveTextContent(
      'It was replaced by your order VN-20261122-CCCC3333: see and pay that one.',
    );
    expect(within(card).getByRole('link', { name: 'VN-20261122-CCCC3333' })).toHaveAttribute(
      'href',
      '/orders/replacement-id',
    );
  });

  it('copies the UPI ID and the bank details, and says so', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    signedInApi({ [orderPath]: ok(pendingManualOrder()) });
    renderOrderPage();
    // fireEvent: user-event would put a clipboard of its own in place of this one.
    const copyUpi = await screen.findByRole('button', { name: 'Copy UPI ID' });
    fireEvent.click(copyUpi);
    expect(writeText).toHaveBeenCalledWith('vipstore@hdfcbank');
    const notices = screen.getByRole('status', { name: 'Notifications' });
    expect(await within(notices).findByText('Copied the UPI ID')).toBeInTheDocument();
    // Its name stays: the toast says it was copied.
    expect(copyUpi).toHaveAccessibleName('Copy UPI ID');
    fireEvent.click(screen.getByRole('button', { name: 'Copy bank details' }));
    expect(await within(notices).findByText('Copied the bank details')).toBeInTheDocument();
  });

  it('offers bank transfer alone, and says why, for an amount over the UPI limit', async () => {
    // One number: the hold is told in the singular.
    const { items } = pendingManualOrder();
    const order = pendingManualOrder({ items: items.slice(0, 1) });
    const { upiLink: _upiLink, ...payment } = order.payment;
    signedInApi({
      [orderPath]: ok({
        ...order,
        payment: {
          ...payment,
          instructions: { ...payment.instructions!, upiId: null, upiLimit: 100000 },
        },
      }),
    });
    renderOrderPage();
    const section = await screen.findByRole('region', { name: 'Payment' });
    expect(section).toHaveTextContent('Pay by bank transfer and quote your order reference.');
    expect(section).toHaveTextContent(
      'UPI is offered up to ₹1,00,000: most banks allow no more in one UPI payment.',
    );
    expect(within(section).queryByText('UPI ID', { selector: 'dt' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('img', { name: /UPI QR code/ })).not.toBeInTheDocument();
    expect(valueOf(section, 'Bank transfer')).toHaveTextContent('HDFC Bank');
    expect(section).toHaveTextContent('Your number is held for you until');
  });

  it('shows the TDS line and the taxable value when TDS is deducted', async () => {
    signedInApi({
      [orderPath]: ok(
        pendingManualOrder({
          amounts: {
            subtotal: 150000,
            tdsPercent: 1,
            tdsDeducted: 1500,
            taxable: 148500,
            taxPercent: 18,
            cgstPercent: 9,
            cgstAmount: 13365,
            sgstPercent: 9,
            sgstAmount: 13365,
            igstPercent: 0,
            igstAmount: 0,
            placeOfSupply: null,
            totalAmount: 175230,
          },
        }),
      ),
    });
    renderOrderPage();
    const numbers = await screen.findByRole('region', { name: 'Your numbers' });
    expect(valueOf(numbers, 'TDS deducted (1%)')).toHaveTextContent('−₹1,500');
    expect(valueOf(numbers, 'Taxable value')).toHaveTextContent('₹1,48,500');
    expect(valueOf(numbers, 'CGST (9%)')).toHaveTextContent('₹13,365');
    expect(valueOf(numbers, 'Total')).toHaveTextContent('₹1,75,230');
  });

  it('takes "I have paid" with a UTR, checks its shape first, then shows it submitted', async () => {
    const submitPath = `POST /orders/${ORDER_ID}/payment-submission`;
    const pending = pendingManualOrder();
    const submitted = pendingManualOrder({
      statusLabel: 'Payment submitted',
      payment: {
        ...pending.payment,
        submitted: { utr: '412345678901', at: pending.createdAt, screenshot: false },
      },
    });
    const api = signedInApi({ [orderPath]: ok(pending), [submitPath]: ok(submitted) });
    renderOrderPage();
    const field = await screen.findByLabelText(/transaction reference \(UTR\)/);
    expect(screen.getByText('Time left to pay')).toBeInTheDocument();
    const user = userEvent.setup();
    // Empty, then of the wrong shape: the field takes the focus back, with its message.
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription(/^Enter the transaction reference \(UTR\)/);
    await user.type(field, '12345');
    screen.getByRole('button', { name: 'I have paid' }).focus();
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText(/12 digits for UPI or IMPS, 16 letters and digits for NEFT/),
    ).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveFocus());
    expect(api.callsTo(submitPath)).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '412345678901');
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    const sent = await screen.findByText(/^Payment submitted with UTR/, { selector: 'p' });
    expect(sent).toHaveTextContent(
      'Payment submitted with UTR 412345678901. Our team is verifying it',
    );
    // The form that had the focus has gone: the sentence that replaced it takes it.
    await waitFor(() => expect(sent).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'I have paid' })).not.toBeInTheDocument();
    expect(api.callsTo(submitPath).map((call) => call.body)).toEqual([{ utr: '412345678901' }]);
    // Paid, as far as the buyer knows: the clock is the hold's while staff verify, not to pay.
    expect(screen.queryByText('Time left to pay')).not.toBeInTheDocument();
    expect(screen.getByText('Held while we verify your payment')).toBeInTheDocument();
    // Nothing invites paying twice: no QR code, no Pay button, no payment details.
    expect(screen.getByText(/There is no need to pay again\.$/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /with a UPI app$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^UPI QR code/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Amount to pay')).not.toBeInTheDocument();
    const next = screen.getByRole('region', { name: 'What happens next' });
    expect(next).not.toHaveTextContent('Pay by UPI or bank transfer');
    expect(next).toHaveTextContent('Within 24 hours of payment we send your Unique Porting Code');
  });

  it('takes the focus back to the UTR field when the server refuses it', async () => {
    const submitPath = `POST /orders/${ORDER_ID}/payment-submission`;
    const message = 'This UTR has already been given for another order.';
    signedInApi({
      [orderPath]: ok(pendingManualOrder()),
      [submitPath]: fail(409, message, { code: 'UTR_IN_USE' }),
    });
    renderOrderPage();
    const field = await screen.findByLabelText(/transaction reference \(UTR\)/);
    const user = userEvent.setup();
    await user.type(field, '412345678901');
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAccessibleDescription(message);
  });

  it('keeps a typed UTR across the session ending, says it was not sent, and sends it only when asked (QA 28 F4)', async () => {
    const submitPath = `POST /orders/${ORDER_ID}/payment-submission`;
    const pending = pendingManualOrder();
    const submitted = pendingManualOrder({
      payment: {
        ...pending.payment,
        submitted: { utr: '412345678901', at: pending.createdAt, screenshot: false },
      },
    });
    const user = userEvent.setup();
    const api = signedInApi({ [orderPath]: ok(pending), [submitPath]: ok(submitted) });
    renderOrderPage();
    await user.type(await screen.findByLabelText(/transaction reference \(UTR\)/), '412345678901');

    // The session ends (signed out on another device): the page asks to sign in.
    cleanup();
    removeSessionHintCookie();
    renderOrderPage();
    await screen.findByRole('heading', { level: 1, name: 'Sign in to see your order' });
    expect(screen.getByText(/has not been sent yet/)).toHaveTextContent(
      'Your UTR 412345678901 has not been sent yet. It is kept here: sign in, then press I have paid.',
    );

    // Signed in again: the UTR is back, said to be unsent, and nothing went by itself.
    cleanup();
    setSessionHintCookie();
    renderOrderPage();
    const field = await screen.findByLabelText(/transaction reference \(UTR\)/);
    expect(field).toHaveValue('412345678901');
    expect(field).toHaveAccessibleDescription(UTR_NOT_SENT);
    expect(api.callsTo(submitPath)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    await screen.findByText(/^Payment submitted with UTR/, { selector: 'p' });
    expect(api.callsTo(submitPath).map((call) => call.body)).toEqual([{ utr: '412345678901' }]);
    // Sent: no draft is left to show again.
    expect(sessionStorage.length).toBe(0);
  });

  it("shows why staff sent back a payment reference, from the order's timeline", async () => {
    const note =
      'Payment reference 612345678901 not verified: No credit with this UTR in our account.';
    const sentBack = pendingManualOrder();
    signedInApi({
      [orderPath]: ok({
        ...sentBack,
        timeline: [
          ...sentBack.timeline,
          {
            status: 'pending_payment',
            label: 'Awaiting payment',
            note,
            at: '2026-11-22T09:10:00.000Z',
            actor: 'staff',
            by: 'Sunita Support',
          },
        ],
      }),
    });
    renderOrderPage();
    const timeline = await screen.findByRole('region', { name: 'Order timeline' });
    expect(timeline).toHaveTextContent(note);
    // Still payable: the form to give another reference is there.
    expect(screen.getByRole('button', { name: 'I have paid' })).toBeInTheDocument();
  });

  it('sends the screenshot chosen with "I have paid", refusing a file of another kind', async () => {
    const submitPath = `POST /orders/${ORDER_ID}/payment-submission`;
    const screenshotPath = `PUT /orders/${ORDER_ID}/payment-submission/screenshot`;
    const pending = pendingManualOrder();
    const submitted = pendingManualOrder({
      statusLabel: 'Payment submitted',
      payment: {
        ...pending.payment,
        submitted: { utr: '412345678901', at: pending.createdAt, screenshot: false },
      },
    });
    const withScreenshot = pendingManualOrder({
      statusLabel: 'Payment submitted',
      payment: {
        ...pending.payment,
        submitted: { utr: '412345678901', at: pending.createdAt, screenshot: true },
      },
    });
    const api = signedInApi({
      [orderPath]: ok(pending),
      [submitPath]: ok(submitted),
      [screenshotPath]: ok(withScreenshot),
    });
    renderOrderPage();
    const user = userEvent.setup({ applyAccept: false });
    const file = await screen.findByLabelText(/A screenshot of the payment/);
    await user.upload(file, new File(['<svg/>'], 'paid.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByText(SCREENSHOT_PROBLEM)).toBeInTheDocument();
    // Not sent without the file the buyer chose: the problem is to be mended first.
    await user.type(screen.getByLabelText(/transaction reference \(UTR\)/), '412345678901');
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    expect(api.callsTo(submitPath)).toHaveLength(0);
    expect(file).toHaveFocus();
    await user.clear(screen.getByLabelText(/transaction reference \(UTR\)/));
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'paid.png', {
      type: 'image/png',
    });
    await user.upload(file, png);
    expect(screen.queryByText(SCREENSHOT_PROBLEM)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/transaction reference \(UTR\)/), '412345678901');
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    expect(
      await screen.findByText(/^Payment submitted with UTR/, { selector: 'p' }),
    ).toHaveTextContent('Payment submitted with UTR 412345678901 and a screenshot.');
    const sent = api.callsTo(screenshotPath)[0]!.body as FormData;
    expect((sent.get('file') as File).name).toBe('paid.png');
  });

  describe('a screenshot that did not arrive with the UTR', () => {
    const submitPath = `POST /orders/${ORDER_ID}/payment-submission`;
    const screenshotPath = `PUT /orders/${ORDER_ID}/payment-submission/screenshot`;
    const pending = pendingManualOrder();
    const submittedWith = (screenshot: boolean) =>
      pendingManualOrder({
        statusLabel: 'Payment submitted',
        payment: {
          ...pending.payment,
          submitted: { utr: '412345678901', at: pending.createdAt, screenshot },
        },
      });
    const png = () =>
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'paid.png', { type: 'image/png' });

    async function payWithScreenshot() {
      const user = userEvent.setup();
      await user.upload(await screen.findByLabelText(/A screenshot of the payment/), png());
      await user.type(screen.getByLabelText(/transaction reference \(UTR\)/), '412345678901');
      await user.click(screen.getByRole('button', { name: 'I have paid' }));
      return user;
    }

    it('says so when the upload after the UTR fails, and takes it again', async () => {
      let uploads = 0;
      const api = signedInApi({
        [orderPath]: ok(pending),
        [submitPath]: ok(submittedWith(false)),
        [screenshotPath]: () =>
          (uploads += 1) === 1 ? fail(503, 'Service unavailable') : ok(submittedWith(true)),
      });
      renderOrderPage();
      const user = await payWithScreenshot();
      expect(await screen.findByRole('alert')).toHaveTextContent(SCREENSHOT_NOT_SENT);
      expect(screen.getByText(/^Payment submitted with UTR/, { selector: 'p' })).toHaveTextContent(
        'Payment submitted with UTR 412345678901. Our team',
      );
      await user.upload(screen.getByLabelText(/Attach a screenshot of the payment/), png());
      await user.click(screen.getByRole('button', { name: 'Attach screenshot' }));
      expect(await screen.findByText(/and a screenshot\./, { selector: 'p' })).toBeInTheDocument();
      expect(screen.queryByText(SCREENSHOT_NOT_SENT)).not.toBeInTheDocument();
      expect(screen.queryByLabelText(/Attach a screenshot/)).not.toBeInTheDocument();
      expect(api.callsTo(screenshotPath)).toHaveLength(2);
    });

    it('offers to attach it when the UTR went in but its answer was lost', async () => {
      let reads = 0;
      signedInApi({
        [orderPath]: () => ((reads += 1) === 1 ? ok(pending) : ok(submittedWith(false))),
        [submitPath]: () => {
          throw new TypeError('Failed to fetch');
        },
      });
      renderOrderPage();
      await payWithScreenshot();
      expect(await screen.findByRole('alert')).toHaveTextContent(SCREENSHOT_NOT_SENT);
      expect(screen.getByLabelText(/Attach a screenshot of the payment/)).toBeInTheDocument();
    });
  });

  it('says why, and what to do, when "I have paid" finds the order cancelled meanwhile', async () => {
    const submitPath = `POST /orders/${ORDER_ID}/payment-submission`;
    const message =
      'This order is not waiting for a UPI or bank payment: its hold has ended or it is paid or cancelled.';
    let reads = 0;
    const cancelled = pendingManualOrder({
      status: 'cancelled',
      statusLabel: 'Cancelled',
      payment: { provider: 'manual', status: 'cancelled', paymentReference: null },
    });
    signedInApi({
      [orderPath]: () => ((reads += 1) === 1 ? ok(pendingManualOrder()) : ok(cancelled)),
      [submitPath]: fail(409, message, { code: 'ORDER_NOT_PAYABLE' }),
    });
    renderOrderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/transaction reference \(UTR\)/), '412345678901');
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    // The form goes with the order read again; the reason stays on screen.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'I have paid' })).not.toBeInTheDocument(),
    );
    expect(
      screen.getByText(
        `${message} If you have sent the money, please contact us with your UTR 412345678901 and order ${ORDER_REFERENCE}: we will sort it out.`,
      ),
    ).toBeInTheDocument();
  });

  it('shows IGST alone for a buyer in another state, GST on the full value less TDS', async () => {
    signedInApi({
      [orderPath]: ok(
        pendingManualOrder({
          amounts: {
            subtotal: 150000,
            tdsPercent: 2,
            tdsDeducted: 3000,
            taxable: 150000,
            taxPercent: 18,
            cgstPercent: 0,
            cgstAmount: 0,
            sgstPercent: 0,
            sgstAmount: 0,
            igstPercent: 18,
            igstAmount: 27000,
            placeOfSupply: 'Karnataka',
            totalAmount: 174000,
          },
        }),
      ),
    });
    renderOrderPage();
    const numbers = await screen.findByRole('region', { name: 'Your numbers' });
    expect(valueOf(numbers, 'IGST (18%)')).toHaveTextContent('₹27,000');
    expect(valueOf(numbers, 'TDS deducted (2%)')).toHaveTextContent('−₹3,000');
    expect(valueOf(numbers, 'Total')).toHaveTextContent('₹1,74,000');
    expect(within(numbers).queryByText(/CGST|SGST|Taxable value/)).not.toBeInTheDocument();
  });

  it('says when the hold lapses and reads the order again', async () => {
    let reads = 0;
    signedInApi({
      [orderPath]: () => {
        reads += 1;
        if (reads === 1) {
          return ok(
            pendingManualOrder({ holdExpiresAt: new Date(Date.now() + 1200).toISOString() }),
          );
        }
        const expired = pendingManualOrder({ holdExpiresAt: new Date().toISOString() });
        expired.payment = { provider: 'manual', status: 'expired', paymentReference: null };
        return ok(expired);
      },
    });
    renderOrderPage();
    expect(await screen.findByTestId('hold-countdown')).toHaveTextContent(/^00:0[12]$/);

    expect(
      await screen.findByText(/The hold has lapsed\./, {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(reads).toBe(2));

    // The server's answer: the numbers were released.
    const lapsed = await screen.findByRole('region', { name: 'The hold has lapsed' });
    expect(within(lapsed).getByText(/numbers were released/)).toBeInTheDocument();
    expect(within(lapsed).getByRole('link', { name: 'Back to your cart' })).toHaveAttribute(
      'href',
      '/cart',
    );
    expect(within(lapsed).getByRole('link', { name: 'Browse premium numbers' })).toHaveAttribute(
      'href',
      '/premium-numbers',
    );
    expect(screen.getByText('Hold lapsed')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payment' })).not.toBeInTheDocument();
  });
});

describe('order page: hold lapsed', () => {
  /** The order as the sweep left it: cancelled, its hold lapsed, to be tried again. */
  const swept = () =>
    pendingManualOrder({
      status: 'cancelled',
      statusLabel: 'Cancelled',
      canRetry: true,
      retryFrom: '2026-11-22T09:45:00.000Z',
      holdExpiresAt: '2026-11-22T09:15:00.000Z',
      payment: { provider: 'manual', status: 'cancelled', paymentReference: null },
    });

  it('orders the same numbers again in one click, offered at once from the lapse message', async () => {
    const next = pendingManualOrder({ id: 'order-new', reference: 'VN-20261125-NEW00001' });
    const api = signedInApi({
      [orderPath]: ok(swept()),
      [`POST /orders/${ORDER_ID}/retry`]: { status: 201, body: { success: true, data: next } },
      'GET /orders/order-new': ok(next),
    });
    renderOrderPage(`${ORDER_ID}?retry=1`);
    const lapsed = await screen.findByRole('region', { name: 'The hold has lapsed' });
    const again = within(lapsed).getByRole('button', { name: 'Try again: order the same numbers' });
    await waitFor(() => expect(again).toHaveFocus());

    await userEvent.click(again);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order VN-20261125-NEW00001' }),
    ).toBeInTheDocument();
    expect(api.callsTo(`POST /orders/${ORDER_ID}/retry`)).toHaveLength(1);
  });

  it('says from when the numbers may be ordered again while the cool-down lasts', async () => {
    const retryFrom = new Date(Date.now() + 10 * 60_000).toISOString();
    signedInApi({ [orderPath]: ok({ ...swept(), retryFrom }) });
    renderOrderPage(`${ORDER_ID}?retry=1`);
    const lapsed = await screen.findByRole('region', { name: 'The hold has lapsed' });
    expect(lapsed).toHaveTextContent(
      `To give other buyers a chance first, you can order them again from ${formatIndianDate(retryFrom, { month: 'short', time: true })}, if they are still free.`,
    );
    expect(
      within(lapsed).getByRole('button', { name: 'Try again: order the same numbers' }),
    ).toBeDisabled();
  });

  it('says which numbers are gone when they cannot be ordered again', async () => {
    const message =
      'This number is no longer available: 90000 78600. It has been sold or is held by another buyer.';
    signedInApi({
      [orderPath]: ok(swept()),
      [`POST /orders/${ORDER_ID}/retry`]: fail(409, message, { code: 'NUMBERS_GONE' }),
    });
    renderOrderPage();
    const lapsed = await screen.findByRole('region', { name: 'The hold has lapsed' });
    const again = within(lapsed).getByRole('button', { name: 'Try again: order the same numbers' });
    expect(again).not.toHaveFocus();
    await userEvent.click(again);
    expect(await within(lapsed).findByRole('alert')).toHaveTextContent(message);
  });
});

describe('order page: paid', () => {
  it('shows the porting timeline with Indian times, notes and staff, then what happens next', async () => {
    signedInApi({ [orderPath]: ok(paidOrder()) });
    renderOrderPage();

    const timeline = await screen.findByRole('region', { name: 'Order timeline' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('p')?.textContent)).toEqual([
      'Awaiting payment',
      'Paid',
      'UPC sent',
    ]);
    expect(steps[1]).toHaveTextContent('22 Nov 2026, 2:35 pm IST');
    expect(steps[1]).toHaveTextContent('by Ravi Kumar');
    expect(steps[1]).toHaveTextContent('UPI transfer received');
    expect(steps[2]).toHaveTextContent('22 Nov 2026, 6:00 pm IST');
    expect(steps[2]).toHaveTextContent('by Meera Iyer');
    expect(steps[2]).toHaveTextContent('UPC sent by SMS to 98765 43210');
    expect(within(steps[2]!).getByText('22 Nov 2026, 6:00 pm IST')).toHaveAttribute(
      'datetime',
      '2026-11-22T12:30:00.000Z',
    );

    const received = section('Payment received');
    expect(received).toHaveTextContent('₹1,77,000');
    expect(received).toHaveTextContent('Payment reference: UTR 431298765');
    expect(
      within(received).getByRole('link', { name: 'Download your tax invoice (PDF)' }),
    ).toHaveAttribute('href', `/api/v1/orders/${ORDER_ID}/invoice.pdf`);

    // The payment and the UPC are behind the buyer: only the store visit and the SIM remain.
    const next = section('What happens next');
    expect(
      within(next)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(sampleNextSteps.slice(2));
    expect(screen.queryByText('UPI ID')).not.toBeInTheDocument();
    expect(screen.queryByTestId('hold-countdown')).not.toBeInTheDocument();
  });

  it("shows each number's porting: its step, its UPC with the expiry and how to use it, who did what and when", async () => {
    const order = paidOrder();
    const [first, second] = order.items;
    signedInApi({
      [orderPath]: ok({
        ...order,
        // An individual's (the sample buyer is a company's).
        billing: { ...order.billing, accountType: 'Individual', companyName: null, gstinNo: null },
        items: [
          first,
          {
            ...second!,
            porting: {
              status: 'ported',
              label: 'Ported',
              upcCode: 'QW56ER78',
              upcExpiresOn: '2026-11-26',
              steps: [
                ...second!.porting.steps,
                {
                  status: 'porting_in_progress',
                  label: 'Porting in progress',
                  upcCode: null,
                  upcExpiresOn: null,
                  note: null,
                  at: '2026-11-23T05:00:00.000Z',
                  by: 'Meera Iyer',
                },
                {
                  status: 'ported',
                  label: 'Ported',
                  upcCode: null,
                  upcExpiresOn: null,
                  note: 'Active on Jio',
                  at: '2026-11-24T05:00:00.000Z',
                  by: 'Ravi Kumar',
                },
              ],
            },
          },
        ],
      }),
    });
    renderOrderPage();

    const porting = await screen.findByRole('region', { name: 'Porting, number by number' });
    const sent = within(porting).getByRole('listitem', { name: '98765 43210' });
    expect(sent).toHaveTextContent('UPC sent');
    expect(sent).toHaveTextContent(
      'Your UPC (Unique Porting Code): AB12CD34 · valid until 26 Nov 2026',
    );
    expect(sent).toHaveTextContent('original Aadhaar card');
    expect(sent).toHaveTextContent('port 98765 43210 in your own name');
    expect(sent).toHaveTextContent('22 Nov 2026, 6:00 pm IST · by Meera Iyer');
    expect(sent).toHaveTextContent(
      "Keep the UPC private: give it only to the operator's store. Our team never asks you for it.",
    );

    const ported = within(porting).getByRole('listitem', { name: '90000 78600' });
    expect(ported).toHaveTextContent('Ported');
    // A ported number's UPC has done its job.
    expect(ported).not.toHaveTextContent('QW56ER78');
    expect(ported).toHaveTextContent('24 Nov 2026, 10:30 am IST · by Ravi Kumar');
    expect(ported).toHaveTextContent('Active on Jio');
  });

  it('tells a Corporate account how a company ports the number with its UPC', async () => {
    const order = paidOrder();
    // The sample buyer is a company's.
    signedInApi({ [orderPath]: ok(order) });
    renderOrderPage();
    const porting = await screen.findByRole('region', { name: 'Porting, number by number' });
    const sent = within(porting).getByRole('listitem', { name: '98765 43210' });
    expect(sent).toHaveTextContent(
      "take it to the business desk of Jio, Airtel, Vi or BSNL to port 98765 43210 in your company's name, with a letter from your authorised signatory",
    );
    expect(sent).not.toHaveTextContent('in your own name');
    expect(sent).toHaveTextContent('Keep the UPC private');
  });

  it('says the UPC is on its way before it is sent, and shows no porting before payment', async () => {
    const order = paidOrder();
    signedInApi({
      [orderPath]: ok({
        ...order,
        status: 'paid',
        statusLabel: 'Paid',
        items: pendingManualOrder().items,
      }),
    });
    renderOrderPage();
    const porting = await screen.findByRole('region', { name: 'Porting, number by number' });
    expect(within(porting).getAllByText('Awaiting UPC')).toHaveLength(2);
    expect(porting).toHaveTextContent('We send the UPC of this number within 24 hours of payment.');
    cleanup();

    signedInApi({ [orderPath]: ok(pendingManualOrder()) });
    renderOrderPage();
    await screen.findByRole('heading', { level: 1, name: `Order ${ORDER_REFERENCE}` });
    expect(
      screen.queryByRole('region', { name: 'Porting, number by number' }),
    ).not.toBeInTheDocument();
  });

  /** A paid order cancelled, its refund due, with these numbers; answers its "Refund due" card. */
  function showRefundDue(items = paidOrder().items) {
    signedInApi({
      [orderPath]: ok(
        paidOrder({
          items,
          status: 'cancelled',
          statusLabel: 'Cancelled',
          needsRefund: true,
          payment: { provider: 'manual', status: 'refund_due', paymentReference: 'UTR 1' },
        }),
      ),
    });
    renderOrderPage();
    return screen.findByRole('region', { name: 'Refund due' });
  }

  it('says plainly when a refund is due', async () => {
    const refund = await showRefundDue();
    expect(refund).toHaveTextContent('You will be refunded in full');
    expect(refund).toHaveTextContent('₹1,77,000');
    // Paid before the cancel: its invoice stays at hand until the credit note comes.
    expect(
      within(refund).getByRole('link', { name: 'Download the tax invoice (PDF)' }),
    ).toHaveAttribute('href', `/api/v1/orders/${ORDER_ID}/invoice.pdf`);
    expect(screen.queryByRole('region', { name: 'What happens next' })).not.toBeInTheDocument();
  });

  it('after a number refunded alone, says only the rest is due and names that refund (QA 16 F2)', async () => {
    const [first, second] = paidOrder().items;
    const refund = numberRefund({
      amount: 147500.37,
      reference: 'RFND20261130H',
      creditNote: 'CN-26-27-000010.pdf',
    });
    const due = await showRefundDue([{ ...first!, refund }, second!]);
    expect(due).toHaveTextContent(
      'The rest of your payment, ₹29,499.63, will be refunded to you; our team will contact you.',
    );
    expect(due).not.toHaveTextContent('in full');
    expect(within(due).getByRole('listitem')).toHaveTextContent(
      '98765 43210: Refunded ₹1,47,500.37 on 23 Nov 2026 · Refund reference RFND20261130H',
    );
    expect(within(due).getByRole('link', { name: 'Credit note (PDF)' })).toHaveAttribute(
      'href',
      `/api/v1/orders/${ORDER_ID}/credit-notes/CN-26-27-000010.pdf`,
    );
  });

  it('says a UPC sent for a cancelled order is cancelled (QA 16 F3)', async () => {
    const [first, second] = paidOrder().items;
    const due = await showRefundDue([
      first!,
      { ...second!, porting: { ...second!.porting, status: 'ported' } },
    ]);
    expect(due).toHaveTextContent(
      'The UPC AB12CD34 we sent for 98765 43210 is cancelled: do not use it.',
    );
    // A ported number's UPC was used: nothing to cancel.
    expect(due).not.toHaveTextContent('QW56ER78');
  });

  it('lists each transfer of a refund made in two, with its own amount, reference and credit note (QA 16 F6)', async () => {
    showRefundedOrder(
      {
        invoice: true,
        creditNote: true,
        creditNotes: [
          creditNote({ amount: 147500.37, refundReference: 'RFND20261130A', numberId: 11 }),
          creditNote({
            serial: 'CN/26-27/000004',
            file: 'CN-26-27-000004.pdf',
            amount: 29499.63,
            issuedAt: '2026-11-24T05:00:00.000Z',
            refundReference: 'RFND20261130D',
          }),
        ],
      },
      [
        orderRefund({ amount: 147500.37, reference: 'RFND20261130A', numberId: 11 }),
        orderRefund({
          amount: 29499.63,
          at: '2026-11-24T05:00:00.000Z',
          reference: 'RFND20261130D',
          creditNote: 'CN-26-27-000004.pdf',
        }),
      ],
    );
    const refunded = await screen.findByRole('region', { name: 'Refunded' });
    expect(refunded).toHaveTextContent('A full refund of ₹1,77,000 has been made in 2 transfers.');
    const [first, second] = within(refunded).getAllByRole('listitem');
    expect(first).toHaveTextContent(
      '98765 43210: Refunded ₹1,47,500.37 on 23 Nov 2026 · Refund reference RFND20261130A',
    );
    expect(second).toHaveTextContent(
      'The rest: Refunded ₹29,499.63 on 24 Nov 2026 · Refund reference RFND20261130D',
    );
    expect(
      within(second!).getByRole('link', { name: 'Credit note CN/26-27/000004 (PDF)' }),
    ).toHaveAttribute('href', `/api/v1/orders/${ORDER_ID}/credit-notes/CN-26-27-000004.pdf`);
    expect(refunded).not.toHaveTextContent('Refund reference: RFND20261130D');
    expect(
      within(refunded).queryByRole('link', { name: /^Download credit note/ }),
    ).not.toBeInTheDocument();
  });

  /** A refunded order's page, with the tax documents and refunds the order has. */
  function showRefundedOrder(
    documents: Partial<Order['taxDocuments']>,
    refunds: Order['refunds'] = [orderRefund()],
    overrides: Partial<Order> = {},
  ) {
    signedInApi({
      [orderPath]: ok(
        paidOrder({
          status: 'refunded',
          statusLabel: 'Refunded',
          payment: { provider: 'manual', status: 'refunded', paymentReference: 'UTR 1' },
          taxDocuments: taxDocuments(documents),
          refunds,
          ...overrides,
        }),
      ),
    });
    renderOrderPage();
  }

  it('offers the credit note of a refunded order by its serial, and says its refund reference', async () => {
    showRefundedOrder({
      invoice: true,
      creditNote: true,
      creditNotes: [creditNote()],
    });
    const refunded = await screen.findByRole('region', { name: 'Refunded' });
    expect(refunded).toHaveTextContent('Refund reference: NEFT0012345678');
    expect(
      within(refunded).getByRole('link', { name: 'Download credit note CN/26-27/000001 (PDF)' }),
    ).toHaveAttribute('href', `/api/v1/orders/${ORDER_ID}/credit-notes/CN-26-27-000001.pdf`);
    // The invoice the credit note reverses stays at hand.
    expect(
      within(refunded).getByRole('link', { name: 'Download the tax invoice (PDF)' }),
    ).toHaveAttribute('href', `/api/v1/orders/${ORDER_ID}/invoice.pdf`);
  });

  it('shows a number refunded alone with its amount, its credit note, and no porting to do', async () => {
    const order = paidOrder();
    signedInApi({
      [orderPath]: ok({
        ...order,
        items: [{ ...order.items[0]!, refund: numberRefund() }, order.items[1]!],
        taxDocuments: taxDocuments({
          invoice: true,
          creditNote: true,
          creditNotes: [creditNote({ amount: 147500, numberId: 11 })],
        }),
      }),
    });
    renderOrderPage();
    const numbers = await screen.findByRole('region', { name: 'Your numbers' });
    expect(numbers).toHaveTextContent(
      'Refunded ₹1,47,500 on 23 Nov 2026 · Refund reference IMPS4455667788',
    );
    // Named by its serial, as an order with several credit notes needs (QA 19 F11).
    expect(
      within(numbers).getByRole('link', { name: 'Credit note CN/26-27/000001 (PDF)' }),
    ).toHaveAttribute('href', `/api/v1/orders/${ORDER_ID}/credit-notes/CN-26-27-000001.pdf`);
    const porting = screen.getByRole('region', { name: 'Porting, number by number' });
    const refunded = within(porting).getByRole('listitem', { name: '98765 43210' });
    expect(refunded).toHaveTextContent('Refunded');
    expect(refunded).not.toHaveTextContent('Your UPC');
  });

  it('says the refund reference of a late payment refunded, never invoiced, and links no tax document (QA 19 F4)', async () => {
    showRefundedOrder({ invoice: false, creditNote: false, creditNotes: [] }, [
      orderRefund({ method: 'razorpay', reference: 'rfnd_f1bb0f293430f9', creditNote: null }),
    ]);
    const refunded = await screen.findByRole('region', { name: 'Refunded' });
    expect(refunded).toHaveTextContent('Refund reference: rfnd_f1bb0f293430f9');
    expect(within(refunded).queryByRole('link')).not.toBeInTheDocument();
  });

  it('links the order that replaced a refunded one (QA 19 F2)', async () => {
    showRefundedOrder({}, [orderRefund({ creditNote: null })], {
      replacedBy: { id: 'replacement-id', reference: 'VN-20261122-CCCC3333' },
    });
    const refunded = await screen.findByRole('region', { name: 'Refunded' });
    expect(refunded).toHaveTextContent(
      'It was replaced by your order VN-20261122-CCCC3333: see and pay that one.',
    );
    expect(within(refunded).getByRole('link', { name: 'VN-20261122-CCCC3333' })).toHaveAttribute(
      'href',
      '/orders/replacement-id',
    );
  });

  it("counts no billing correction's credit note as a transfer of a refund, and keeps the replaced invoice listed (QA 18 F1)", async () => {
    showRefundedOrder(
      {
        ...correctedTaxDocuments(),
        creditNotes: [
          creditNote({ amount: 177000, refundReference: null, billingCorrection: true }),
          creditNote({
            serial: 'CN/26-27/000002',
            file: 'CN-26-27-000002.pdf',
            amount: 177000,
            refundReference: 'RFND20261130E',
          }),
        ],
      },
      [orderRefund({ reference: 'RFND20261130E', creditNote: 'CN-26-27-000002.pdf' })],
    );
    const refunded = await screen.findByRole('region', { name: 'Refunded' });
    expect(refunded).toHaveTextContent('A full refund of ₹1,77,000 has been made.');
    expect(refunded).not.toHaveTextContent('transfers');
    expect(refunded).toHaveTextContent('Refund reference: RFND20261130E');
    expect(
      within(refunded).getByRole('link', { name: 'Download credit note CN/26-27/000002 (PDF)' }),
    ).toHaveAttribute('href', `/api/v1/orders/${ORDER_ID}/credit-notes/CN-26-27-000002.pdf`);
    expect(
      within(refunded).getByRole('link', { name: 'Invoice INV/26-27/000001, replaced (PDF)' }),
    ).toHaveAttribute('href', `/api/v1/orders/${ORDER_ID}/invoices/INV-26-27-000001.pdf`);
    expect(
      within(refunded).getByRole('link', { name: 'Credit note CN/26-27/000001 (PDF)' }),
    ).toHaveAttribute('href', `/api/v1/orders/${ORDER_ID}/credit-notes/CN-26-27-000001.pdf`);
  });

  it('keeps an invoice a billing correction replaced, and its credit note, beside the new one', async () => {
    signedInApi({
      [orderPath]: ok(
        paidOrder({
          taxDocuments: correctedTaxDocuments(),
        }),
      ),
    });
    renderOrderPage();
    const received = await screen.findByRole('region', { name: 'Payment received' });
    expect(received).toHaveTextContent(
      'Your billing details were corrected: invoice INV/26-27/000002 is the one that counts.',
    );
    expect(
      within(received).getByRole('link', { name: 'Download your tax invoice (PDF)' }),
    ).toHaveAttribute('href', `/api/v1/orders/${ORDER_ID}/invoice.pdf`);
    expect(
      within(received).getByRole('link', { name: 'Invoice INV/26-27/000001, replaced (PDF)' }),
    ).toHaveAttribute('href', `/api/v1/orders/${ORDER_ID}/invoices/INV-26-27-000001.pdf`);
    expect(
      within(received).getByRole('link', { name: 'Credit note CN/26-27/000001 (PDF)' }),
    ).toHaveAttribute('href', `/api/v1/orders/${ORDER_ID}/credit-notes/CN-26-27-000001.pdf`);
  });
});

describe('order page: Razorpay', () => {
  class FakeRazorpay {
    static instances: FakeRazorpay[] = [];
    failed?: (failure: RazorpayFailure) => void;
    open = vi.fn();
    constructor(public options: RazorpayCheckoutOptions) {
      FakeRazorpay.instances.push(this);
    }
    on(_event: 'payment.failed', callback: (failure: RazorpayFailure) => void) {
      this.failed = callback;
    }
  }

  const handlerResponse = {
    razorpay_order_id: 'order_NX1abc',
    razorpay_payment_id: 'pay_29QQoUBi66xm2f',
    razorpay_signature: 'c0ffee',
  };

  /** Clicks Pay, lets checkout.js "load" and returns the checkout it opened. */
  async function openCheckout(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'Pay ₹1,77,000' }));
    await waitFor(() => expect(checkoutScripts()).toHaveLength(1));
    razorpayWindow().Razorpay = FakeRazorpay as unknown as RazorpayConstructor;
    checkoutScripts()[0]!.dispatchEvent(new Event('load'));
    await waitFor(() => expect(FakeRazorpay.instances).toHaveLength(1));
    return FakeRazorpay.instances[0]!;
  }

  afterEach(() => {
    FakeRazorpay.instances = [];
  });

  it('loads checkout.js on click, opens Razorpay and verifies the payment it reports', async () => {
    const user = userEvent.setup();
    const paid = paidOrder({
      status: 'paid',
      statusLabel: 'Paid',
      payment: { provider: 'razorpay', status: 'paid', paymentReference: 'pay_29QQoUBi66xm2f' },
    });
    const api = signedInApi({
      [orderPath]: ok(pendingRazorpayOrder()),
      [verifyPath]: ok(paid, 'Payment received. Thank you!'),
    });
    renderOrderPage();

    await screen.findByRole('button', { name: 'Pay ₹1,77,000' });
    expect(checkoutScripts()).toHaveLength(0);

    const checkout = await openCheckout(user);
    expect(checkout.options).toMatchObject({
      key: 'rzp_test_key',
      order_id: 'order_NX1abc',
      amount: 17_700_000,
      currency: 'INR',
      name: 'VIP Number Store',
      description: `Order ${ORDER_REFERENCE}`,
      prefill: { name: 'Asha Verma', email: 'asha@example.com', contact: '9876543210' },
    });
    expect(checkout.open).toHaveBeenCalledTimes(1);
    expect(api.callsTo(verifyPath)).toHaveLength(0);

    checkout.options.handler(handlerResponse);

    expect(await screen.findByRole('region', { name: 'Payment received' })).toBeInTheDocument();
    expect(api.callsTo(verifyPath).map((call) => call.body)).toEqual([handlerResponse]);
    expect(await screen.findByText('Payment received. Thank you!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Order timeline' })).toBeInTheDocument();
    // Answered from the verify call: no second read of the order was needed.
    expect(api.callsTo(orderPath)).toHaveLength(1);
    expect(trackSale).toHaveBeenCalledTimes(1);
  });

  it('warns of a further payment of an order already paid until dismissed, tracks no purchase, and says it on the Payment card (QA 19 F5)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const message =
      'This order had already been paid: this further payment will be refunded in full. Your order goes on as before.';
    signedInApi({
      [orderPath]: ok(pendingRazorpayOrder()),
      [verifyPath]: ok(
        paidOrder({
          needsRefund: true,
          payment: { provider: 'razorpay', status: 'paid', paymentReference: 'pay_first' },
        }),
        message,
      ),
    });
    renderOrderPage();
    const checkout = await openCheckout(user);
    checkout.options.handler(handlerResponse);

    const toast = (await screen.findByText(message)).closest('[data-toast-type]');
    expect(toast).toHaveAttribute('data-toast-type', 'warning');
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(trackSale).not.toHaveBeenCalled();
    expect(section('Payment received')).toHaveTextContent(
      'We also received a further payment for this order, which it did not need: it will be refunded to you in full.',
    );
  });

  it('shows a verification failure as an error toast and keeps the order payable', async () => {
    const user = userEvent.setup();
    signedInApi({
      [orderPath]: ok(pendingRazorpayOrder()),
      [verifyPath]: fail(
        400,
        'We could not confirm this payment with Razorpay. If money has left your account, contact us with your order reference; otherwise, please try again.',
      ),
    });
    renderOrderPage();
    const checkout = await openCheckout(user);
    checkout.options.handler(handlerResponse);

    expect(
      await screen.findByText(
        'We could not confirm this payment with Razorpay. If money has left your account, contact us with your order reference; otherwise, please try again.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pay ₹1,77,000' })).toBeEnabled();
  });

  it("shows Razorpay's failure as an error toast; the button waits until the window is closed", async () => {
    const user = userEvent.setup();
    signedInApi({ [orderPath]: ok(pendingRazorpayOrder()) });
    renderOrderPage();
    const checkout = await openCheckout(user);
    const button = await screen.findByRole('button', { name: 'Paying in the Razorpay window…' });
    expect(button).toBeDisabled();
    checkout.failed?.({ error: { description: 'Your card was declined.' } });
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    // Razorpay keeps its window open after a failure, for another try.
    expect(button).toBeDisabled();

    act(() => checkout.options.modal?.ondismiss?.());
    expect(await screen.findByRole('button', { name: 'Pay ₹1,77,000' })).toBeEnabled();
  });

  it('shows a script that cannot load as an error toast', async () => {
    const user = userEvent.setup();
    signedInApi({ [orderPath]: ok(pendingRazorpayOrder()) });
    renderOrderPage();
    await user.click(await screen.findByRole('button', { name: 'Pay ₹1,77,000' }));
    await waitFor(() => expect(checkoutScripts()).toHaveLength(1));
    checkoutScripts()[0]!.dispatchEvent(new Event('error'));
    expect(await screen.findByText(/payment window could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay ₹1,77,000' })).toBeEnabled();
  });
});

describe('order page: access and errors', () => {
  it('asks a signed-out visitor to sign in, without calling the API', async () => {
    const api = installFakeApi({ [orderPath]: ok(pendingManualOrder()) });
    renderOrderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to see your order' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('says an unknown order was not found and links to Your orders (/orders)', async () => {
    signedInApi({ 'GET /orders/nope': fail(404, 'Order not found.') });
    renderOrderPage('nope');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your orders' })).toHaveAttribute('href', '/orders');
  });

  it('offers to try again when the order cannot be loaded', async () => {
    const user = userEvent.setup();
    let reads = 0;
    signedInApi({
      [orderPath]: () => {
        reads += 1;
        // The first read and its one automatic retry fail.
        return reads <= 2 ? fail(503, 'Service unavailable') : ok(pendingManualOrder());
      },
    });
    renderOrderPage();
    await user.click(await screen.findByRole('button', { name: 'Try again' }, { timeout: 4000 }));
    expect(
      await screen.findByRole('heading', { level: 1, name: `Order ${ORDER_REFERENCE}` }),
    ).toBeInTheDocument();
  });
});
