import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test-support/fake-api';
import { renderConsole } from '../../../test-support/console';
import { resetAfterTest } from '../../../test-support/session';
import EnquiriesPage from './enquiries-page';
import EnquiryPage from './enquiry-page';

afterEach(resetAfterTest);

const enquiry = {
  id: 'e-1',
  reference: 'ENQ-3F2A9C1B',
  name: 'Ravi Kulkarni',
  mobile: '9876543210',
  email: 'ravi@example.com',
  topic: 'vip-number',
  message: 'Is 98200 98200 still available?',
  status: 'new',
  state: 'open',
  pagePath: '/premium-numbers',
  number: '9820098200',
  note: null,
  createdAt: '2026-04-01T04:30:00Z',
  updatedAt: '2026-04-01T04:30:00Z',
};

/** The inbox pages asked for, in order. */
const inboxCalls = (calls: { method: string; path: string }[]) =>
  calls.filter((call) => call.path.startsWith('/admin/enquiries?')).map((call) => call.path);

const page = (enquiries: unknown[], extra = {}) =>
  ok({ enquiries, total: enquiries.length, page: 1, pageSize: 25, pageCount: 1, ...extra });

describe('the enquiry inbox', () => {
  it('lists open enquiries with who wrote, the number they are about and a link to it', async () => {
    const { calls } = renderConsole(<EnquiriesPage />, {
      path: '/admin/enquiries',
      api: { 'GET /admin/enquiries': page([enquiry]) },
    });
    const table = await screen.findByRole('table', { name: 'Enquiries, newest first' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('1 Apr 2026, 10:00 am ISTENQ-3F2A9C1B');
    expect(row).toHaveTextContent('Buying a VIP number');
    expect(row).toHaveTextContent('Open: new');
    expect(within(row).getByRole('link', { name: 'Ravi Kulkarni' })).toHaveAttribute(
      'href',
      '/admin/enquiries/e-1',
    );
    expect(within(row).getByRole('link', { name: '98200 98200' })).toHaveAttribute(
      'href',
      '/admin/inventory?q=9820098200',
    );
    expect(inboxCalls(calls)[0]).toBe('/admin/enquiries?page=1&state=open&pageSize=25');
  });

  it('filters by open or answered and by topic, in the address', async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole(<EnquiriesPage />, {
      path: '/admin/enquiries',
      api: { 'GET /admin/enquiries': page([]) },
    });
    expect(await screen.findByText('No enquiries here.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Show'), 'Answered');
    await user.selectOptions(screen.getByLabelText('Topic'), 'Job application');
    await waitFor(() =>
      expect(inboxCalls(calls).at(-1)).toBe(
        '/admin/enquiries?page=1&state=answered&topic=career&pageSize=25',
      ),
    );
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/admin/enquiries?state=answered&topic=career',
    );
    await user.selectOptions(screen.getByLabelText('Show'), 'All');
    await waitFor(() =>
      expect(inboxCalls(calls).at(-1)).toBe('/admin/enquiries?page=1&topic=career&pageSize=25'),
    );
  });

  it('searches by what the team was given, in the address, once submitted', async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole(<EnquiriesPage />, {
      path: '/admin/enquiries?state=all',
      api: { 'GET /admin/enquiries': page([]) },
    });
    const box = await screen.findByRole('searchbox', { name: 'Search enquiries' });
    await user.type(box, ' enq-3f2a ');
    // Nothing is asked while typing.
    expect(inboxCalls(calls)).toEqual(['/admin/enquiries?page=1&pageSize=25']);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(inboxCalls(calls).at(-1)).toBe('/admin/enquiries?page=1&q=enq-3f2a&pageSize=25'),
    );
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/admin/enquiries?state=all&q=enq-3f2a',
    );
    expect(await screen.findByText('No enquiry matches.')).toBeInTheDocument();
  });

  it('pages through the inbox', async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole(<EnquiriesPage />, {
      path: '/admin/enquiries',
      api: { 'GET /admin/enquiries': page([enquiry], { total: 60, pageCount: 3 }) },
    });
    expect(await screen.findByText('Page 1 of 3 (60 in all)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(inboxCalls(calls).at(-1)).toContain('page=2&state=open'));
  });
});

