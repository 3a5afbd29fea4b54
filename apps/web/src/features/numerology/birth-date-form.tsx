import { useId, useState, type FormEvent } from 'react';
import { birthNumbers, parseBirthDate, type BirthNumbers, type CalendarDate } from '@store/domain';
import { useHydrated } from '../../lib/use-hydrated';

/** Today on the buyer's own calendar. */
function localToday(): CalendarDate {
  const now = new Date();
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}

const isoDate = ({ year, month, day }: CalendarDate) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/**
 * The date of birth, checked by the domain's parseBirthDate. The date stays in this form: the
 * field has no name (a form sent without JavaScript carries nothing), and only the numbers it
 * gives (mulank and bhagyank) leave it, through `onNumbers`; a date refused calls `onRefused`.
 */
export function BirthDateForm({
  onNumbers,
  onRefused,
}: {
  onNumbers: (numbers: BirthNumbers) => void;
  onRefused: () => void;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [value, setValue] = useState('');
  const [error, setError] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseBirthDate(value, localToday());
    if ('error' in parsed) {
      setError(value ? parsed.error : 'Enter your date of birth.');
      onRefused();
      return;
    }
    setError('');
    onNumbers(birthNumbers(parsed.date));
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Your date of birth"
      className="max-w-xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <label htmlFor={`${id}-date`} className="block text-sm font-semibold text-slate-900">
        Date of birth
      </label>
      <div className="mt-2 flex flex-wrap gap-2">
        <input
          id={`${id}-date`}
          type="date"
          min="1900-01-01"
          max={hydrated ? isoDate(localToday()) : undefined}
          autoComplete="bday"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          className="h-11 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-blue-600 aria-invalid:border-red-600"
        />
        <button type="submit" className="btn-primary h-11 px-5">
          Show my numbers
        </button>
      </div>
      <p id={`${id}-hint`} className="mt-2 text-xs text-slate-600">
        Worked out on this device: your date of birth is not sent, saved or put in the link.
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
