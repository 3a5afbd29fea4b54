import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test-support/fake-api';
import { renderConsole } from '../../../test-support/console';
import { resetAfterTest } from '../../../test-support/session';
import { errorToasts } from '../../../test-support/toasts';
import UndeliveredMessagesPage from './undelivered-messages-page';

afterEach(resetAfterTest);

const receipt = {
  id: 41,
  channel: 'email',
  to: 'meera@mistyped.invalid',
  about: 'Order VN-7K2M9P: payment received',
  order: { id: '5b3c0c1e-2f61-4c57-9a55-0d4f4f7e9a10', reference: 'VN-7K2M9P' },
  followsAccount: true,
  attempts: 8,
  createdAt: '2026-11-28T04:00:00Z',
  failedAt: '2026-11-28T10:30:00Z',
  lastError: '550 meera@mistyped.invalid: no such user',
};
const alert = {
  ...receipt,
  id: 42,
  channel: 'sms',
  to: '9876543210',
  about: 'upc sent',
  order: null,
  followsAccount: false,
  lastError: 'MSG91 refused the SMS (HTTP 400): template not approved',
};
const page = (messages: unknown[]) =>
  ok({ messages, total: messages.length, page: 1, pageSize: 25, pageCount: 1 });

const renderPage = (api: Parameters<typeof renderConsole>[1]['api'] = {}) =>
  renderConsole(<UndeliveredMessagesPage />, {
    path: '/admin/undelivered-messages',
    role: 'support',
    api: { 'GET /admin/undelivered-messages': page([receipt, alert]), ...api },
  });

/** The row of the message to `to`, found by its To cell: the channel, then the address. */
const rowOf = async (to: string) =>
  (
    await screen.findByRole('cell', { name: new RegExp(`^(E-mail|SMS|WhatsApp)\\s*${to}`) })
  ).closest('tr')!;

describe('the messages not delivered', () => {
  it('lists each with its channel, address, what it was about, its order and the last error', async () => {
    renderPage();
    const row = await rowOf('meera@mistyped.invalid');
    expect(row).toHaveTextContent('28 Nov 2026, 4:00 pm IST');
    expect(row).toHaveTextContent('after 8 attempts');
    expect(row).toHaveTextContent('E-mail');
    expect(row).toHaveTextContent('Order VN-7K2M9P: payment received');
    expect(within(row).getByRole('link', { name: 'VN-7K2M9P' })).toHaveAttribute(
      'href',
      `/admin/orders/${receipt.order.id}`,
    );
    expect(row).toHaveTextContent('550 meera@mistyped.invalid: no such user');
    expect(row).toHaveTextContent('Send again goes to the account’s contact as it is now');
    const sms = await rowOf('9876543210');
    expect(sms).toHaveTextContent('SMS');
    expect(sms).toHaveTextContent('upc sent');
    expect(sms).not.toHaveTextContent('Send again goes');
    expect(within(sms).queryByRole('link')).toBeNull();
  });

  it('says so when nothing was given up', async () => {
    renderPage({ 'GET /admin/undelivered-messages': page([]) });
    expect(await screen.findByText('Every message has been delivered.')).toBeInTheDocument();
  });

  it('sends one again and says where it went, and reads the list again', async () => {
    const user = userEvent.setup();
    const { calls, callsTo } = renderPage({
      'POST /admin/undelivered-messages/41/send-again': ok(
        { id: 41, status: 'sent', to: 'meera@example.com', lastError: null },
        'Message sent to meera@example.com.',
      ),
    });
    const row = await rowOf('meera@mistyped.invalid');
    await user.click(within(row).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Message sent to meera@example.com.')).toBeInTheDocument();
    expect(callsTo('POST /admin/undelivered-messages/41/send-again')).toHaveLength(1);
    const listReads = () => calls.filter((call) => call.path.startsWith('/admin/undelivered-'));
    await waitFor(() => expect(listReads().filter((c) => c.method === 'GET')).toHaveLength(2));
  });

  it('shows the refusal of a message that can no longer be sent', async () => {
    const user = userEvent.setup();
    renderPage({
      'POST /admin/undelivered-messages/41/send-again': fail(
        409,
        "The buyer's account is closed: its messages are not sent. Dismiss this one.",
      ),
    });
    const row = await rowOf('meera@mistyped.invalid');
    await user.click(within(row).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(errorToasts()).toHaveTextContent("The buyer's account is closed"));
  });

  it('dismisses one only once confirmed', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderPage({
      'DELETE /admin/undelivered-messages/42': ok({ id: 42 }, 'Message dismissed.'),
    });
    const row = await rowOf('9876543210');
    await user.click(within(row).getByRole('button', { name: 'Dismiss' }));
    const confirm = screen.getByRole('group', { name: 'Dismiss this message?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('DELETE /admin/undelivered-messages/42')).toHaveLength(0);
    await user.click(within(row).getByRole('button', { name: 'Dismiss' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Dismiss this message?' })).getByRole('button', {
        name: 'Dismiss',
      }),
    );
    expect(await screen.findByText('Message dismissed.')).toBeInTheDocument();
    expect(callsTo('DELETE /admin/undelivered-messages/42')).toHaveLength(1);
  });
});
