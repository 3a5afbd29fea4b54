import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ChevronDownIcon } from '../../../components/icons';
import { lazyPart } from '../../../components/lazy-part';
import { digitMatches, type DigitMatch } from '@store/domain';
import { DEFAULT_MATCH, parseDigits, type ListingParams } from '../listing-params';
import { advancedFilterCount } from './advanced-filter-params';

/**
 * Loaded when "More filters" is first opened: the panel, with the price reading it shares with
 * the plain-words search, stays out of the listing's first-load script (decision 0096). It starts
 * loading as a pointer or focus reaches the button, so the tap that opens it seldom waits.
 */
const loadAdvancedFilters = () => import('./advanced-filters');
const AdvancedFilters = lazyPart(loadAdvancedFilters, (module) => module.AdvancedFilters);
/** A load started early that fails is told when the panel opens, not as an unhandled error. */
const preloadAdvancedFilters = () => void loadAdvancedFilters().catch(() => {});

const matchLabels: Record<DigitMatch, string> = {
  anywhere: 'Anywhere',
  start: 'Starts with',
  end: 'Ends with',
};

function SearchIcon({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      className={className}
    >
      <circle cx="9" cy="9" r="6" />
      <path strokeLinecap="round" d="m13.5 13.5 4 4" />
    </svg>
  );
}

const appliedKey = (q: string | undefined, match: DigitMatch | undefined) =>
  `${q ?? ''}|${match ?? DEFAULT_MATCH}`;

/**
 * The digits search (anywhere / starts with / ends with) and the "More filters" panel. The typed
 * digits go to the address only when submitted (Enter or Search), so typing adds no history
 * entries; choosing where the digits appear applies at once when digits are typed. A search
 * submitted and applied is told to `onSearched` (the listing shows its results).
 */
export function ListingFilters({
  params,
  update,
  onSearched,
}: {
  params: ListingParams;
  update: (patch: Partial<ListingParams>) => void;
  onSearched: () => void;
}) {
  const inputId = useId();
  const errorId = useId();
  const panelId = useId();
  const [draft, setDraft] = useState(params.q ?? '');
  const [match, setMatch] = useState<DigitMatch>(params.match ?? DEFAULT_MATCH);
  const [error, setError] = useState('');
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Escape in the panel or on its button closes it, and the focus goes back to the button (as
  // useInlinePanel does in the console; not imported, it would be one more file on first load).
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
    buttonRef.current?.focus();
  };

  // Follow the address (Back, a cleared filter, a shared link) without remounting the form; the
  // address arriving at this form's own search keeps what was typed since it was sent.
  const applied = appliedKey(params.q, params.match);
  const [seen, setSeen] = useState(applied);
  const [sent, setSent] = useState<{ key: string; draft: string } | null>(null);
  if (seen !== applied) {
    setSeen(applied);
    setSent(null);
    if (!(sent?.key === applied && sent.draft !== draft)) setDraft(params.q ?? '');
    setMatch(params.match ?? DEFAULT_MATCH);
    setError('');
  }

  const apply = (digitsText: string, where: DigitMatch): boolean => {
    if (digitsText.trim() === '') {
      setError('');
      setSent({ key: appliedKey(undefined, undefined), draft: digitsText });
      update({ q: undefined, match: undefined });
      return true;
    }
    const digits = parseDigits(digitsText);
    if (!digits) {
      setError('Enter 1 to 10 digits, for example 786.');
      return false;
    }
    setError('');
    setSent({ key: appliedKey(digits, where), draft: digitsText });
    update({ q: digits, match: where });
    return true;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (apply(draft, match)) onSearched();
  };

  const onMatch = (where: DigitMatch) => {
    setMatch(where);
    if (parseDigits(draft)) apply(draft, where);
  };

  const advancedCount = advancedFilterCount(params);

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <form role="search" aria-label="Search numbers by digits" onSubmit={onSubmit} noValidate>
        <label htmlFor={inputId} className="block text-sm font-semibold text-slate-900">
          Search by digits
        </label>
        <div className="mt-2 flex gap-2">
          <div className="relative min-w-0 flex-1">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" />
            <input
              id={inputId}
              name="q"
              type="search"
              inputMode="numeric"
              enterKeyHint="search"
              autoComplete="off"
              maxLength={17}
              placeholder="e.g. 786 or 9999"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="h-11 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-10 font-mono text-base tracking-wider text-slate-900 placeholder:font-sans placeholder:tracking-normal placeholder:text-slate-500 focus:border-blue-600 aria-invalid:border-red-600"
            />
          </div>
          <button type="submit" className="btn-primary h-11 px-5">
            Search
          </button>
        </div>
        {error ? (
          <p id={errorId} className="mt-2 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}

        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <fieldset>
            <legend className="sr-only">Where the digits appear</legend>
            <div className="inline-flex rounded-lg border border-slate-300 bg-slate-50 p-0.5">
              {digitMatches.map((where) => (
                <label
                  key={where}
                  className="relative cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 has-checked:bg-white has-checked:text-blue-800 has-checked:shadow-sm has-focus-visible:outline-3 has-focus-visible:outline-blue-600"
                >
                  <input
                    type="radio"
                    name="match"
                    value={where}
                    checked={match === where}
                    onChange={() => onMatch(where)}
                    className="sr-only"
                  />
                  {matchLabels[where]}
                </label>
              ))}
            </div>
          </fieldset>

          <button
            type="button"
            ref={buttonRef}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((value) => !value)}
            onKeyDown={closeOnEscape}
            onPointerEnter={preloadAdvancedFilters}
            onFocus={preloadAdvancedFilters}
            className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-semibold text-blue-800 hover:bg-blue-50"
          >
            More filters
            {advancedCount > 0 ? (
              <span className="rounded-full bg-blue-700 px-1.5 text-xs text-white">
                {advancedCount}
                <span className="sr-only"> active</span>
              </span>
            ) : null}
            <ChevronDownIcon
              className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
            />
          </button>
        </div>
      </form>

      <div id={panelId} hidden={!open} onKeyDown={closeOnEscape}>
        {open ? (
          <AdvancedFilters
            params={params}
            update={update}
            loading={<p className="mt-4 text-sm text-slate-600">Loading filters…</p>}
            failedText="More filters could not be loaded."
          />
        ) : null}
      </div>
    </div>
  );
}
