import { useId, type ReactNode } from 'react';

/**
 * The TDS rate a Corporate buyer's company deducts, one of the server's rates (`rates`): the
 * cart's, which Buy now's order takes too. Shown when there is a choice.
 */
export function TdsSelect({
  rates,
  value,
  onChange,
  hint,
}: {
  rates: readonly number[];
  value: number;
  onChange: (percent: number) => void;
  hint?: ReactNode;
}) {
  const id = useId();
  if (rates.length <= 1) return null;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        TDS deducted by your company
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
      >
        {rates.map((rate) => (
          <option key={rate} value={rate}>
            {rate === 0 ? 'No TDS' : `${rate}%`}
          </option>
        ))}
      </select>
      {hint ? <p className="mt-1 text-xs text-slate-600">{hint}</p> : null}
    </div>
  );
}
