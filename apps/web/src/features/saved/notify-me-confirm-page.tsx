import { Link } from 'react-router';
import { Container, PageHeader } from '../../components/page';
import { seo } from '../seo';
import type { Route } from './+types/notify-me-confirm-page';
import { confirmNotifyMe } from './api/notify-me';
import { TokenLinkAction } from './token-link-action';

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
  return (
    <Container className="pb-16">
      <PageHeader
        title="Confirm your alert"
        intro="You asked us to e-mail you once when a coming-soon number goes on sale. Confirm that this is your e-mail address and we will."
      />
      <TokenLinkAction
        label="Confirm"
        act={confirmNotifyMe}
        done={({ number, message }) => (
          <>
            <p role="status" className="text-lg text-emerald-800">
              {message}
            </p>
            <Link
              to={`/numbers/${number.number}`}
              className="mt-4 inline-block font-semibold text-blue-800 underline underline-offset-4"
            >
              See {number.display}
            </Link>
          </>
        )}
      />
    </Container>
  );
}
