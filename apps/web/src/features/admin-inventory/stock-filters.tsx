import { categories } from '@store/domain';
import { useEffect, useRef, type FormEvent, type RefObject } from 'react';
import { FILTER_KEYS, type StockFilter } from './stock-query';
import { stockStatusLabels } from './stock-types';

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900';
const labelClass = 'block text-sm font-medium text-slate-800';

function Field({
  name,
  label,
  filter,
  placeholder,
  inputMode,
}: {
  name: keyof StockFilter;
  label: string;
  filter: StockFilter;
  placeholder?: string;
  inputMode?: 'numeric' | 'decimal';
}) {
  return (
    <label className={labelClass}>
      {label}
      <input
        name={name}
        defaultValue={filter[name] ?? ''}
        placeholder={placeholder}
        inputMode={inputMode}
        className={inputClass}
      />
    </label>
  );
}

/**
 * The inventory's filters: a digits search, status, category, offers, price range, and the
 * storefront's other digit and numerology filters. Applying puts them in the URL.
 *
 * The form is drawn anew for each set of filters; `usedRef` carries the name of the control it
 * was applied from (a field where Enter was pressed, Apply or Clear) to the new form, which
 * gives that control the focus back instead of leaving it on the page's body.
 */
export function StockFilters({
  filter,
  onApply,
  usedRef,
}: {
  filter: StockFilter;
  onApply: (filter: StockFilter) => void;
  usedRef: RefObject<string | null>;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const used = usedRef.current && formRef.current?.elements.namedItem(usedRef.current);
    usedRef.current = null;
    if (used instanceof HTMLElement) used.focus();
  }, [usedRef]);
  const apply = (next: StockFilter) => {
    const active = document.activeElement;
    usedRef.current =
      active instanceof HTMLElement && formRef.current?.contains(active)
        ? active.getAttribute('name')
        : null;
    onApply(next);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: StockFilter = {};
    for (const key of FILTER_KEYS) {
      const value = String(form.get(key) ?? '').trim();
      if (value) next[key] = value as never;
    }
    apply(next);
  };

  return (
    <form
      ref={formRef}
      role="search"
      aria-label="Inventory filters"
      onSubmit={onSubmit}
      className="mb-4 space-y-3 rounded-xl bg-white p-4 shadow-sm"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
        <Field name="q" label="Digits" filter={filter} placeholder="98200" inputMode="numeric" />
        <label className={labelClass}>
          Found
          <select name="match" defaultValue={filter.match ?? 'anywhere'} className={inputClass}>
            <option value="anywhere">anywhere</option>
            <option value="start">at the start</option>
            <option value="end">at the end</option>
          </select>
        </label>
        <label className={labelClass}>
          Status
          <select name="status" defaultValue={filter.status ?? ''} className={inputClass}>
            <option value="">Every status</option>
            {Object.entries(stockStatusLabels).map(([status, label]) => (
              <option key={status} value={status}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className={labelClass}>
          Category
          <select name="category" defaultValue={filter.category ?? ''} className={inputClass}>
            <option value="">Every category</option>
            {categories
              .filter((category) => category.slug !== 'all')
              .map((category) => (
                <option key={category.slug} value={category.slug}>
                  {category.name}
                </option>
              ))}
          </select>
        </label>
        <Field name="minPrice" label="Price from (₹)" filter={filter} inputMode="decimal" />
        <Field name="maxPrice" label="Price up to (₹)" filter={filter} inputMode="decimal" />
      </div>
      <details open={Boolean(filter.mask || filter.mustContain || filter.notContain)}>
        <summary className="cursor-pointer text-sm font-medium text-slate-700">
          More filters
        </summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
          <Field name="mask" label="Pattern" filter={filter} placeholder="98??54????" />
          <Field name="mustContain" label="With digits" filter={filter} placeholder="1,7" />
          <Field name="notContain" label="Without digits" filter={filter} placeholder="2,4,8" />
          <Field name="sum" label="Sum" filter={filter} inputMode="numeric" />
          <Field name="mid" label="Mid" filter={filter} inputMode="numeric" />
          <Field name="total" label="Total" filter={filter} inputMode="numeric" />
        </div>
      </details>
      <div className="flex flex-wrap items-center gap-4">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            name="offer"
            value="true"
            defaultChecked={filter.offer === 'true'}
          />
          On offer only
        </label>
        <button type="submit" name="apply" className="btn-primary">
          Apply filters
        </button>
        <button type="button" name="clear" className="btn-secondary" onClick={() => apply({})}>
          Clear
        </button>
      </div>
    </form>
  );
}
