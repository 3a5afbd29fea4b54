import { formatInr, plural } from '@store/domain';
import { useState, type FormEvent } from 'react';
import { BusyButton } from '../../components/busy-button';
import { ModalDialog } from '../../components/modal-dialog';
import { useToast } from '../../components/toast';
import { apiErrorMessage, isApiError } from '../../lib/api-client';
import { formatCount, formatCountOf } from '../../lib/format';
import { useApplyBulkPrice } from './api/apply-bulk-price';
import { usePreviewBulkPrice } from './api/preview-bulk-price';
import { describeFilter } from './describe-filter';
import type { StockFilter } from './stock-query';
import type { PriceChange } from './stock-types';

type Mode = PriceChange['mode'];

const modes: { mode: Mode; label: string; unit: string }[] = [
  { mode: 'set', label: 'Set the price to', unit: '₹' },
  { mode: 'raise', label: 'Raise by', unit: '%' },
  { mode: 'lower', label: 'Lower by', unit: '%' },
];

/** The change the inputs describe, or what is wrong with them. */
function changeOf(mode: Mode, text: string): PriceChange | string {
  const value = Number(text.replace(/[,\s₹%]/g, ''));
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0) {
    return mode === 'set' ? 'Enter the new price in rupees.' : 'Enter a percent above 0.';
  }
  if (mode === 'set') {
    return Number.isInteger(value) ? { mode, amount: value } : 'Use whole rupees.';
  }
  if (mode === 'lower' && value >= 100) return 'Lower by less than 100%.';
  if (mode === 'raise' && value > 500) return 'Raise by at most 500%.';
  return { mode, percent: value };
}

const pricesText = ({ price, offerPrice }: { price: number; offerPrice: number | null }) =>
  offerPrice === null ? formatInr(price) : `${formatInr(offerPrice)} (offer; ${formatInr(price)})`;

/**
 * A price change for every number the inventory's filters select: set, or raise or lower by a
 * percent (whole rupees). Preview first (how many change, a sample before and after), then
 * apply, in one transaction; held and sold numbers never change.
 */
export function BulkPriceDialog({ filter, onClose }: { filter: StockFilter; onClose: () => void }) {
  const toast = useToast();
  const [mode, setMode] = useState<Mode>('raise');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const preview = usePreviewBulkPrice();
  const apply = useApplyBulkPrice();

  const edit = (next: () => void) => {
    next();
    setProblem(null);
    preview.reset();
  };

  const onPreview = (event: FormEvent) => {
    event.preventDefault();
    const change = changeOf(mode, amount);
    if (typeof change === 'string') return setProblem(change);
    setProblem(null);
    preview.mutate({ filter, change });
  };

  const onApply = async () => {
    const change = changeOf(mode, amount);
    if (typeof change === 'string' || !preview.data) return;
    try {
      // What the preview saw: the server refuses the apply if any of it moved since.
      const { changed } = await apply.mutateAsync({
        filter,
        change,
        expectedCount: preview.data.changing,
        expectedFingerprint: preview.data.fingerprint,
      });
      toast.success(`${formatCountOf(changed, 'number', 'numbers')} repriced.`);
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        // Someone changed these prices (or this change was applied already): preview afresh.
        setProblem(apiErrorMessage(error, 'The prices changed since your preview.'));
        preview.mutate({ filter, change });
      } else {
        // Perhaps applied and the answer lost: the preview stays, and Apply again sends the
        // same request with the same key, which the server answers without applying twice.
        setProblem(
          `${apiErrorMessage(error, 'The prices could not be changed.')}: press Apply again to retry (a change already made is not made twice).`,
        );
      }
    }
  };

  const result = preview.data;
  return (
    <ModalDialog open onClose={onClose} title="Bulk price change">
      <p className="mb-4 text-sm text-slate-700">
        Selection: <strong>{describeFilter(filter)}</strong>. Held and sold numbers never change.
      </p>
      <form noValidate onSubmit={onPreview} className="space-y-4">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Change</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {modes.map((option) => (
              <label key={option.mode} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="mode"
                  value={option.mode}
                  checked={mode === option.mode}
                  onChange={() =>
                    edit(() => {
                      // The amount means something else now (rupees or a percent).
                      setMode(option.mode);
                      setAmount('');
                    })
                  }
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="bulk-amount" className="block text-sm font-medium text-slate-800">
            {mode === 'set' ? 'New price (₹, whole rupees; offers end)' : 'Percent (%)'}
          </label>
          <input
            id="bulk-amount"
            inputMode="decimal"
            value={amount}
            onChange={(event) => edit(() => setAmount(event.target.value))}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'bulk-problem' : undefined}
            className="mt-1.5 block w-48 rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
        </div>
        {problem ? (
          <p id="bulk-problem" role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        ) : null}
        <BusyButton type="submit" className="btn-secondary" busy={preview.isPending}>
          {preview.isPending ? 'Counting…' : 'Preview'}
        </BusyButton>
      </form>

      {preview.error ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {apiErrorMessage(preview.error, 'The preview failed.')}
        </p>
      ) : null}
      {result ? (
        <section aria-label="Preview" className="mt-6 space-y-4">
          <p className="text-sm text-slate-800">
            <strong>{formatCount(result.changing)}</strong> of {formatCount(result.selected)}{' '}
            selected {plural(result.selected, 'number', 'numbers')}{' '}
            {plural(result.changing, 'changes', 'change')}
            {result.skipped > 0
              ? `; ${formatCount(result.skipped)} held or sold stay as they are`
              : ''}
            .
          </p>
          {result.sample.length > 0 ? (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Sample of the change</caption>
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-4">
                    Number
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Before
                  </th>
                  <th scope="col" className="py-2">
                    After
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.sample.map((row) => (
                  <tr key={row.id} className="border-b border-slate-100">
                    <td className="py-2 pr-4 font-mono">{row.number}</td>
                    <td className="py-2 pr-4">{pricesText(row.before)}</td>
                    <td className="py-2">{pricesText(row.after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          <div className="flex justify-end gap-3">
            <button type="button" className="btn-secondary" onClick={onClose}>
              Cancel
            </button>
            <BusyButton
              type="button"
              className="btn-primary"
              disabled={result.changing === 0}
              busy={apply.isPending}
              onClick={() => void onApply()}
            >
              {apply.isPending
                ? 'Applying…'
                : `Apply to ${formatCountOf(result.changing, 'number', 'numbers')}`}
            </BusyButton>
          </div>
        </section>
      ) : null}
    </ModalDialog>
  );
}
