import { useId, useState, type FormEvent } from 'react';
import { BusyButton } from '../../components/busy-button';
import { PrivacyNotice } from '../../components/privacy-notice';
import { useToast } from '../../components/toast';
import { useFocusLater } from '../../components/use-focus-later';
import { api, isApiError } from '../../lib/api-client';
import { useIsSignedIn } from '../auth';

/** POST /numbers/{id}/notify-me; resolves to the API's message. */
async function askNotifyMe(id: number, email?: string): Promise<string> {
  return (await api.post(`/numbers/${id}/notify-me`, email ? { email } : undefined)).message ?? '';
}

/**
 * Notify me, in place of Add to cart on a coming-soon number: a signed-in buyer is told at
 * the account's e-mail; a guest gives one, and is first sent a link to confirm it (the API's
 * answer says so). One e-mail when the number goes on sale. The focus follows: to the e-mail
 * field as its form opens, to the answer (a status message, the only thing said) once sent.
 */
export function NotifyMe({
  item,
  className = '',
}: {
  item: { id: number; display: string };
  className?: string;
}) {
  const signedIn = useIsSignedIn();
  const toast = useToast();
  const emailId = useId();
  const [asking, setAsking] = useState(false);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const { target: emailField, focusLater: focusEmailLater } = useFocusLater<HTMLInputElement>();
  const { target: answer, focusLater: focusAnswerLater } = useFocusLater<HTMLParagraphElement>();

  const ask = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      setDone(await askNotifyMe(item.id, signedIn ? undefined : email));
      focusAnswerLater();
    } catch (error) {
      toast.error(isApiError(error) ? error.message : 'Please try again.');
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <p
        ref={answer}
        role="status"
        tabIndex={-1}
        className={`text-sm text-emerald-800 outline-none ${className}`}
      >
        {done}
      </p>
    );
  }
  if (!signedIn && asking) {
    return (
      <form
        onSubmit={(event) => void ask(event)}
        className={`flex flex-wrap items-end gap-2 ${className}`}
      >
        <label
          htmlFor={emailId}
          className="flex min-w-48 flex-1 flex-col text-sm font-medium text-slate-800"
        >
          Your e-mail
          <input
            ref={emailField}
            id={emailId}
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className="mt-1 rounded-lg border border-slate-300 px-3 py-2 text-base"
          />
        </label>
        <BusyButton type="submit" className="btn-primary" busy={busy}>
          Notify me
        </BusyButton>
        <PrivacyNotice
          className="basis-full"
          purpose="We use your e-mail only to tell you once when this number goes on sale."
        />
      </form>
    );
  }
  return (
    <BusyButton
      type="button"
      className={`btn-primary shrink-0 whitespace-nowrap ${className}`}
      busy={busy}
      onClick={() => {
        if (signedIn) return void ask();
        setAsking(true);
        focusEmailLater();
      }}
    >
      Notify me <span className="sr-only">when {item.display} goes on sale</span>
    </BusyButton>
  );
}
