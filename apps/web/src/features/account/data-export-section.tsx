import { useState } from 'react';
import { FormAlert, SubmitButton } from '../../components/form-fields';
import { useToast } from '../../components/toast';
import { apiErrorMessage } from '../../lib/api-client';
import { AccountSection } from './account-section';
import { useDownloadMyData } from './api/download-my-data';

/** "Your data" (DPDP Act 2023 s.11, decision 0059): everything held about the buyer, as a file. */
export function DataExportSection() {
  return (
    <AccountSection
      title="Your data"
      description="One file (JSON) with everything we hold about you: your profile, address, consents, orders and payments, enquiries, saved numbers and searches, alerts and signed-in devices."
    >
      <DownloadMyDataButton />
    </AccountSection>
  );
}

/** The download, with its toast and its problem shown under it (the section's and closing's). */
export function DownloadMyDataButton() {
  const toast = useToast();
  const download = useDownloadMyData();
  const [problem, setProblem] = useState<string>();

  async function onDownload() {
    setProblem(undefined);
    try {
      const name = await download.mutateAsync();
      toast.success(`Your data has been saved as ${name}.`);
    } catch (error) {
      setProblem(apiErrorMessage(error, 'Your data could not be downloaded. Please try again.'));
    }
  }

  return (
    <>
      <SubmitButton
        type="button"
        pending={download.isPending}
        pendingLabel="Preparing your file…"
        onClick={() => void onDownload()}
        className="sm:w-auto"
      >
        Download my data
      </SubmitButton>
      <FormAlert message={problem} className="mt-3" />
    </>
  );
}
