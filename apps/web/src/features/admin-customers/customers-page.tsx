import { useState, type FormEvent } from 'react';
import { FormAlert, SubmitButton, TextAreaField, TextField } from '../../components/form-fields';
import { ModalDialog } from '../../components/modal-dialog';
import { useToast } from '../../components/toast';
import { errorMessage } from '../../lib/api-client';
import { consoleMeta, ConsolePage } from '../admin-shell';
import { useCloseCustomerAccount } from './api/close-customer-account';
import type { Route } from './+types/customers-page';

export const meta: Route.MetaFunction = () => consoleMeta('Customers');

/**
 * /admin/customers (administrators): closing a buyer's account when the buyer asks for it by
 * e-mail, phone or letter (decision 0055). The reason goes to the audit log.
 */
export default function CustomersPage() {
  const toast = useToast();
  const close = useCloseCustomerAccount();
  const [contact, setContact] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string>();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    if (!contact.trim() || reason.trim().length < 5) {
      setProblem("Enter the buyer's e-mail or mobile and why the account is closed.");
      return;
    }
    setConfirming(true);
  }

  async function onConfirm() {
    setConfirming(false);
    try {
      const closed = await close.mutateAsync({ contact: contact.trim(), reason: reason.trim() });
      toast.success(`${closed.message} ${closed.kept}`);
      setContact('');
      setReason('');
    } catch (error) {
      setProblem(errorMessage(error, 'The account could not be closed.'));
    }
  }

  return (
    <ConsolePage
      title="Customers"
      intro="Close a buyer's account when they ask for it. Check first that the request comes from the account's own e-mail or mobile."
    >
      <form noValidate onSubmit={onSubmit} className="max-w-xl space-y-4">
        <h2 className="text-lg font-semibold text-slate-900">Close a buyer&apos;s account</h2>
        <TextField
          label="The buyer's e-mail address or mobile number"
          autoComplete="off"
          value={contact}
          onChange={(event) => setContact(event.target.value)}
        />
        <TextAreaField
          label="Reason (kept in the audit log)"
          rows={3}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <FormAlert message={problem} />
        <SubmitButton pending={close.isPending} pendingLabel="Closing…" className="sm:w-auto">
          Close the account
        </SubmitButton>
      </form>
      <ModalDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Close this account?"
      >
        <div className="space-y-4 text-sm text-slate-700">
          <p>
            The account of <strong>{contact.trim()}</strong> is closed at once: its name, contacts,
            password, address, favourites, alerts and the details of unpaid orders are erased, and
            every session ends. Paid orders keep their billing details and tax invoices (GST law,
            about 8 years). An account with an open order is refused. This cannot be undone.
          </p>
          <div className="flex justify-end gap-3">
            <button
              type="button"
              onClick={() => setConfirming(false)}
              className="rounded-lg px-4 py-2 font-semibold text-slate-700 hover:bg-slate-100"
            >
              Cancel
            </button>
            <button
              type="button"
              onClick={() => void onConfirm()}
              className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
            >
              Close the account
            </button>
          </div>
        </div>
      </ModalDialog>
    </ConsolePage>
  );
}
