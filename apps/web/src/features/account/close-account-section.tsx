import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert, SubmitButton, TextField } from '../../components/form-fields';
import { ModalDialog } from '../../components/modal-dialog';
import { useToast } from '../../components/toast';
import { errorMessage } from '../../lib/api-client';
import { useForgetAccount } from '../auth';
import { useCloseAccount } from './api/close-account';
import { DownloadMyDataButton } from './data-export-section';

const CONFIRM_WORD = 'CLOSE';

/**
 * Closing the account (decision 0055): a dialog says what is erased and what the law makes the
 * store keep; the buyer types CLOSE. Then this tab forgets the account and goes home.
 */
export function CloseAccountSection() {
  const [open, setOpen] = useState(false);
  return (
    <section
      aria-labelledby="close-account"
      className="rounded-2xl border border-red-200 p-5 sm:p-7"
    >
      <h2 id="close-account" className="text-lg font-semibold text-slate-900">
        Close your account
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Erases your personal details from the store. Tax invoices of paid orders are kept, as the
        law requires.
      </p>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-4 rounded-lg border border-red-700 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
      >
        Close my account
      </button>
      {open ? <CloseAccountDialog onClose={() => setOpen(false)} /> : null}
    </section>
  );
}

function CloseAccountDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const navigate = useNavigate();
  const forgetAccount = useForgetAccount();
  const close = useCloseAccount();
  const [word, setWord] = useState('');
  const [problem, setProblem] = useState<string>();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    if (word.trim().toUpperCase() !== CONFIRM_WORD) {
      setProblem(`Type ${CONFIRM_WORD} to confirm.`);
      return;
    }
    try {
      const closed = await close.mutateAsync(word.trim());
      forgetAccount();
      toast.success(`${closed.message ?? 'Your account has been closed.'} ${closed.kept}`);
      void navigate('/', { replace: true });
    } catch (error) {
      setProblem(errorMessage(error, 'Your account could not be closed.'));
    }
  }

  return (
    <ModalDialog open onClose={onClose} title="Close your account?">
      <form noValidate onSubmit={onSubmit} className="space-y-4 text-sm text-slate-700">
        <div>
          <h3 className="font-semibold text-slate-900">What we erase</h3>
          <p>
            Your name, e-mail address, mobile number, password, company details, saved address,
            WhatsApp choice and consent records, favourites, saved searches and alerts, and the
            details of orders that were never paid. You are signed out everywhere and cannot sign in
            again; your e-mail and mobile can open a new account later.
          </p>
        </div>
        <div>
          <h3 className="font-semibold text-slate-900">What we keep</h3>
          <p>
            The tax invoices and credit notes of paid orders, and those orders with the billing
            details printed on them, for about 8 years as the GST law requires. Messages you sent us
            through the enquiry and contact forms, until two years after you sent them. Our log of
            the work our team did on your account.
          </p>
        </div>
        <div>
          <h3 className="font-semibold text-slate-900">Want a copy first?</h3>
          <p className="mb-2">
            Once the account is closed, its data can no longer be downloaded here.
          </p>
          <DownloadMyDataButton />
        </div>
        <p>
          An order awaiting payment or still being ported must be finished first. This cannot be
          undone.
        </p>
        <TextField
          label={`Type ${CONFIRM_WORD} to confirm`}
          autoComplete="off"
          value={word}
          onChange={(event) => setWord(event.target.value)}
        />
        <FormAlert message={problem} />
        <div className="flex flex-wrap justify-end gap-3">
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg px-4 py-2 font-semibold text-slate-700 hover:bg-slate-100"
          >
            Keep my account
          </button>
          <SubmitButton
            pending={close.isPending}
            pendingLabel="Closing…"
            className="bg-red-700 hover:bg-red-800 sm:w-auto"
          >
            Close my account
          </SubmitButton>
        </div>
      </form>
    </ModalDialog>
  );
}
