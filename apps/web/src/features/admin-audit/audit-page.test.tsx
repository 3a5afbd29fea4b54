import '@testing-library/jest-dom/vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ok } from '../../../test-support/fake-api';
import { renderConsole } from '../../../test-support/console';
import { resetAfterTest } from '../../../test-support/session';
import AuditPage from './audit-page';
import { AuditChange, changeLines } from './audit-change';

afterEach(resetAfterTest);

const entries = [
  {
    id: 2,
    at: '2026-04-01T06:00:00Z',
    actor: { id: 'staff-me', name: 'Anil Admin', email: 'anil@example.com' },
    action: 'number.reprice',
    entityType: 'number',
    entityId: '41',
    entityName: null,
    number: '9820098200',
    orderId: null,
    orderReference: null,
    before: { price: 25000, offerPrice: null },
    after: { price: 20000, offerPrice: null },
    note: 'Festival offer',
  },
  {
    id: 1,
    at: '2026-04-01T05:00:00Z',
    actor: { id: 'staff-me', name: 'Anil Admin', email: 'anil@example.com' },
    action: 'staff.invite',
    entityType: 'user',
    entityId: 'b1c2d3e4-0000-4000-8000-000000000000',
    entityName: 'Kiran Rao',
    number: null,
    orderId: null,
    orderReference: null,
    before: null,
    after: { name: 'Kiran Rao', role: 'support' },
    note: null,
  },
];

const auditPage = (extra = {}) =>
  ok({ entries, total: 2, page: 1, pageSize: 50, pageCount: 1, ...extra });
const members = ok({
  members: [
    {
      id: 'staff-me',
      name: 'Anil Admin',
      email: 'a@x.in',
      mobile: '9000000002',
      role: 'admin',
      disabledAt: null,
      createdAt: '2026-01-01T00:00:00Z',
    },
    {
      id: 'staff-kiran',
      name: 'Kiran Rao',
      email: 'k@x.in',
      mobile: '9820011223',
      role: 'support',
      disabledAt: null,
      createdAt: '2026-01-01T00:00:00Z',
    },
  ],
});

const logCalls = (calls: { path: string }[]) =>
  calls.filter((call) => call.path.startsWith('/admin/audit')).map((call) => call.path);

