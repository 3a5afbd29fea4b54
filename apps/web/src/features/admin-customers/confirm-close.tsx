import { ModalDialog } from '../../components/modal-dialog';

/**
 * "Close this account?": what closing erases and keeps (decision 0055), asked before either
 * close of the console (by the buyer's contact, or from the customer's page).
 */
export function ConfirmClose({
  open,
  whose,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  /** The account as the administrator knows it: a contact typed, or the buyer's name. */
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
