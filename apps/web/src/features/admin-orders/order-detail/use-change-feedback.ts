import { useState } from 'react';
import { useToast } from '../../../components/toast';
import { ApiError, apiErrorMessage } from '../../../lib/api-client';

interface AttemptOptions {
  /**
   * For a form that may go once the order is read again: a refusal because the order changed
   * meanwhile (409) is said in a toast, which stays, and `onRefused` runs (e.g. closes the form).
   */
  onRefused?: () => void;
  /** The codes of the 409s that mean the order changed meanwhile; every 409 by default. */
  refusedCodes?: readonly string[];
}

/**
 * What a console form says after its call. `attempt` runs it: on success the server's message
 * (or `fallback`) as a toast, answering true; on failure the error's message (the server's, e.g.
 * a reference used on another order) in `failure`, to show by the form, answering false.
 */
export function useChangeFeedback() {
  const toast = useToast();
  const [failure, setFailure] = useState<string>();
  const attempt = async (
    change: () => Promise<{ message?: string }>,
    fallback: string,
    { onRefused, refusedCodes }: AttemptOptions = {},
  ) => {
    setFailure(undefined);
    try {
      const { message } = await change();
      toast.success(message ?? fallback);
      return true;
    } catch (error) {
      const said = apiErrorMessage(error, 'That did not work. Please try again.');
      if (
        onRefused &&
        error instanceof ApiError &&
        error.status === 409 &&
        (!refusedCodes || refusedCodes.includes(error.code ?? ''))
      ) {
        toast.error(said);
        onRefused();
      } else {
        setFailure(said);
      }
      return false;
    }
  };
  return { failure, attempt };
}
