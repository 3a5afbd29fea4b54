import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Container, PageHeader } from '../../components/page';
import { isApiError } from '../../lib/api-client';
import { seo } from '../seo';
import type { Route } from './+types/unsubscribe-page';
import { unsubscribe } from './api/saved-searches';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Unsubscribe from alerts',
    description: 'Stop the alert e-mails about new numbers and price drops.',
    path: '/unsubscribe',
    noIndex: true,
  });

/**
 * /unsubscribe?token=...: the link in an alert e-mail. Opening it changes nothing (mail
 * clients open links to scan them); the button unsubscribes, without signing in.
 */
export default function UnsubscribePage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [state, setState] = useState<{ done?: string; error?: string; busy?: boolean }>({});

  const onClick = async () => {
    setState({ busy: true });
    try {
      setState({ done: await unsubscribe(token) });
    } catch (error) {
      setState({ error: isApiError(error) ? error.message : 'Please try again.' });
    }
  };

  return (
    <Container className="pb-16">
      <PageHeader
        title="Stop alert e-mails"
        intro="We e-mail you at most once a day when new numbers match your saved searches or a favourite's price drops."
      />
      {state.done ? (
        <p role="status" className="text-lg text-emerald-800">
          {state.done}
        </p>
      ) : (
        <>
          <button
            type="button"
            className="btn-primary"
            disabled={state.busy || !token}
            onClick={() => void onClick()}
          >
            Unsubscribe
          </button>
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
      )}
    </Container>
  );
}
