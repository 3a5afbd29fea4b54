import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test-support/fake-api';
import { renderConsole } from '../../../test-support/console';
import { resetAfterTest } from '../../../test-support/session';
import StaffPage from './staff-page';

afterEach(resetAfterTest);

const me = {
  id: 'staff-me',
  name: 'Anil Admin',
  email: 'anil@example.com',
  mobile: '9000000002',
  role: 'admin',
  disabledAt: null,
  createdAt: '2026-01-01T00:00:00Z',
};
const kiran = {
  ...me,
  id: 'staff-kiran',
  name: 'Kiran Rao',
  email: 'kiran@example.com',
  mobile: '9820011223',
  role: 'support',
};
const meena = {
  ...kiran,
  id: 'staff-meena',
  name: 'Meena Shah',
  disabledAt: '2026-03-02T06:00:00Z',
};

const renderStaff = (api: Parameters<typeof renderConsole>[1]['api'] = {}) =>
  renderConsole(<StaffPage />, {
    path: '/admin/staff',
    api: { 'GET /admin/staff': ok({ members: [me, kiran, meena] }), ...api },
  });

const rowOf = async (name: string) =>
  (await screen.findByRole('cell', { name: new RegExp(`^${name}`) })).closest('tr')!;

describe('the staff page', () => {
  it('lists the team, and the signed-in administrator’s own row cannot be changed', async () => {
    renderStaff();
    const own = await rowOf('Anil Admin');
    expect(own).toHaveTextContent('Anil Admin (you)');
    expect(within(own).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(own).queryByRole('button')).not.toBeInTheDocument();
    const kiranRow = await rowOf('Kiran Rao');
    expect(within(kiranRow).getByRole('combobox', { name: 'Role of Kiran Rao' })).toHaveValue(
      'support',
    );
    expect(kiranRow).toHaveTextContent('Active');
    expect(await rowOf('Meena Shah')).toHaveTextContent('Disabled 2 Mar 2026');
  });

  it('invites a member, checking the details first', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderStaff({
      'POST /admin/staff': {
        status: 201,
        body: {
          success: true,
          message: 'Priya Nair has been invited.',
          data: {
            member: { ...kiran, name: 'Priya Nair' },
            invitationSent: true,
            notDelivered: [],
          },
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    await user.type(within(form).getByLabelText('Mobile'), '12345');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(form).findByText('Enter their name (at least 2 characters).'),
    ).toBeVisible();
    expect(within(form).getByText('Enter a valid 10-digit Indian mobile number.')).toBeVisible();
    expect(callsTo('POST /admin/staff')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Name'), 'Priya Nair');
    await user.type(within(form).getByLabelText('E-mail'), 'priya@example.com');
    await user.clear(within(form).getByLabelText('Mobile'));
    await user.type(within(form).getByLabelText('Mobile'), '98200 44556');
    await user.selectOptions(within(form).getByLabelText('Role'), 'Administrator');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Priya Nair has been invited.')).toBeInTheDocument();
    expect(callsTo('POST /admin/staff')[0]!.body).toEqual({
      name: 'Priya Nair',
      email: 'priya@example.com',
      mobile: '98200 44556',
      role: 'admin',
    });
    await waitFor(() => expect(within(form).getByLabelText('Name')).toHaveValue(''));
  });

  it('warns, until closed, of an invitation e-mail refused', async () => {
    const user = userEvent.setup();
    const message =
      'Priya Nair has been invited, but the e-mail to priya@mistyped.invalid was refused: check the address (it is listed in Messages not delivered).';
    renderStaff({
      'POST /admin/staff': {
        status: 201,
        body: {
          success: true,
          message,
          data: {
            member: { ...kiran, name: 'Priya Nair' },
            invitationSent: true,
            notDelivered: [{ channel: 'email', to: 'priya@mistyped.invalid', status: 'failed' }],
          },
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    await user.type(within(form).getByLabelText('Name'), 'Priya Nair');
    await user.type(within(form).getByLabelText('E-mail'), 'priya@mistyped.invalid');
    await user.type(within(form).getByLabelText('Mobile'), '98200 44556');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    const toast = (await screen.findByText(message)).closest('[data-toast-type]');
    expect(toast).toHaveAttribute('data-toast-type', 'warning');
  });

  it('shows why an invitation was refused', async () => {
    const user = userEvent.setup();
    renderStaff({
      'POST /admin/staff': fail(
        409,
        'Another account already uses this e-mail address: each team member needs an e-mail address and a mobile number of their own.',
      ),
    });
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    await user.type(within(form).getByLabelText('Name'), 'Priya Nair');
    await user.type(within(form).getByLabelText('E-mail'), 'priya@example.com');
    await user.type(within(form).getByLabelText('Mobile'), '9820044556');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByText(/Another account already uses this e-mail address/),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Name')).toHaveValue('Priya Nair');
  });

  it('changes a role only once confirmed, saying what it gives', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderStaff({
      'PATCH /admin/staff/staff-kiran': ok(
        { ...kiran, role: 'admin' },
        'Kiran Rao is now an administrator.',
      ),
    });
    const role = () => screen.getByRole('combobox', { name: 'Role of Kiran Rao' });
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Role of Kiran Rao' }),
      'Administrator',
    );
    const confirm = screen.getByRole('group', { name: 'Make Kiran Rao Administrator?' });
    expect(confirm).toHaveTextContent("download any buyer's data and close accounts");
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('PATCH /admin/staff/staff-kiran')).toHaveLength(0);
    await waitFor(() => expect(role()).toHaveFocus());
    expect(role()).toHaveDisplayValue('Support');

    await user.selectOptions(role(), 'Administrator');
    await user.click(screen.getByRole('button', { name: 'Make Administrator' }));
    expect(await screen.findByText('Kiran Rao is now an administrator.')).toBeInTheDocument();
    expect(callsTo('PATCH /admin/staff/staff-kiran')).toEqual([
      expect.objectContaining({ body: { role: 'admin' } }),
    ]);
  });

  it('disables a member only once confirmed, and enables a disabled one', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderStaff({
      'PATCH /admin/staff/staff-kiran': ok(kiran, "Kiran Rao's account has been updated."),
      'PATCH /admin/staff/staff-meena': ok(meena, "Meena Shah's account has been updated."),
    });
    await user.click(await screen.findByRole('button', { name: 'Disable Kiran Rao' }));
    const confirm = screen.getByRole('group', { name: 'Disable Kiran Rao?' });
    expect(confirm).toHaveTextContent('They are signed out at once.');
    expect(within(confirm).getByRole('button', { name: 'Disable' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('PATCH /admin/staff/staff-kiran')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Disable Kiran Rao' })).toHaveFocus();

    // Escape closes the confirmation too, the focus back on the button that opened it.
    await user.click(screen.getByRole('button', { name: 'Disable Kiran Rao' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Disable Kiran Rao?' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Disable Kiran Rao' })).toHaveFocus();
    expect(callsTo('PATCH /admin/staff/staff-kiran')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Disable Kiran Rao' }));
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    await waitFor(() =>
      expect(callsTo('PATCH /admin/staff/staff-kiran')[0]?.body).toEqual({ disabled: true }),
    );
    await user.click(screen.getByRole('button', { name: 'Enable Meena Shah' }));
    await waitFor(() =>
      expect(callsTo('PATCH /admin/staff/staff-meena')[0]?.body).toEqual({ disabled: false }),
    );
  });

  // Support never gets here (the console frame says the page is for administrators); an
  // administrator made support since the session was read does, and the API refuses.
  it('shows the API’s refusal to a member no longer an administrator', async () => {
    renderConsole(<StaffPage />, {
      path: '/admin/staff',
      role: 'admin',
      api: { 'GET /admin/staff': fail(403, 'This is for administrators only.') },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This is for administrators only.');
  });
});
