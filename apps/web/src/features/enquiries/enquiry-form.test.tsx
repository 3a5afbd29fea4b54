import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectPrivacyNotice } from '../../../test-support/privacy-notice';
import { renderWithQuery } from '../../../test-support/render';
import { EnquiryForm } from './enquiry-form';

const fetchMock = vi.fn();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function answer(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Full name'), 'Meera Iyer');
  await user.type(screen.getByLabelText('Mobile number'), '+91 98450 12345');
  await user.type(screen.getByLabelText('E-mail address'), 'meera@example.com');
  await user.type(screen.getByLabelText('Your message'), 'Looking for a mirror number, total 5.');
}

describe('EnquiryForm', () => {
  it('posts the enquiry with the page path, keeps the focus on its button and says its thanks once', async () => {
    const user = userEvent.setup();
    let respond = () => {};
    fetchMock.mockReturnValueOnce(
      new Promise<Response>((resolve) => {
        respond = () =>
          resolve(
            new Response(
              JSON.stringify({
                success: true,
                message: 'Thank you! We will get back to you shortly.',
                data: { id: 'e1', reference: 'ENQ-3F2A9C1B' },
              }),
              { status: 201 },
            ),
          );
      }),
    );
    renderWithQuery('/contact-us', <EnquiryForm defaultTopic="vip-number" />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    // While it is sent the button keeps the focus (QA 32 F1): marked, not disabled.
    const sending = await screen.findByRole('button', { name: 'Sending…' });
    expect(sending).toHaveAttribute('aria-disabled', 'true');
    expect(sending).not.toBeDisabled();
    expect(sending).toHaveFocus();
    respond();

    await waitFor(() => expect(screen.getByRole('button', { name: 'Send enquiry' })).toHaveFocus());
    expect(await screen.findAllByText(/Thank you!/)).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/enquiries');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Meera Iyer',
      mobile: '+91 98450 12345',
      email: 'meera@example.com',
      topic: 'vip-number',
      message: 'Looking for a mirror number, total 5.',
      pagePath: '/contact-us',
      website: '',
    });
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveValue(''));
    // Said in the form's status line only, with the reference, and no toast.
    expect(within(screen.getByTestId('enquiry-form')).getByRole('status')).toHaveTextContent(
      'Thank you! We will get back to you shortly. Your reference: ENQ-3F2A9C1B.',
    );
  });

  it('sends a retry after a lost answer with the same Idempotency-Key, and the next enquiry with a new one', async () => {
    const user = userEvent.setup();
    const created = {
      success: true,
      message: 'Thank you! We will get back to you shortly.',
      data: { id: 'e1', reference: 'ENQ-3F2A9C1B' },
    };
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    answer(201, created);
    answer(201, created);
    renderWithQuery('/contact-us', <EnquiryForm defaultTopic="vip-number" />);
    await fillIn(user);
    const send = screen.getByRole('button', { name: 'Send enquiry' });
    await user.click(send);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(send).toBeEnabled());
    expect(screen.getByLabelText('Full name')).toHaveValue('Meera Iyer');
    await user.click(send);
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveValue(''));
    await fillIn(user);
    await user.click(send);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));

    const keys = fetchMock.mock.calls.map(
      ([, init]) =>
        (init as RequestInit & { headers: Record<string, string> }).headers['Idempotency-Key'],
    );
    expect(keys[0]).toMatch(/^[\w-]{8,}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(/^[\w-]{8,}$/);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('shows what is wrong and sends nothing for invalid input', async () => {
    const user = userEvent.setup();
    renderWithQuery('/contact-us', <EnquiryForm />);
    await user.type(screen.getByLabelText('Mobile number'), '12345');
    await user.type(screen.getByLabelText('E-mail address'), 'meera@');
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));

    expect(await screen.findByText('Enter your name (at least 2 characters).')).toBeVisible();
    expect(screen.getByText('Enter a valid 10-digit Indian mobile number.')).toBeVisible();
    expect(screen.getByText('Enter a valid e-mail address.')).toBeVisible();
    expect(screen.getByText('Please write a little more: at least 10 characters.')).toBeVisible();
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a fixed topic and the extra choice as the first line of the message', async () => {
    const user = userEvent.setup();
    answer(201, {
      success: true,
      message: 'Thank you! We will get back to you shortly.',
      data: { id: 'e2' },
    });
    renderWithQuery(
      '/career',
      <EnquiryForm
        topic="career"
        choice={{ label: 'Position', options: ['Sales Executive'] }}
        submitLabel="Send application"
      />,
    );
    expect(screen.queryByLabelText('Topic')).not.toBeInTheDocument();
    await fillIn(user);
    await user.selectOptions(screen.getByLabelText('Position'), 'Sales Executive');
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const body = JSON.parse((fetchMock.mock.calls[0] as [string, RequestInit])[1].body as string);
    expect(body.topic).toBe('career');
    expect(body.message).toBe('Position: Sales Executive\n\nLooking for a mirror number, total 5.');
  });

  it('shows the server’s message when the enquiry is refused', async () => {
    const user = userEvent.setup();
    answer(429, {
      success: false,
      code: 'TOO_MANY_REQUESTS',
      message:
        'You have sent several enquiries in the last hour. Please try again in 20 minutes, or call or WhatsApp us.',
    });
    renderWithQuery('/contact-us', <EnquiryForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect(await screen.findByText(/Please try again in 20 minutes/)).toBeVisible();
    expect(screen.getByLabelText('Full name')).toHaveValue('Meera Iyer');
  });

  it('says what the details are for and links the privacy policy (decision 0057)', () => {
    renderWithQuery('/contact-us', <EnquiryForm />);
    const form = screen.getByLabelText('Full name').closest('form')!;
    expectPrivacyNotice(
      form,
      'We reply within one working day. Your details are used only to answer you.',
    );
  });

  it('keeps the honeypot away from people and assistive technology', () => {
    renderWithQuery('/contact-us', <EnquiryForm />);
    const honeypot = document.querySelector('input[name="website"]');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('sends the number the enquiry is about when the page gives one', async () => {
    const user = userEvent.setup();
    answer(201, {
      success: true,
      message: 'Thank you! We will get back to you shortly.',
      data: { id: 'e3' },
    });
    renderWithQuery('/premium-numbers', <EnquiryForm topic="vip-number" number="9820098200" />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const body = JSON.parse((fetchMock.mock.calls[0] as [string, RequestInit])[1].body as string);
    expect(body).toMatchObject({ number: '9820098200', pagePath: '/premium-numbers' });
  });
});
