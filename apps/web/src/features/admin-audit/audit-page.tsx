import { displayMobile, normalizeMobile } from '@store/domain';
import { createColumnHelper } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { SelectField, TextField } from '../../components/form-fields';
import { formatIndianDate } from '../../lib/format';
import { consoleMeta, ConsolePage, ConsoleTable, QueryStatus, useListParams } from '../admin-shell';
import { useStaffMembers } from '../admin-staff';
import { useAudit, type AuditEntry, type AuditFilter } from './api/get-audit';
import { AuditChange } from './audit-change';
import { actionGroups, actionLabel, entityLabel } from './audit-labels';
import type { Route } from './+types/audit-page';

const column = createColumnHelper<AuditEntry>();

const link = 'text-blue-800 underline';

/** Where the changed thing is seen in the console. */
function ChangedThing({ entry }: { entry: AuditEntry }) {
  const parts = [];
  if (entry.number) {
    parts.push(
      <Link key="number" to={`/admin/inventory?q=${entry.number}`} className={link}>
        {displayMobile(entry.number)}
      </Link>,
    );
  }
  if (entry.orderId) {
    parts.push(
      <Link key="order" to={`/admin/orders/${entry.orderId}`} className={link}>
        {entry.orderReference ? `Order ${entry.orderReference}` : 'Order'}
      </Link>,
    );
  }
  if (entry.entityType === 'enquiry') {
    parts.push(
      <Link key="enquiry" to={`/admin/enquiries/${entry.entityId}`} className={link}>
        Enquiry
      </Link>,
    );
  }
  // A number and an order are named by their links, a staff member by name, a search by what
  // was searched for, a tax register by its period; anything else by the start of its id.
  const namedByLink =
    entry.entityType === 'number' || (entry.entityType === 'order' && entry.orderReference);
  const name =
    entry.entityName ??
    (entry.entityType === 'search'
      ? `“${entry.entityId}”`
      : entry.entityType === 'tax_register'
        ? entry.entityId.replace('..', ' to ')
        : namedByLink
          ? ''
          : entry.entityId.slice(0, 8));
  return (
    <>
      <span className="block text-slate-600">
        {entityLabel(entry.entityType, entry.action)}
        {name ? ` ${name}` : ''}
      </span>
      {parts.length > 0 ? <span className="flex gap-2">{parts}</span> : null}
    </>
  );
}

const columns = [
  column.accessor('at', {
    header: 'When',
    cell: (info) => formatIndianDate(info.getValue(), { month: 'short', time: true }),
  }),
  column.accessor('actor', {
    header: 'Who',
    cell: (info) => info.getValue().name,
  }),
  column.accessor('action', {
    header: 'What',
    cell: (info) => actionLabel(info.getValue()),
  }),
  column.display({
    id: 'thing',
    header: 'Which',
    cell: ({ row }) => <ChangedThing entry={row.original} />,
  }),
  column.display({
    id: 'change',
    header: 'Before and after',
    cell: ({ row: { original: entry } }) => (
      <AuditChange action={entry.action} before={entry.before} after={entry.after} />
    ),
  }),
  column.accessor('note', {
    header: 'Note',
    cell: (info) => info.getValue() ?? '',
  }),
];

const filterKeys = ['actorId', 'action', 'number', 'orderReference'] as const;

export const meta: Route.MetaFunction = () => consoleMeta('Audit log');

/** /admin/audit (administrators): every change made in the console, newest first. Read only. */
export default function AuditPage() {
  const { search, page, update } = useListParams();
  const filter: AuditFilter = { page, upTo: search.get('upTo') ?? undefined };
  for (const key of filterKeys) filter[key] = search.get(key) ?? undefined;
  const { data, isPending, error, refetch, isFetching } = useAudit(filter);

  return (
    <ConsolePage
      title="Audit log"
      intro="Every change made in the console or its API: who, what, when, before and after. Entries are never edited."
    >
      <AuditFilters
        key={search.toString()}
        initial={filter}
        onApply={(values) => update({ ...values, upTo: undefined })}
      />
      <QueryStatus
        what="audit log"
        isPending={isPending}
        error={error}
        onRetry={() => void refetch()}
      />
      {data ? (
        <ConsoleTable
          caption="Audit log entries, newest first"
          columns={columns}
          rows={data.entries}
          empty="No changes match."
          busy={isFetching}
          paged={data}
          // Further pages hold the entries up to the first page's newest: one written
          // meanwhile does not push a row onto the next page again. Page 1 shows the newest.
          onPage={(next) =>
            update({ page: next, upTo: next > 1 ? (data.upTo ?? undefined) : undefined })
          }
        />
      ) : null}
    </ConsolePage>
  );
}

type FilterValues = Record<(typeof filterKeys)[number], string>;

function AuditFilters({
  initial,
  onApply,
}: {
  initial: AuditFilter;
  onApply: (values: FilterValues) => void;
}) {
  const staff = useStaffMembers();
  const [values, setValues] = useState<FilterValues>({
    actorId: initial.actorId ?? '',
    action: initial.action ?? '',
    number: initial.number ?? '',
    orderReference: initial.orderReference ?? '',
  });
  const [numberProblem, setNumberProblem] = useState<string>();
  const set = (key: keyof FilterValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const typed = values.number.trim();
    const number = typed ? normalizeMobile(typed) : '';
    // The API filters by a whole number only and refuses a part of one.
    setNumberProblem(number === null ? 'Type all 10 digits of the number.' : undefined);
    if (number === null) return;
    onApply({
      actorId: values.actorId,
      action: values.action,
      number,
      orderReference: values.orderReference.trim(),
    });
  };
  return (
    <form
      aria-label="Filter the audit log"
      noValidate
      onSubmit={apply}
      className="mb-4 flex flex-wrap items-end gap-3"
    >
      <SelectField label="Member" value={values.actorId} onChange={set('actorId')}>
        <option value="">Everyone</option>
        {(staff.data ?? []).map((member) => (
          <option key={member.id} value={member.id}>
            {member.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Action" value={values.action} onChange={set('action')}>
        <option value="">Every action</option>
        {actionGroups.map((group) => (
          <optgroup key={group.prefix} label={group.name}>
            <option value={group.prefix}>{group.all}</option>
            {group.actions.map(({ action, label }) => (
              <option key={action} value={action}>
                {label}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
      <TextField
        label="Number"
        inputMode="numeric"
        placeholder="98200 98200"
        value={values.number}
        onChange={set('number')}
        error={numberProblem}
      />
      <TextField
        label="Order reference"
        placeholder="VN-20261122-7K3Q9MZA"
        value={values.orderReference}
        onChange={set('orderReference')}
      />
      <button type="submit" className="btn-primary px-4 py-2.5">
        Filter
      </button>
      {filterKeys.some((key) => initial[key]) ? (
        <button
          type="button"
          className="btn-secondary px-4 py-2.5"
          onClick={() => onApply({ actorId: '', action: '', number: '', orderReference: '' })}
        >
          Clear
        </button>
      ) : null}
    </form>
  );
}
