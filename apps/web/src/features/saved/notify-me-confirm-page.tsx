import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Container, PageHeader } from '../../components/page';
import { isApiError } from '../../lib/api-client';
import { seo } from '../seo';
import type { Route } from './+types/notify-me-confirm-page';
import { confirmNotifyMe, type NotifyMeConfirmed } from './api/notify-me';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Confirm your alert',
    description: 'Confirm the e-mail we send when a coming-soon number goes on sale.',
    path: '/notify-me/confirm',
    noIndex: true,
  });

/**
 * /notify-me/confirm?token=...: the link e-mailed to a guest who pressed Notify me. Opening it
 * changes nothing (mail clients open links to scan them); the button confirms, without signing
 * in, and the sale is e-mailed only then (decision 0053).
 */
export default function NotifyMeConfirmPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [state, setState] = useState<{
    done?: NotifyMeConfirmed;
    error?: string;
    busy?: boolean;
  }>({});

  const onClick = async () => {
    setState({ busy: true });
    try {
      setState({ done: await confirmNotifyMe(token) });
    } catch (error) {
      setState({ error: isApiError(error) ? error.message : 'Please try again.' });
    }
  };

  return (
    <Container className="pb-16">
      <PageHeader
        title="Confirm your alert"
        intro="You asked us to e-mail you once when a coming-soon number goes on sale. Confirm that this is your e-mail address and we will."
      />
      {state.done ? (
        <>
          <p role="status" className="text-lg text-emerald-800">
            {state.done.message}
          </p>
          <Link
            to={`/numbers/${state.done.number.number}`}
            className="mt-4 inline-block font-semibold text-blue-800 underline underline-offset-4"
          >
            See {state.done.number.display}
          </Link>
        </>
      ) : (
        <>
          <button
            type="button"
            className="btn-primary"
            disabled={state.busy || !token}
            aria-busy={state.busy || undefined}
            onClick={() => void onClick()}
          >
            Confirm
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
