import { useState, type FormEvent } from 'react';
import { FormAlert, SubmitButton, TextField } from '../../components/form-fields';
import { useToast } from '../../components/toast';
import { errorMessage } from '../../lib/api-client';
import { useDownloadCustomerData } from './api/download-customer-data';

/**
 * "Download this buyer's data" (administrators; decision 0062): the buyer's file, as they would
 * download it from their profile, for their request made by post, e-mail or phone; the request
 * it answers is asked first and kept in the audit log.
 */
export function DownloadDataForm({ customerId }: { customerId: string }) {
  const toast = useToast();
  const download = useDownloadCustomerData();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    if (reason.trim().length < 5) {
      setProblem('Say which request of the buyer this answers (at least 5 characters).');
      return;
    }
    try {
      const name = await download.mutateAsync({ id: customerId, reason: reason.trim() });
      toast.success(`The buyer's data has been saved as ${name}. Send it to them as they asked.`);
      setReason('');
    } catch (error) {
      setProblem(errorMessage(error, "The buyer's data could not be downloaded."));
    }
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-8 max-w-xl space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">{"Download this buyer's data"}</h2>
      <p className="text-sm text-slate-700">
        For a buyer who asked by post, e-mail or phone (DPDP Act): the same file they can download
        from their profile.
      </p>
      <TextField
        label="The buyer's request (kept in the audit log)"
        hint="How and when it came, and its reference: for example, Letter of 28 Nov, ref 123."
        autoComplete="off"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <FormAlert message={problem} />
      <SubmitButton
        pending={download.isPending}
        pendingLabel="Preparing the file…"
        className="sm:w-auto"
      >
        {"Download this buyer's data"}
      </SubmitButton>
    </form>
  );
}
