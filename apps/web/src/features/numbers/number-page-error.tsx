import { Link, useRevalidator } from 'react-router';
import { Container, PageHeader } from '../../components/page';
import { isApiError } from '../../lib/api-client';

/** The store away for a moment (its database: 503), or no answer at all: worth trying again. */
const isOutage = (error: unknown) =>
  isApiError(error) && (error.status === 503 || error.status === undefined);

/**
 * A number's page whose number could not be loaded: said inside the store's frame (header, cart,
 * footer), at the same address, with a button that loads it again (decision 0089).
 */
export function NumberPageError({ error }: { error: unknown }) {
  const revalidator = useRevalidator();
  const outage = isOutage(error);
  return (
    <Container className="pb-16">
      <PageHeader
        title={outage ? 'The store is busy for a moment' : 'This number could not be shown'}
        intro={
          outage
            ? 'This number’s page could not be loaded just now. Please try again in a moment.'
            : 'Something went wrong while loading this number. Please try again.'
        }
      />
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-primary"
          disabled={revalidator.state === 'loading'}
          onClick={() => void revalidator.revalidate()}
        >
          Try again
        </button>
        <Link to="/premium-numbers" className="btn-secondary">
          Browse premium numbers
        </Link>
      </div>
    </Container>
  );
}
