import { useState, type FormEvent } from 'react';
import { FormAlert, SubmitButton, TextAreaField } from '../../components/form-fields';
import { ModalDialog } from '../../components/modal-dialog';
import { useToast } from '../../components/toast';
import { errorMessage } from '../../lib/api-client';
import { useCloseCustomerById } from './api/close-customer-account';

/**
 * Closing a buyer's account on their request (administrators; decisions 0055, 0066): the one
 * opened in the console, named in the confirmation; with the reason, after the confirmation of
 * what is erased and kept.
 */
export function CloseAccountForm({
  account,
  heading,
  button,
}: {
  account: { id: string; name: string };
  heading: string;
  button: string;
}) {
  const toast = useToast();
  const byId = useCloseCustomerById();
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string>();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    if (reason.trim().length < 5) {
      setProblem('Say why the account is closed (at least 5 characters).');
    } else {
      setConfirming(true);
    }
  }

  async function onConfirm() {
    setConfirming(false);
    try {
      const closed = await byId.mutateAsync({ id: account.id, reason: reason.trim() });
      toast.success(`${closed.message} ${closed.kept}`);
      setReason('');
    } catch (error) {
      setProblem(errorMessage(error, 'The account could not be closed.'));
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="mt-8 max-w-xl space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">{heading}</h2>
      <TextAreaField
        label="Reason (kept in the audit log)"
        rows={3}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <FormAlert message={problem} />
      {/* The danger action's red, as the buyer's own close is: not the download's blue above. */}
      <SubmitButton
        pending={byId.isPending}
        pendingLabel="Closing…"
        className="bg-red-700 hover:bg-red-800 sm:w-auto"
      >
        {button}
      </SubmitButton>
      <ConfirmClose
        open={confirming}
        whose={account.name}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onConfirm()}
      />
    </form>
  );
}

/** "Close this account?": what closing erases and keeps, asked before the close. */
function ConfirmClose({
  open,
  whose,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  /** The buyer's name, as the account holds it. */
  whose: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ModalDialog open={open} onClose={onCancel} title="Close this account?">
      <div className="space-y-4 text-sm text-slate-700">
        <p>
          The account of <strong>{whose}</strong> is closed at once: its name, contacts, password,
          address, favourites, alerts and the details of unpaid orders are erased, and every session
          ends. Paid orders keep their billing details and tax invoices (GST law, about 8 years). An
          account with an open order is refused. This cannot be undone.
        </p>
        <div className="flex justify-end gap-3">
          <button
            type="button"
            onClick={onCancel}
            className="rounded-lg px-4 py-2 font-semibold text-slate-700 hover:bg-slate-100"
          >
            Cancel
          </button>
          <button
            type="button"
            onClick={onConfirm}
            className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
          >
            Close the account
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
