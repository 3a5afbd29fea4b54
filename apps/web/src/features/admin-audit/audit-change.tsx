import { formatInr, toRupees } from '@store/domain';
import { formatIndianDate } from '../../lib/format';
import { moneyUnit, valueName } from './audit-labels';

/** Before and after of an audit entry, as lines a person reads: "price: ₹25,000 → ₹20,000". */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A moment as the API writes one (disabledAt, a payment's time): shown in India's time. */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** A calendar day as the API writes one (a UPC's last valid day). */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Words with the store's abbreviations in capitals: "upc sent" is "UPC sent". */
const abbreviated = (words: string) =>
  words
    .replace(/\butr\b/g, 'UTR')
    .replace(/\bupc\b/g, 'UPC')
    .replace(/\bid\b/g, 'ID');

/**
 * Fields named otherwise than their key (stored entries are never edited): an import's rows
 * are new, updated, unchanged or refused, as its check and its page say.
 */
const fieldNames: Record<string, string> = {
  newCount: 'new',
  updatedCount: 'updated',
  unchangedCount: 'unchanged',
  errorCount: 'refused',
};

/** A field's name in words: needsRefund is "needs refund", submittedUtr "submitted UTR". */
const fieldWords = (key: string) =>
  fieldNames[key] ?? abbreviated(key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase());

/** A code value such as a status (pending_payment) in words. */
const CODE_VALUE = /^[a-z]+(?:_[a-z]+)+$/;

/**
 * A value at `path` of an entry of `action`: money in ₹ (paise or rupees as the action writes it),
 * a list's values each in words.
 */
function show(value: unknown, action: string, path: string): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'number') {
    const unit = moneyUnit(action, path);
    return unit ? formatInr(unit === 'paise' ? toRupees(value) : value) : String(value);
  }
  if (typeof value === 'string') {
    const named = valueName(action, path, value);
    if (named) return named;
    if (ISO_MOMENT.test(value)) return formatIndianDate(value, { month: 'short', time: true });
    if (ISO_DAY.test(value)) return formatIndianDate(value, { month: 'short' });
    return CODE_VALUE.test(value) ? abbreviated(value.replaceAll('_', ' ')) : value;
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  // A list (a billing correction's fields): its values in words, one after the other.
  if (Array.isArray(value)) {
    return value.length > 0 ? value.map((item) => show(item, action, path)).join(', ') : 'none';
  }
  if (isObject(value)) {
    return Object.entries(value)
      .map(([key, inner]) => `${fieldWords(key)} ${show(inner, action, `${path}.${key}`)}`)
      .join(', ');
  }
  return JSON.stringify(value);
}

/** One line per field: what changed (both sides), or what was set (after only). */
export function changeLines(action: string, before: unknown, after: unknown) {
  if (!isObject(before) && !isObject(after)) {
    return before === null && after === null
      ? []
      : [
          {
            field: 'value',
            before: show(before, action, 'value'),
            after: show(after, action, 'value'),
            changed: true,
          },
        ];
  }
  const was = isObject(before) ? before : {};
  const now = isObject(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return fields.map((field) => {
    const beforeText = show(was[field], action, field);
    const afterText = show(now[field], action, field);
    return {
      field,
      before: field in was ? beforeText : null,
      after: field in now ? afterText : null,
      changed: beforeText !== afterText,
    };
  });
}

export function AuditChange({
  action,
  before,
  after,
}: {
  action: string;
  before: unknown;
  after: unknown;
}) {
  const lines = changeLines(action, before, after);
  if (lines.length === 0) return <span className="text-slate-500">–</span>;
  return (
    <dl className="space-y-0.5">
      {lines.map((line) => (
        <div key={line.field} className={line.changed ? '' : 'text-slate-500'}>
          <dt className="inline font-medium">{fieldWords(line.field)}: </dt>
          <dd className="inline break-words">
            {line.before === null ? (
              line.after
            ) : line.after === null ? (
              <>{line.before} (removed)</>
            ) : line.changed ? (
              <>
                <del className="text-red-800">{line.before}</del>
                <span aria-hidden="true"> → </span>
                <span className="sr-only"> changed to </span>
                <ins className="text-green-800 no-underline">{line.after}</ins>
              </>
            ) : (
              line.after
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
