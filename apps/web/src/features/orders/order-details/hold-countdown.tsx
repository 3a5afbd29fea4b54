import { plural } from '@store/domain';
import { useEffect } from 'react';
import { formatIndianDate } from '../../../lib/format';
import { onThisClock } from '../../../lib/server-clock';
import { formatCountdown, useSecondsUntil } from '../../../lib/use-countdown';

/** The minutes left at which screen readers are told the time left. */
const ANNOUNCED_MINUTES = [10, 5, 1];

/**
 * The end of the hold on the numbers and a clock counting down to it: the time left to pay, or,
 * once the buyer has said they paid (`verifying`), the time the numbers stay held while staff
 * verify that payment.
 */
export function HoldCountdown({
  holdExpiresAt,
  count,
  verifying = false,
  onLapse,
}: {
  holdExpiresAt: string;
  /** How many numbers are held. */
  count: number;
  verifying?: boolean;
  onLapse: () => unknown;
}) {
  const secondsLeft = useSecondsUntil(onThisClock(holdExpiresAt));
  const lapsed = secondsLeft === 0;

  useEffect(() => {
    if (lapsed) onLapse();
  }, [lapsed, onLapse]);

  const minutesLeft = Math.ceil(secondsLeft / 60);
  const timeLeft = `${
    minutesLeft === 1
      ? 'Less than a minute'
      : minutesLeft >= 120
        ? `About ${Math.round(minutesLeft / 60)} hours`
        : `${minutesLeft} minutes`
  } ${verifying ? 'left on the hold while we verify your payment.' : 'left to pay.'}`;
  // Screen readers are told the time left at 10, 5 and 1 minute, and when the hold lapses, not
  // every minute. The rest of the time the sentence is there to read beside the clock, outside
  // the live region (it is in one or the other, never both).
  const announced = ANNOUNCED_MINUTES.includes(minutesLeft);
  return (
    <div>
      <p className="text-sm text-slate-800">
        Your {plural(count, 'number is', 'numbers are')} held for you until{' '}
        <time dateTime={holdExpiresAt} className="font-semibold">
          {formatIndianDate(holdExpiresAt, { month: 'short', time: true })}
        </time>
        .
      </p>
      {/* The visible clock ticks every second; screen readers read the minutes. */}
      {lapsed ? null : (
        <p className="mt-3 flex items-baseline gap-3">
          <span className="text-sm font-medium text-slate-700" aria-hidden="true">
            {verifying ? 'Held while we verify your payment' : 'Time left to pay'}
          </span>
          <span
            aria-hidden="true"
            data-testid="hold-countdown"
            className="font-mono text-3xl font-bold text-amber-900 tabular-nums"
          >
            {formatCountdown(secondsLeft, { minuteDigits: 2 })}
          </span>
          {announced ? null : <span className="sr-only">{timeLeft}</span>}
        </p>
      )}
      <div aria-live="polite" aria-atomic="true">
        {lapsed ? (
          <p className="mt-3 text-sm font-semibold text-red-800">
            The hold has lapsed. If your payment has not reached us, the numbers are released.
          </p>
        ) : announced ? (
          <p className="sr-only">{timeLeft}</p>
        ) : null}
      </div>
    </div>
  );
}
