import { Container, PageHeader } from '../../components/page';
import { seo } from '../seo';
import type { Route } from './+types/unsubscribe-page';
import { unsubscribe } from './api/saved-searches';
import { TokenLinkAction } from './token-link-action';

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
  return (
    <Container className="pb-16">
      <PageHeader
        title="Stop alert e-mails"
        intro="We e-mail you at most once a day when new numbers match your saved searches or a favourite's price drops."
      />
      <TokenLinkAction
        label="Unsubscribe"
        act={unsubscribe}
        done={(message) => (
          <p role="status" className="text-lg text-emerald-800">
            {message}
          </p>
        )}
      />
    </Container>
  );
}
