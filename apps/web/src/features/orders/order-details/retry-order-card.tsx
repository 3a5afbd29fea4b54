import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/form-fields';
import { apiErrorMessage } from '../../../lib/api-client';
import { formatIndianDate } from '../../../lib/format';
import { onThisClock } from '../../../lib/server-clock';
import { useSecondsUntil } from '../../../lib/use-countdown';
import { useRetryOrder } from '../api/retry-order';
import type { Order } from '../order-types';
import { Card, ReleasedLinks } from './order-card';

/** The query parameter of the lapse e-mail and SMS's link: it offers "Try again" at once. */
const RETRY_PARAM = 'retry';

/**
 * The hold lapsed before payment: one click orders the same numbers again while they are free
 * (a new order, its own page), from `retryFrom` (a cool-down gives other buyers a chance first;
 * the button waits for it). Arriving from the lapse message (`?retry=1`), the button is focused.
 */
export function RetryOrderCard({ order }: { order: Order }) {
  const retry = useRetryOrder(order.id);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const offered = searchParams.get(RETRY_PARAM) === '1';
  const button = useRef<HTMLButtonElement>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const count = order.items.length;
  const coolingDown = useSecondsUntil(order.retryFrom ? onThisClock(order.retryFrom) : null) > 0;

  useEffect(() => {
    if (!offered) return;
    // Focusing scrolls it into view.
    button.current?.focus();
  }, [offered]);

  const tryAgain = () => {
    setProblem(undefined);
    retry.mutate(undefined, {
      onSuccess: (next) => void navigate(`/orders/${next.id}`),
      onError: (error) =>
        setProblem(apiErrorMessage(error, 'The numbers could not be ordered again.')),
    });
  };

  return (
    <Card title="The hold has lapsed" tone={offered ? 'attention' : 'plain'}>
      <p className="text-sm text-slate-700">
        Your payment did not reach us before the hold ended, so the{' '}
        {count === 1 ? 'number was' : 'numbers were'} released and {count === 1 ? 'is' : 'are'} back
        on sale.{' '}
        {coolingDown && order.retryFrom ? (
          <>
            To give other buyers a chance first, you can order {count === 1 ? 'it' : 'them'} again
            from{' '}
            <time dateTime={order.retryFrom} className="font-semibold">
              {formatIndianDate(order.retryFrom, { month: 'short', time: true })}
            </time>
            , if {count === 1 ? 'it is' : 'they are'} still free.
          </>
        ) : (
          <>
            If {count === 1 ? 'it is' : 'they are'} still free you can order{' '}
            {count === 1 ? 'it' : 'them'} again in one click.
          </>
        )}
      </p>
      <p className="mt-2 text-sm text-slate-700">
        Already paid? Contact us with your payment reference and order reference {order.reference}.
      </p>
      <FormAlert message={problem} className="mt-3" />
      <ReleasedLinks
        first={
          <button
            ref={button}
            type="button"
            className="btn-primary disabled:cursor-wait disabled:opacity-70"
            disabled={retry.isPending || coolingDown}
            aria-busy={retry.isPending || undefined}
            onClick={tryAgain}
          >
            {retry.isPending ? 'Ordering again' : 'Try again: order the same numbers'}
          </button>
        }
      />
    </Card>
  );
}
