import type { ReactNode } from 'react';
import { SubmitButton } from '../../components/form-fields';
import { useToast } from '../../components/toast';
import { errorMessage } from '../../lib/api-client';
import { useAuthActions, type AuthSession } from '../auth';

/**
 * Saves a change to the account. The session the server answers (or `assumed`, when it sends
 * none) becomes the signed-in one, `onSaved` refills the form from it, and a toast says so;
 * a failure is a toast too.
 */
export function useAccountSave(messages: { saved: string; failed: string }) {
  const toast = useToast();
  const { updateSession } = useAuthActions();
  return async function save(
    call: () => Promise<{ session: AuthSession | null; message?: string }>,
    assumed: AuthSession,
    onSaved: (session: AuthSession) => void,
  ) {
    try {
      const response = await call();
      const session = response.session ?? assumed;
      updateSession(session);
      onSaved(session);
      toast.success(response.message || messages.saved);
    } catch (error) {
      toast.error(errorMessage(error, messages.failed));
    }
  };
}

/**
 * The save button of an account form: enabled once something was changed; saved, it keeps the
 * focus though the form is clean again (QA 32 F1).
 */
export function SaveButton({
  pending,
  dirty,
  children,
}: {
  pending: boolean;
  dirty: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex justify-end">
      <SubmitButton
        pending={pending}
        pendingLabel="Saving…"
        disabled={!dirty}
        keepFocusWhenDisabled
        className="sm:w-auto"
      >
        {children}
      </SubmitButton>
    </div>
  );
}
