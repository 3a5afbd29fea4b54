import '@testing-library/jest-dom/vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok } from '../../../test-support/fake-api';
import { renderWithQuery } from '../../../test-support/render';
import { resetAfterTest } from '../../../test-support/session';
import CustomersPage from './customers-page';

afterEach(resetAfterTest);

function fillIn() {
  fireEvent.change(screen.getByLabelText("The buyer's e-mail address or mobile number"), {
    target: { value: '9811122233' },
  });
  fireEvent.change(screen.getByLabelText('Reason (kept in the audit log)'), {
    target: { value: 'Asked by e-mail on 29 Nov' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Close the account' }));
}

describe('/admin/customers', () => {
  it('asks to confirm, then closes the account with the reason', async () => {
    const api = installFakeApi({
      'POST /admin/customers/close': ok(
        { kept: 'Tax invoices are kept.' },
        'The account has been closed.',
      ),
    });
    renderWithQuery('/admin/customers', <CustomersPage />);
    fillIn();
    const dialog = screen.getByRole('dialog', { name: 'Close this account?' });
    expect(dialog).toHaveTextContent('9811122233');
    expect(api.calls).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close the account' }));
    expect(await screen.findByText(/The account has been closed\./)).toBeInTheDocument();
    expect(api.callsTo('POST /admin/customers/close')[0]!.body).toEqual({
      contact: '9811122233',
      reason: 'Asked by e-mail on 29 Nov',
    });
  });

  it('shows why a close is refused', async () => {
    installFakeApi({
      'POST /admin/customers/close': fail(
        409,
        'This account cannot be closed yet: an order is still open: VN-1 (Paid).',
      ),
    });
    renderWithQuery('/admin/customers', <CustomersPage />);
    fillIn();
    fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Close the account' }),
    );
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('VN-1 (Paid)'));
  });
});
