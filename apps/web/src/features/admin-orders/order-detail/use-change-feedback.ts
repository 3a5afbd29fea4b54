import { useToast } from '../../../components/toast';
import { apiErrorMessage } from '../../../lib/api-client';

/**
 * What a console form says after its call: the server's message as a toast on success, and the
 * error (the server's message, e.g. a reference used on another order) to show by the form.
 */
export function useChangeFeedback() {
  const toast = useToast();
  return {
    done: (message: string | undefined, fallback: string) => toast.success(message ?? fallback),
    failure: (error: unknown) => apiErrorMessage(error, 'That did not work. Please try again.'),
  };
}