describe('the audit log page', () => {
  it('shows who changed what, when, and the change readably, with no way to edit it', async () => {
    renderConsole(<AuditPage />, {
      path: '/admin/audit',
      api: { 'GET /admin/audit': auditPage(), 'GET /admin/staff': members },
    });
    const table = await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    const [, reprice, invite] = within(table).getAllByRole('row');
    expect(reprice).toHaveTextContent('1 Apr 2026, 11:30 am IST');
    expect(reprice).toHaveTextContent('Anil Admin');
    expect(reprice).toHaveTextContent('Price changed');
    expect(reprice).not.toHaveTextContent('number.reprice');
    expect(reprice).toHaveTextContent('price: ₹25,000 → changed to ₹20,000');
    expect(reprice).toHaveTextContent('offer price: none');
    expect(reprice).toHaveTextContent('Festival offer');
    expect(within(reprice!).getByRole('link', { name: '98200 98200' })).toHaveAttribute(
      'href',
      '/admin/inventory?q=9820098200',
    );
    expect(invite).toHaveTextContent('Staff member invited');
    expect(invite).toHaveTextContent('Staff member Kiran Rao');
    expect(invite).not.toHaveTextContent('b1c2d3e4');
    expect(invite).toHaveTextContent('name: Kiran Rao');
    // The role as the Staff page names it, not the stored word.
    expect(invite).toHaveTextContent('role: Support');
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(within(table).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("names staff members' views of personal data in words, a search by what was searched for", async () => {
    const view = (id: number, fields: Record<string, unknown>) => ({
      ...entries[0],
      id,
      entityName: null,
      number: null,
      orderId: null,
      orderReference: null,
      before: null,
      after: null,
      note: null,
      ...fields,
    });
    const views = [
      view(14, {
        action: 'order.view',
        entityType: 'order',
        entityId: 'a1b2c3d4-0000-4000-8000-000000000000',
        orderId: 'a1b2c3d4-0000-4000-8000-000000000000',
        orderReference: 'VN-20260401-ABCD1234',
      }),
      view(13, {
        action: 'order.search',
        entityType: 'search',
        entityId: '9811122233',
        after: { found: 2 },
      }),
      view(12, {
        action: 'order.screenshot_view',
        entityType: 'order',
        entityId: 'a1b2c3d4-0000-4000-8000-000000000000',
        orderId: 'a1b2c3d4-0000-4000-8000-000000000000',
        orderReference: 'VN-20260401-ABCD1234',
      }),
      view(11, {
        action: 'enquiry.view',
        entityType: 'enquiry',
        entityId: 'e1e2e3e4-0000-4000-8000-000000000000',
      }),
    ];
    renderConsole(<AuditPage />, {
      path: '/admin/audit',
      api: {
        'GET /admin/audit': ok({ entries: views, total: 4, page: 1, pageSize: 50, pageCount: 1 }),
        'GET /admin/staff': members,
      },
    });
    const table = await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    const [, order, search, screenshot, enquiry] = within(table).getAllByRole('row');
    expect(order).toHaveTextContent('Order details viewed');
    expect(within(order!).getByRole('link', { name: 'Order VN-20260401-ABCD1234' })).toBeVisible();
    expect(search).toHaveTextContent('Buyers searched');
    expect(search).toHaveTextContent('Search “9811122233”');
    expect(search).toHaveTextContent('found: 2');
    expect(search).not.toHaveTextContent('order.search');
    expect(screenshot).toHaveTextContent('Payment screenshot viewed');
    expect(enquiry).toHaveTextContent('Enquiry viewed');
    expect(within(enquiry!).getByRole('link', { name: 'Enquiry' })).toHaveAttribute(
      'href',
      '/admin/enquiries/e1e2e3e4-0000-4000-8000-000000000000',
    );
  });

  it("reads an enquiry's reply and note as done, how long, without their words", async () => {
    const enquiry = {
      ...entries[1],
      entityType: 'enquiry',
      entityId: 'e1e2e3e4-0000-4000-8000-000000000000',
      entityName: null,
      number: '9820098200',
    };
    const answered = {
      ...enquiry,
      id: 6,
      action: 'enquiry.reply',
      before: { status: 'new' },
      after: { status: 'closed', replyCharacters: 68 },
    };
    const noted = {
      ...enquiry,
      id: 5,
      action: 'enquiry.note',
      before: { noteCharacters: 0 },
      after: { noteCharacters: 30 },
    };
    renderConsole(<AuditPage />, {
      path: '/admin/audit',
      api: {
        'GET /admin/audit': auditPage({ entries: [answered, noted], total: 2 }),
        'GET /admin/staff': members,
      },
    });
    const table = await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    const [, reply, note] = within(table).getAllByRole('row');
    expect(reply).toHaveTextContent('Enquiry answered');
    expect(reply).toHaveTextContent('status: new → changed to closed');
    expect(reply).toHaveTextContent('reply characters: 68');
    expect(within(reply!).getByRole('link', { name: 'Enquiry' })).toHaveAttribute(
      'href',
      '/admin/enquiries/e1e2e3e4-0000-4000-8000-000000000000',
    );
    expect(note).toHaveTextContent('Enquiry note changed');
    expect(note).toHaveTextContent('note characters: 0 → changed to 30');
  });

  it("names an order's change by the order's reference, and links to it", async () => {
    const confirmed = {
      ...entries[1],
      id: 3,
      action: 'order.payment_confirmed',
      entityType: 'order',
      entityId: 'b31959e2-0000-4000-8000-000000000000',
      orderId: 'b31959e2-0000-4000-8000-000000000000',
      orderReference: 'VN-20261128-S98MCV1B',
      after: null,
    };
    renderConsole(<AuditPage />, {
      path: '/admin/audit',
      api: {
        'GET /admin/audit': auditPage({ entries: [confirmed], total: 1 }),
        'GET /admin/staff': members,
      },
    });
    const table = await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    const [, row] = within(table).getAllByRole('row');
    expect(row).not.toHaveTextContent('b31959e2');
    expect(within(row!).getByRole('link', { name: 'Order VN-20261128-S98MCV1B' })).toHaveAttribute(
      'href',
      '/admin/orders/b31959e2-0000-4000-8000-000000000000',
    );
  });

  it('shows money in rupees (refunds and payments are written in paise), moments in India and actions in words', async () => {
    const order = {
      entityType: 'order',
      entityId: 'b31959e2-0000-4000-8000-000000000000',
      entityName: null,
      number: null,
      orderId: 'b31959e2-0000-4000-8000-000000000000',
      orderReference: 'VN-20261128-S98MCV1B',
      note: null,
    };
    const logged = [
      {
        ...entries[0],
        ...order,
        id: 5,
        action: 'order.refund',
        before: { status: 'paid', needsRefund: true },
        after: {
          status: 'refunded',
          needsRefund: false,
          refund: { payment: 'UTR123456789012', amount: 4484000, method: 'manual' },
        },
      },
      {
        ...entries[0],
        ...order,
        id: 4,
        action: 'order.payment_confirmed',
        before: { status: 'pending_payment' },
        after: { status: 'paid', payment: { reference: 'UTR123456789012', amount: 4484050 } },
      },
      {
        ...entries[1],
        id: 3,
        action: 'staff.disable',
        before: { disabledAt: null },
        after: { disabledAt: '2026-11-28T20:15:00.000Z' },
      },
      {
        ...entries[0],
        id: 2,
        action: 'number.porting_undo',
        before: { status: 'upc_sent', upcCode: 'AB12CD34', upcExpiresOn: '2026-12-03' },
        after: { status: 'awaiting_upc', upcCode: null, upcExpiresOn: null },
      },
      { ...entries[0], id: 1, action: 'number.some_new_thing', before: null, after: null },
    ];
    renderConsole(<AuditPage />, {
      path: '/admin/audit',
      api: {
        'GET /admin/audit': auditPage({ entries: logged, total: logged.length }),
        'GET /admin/staff': members,
      },
    });
    const table = await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    const [, refund, payment, disable, porting, unknown] = within(table).getAllByRole('row');
    expect(refund).toHaveTextContent('Refund made');
    expect(refund).toHaveTextContent(
      'refund: payment UTR123456789012, amount ₹44,840, method manual',
    );
    // Field names and code values in words, not as the API writes them.
    expect(refund).toHaveTextContent('needs refund: yes → changed to no');
    expect(payment).toHaveTextContent('Payment confirmed');
    expect(payment).toHaveTextContent('status: pending payment → changed to paid');
    expect(payment).toHaveTextContent('amount ₹44,840.50');
    expect(disable).toHaveTextContent('Staff account disabled');
    expect(disable).toHaveTextContent('Staff member Kiran Rao');
    expect(disable).toHaveTextContent('disabled at: none → changed to 29 Nov 2026, 1:45 am IST');
    expect(porting).toHaveTextContent('Porting step taken back');
    expect(porting).toHaveTextContent('status: UPC sent → changed to awaiting UPC');
    expect(porting).toHaveTextContent('UPC code: AB12CD34 → changed to none');
    expect(porting).toHaveTextContent('UPC expires on: 3 Dec 2026 → changed to none');
    expect(unknown).toHaveTextContent('Number: some new thing');
    expect(table).not.toHaveTextContent('4484000');
  });

  it('asks for all 10 digits of a number instead of filtering by a part of one', async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole(<AuditPage />, {
      path: '/admin/audit',
      api: { 'GET /admin/audit': auditPage(), 'GET /admin/staff': members },
    });
    const form = await screen.findByRole('form', { name: 'Filter the audit log' });
    await screen.findByRole('table');
    const before = logCalls(calls).length;
    await user.type(within(form).getByLabelText('Number'), '98200');
    await user.click(within(form).getByRole('button', { name: 'Filter' }));
    expect(within(form).getByLabelText('Number')).toHaveAccessibleDescription(
      'Type all 10 digits of the number.',
    );
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/audit$/);
    expect(logCalls(calls)).toHaveLength(before);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('filters by member, number and order reference', async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole(<AuditPage />, {
      path: '/admin/audit',
      api: { 'GET /admin/audit': auditPage(), 'GET /admin/staff': members },
    });
    const form = await screen.findByRole('form', { name: 'Filter the audit log' });
    await screen.findByRole('option', { name: 'Kiran Rao' });
    await user.selectOptions(within(form).getByLabelText('Member'), 'Kiran Rao');
    await user.type(within(form).getByLabelText('Number'), '+91 98200 98200');
    await user.type(within(form).getByLabelText('Order reference'), ' vn-20261122-7k3q9mza ');
    await user.click(within(form).getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(logCalls(calls).at(-1)).toBe(
        '/admin/audit?page=1&actorId=staff-kiran&number=9820098200&orderReference=vn-20261122-7k3q9mza&pageSize=50',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(logCalls(calls).at(-1)).toBe('/admin/audit?page=1&pageSize=50'));
  });

  it('keeps further pages to the entries up to the first page’s newest, and a new filter starts afresh', async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole(<AuditPage />, {
      path: '/admin/audit',
      api: {
        'GET /admin/audit': (_body, call) =>
          auditPage({
            total: 60,
            pageCount: 2,
            page: Number(new URLSearchParams(call.path.split('?')[1]).get('page')),
            upTo: 42,
          }),
        'GET /admin/staff': members,
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(logCalls(calls).at(-1)).toBe('/admin/audit?page=2&upTo=42&pageSize=50'),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/audit?page=2&upTo=42');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(logCalls(calls).at(-1)).toBe('/admin/audit?page=1&pageSize=50'));

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('upTo=42'));
    const form = screen.getByRole('form', { name: 'Filter the audit log' });
    await user.selectOptions(within(form).getByLabelText('Action'), 'Any staff change');
    await user.click(within(form).getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(logCalls(calls).at(-1)).toBe('/admin/audit?page=1&action=staff.&pageSize=50'),
    );
  });

  it('filters by an action, or every action on one kind of thing, named in words', async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole(<AuditPage />, {
      path: '/admin/audit',
      api: { 'GET /admin/audit': auditPage(), 'GET /admin/staff': members },
    });
    const form = await screen.findByRole('form', { name: 'Filter the audit log' });
    const action = within(form).getByLabelText('Action');
    const numbers = within(action).getByRole('group', { name: 'Numbers' });
    expect(within(numbers).getByRole('option', { name: 'Any number change' })).toHaveValue(
      'number.',
    );
    expect(within(numbers).getByRole('option', { name: 'Number hidden' })).toHaveValue(
      'number.hide',
    );
    await user.selectOptions(action, 'Any staff change');
    await user.click(within(form).getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(logCalls(calls).at(-1)).toBe('/admin/audit?page=1&action=staff.&pageSize=50'),
    );
    // The form is made again for the new address, with the action chosen.
    const again = screen.getByRole('form', { name: 'Filter the audit log' });
    expect(within(again).getByLabelText('Action')).toHaveDisplayValue('Any staff change');
    await user.selectOptions(within(again).getByLabelText('Action'), 'Enquiry answered');
    await user.click(within(again).getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(logCalls(calls).at(-1)).toBe('/admin/audit?page=1&action=enquiry.reply&pageSize=50'),
    );
  });
});

describe('changeLines', () => {
  it("calls an import's refused rows refused, as its page and its check do", () => {
    const after = { newCount: 24, updatedCount: 0, unchangedCount: 0, errorCount: 8 };
    render(<AuditChange action="import.apply" before={null} after={after} />);
    expect(document.body).toHaveTextContent('new: 24updated: 0unchanged: 0refused: 8');
    expect(document.body).not.toHaveTextContent('error');
  });

  it("shows a billing correction's fields as words and its place of supply before and after", () => {
    render(
      <AuditChange
        action="order.billing_correct"
        before={{ invoice: 'INV/26-27/000001', placeOfSupply: 'Maharashtra' }}
        after={{
          placeOfSupply: 'Delhi',
          fields: ['name', 'gstinNo', 'address.line1', 'address.city', 'address.pinCode'],
          invoice: 'INV/26-27/000004',
          creditNote: 'CN/26-27/000002',
        }}
      />,
    );
    expect(document.body).toHaveTextContent(
      'invoice: INV/26-27/000001 → changed to INV/26-27/000004' +
        'place of supply: Maharashtra → changed to Delhi' +
        'fields: name, GSTIN, address line 1, city, PIN code' +
        'credit note: CN/26-27/000002',
    );
    expect(document.body).not.toHaveTextContent('[');
  });

  it('names each field with its value before and after', () => {
    expect(changeLines('enquiry.status', { status: 'new' }, { status: 'closed' })).toEqual([
      { field: 'status', before: 'new', after: 'closed', changed: true },
    ]);
    expect(changeLines('staff.invite', null, { role: 'admin' })).toEqual([
      { field: 'role', before: null, after: 'Administrator', changed: true },
    ]);
    expect(changeLines('staff.role', { role: 'admin' }, { role: 'support' })).toEqual([
      { field: 'role', before: 'Administrator', after: 'Support', changed: true },
    ]);
    expect(changeLines('enquiry.note', { note: 'x', tags: ['a'] }, { note: 'x' })).toEqual([
      { field: 'note', before: 'x', after: 'x', changed: false },
      { field: 'tags', before: 'a', after: null, changed: true },
    ]);
    expect(changeLines('x.y', null, null)).toEqual([]);
    expect(changeLines('x.y', { tags: [] }, { tags: ['a', 'b'] })).toEqual([
      { field: 'tags', before: 'none', after: 'a, b', changed: true },
    ]);
    expect(changeLines('x.y', 3, 4)).toEqual([
      { field: 'value', before: '3', after: '4', changed: true },
    ]);
  });
});