describe('one enquiry', () => {
  const detail = { ...enquiry, replies: [] };
  const renderEnquiry = (api: Parameters<typeof renderConsole>[1]['api']) =>
    renderConsole(<EnquiryPage />, {
      path: '/admin/enquiries/e-1',
      pattern: '/admin/enquiries/:enquiryId',
      role: 'support',
      api: { 'GET /admin/enquiries/e-1': ok(detail), ...api },
    });

  it('shows the enquiry and marks it answered', async () => {
    const user = userEvent.setup();
    let answered = false;
    const { callsTo } = renderEnquiry({
      'GET /admin/enquiries/e-1': () =>
        ok(answered ? { ...detail, status: 'closed', state: 'answered' } : detail),
      'PATCH /admin/enquiries/e-1': () => {
        answered = true;
        return ok({ ...enquiry, status: 'closed' }, 'Enquiry marked answered.');
      },
    });
    expect(
      await screen.findByRole('heading', { name: 'Enquiry from Ravi Kulkarni' }),
    ).toBeVisible();
    expect(screen.getByText('Reference ENQ-3F2A9C1B')).toBeVisible();
    expect(document.title).toBe('Enquiry ENQ-3F2A9C1B · Console');
    const about = screen.getByRole('region', { name: 'The enquiry' });
    expect(about).toHaveTextContent('Is 98200 98200 still available?');
    expect(within(about).getByRole('link', { name: '98200 98200' })).toHaveAttribute(
      'href',
      '/admin/inventory?q=9820098200',
    );
    await user.click(screen.getByRole('button', { name: 'Mark answered' }));
    expect(await screen.findByText('Enquiry marked answered.')).toBeInTheDocument();
    expect(callsTo('PATCH /admin/enquiries/e-1')[0]!.body).toEqual({ status: 'closed' });
    // The button used has gone: the focus is on the status it changed.
    await waitFor(() => expect(about.querySelector('dd[tabindex="-1"]')).toHaveFocus());
  });

  it('saves the team note', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderEnquiry({
      'PATCH /admin/enquiries/e-1': ok({ ...enquiry, note: 'Call back Monday' }, 'Note saved.'),
    });
    await user.type(await screen.findByLabelText('Team note'), 'Call back Monday');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Note saved.')).toBeInTheDocument();
    expect(callsTo('PATCH /admin/enquiries/e-1')[0]!.body).toEqual({
      note: 'Call back Monday',
      noteSeen: null,
    });
    // Saved, its button is disabled until the note changes: the focus stays in the note.
    await waitFor(() => expect(screen.getByLabelText('Team note')).toHaveFocus());
  });

  it('will not save a note over one another agent saved meanwhile: shows theirs, then saves the two together', async () => {
    const user = userEvent.setup();
    const theirs = 'A: called him at 11:30, he pays tomorrow';
    let patches = 0;
    const { callsTo } = renderEnquiry({
      'PATCH /admin/enquiries/e-1': () =>
        ++patches === 1
          ? fail(409, 'Sunita Support changed the note …', {
              code: 'NOTE_CHANGED',
              note: { text: theirs, by: 'Sunita Support', at: '2026-04-01T06:00:00Z' },
            })
          : ok({ ...enquiry, note: 'merged' }, 'Note saved.'),
    });
    const box = await screen.findByLabelText('Team note');
    await user.type(box, 'B: sent the price list');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Sunita Support saved the note at 1 Apr 2026, 11:30 am IST after you opened this enquiry: yours was not saved.',
    );
    expect(alert).toHaveTextContent(theirs);
    // Nothing is lost: theirs, then the agent's own, in the box, to put together.
    expect(box).toHaveValue(`${theirs}\n\nB: sent the price list`);
    await user.type(box, ' (both done)');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Note saved.')).toBeInTheDocument();
    expect(callsTo('PATCH /admin/enquiries/e-1').map((call) => call.body)).toEqual([
      { note: 'B: sent the price list', noteSeen: null },
      { note: `${theirs}\n\nB: sent the price list (both done)`, noteSeen: theirs },
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends nothing when another agent answered meanwhile: shows their reply, and sends this one only when asked', async () => {
    const user = userEvent.setup();
    const other = {
      id: 'r-9',
      sentTo: 'ravi@example.com',
      subject: 'Re: your enquiry',
      text: 'The best price is ₹30,000.',
      sentAt: '2026-04-01T06:00:00Z',
      staff: { id: 's-1', name: 'Sunita Support' },
    };
    let answered = false;
    let posts = 0;
    const { callsTo } = renderEnquiry({
      'GET /admin/enquiries/e-1': () => ok(answered ? { ...detail, replies: [other] } : detail),
      'POST /admin/enquiries/e-1/replies': () => {
        answered = true;
        return ++posts === 1
          ? fail(409, 'Sunita Support replied to this enquiry …', {
              code: 'ALREADY_REPLIED',
              replies: [other],
            })
          : { status: 201, body: { success: true, message: 'Reply sent.', data: detail } };
      },
    });
    const form = await screen.findByRole('form', { name: 'Reply by e-mail' });
    await user.type(within(form).getByLabelText('Reply'), 'For you, ₹27,500.');
    await user.click(within(form).getByRole('button', { name: 'Send reply' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Sunita Support answered while you were writing: yours was not sent.',
    );
    expect(alert).toHaveTextContent(
      'Sunita Support, 1 Apr 2026, 11:30 am IST: Re: your enquiryThe best price is ₹30,000.',
    );
    // The page reads the enquiry again: their reply is listed.
    expect(await screen.findByRole('region', { name: 'Replies sent' })).toHaveTextContent(
      'The best price is ₹30,000.',
    );
    expect(within(form).queryByRole('button', { name: 'Send reply' })).toBeNull();
    expect(within(form).getByLabelText('Reply')).toHaveValue('For you, ₹27,500.');

    await user.click(within(form).getByRole('button', { name: 'Send mine as well' }));
    expect(await screen.findByText('Reply sent.')).toBeInTheDocument();
    expect(callsTo('POST /admin/enquiries/e-1/replies').map((call) => call.body)).toEqual([
      { subject: '', text: 'For you, ₹27,500.', repliesSeen: 0, statusSeen: 'new' },
      {
        subject: '',
        text: 'For you, ₹27,500.',
        repliesSeen: 1,
        statusSeen: 'new',
        sendAnyway: true,
      },
    ]);
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('sends nothing when another agent marked the enquiry answered meanwhile, until asked to', async () => {
    const user = userEvent.setup();
    let posts = 0;
    const { callsTo } = renderEnquiry({
      'GET /admin/enquiries/e-1': () => ok(detail),
      'POST /admin/enquiries/e-1/replies': () =>
        ++posts === 1
          ? fail(409, 'Sunita Support marked this enquiry answered …', {
              code: 'ALREADY_ANSWERED',
              answered: { by: 'Sunita Support', at: '2026-04-01T06:00:00Z' },
            })
          : { status: 201, body: { success: true, message: 'Reply sent.', data: detail } },
    });
    const form = await screen.findByRole('form', { name: 'Reply by e-mail' });
    await user.type(within(form).getByLabelText('Reply'), 'Yes, it is available.');
    await user.click(within(form).getByRole('button', { name: 'Send reply' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Sunita Support marked this enquiry answered at 1 Apr 2026, 11:30 am IST, without an e-mail: yours was not sent.',
    );
    await user.click(within(form).getByRole('button', { name: 'Send mine all the same' }));
    expect(await screen.findByText('Reply sent.')).toBeInTheDocument();
    expect(callsTo('POST /admin/enquiries/e-1/replies').map((call) => call.body)).toEqual([
      { subject: '', text: 'Yes, it is available.', repliesSeen: 0, statusSeen: 'new' },
      {
        subject: '',
        text: 'Yes, it is available.',
        repliesSeen: 0,
        statusSeen: 'new',
        sendAnyway: true,
      },
    ]);
  });

  it('sends a reply by e-mail, and will not send an empty one', async () => {
    const user = userEvent.setup();
    let sent = false;
    const withReply = {
      ...detail,
      replies: [
        {
          id: 'r-1',
          subject: 'Re: your enquiry',
          text: 'Yes, it is available.',
          staff: { name: 'Sam Support' },
          sentAt: '2026-11-20T10:00:00.000Z',
          sentTo: 'ravi@example.com',
        },
      ],
    };
    const { callsTo } = renderEnquiry({
      'GET /admin/enquiries/e-1': () => ok(sent ? withReply : detail),
      'POST /admin/enquiries/e-1/replies': () => {
        sent = true;
        return {
          status: 201,
          body: { success: true, message: 'Reply sent to ravi@example.com.', data: withReply },
        };
      },
    });
    const form = await screen.findByRole('form', { name: 'Reply by e-mail' });
    expect(form).toHaveTextContent('Reply to ravi@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(await within(form).findByText('Write the reply.')).toBeVisible();
    expect(callsTo('POST /admin/enquiries/e-1/replies')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Reply'), 'Yes, it is available.');
    await user.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Reply sent to ravi@example.com.')).toBeInTheDocument();
    expect(callsTo('POST /admin/enquiries/e-1/replies')[0]!.body).toEqual({
      subject: '',
      text: 'Yes, it is available.',
      repliesSeen: 0,
      statusSeen: 'new',
    });
    await waitFor(() => expect(within(form).getByLabelText('Reply')).toHaveValue(''));
    // The focus goes to the replies, with the one just sent.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Replies sent' })).toHaveFocus(),
    );
  });

  it('sends a reply retried after a lost answer with the same Idempotency-Key, the next with a new one', async () => {
    const user = userEvent.setup();
    let posts = 0;
    const { fetchMock } = renderEnquiry({
      'POST /admin/enquiries/e-1/replies': () => {
        // The first reaches the server, its answer is lost.
        if (++posts === 1) throw new TypeError('Failed to fetch');
        return { status: 201, body: { success: true, message: 'Reply sent.', data: detail } };
      },
    });
    const form = await screen.findByRole('form', { name: 'Reply by e-mail' });
    const send = within(form).getByRole('button', { name: 'Send reply' });
    await user.type(within(form).getByLabelText('Reply'), 'Yes, it is available.');
    await user.click(send);
    expect(await screen.findByText('No response received from server')).toBeInTheDocument();
    expect(within(form).getByLabelText('Reply')).toHaveValue('Yes, it is available.');
    await user.click(send);
    expect(await screen.findByText('Reply sent.')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByLabelText('Reply')).toHaveValue(''));
    await user.type(within(form).getByLabelText('Reply'), 'Yes, it is available.');
    await user.click(send);
    await waitFor(() => expect(posts).toBe(3));

    const keys = fetchMock.mock.calls
      .filter(([input]) => String(input).endsWith('/admin/enquiries/e-1/replies'))
      .map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('says an address that names no enquiry is not found, asking once and offering no retry', async () => {
    for (const [status, message] of [
      [404, 'That enquiry was not found.'],
      [400, 'Invalid params: id: must be an enquiry id'],
    ] as const) {
      const { callsTo, unmount } = renderConsole(<EnquiryPage />, {
        path: '/admin/enquiries/e-1',
        pattern: '/admin/enquiries/:enquiryId',
        api: { 'GET /admin/enquiries/e-1': fail(status, message) },
      });
      expect(
        await screen.findByRole('heading', { name: 'Enquiry not found' }),
        String(status),
      ).toBeVisible();
      expect(screen.queryByText(message)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(callsTo('GET /admin/enquiries/e-1')).toHaveLength(1);
      unmount();
    }
  });

  it('lists the replies sent, with who sent them, and says why a reply failed', async () => {
    const user = userEvent.setup();
    renderConsole(<EnquiryPage />, {
      path: '/admin/enquiries/e-1',
      pattern: '/admin/enquiries/:enquiryId',
      api: {
        'GET /admin/enquiries/e-1': ok({
          ...enquiry,
          status: 'closed',
          state: 'answered',
          replies: [
            {
              id: 'r-1',
              sentTo: 'ravi@example.com',
              subject: 'Your VIP number',
              text: 'Holding it until Friday.',
              sentAt: '2026-04-01T06:00:00Z',
              staff: { id: 's-1', name: 'Sunita Support' },
            },
          ],
        }),
        'POST /admin/enquiries/e-1/replies': fail(502, 'The reply could not be sent.'),
      },
    });
    const replies = await screen.findByRole('region', { name: 'Replies sent' });
    expect(replies).toHaveTextContent('Your VIP number');
    expect(replies).toHaveTextContent(
      'Sunita Support, 1 Apr 2026, 11:30 am IST, to ravi@example.com',
    );
    expect(screen.getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark answered' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Reply'), 'One more thing.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('The reply could not be sent.')).toBeInTheDocument();
    expect(screen.getByLabelText('Reply')).toHaveValue('One more thing.');
  });
});
