import { useState } from 'react';
import { FormAlert, SubmitButton } from '../../components/form-fields';
import { useToast } from '../../components/toast';
import { apiErrorMessage } from '../../lib/api-client';
import { AccountSection } from './account-section';
import { useSignOutOthers } from './api/sign-out-others';

/** "Your devices" (decision 0069): a lost phone or a shared computer signed out from here. */
export function SignOutOthersSection() {
  const toast = useToast();
  const signOut = useSignOutOthers();
  const [problem, setProblem] = useState<string>();

  async function onSignOut() {
    setProblem(undefined);
    try {
      toast.success(await signOut.mutateAsync());
    } catch (error) {
      setProblem(apiErrorMessage(error, 'Your other devices could not be signed out.'));
    }
  }

  return (
    <AccountSection
      title="Your devices"
      description="Lost a phone, or signed in on a computer that is not yours? Sign out everywhere else: this device stays signed in."
    >
      <SubmitButton
        type="button"
        pending={signOut.isPending}
        pendingLabel="Signing out…"
        onClick={() => void onSignOut()}
        className="sm:w-auto"
      >
        Sign out on other devices
      </SubmitButton>
      <FormAlert message={problem} className="mt-3" />
    </AccountSection>
  );
}
