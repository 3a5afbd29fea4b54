/** Before and after of an audit entry, as lines a person reads: "price: 25000 → 20000". */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** One line per field: what changed (both sides), or what was set (after only). */
export function changeLines(before: unknown, after: unknown) {
  if (!isObject(before) && !isObject(after)) {
    return before === null && after === null
      ? []
      : [{ field: 'value', before: show(before), after: show(after), changed: true }];
  }
  const was = isObject(before) ? before : {};
  const now = isObject(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return fields.map((field) => ({
    field,
    before: field in was ? show(was[field]) : null,
    after: field in now ? show(now[field]) : null,
    changed: show(was[field]) !== show(now[field]),
  }));
}

export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const lines = changeLines(before, after);
  if (lines.length === 0) return <span className="text-slate-500">–</span>;
  return (
    <dl className="space-y-0.5">
      {lines.map((line) => (
        <div key={line.field} className={line.changed ? '' : 'text-slate-500'}>
          <dt className="inline font-medium">{line.field}: </dt>
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
