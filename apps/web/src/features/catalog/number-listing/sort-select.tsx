import { useId } from 'react';
import { numberSorts, sortLabels, type NumberSort } from '@store/domain';
import { DEFAULT_SORT } from '../listing-params';

/** Sort order of the listing; a change applies at once. */
export function SortSelect({
  value,
  onChange,
}: {
  value: NumberSort | undefined;
  onChange: (sort: NumberSort) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap text-slate-700">
        Sort by
      </label>
      <select
        id={id}
        name="sort"
        value={value ?? DEFAULT_SORT}
        onChange={(event) => onChange(event.target.value as NumberSort)}
        className="h-10 rounded-lg border border-slate-300 bg-white py-0 pr-8 pl-3 text-sm font-medium text-slate-900 focus:border-blue-600"
      >
        {numberSorts.map((sort) => (
          <option key={sort} value={sort}>
            {sortLabels[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
