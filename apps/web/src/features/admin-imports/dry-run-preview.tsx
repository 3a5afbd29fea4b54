import type { Ref } from 'react';
import { formatCount } from '../../lib/format';
import type { DryRun } from './import-types';

/** Whether importing the file would change the stock (a new number, or a change to one). */
export const changesStock = (result: DryRun) => result.new + result.updated > 0;

/** Where the new numbers go: on sale, hidden or coming soon (as their status cells say). */
function newNumbersInWords(result: DryRun) {
  const parts = [
    `${formatCount(result.newOnSale)} ${result.newOnSale === 1 ? 'goes' : 'go'} on sale`,
  ];
  if (result.newHidden > 0) {
    parts.push(
      `${formatCount(result.newHidden)} ${result.newHidden === 1 ? 'stays' : 'stay'} hidden`,
    );
  }
  if (result.newComingSoon > 0) {
    parts.push(
      `${formatCount(result.newComingSoon)} ${result.newComingSoon === 1 ? 'is' : 'are'} coming soon`,
    );
  }
  return `Of the new numbers, ${parts.join(', ')}.`;
}

/** What a file would do: the counts, the columns left out, and the refused rows with their reasons. */
export function DryRunPreview({ result, ref }: { result: DryRun; ref?: Ref<HTMLElement> }) {
  const matching = result.valid === 1 ? 'row matches' : 'rows match';
  return (
    <section ref={ref} tabIndex={-1} aria-label="Check of the file" className="space-y-3">
      {changesStock(result) || result.valid === 0 ? (
        <p className="text-slate-800">
          <strong>{formatCount(result.total)}</strong> rows: {formatCount(result.valid)} will go in
          ({formatCount(result.new)} new, {formatCount(result.updated)} updated,{' '}
          {formatCount(result.unchanged)} unchanged); <strong>{formatCount(result.invalid)}</strong>{' '}
          refused.
          {result.new > 0 ? ` ${newNumbersInWords(result)}` : null}
        </p>
      ) : (
        <p className="text-slate-800">
          <strong>Nothing to change:</strong>{' '}
          {result.invalid === 0
            ? `${result.valid === 1 ? 'the' : 'all'} ${formatCount(result.valid)} ${matching} the stock.`
            : `${formatCount(result.valid)} ${matching} the stock; ${formatCount(result.invalid)} refused.`}
        </p>
      )}
      {result.offersEnding > 0 ? (
        <p className="text-sm font-medium text-amber-900">
          {formatCount(result.offersEnding)}{' '}
          {result.offersEnding === 1 ? 'number loses its offer' : 'numbers lose their offer'}: the
          file leaves their offer_price empty, or prices them at or below the offer. A file without
          an offer_price column leaves offers as they are.
        </p>
      ) : null}
      {result.ignoredColumns.length > 0 ? (
        <p className="text-sm text-slate-700">
          Ignored columns: {result.ignoredColumns.join(', ')}.
        </p>
      ) : null}
      {result.errors.length > 0 ? (
        <div className="max-h-80 overflow-y-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Refused rows</caption>
            <thead className="sticky top-0 bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Line
                </th>
                <th scope="col" className="px-3 py-2">
                  Number
                </th>
                <th scope="col" className="px-3 py-2">
                  Reason
                </th>
              </tr>
            </thead>
            <tbody>
              {result.errors.map((error) => (
                <tr key={error.line} className="border-t border-slate-100">
                  <td className="px-3 py-1.5">{error.line}</td>
                  <td className="px-3 py-1.5 font-mono">{error.number}</td>
                  <td className="px-3 py-1.5">{error.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {result.invalid > result.errors.length ? (
        <p className="text-sm text-slate-700">
          The first {formatCount(result.errors.length)} refused rows are listed
          {changesStock(result) ? '; after the import, all of them are in its errors.csv' : ''}.
        </p>
      ) : null}
    </section>
  );
}
