import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { readTypedPrice } from '@store/domain';
import { parseDigitList, parseMask, type ListingParams } from '../listing-params';
import { budgets } from './advanced-filter-params';

/** The patch that removes every filter of the advanced panel. */
const clearedAdvancedFilters: Partial<ListingParams> = {
  mustContain: undefined,
  notContain: undefined,
  mask: undefined,
  sum: undefined,
  mid: undefined,
  total: undefined,
  minPrice: undefined,
  maxPrice: undefined,
};

interface Draft {
  mustContain: string[];
  notContain: string[];
  mask: string;
  sum: string;
  mid: string;
  total: string;
  minPrice: string;
  maxPrice: string;
}

type DraftField = Exclude<keyof Draft, 'mustContain' | 'notContain'>;
type Errors = Partial<Record<DraftField, string>>;

const text = (value: number | string | undefined) => (value === undefined ? '' : String(value));

function draftFrom(params: ListingParams): Draft {
  return {
    mustContain: params.mustContain ?? [],
    notContain: params.notContain ?? [],
    mask: text(params.mask),
    sum: text(params.sum),
    mid: text(params.mid),
    total: text(params.total),
    minPrice: text(params.minPrice),
    maxPrice: text(params.maxPrice),
  };
}

function wholeNumber(input: string, min: number, max: number): number | undefined | null {
  const value = input.trim();
  if (!value) return undefined;
  if (!/^\d+$/.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

/**
 * A price field: empty, whole rupees, or why it is no price. It reads what the plain-words search
 * reads ("₹2,00,000", "20k", "2 lakh"); paise are rounded outward (a lowest price down, a highest
 * up), so that a price copied from a card, ₹1,400.50, stays in the range (decision 0096).
 */
function readPriceField(input: string, round: (rupees: number) => number) {
  if (!input.trim()) return {};
  const read = readTypedPrice(input);
  return 'problem' in read ? { error: read.problem } : { rupees: round(read.paise / 100) };
}

/** The draft as a patch of listing parameters, or the errors that stop it. */
function readAdvancedDraft(draft: Draft): { patch: Partial<ListingParams>; errors: Errors } {
  const errors: Errors = {};
  const patch: Partial<ListingParams> = {
    mustContain: parseDigitList(draft.mustContain.join(',')),
    notContain: parseDigitList(draft.notContain.join(',')),
  };

  const maskText = draft.mask.trim();
  if (maskText && !/^[\d?xX*_]{10}$/.test(maskText)) {
    errors.mask = 'Use exactly 10 places, each a digit or ? (for example 98??54????).';
  } else {
    patch.mask = parseMask(maskText);
  }

  const numerology: [DraftField & ('sum' | 'mid' | 'total'), number, string][] = [
    ['sum', 90, 'Sum is a whole number from 1 to 90.'],
    ['mid', 18, 'Mid is a whole number from 1 to 18.'],
    ['total', 90, 'Total is 1 to 9 (or a plain sum up to 90).'],
  ];
  for (const [field, max, message] of numerology) {
    const value = wholeNumber(draft[field], 1, max);
    if (value === null) errors[field] = message;
    else patch[field] = value;
  }

  const { rupees: minPrice, error: minError } = readPriceField(draft.minPrice, Math.floor);
  const { rupees: maxPrice, error: maxError } = readPriceField(draft.maxPrice, Math.ceil);
  if (minError) errors.minPrice = minError;
  if (maxError) errors.maxPrice = maxError;
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    errors.maxPrice = 'The highest price must not be below the lowest.';
  }
  patch.minPrice = minPrice || undefined;
  patch.maxPrice = maxPrice;
  return { patch, errors };
}

const inputClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-blue-600 aria-invalid:border-red-600';

function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <div className="mt-1">{children(describedBy || undefined)}</div>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const digits = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

function DigitPicker({
  legend,
  hint,
  selected,
  onToggle,
  tone,
}: {
  legend: string;
  hint: string;
  selected: readonly string[];
  onToggle: (digit: string) => void;
  tone: 'include' | 'exclude';
}) {
  const checkedClass =
    tone === 'include'
      ? 'has-checked:border-blue-700 has-checked:bg-blue-700 has-checked:text-white'
      : 'has-checked:border-red-700 has-checked:bg-red-700 has-checked:text-white has-checked:line-through';
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      <p className="mt-0.5 text-xs text-slate-600">{hint}</p>
      <div className="mt-2 grid max-w-[25rem] grid-cols-10 gap-1 sm:gap-1.5">
        {digits.map((digit) => (
          <label
            key={digit}
            className={`flex h-9 cursor-pointer items-center justify-center rounded-lg border border-slate-300 bg-white font-mono text-base font-semibold text-slate-800 hover:border-blue-600 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-blue-600 ${checkedClass}`}
          >
            <input
              type="checkbox"
              className="sr-only"
              checked={selected.includes(digit)}
              onChange={() => onToggle(digit)}
            />
            {digit}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The advanced panel: must / must not contain, a 10-place mask, sum / mid / total, a price range
 * and budget chips. Typed values go to the address on "Apply filters"; a budget chip applies at
 * once, together with the rest of the panel.
 */
export function AdvancedFilters({
  params,
  update,
}: {
  params: ListingParams;
  update: (patch: Partial<ListingParams>) => void;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState(() => draftFrom(params));
  const [errors, setErrors] = useState<Errors>({});

  // Follow the address (Back, a removed filter chip) without remounting the form.
  const appliedKey = JSON.stringify(draftFrom(params));
  const [seen, setSeen] = useState(appliedKey);
  if (seen !== appliedKey) {
    setSeen(appliedKey);
    setDraft(draftFrom(params));
    setErrors({});
  }

  const set = (field: DraftField, value: string) => setDraft((d) => ({ ...d, [field]: value }));

  const toggleDigit = (list: 'mustContain' | 'notContain', digit: string) =>
    setDraft((d) => {
      const other = list === 'mustContain' ? 'notContain' : 'mustContain';
      const has = d[list].includes(digit);
      return {
        ...d,
        [list]: has ? d[list].filter((x) => x !== digit) : [...d[list], digit].sort(),
        // A digit cannot be both required and excluded.
        [other]: has ? d[other] : d[other].filter((x) => x !== digit),
      };
    });

  /** Applies the whole draft, or shows its errors and focuses the first. */
  const apply = (next: Draft) => {
    const { patch, errors: found } = readAdvancedDraft(next);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      formRef.current?.querySelector<HTMLInputElement>(`#${CSS.escape(`${id}-${first}`)}`)?.focus();
      return;
    }
    update(patch);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(draft);
  };

  // A budget chip applies at once, with everything else chosen in the panel: applying the price
  // alone would reset the panel to the address and lose the choices not yet applied.
  const onBudget = (budget: (typeof budgets)[number], pressed: boolean) => {
    const next = {
      ...draft,
      minPrice: pressed ? '' : text(budget.minPrice),
      maxPrice: pressed ? '' : text(budget.maxPrice),
    };
    setDraft(next);
    apply(next);
  };

  const onReset = () => {
    setErrors({});
    setDraft(draftFrom({}));
    update(clearedAdvancedFilters);
  };

  const field = (name: DraftField) => ({
    id: `${id}-${name}`,
    error: errors[name],
  });

  const input = (name: DraftField, describedBy: string | undefined, placeholder?: string) => (
    <input
      id={`${id}-${name}`}
      name={name}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      value={draft[name]}
      placeholder={placeholder}
      onChange={(event) => set(name, event.target.value)}
      aria-invalid={errors[name] ? true : undefined}
      aria-describedby={describedBy}
      className={inputClass}
    />
  );

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-label="More filters"
      className="mt-4 grid gap-6 border-t border-slate-200 pt-5 md:grid-cols-2"
    >
      <DigitPicker
        legend="Must contain"
        hint="Every chosen digit appears in the number."
        tone="include"
        selected={draft.mustContain}
        onToggle={(digit) => toggleDigit('mustContain', digit)}
      />
      <DigitPicker
        legend="Must not contain"
        hint="None of the chosen digits appears (many avoid 2, 4 and 8)."
        tone="exclude"
        selected={draft.notContain}
        onToggle={(digit) => toggleDigit('notContain', digit)}
      />

      <Field
        {...field('mask')}
        label="Pattern"
        hint={
          <>
            10 places: a digit, or ? for any digit, e.g.{' '}
            <span className="font-mono whitespace-nowrap">98??54????</span>
          </>
        }
      >
        {(describedBy) => (
          <input
            id={`${id}-mask`}
            name="mask"
            type="text"
            autoComplete="off"
            spellCheck={false}
            maxLength={10}
            value={draft.mask}
            placeholder="98??54????"
            onChange={(event) => set('mask', event.target.value)}
            aria-invalid={errors.mask ? true : undefined}
            aria-describedby={describedBy}
            className={`${inputClass} font-mono tracking-[0.2em]`}
          />
        )}
      </Field>

      <fieldset>
        <legend className="text-sm font-medium text-slate-900">Numerology</legend>
        <div className="mt-1 grid grid-cols-3 gap-3">
          <Field {...field('sum')} label="Sum">
            {(describedBy) => input('sum', describedBy, '1–90')}
          </Field>
          <Field {...field('mid')} label="Mid">
            {(describedBy) => input('mid', describedBy, '1–18')}
          </Field>
          <Field {...field('total')} label="Total">
            {(describedBy) => input('total', describedBy, '1–9')}
          </Field>
        </div>
        <p className="mt-1 text-xs text-slate-600">
          Sum adds the digits; mid adds the digits of the sum; total reduces it to one digit.
        </p>
      </fieldset>

      <fieldset className="md:col-span-2">
        <legend className="text-sm font-medium text-slate-900">Price</legend>
        <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label="Budget">
          {budgets.map((budget) => {
            const pressed =
              params.minPrice === budget.minPrice && params.maxPrice === budget.maxPrice;
            return (
              <button
                key={budget.label}
                type="button"
                aria-pressed={pressed}
                onClick={() => onBudget(budget, pressed)}
                className={`rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors ${
                  pressed
                    ? 'border-blue-700 bg-blue-700 text-white'
                    : 'border-slate-300 bg-white text-slate-800 hover:border-blue-600 hover:text-blue-800'
                }`}
              >
                {budget.label}
              </button>
            );
          })}
        </div>
        <div className="mt-3 grid max-w-md grid-cols-2 gap-3">
          <Field {...field('minPrice')} label="Lowest price (₹)">
            {(describedBy) => input('minPrice', describedBy, '0')}
          </Field>
          <Field {...field('maxPrice')} label="Highest price (₹)">
            {(describedBy) => input('maxPrice', describedBy, 'Any')}
          </Field>
        </div>
      </fieldset>

      <div className="flex flex-wrap gap-3 md:col-span-2">
        <button type="submit" className="btn-primary px-5">
          Apply filters
        </button>
        <button type="button" onClick={onReset} className="btn-secondary px-5">
          Reset
        </button>
      </div>
    </form>
  );
}
