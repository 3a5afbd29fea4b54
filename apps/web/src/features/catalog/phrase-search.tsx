import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MAX_PHRASE_LENGTH, SEARCH_PHRASE_EXAMPLES } from '@store/domain';
import { parseText, searchFromListingParams } from './listing-params';

/**
 * One box for a search in plain words ("ending 786 under 20k", "7 ka total", "786 wala"): the
 * words go to the listing as `?text=`, where the API reads them into filters. Without
 * JavaScript it is a plain GET form to `action`.
 */
export function PhraseSearch({
  value = '',
  action,
  onSearch,
  className = '',
}: {
  /** The words of the search shown now (the address's `text`). */
  value?: string;
  /** The listing the search opens: its path. */
  action: string;
  /** Called with the tidied words (undefined: the box was emptied). */
  onSearch: (text: string | undefined) => void;
  className?: string;
}) {
  const inputId = useId();
  const hintId = useId();
  const [draft, setDraft] = useState(value);

  // Follow the address (Back, a removed chip) without remounting the form.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // What the box holds: words typed before the page became interactive are there, not yet
    // in `draft`.
    const typed = new FormData(event.currentTarget).get('text');
    onSearch(parseText(typeof typed === 'string' ? typed : draft));
  };

  return (
    <form
      role="search"
      aria-label="Search in your own words"
      action={action}
      method="get"
      onSubmit={onSubmit}
      className={className}
    >
      <label htmlFor={inputId} className="block text-sm font-semibold text-slate-900">
        Describe the number you want
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id={inputId}
          name="text"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          maxLength={MAX_PHRASE_LENGTH}
          placeholder={`e.g. ${SEARCH_PHRASE_EXAMPLES[0]}`}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          aria-describedby={hintId}
          className="h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-blue-600"
        />
        <button type="submit" className="btn-primary h-11 px-5">
          Find
        </button>
      </div>
      <p id={hintId} className="mt-2 text-xs text-slate-600">
        In your own words, English or Hinglish. Try: {/* Each a link to its search. */}
        {SEARCH_PHRASE_EXAMPLES.map((example, index) => (
          <span key={example}>
            {index > 0 ? ', ' : null}
            <Link
              to={`${action}?${searchFromListingParams({ text: example }).toString()}`}
              className="font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950"
            >
              {example}
            </Link>
          </span>
        ))}
      </p>
    </form>
  );
}
