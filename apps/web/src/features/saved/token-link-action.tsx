import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { BusyButton } from '../../components/busy-button';
import { isApiError } from '../../lib/api-client';

/**
 * The button of a page an e-mail links to (`?token=...`): opening the page changes nothing
 * (mail clients open links to scan them); pressing the button acts with the link's token,
 * without signing in. Shows what `done` makes of the answer, or why it failed.
 */
export function TokenLinkAction<T>({
  label,
  act,
  done,
}: {
  label: string;
  act: (token: string) => Promise<T>;
  done: (result: T) => ReactNode;
}) {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [state, setState] = useState<{ result?: T; error?: string; busy?: boolean }>({});

  const onClick = async () => {
    setState({ busy: true });
    try {
      setState({ result: await act(token) });
    } catch (error) {
      setState({ error: isApiError(error) ? error.message : 'Please try again.' });
    }
  };

  if (state.result !== undefined) return done(state.result);
  return (
    <>
      <BusyButton
        type="button"
        className="btn-primary"
        disabled={!token}
        busy={state.busy}
        onClick={() => void onClick()}
      >
        {label}
      </BusyButton>
      {state.error ? (
        <p role="alert" className="mt-3 text-red-700">
          {state.error}
        </p>
      ) : null}
      {!token ? (
        <p className="mt-3 text-slate-700">
          This link has no token. Open the link from the e-mail again.
        </p>
      ) : null}
    </>
  );
}
