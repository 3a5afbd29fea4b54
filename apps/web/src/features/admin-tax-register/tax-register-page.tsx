import { formatInr, toRupees } from '@store/domain';
import { createColumnHelper } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/form-fields';
import { formatIndianDate } from '../../lib/format';
import { consoleMeta, ConsolePage, ConsoleTable, QueryStatus, useListParams } from '../admin-shell';
import {
  taxRegisterCsvUrl,
  useTaxRegister,
  type TaxFigures,
  type TaxPeriod,
  type TaxRegisterRow,
} from './api/get-tax-register';
import { lastMonth, monthOf, monthPeriod } from './tax-period';
import type { Route } from './+types/tax-register-page';

const rupees = (paise: number) => formatInr(toRupees(paise));
const day = (isoDay: string) => formatIndianDate(isoDay, { month: 'short' });
const money = ['taxable', 'cgst', 'sgst', 'igst', 'total'] as const;
const moneyHeaders = {
  taxable: 'Taxable value',
  cgst: 'CGST',
  sgst: 'SGST',
  igst: 'IGST',
  total: 'Total',
} as const;
const amount = 'text-right tabular-nums';

const supplyNames = { B2B: 'B2B', B2CL: 'B2C large', B2CS: 'B2C small' } as const;

const column = createColumnHelper<TaxRegisterRow>();

/** What a row says beside its figures: a credit note's invoice and why, an invoice cancelled. */
function rowNotes(row: TaxRegisterRow): string {
  if (row.against) {
    const why = row.reason === 'billing_correction' ? 'billing correction' : 'refund';
    return `Against ${row.against.serial} of ${day(row.against.issuedOn)} (${why})`;
  }
  return row.cancelledBy
    ? `Cancelled by ${row.cancelledBy.serial} of ${day(row.cancelledBy.issuedOn)}`
    : '';
}

const columns = [
  column.accessor('serial', {
    header: 'Document',
    cell: ({ row: { original } }) => (
      <>
        <span className="block font-medium whitespace-nowrap">{original.serial}</span>
        <span className="text-slate-600">
          {original.kind === 'invoice' ? 'Tax invoice' : 'Credit note'}
        </span>
      </>
    ),
  }),
  column.accessor('issuedOn', { header: 'Date', cell: (info) => day(info.getValue()) }),
  column.accessor('orderReference', { header: 'Order' }),
  column.accessor('buyerName', {
    header: 'Billed to',
    cell: ({ row: { original } }) => (
      <>
        <span className="block">{original.buyerName}</span>
        {original.companyName ? (
          <span className="text-slate-600">{original.companyName}</span>
        ) : null}
      </>
    ),
  }),
  column.accessor('gstin', {
    header: 'GSTIN',
    cell: ({ row: { original } }) =>
      original.gstin ?? `Unregistered (${supplyNames[original.supplyType]})`,
  }),
  column.accessor('placeOfSupply', {
    header: 'Place of supply',
    cell: (info) => `${info.getValue().name} (${info.getValue().code ?? '--'})`,
  }),
  ...[...money, 'tds' as const].map((key) =>
    column.accessor(key, {
      header: key === 'tds' ? 'TDS' : moneyHeaders[key],
      cell: (info) => <span className={`block ${amount}`}>{rupees(info.getValue())}</span>,
    }),
  ),
  column.display({
    id: 'notes',
    header: 'Notes',
    cell: ({ row }) => rowNotes(row.original),
  }),
];

/** A small table of figures: one row per label, the count and the money columns. */
function FiguresTable({
  caption,
  rows,
}: {
  caption: string;
  rows: { label: string; figures: TaxFigures }[];
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="px-3 pt-3 text-left font-semibold text-slate-900">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">What</span>
            </th>
            <th scope="col" className={`px-3 py-2 ${amount}`}>
              Documents
            </th>
            {money.map((key) => (
              <th key={key} scope="col" className={`px-3 py-2 ${amount}`}>
                {moneyHeaders[key]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map(({ label, figures }) => (
            <tr key={label}>
              <th scope="row" className="px-3 py-2 font-medium">
                {label}
              </th>
              <td className={`px-3 py-2 ${amount}`}>{figures.documents}</td>
              {money.map((key) => (
                <td key={key} className={`px-3 py-2 ${amount}`}>
                  {rupees(figures[key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export const meta: Route.MetaFunction = () => consoleMeta('Tax register');

/**
 * /admin/tax-register (administrators): every tax invoice and credit note of a period (a month,
 * by default last month, or from/to days in India) as printed, with the totals, a GSTR-1 summary
 * and the CSV for the accountant (decision 0077). Each read is on record in the audit log.
 */
export default function TaxRegisterPage() {
  const { search, update } = useListParams();
  const from = search.get('from');
  const to = search.get('to');
  const period: TaxPeriod = from && to ? { from, to } : monthPeriod(lastMonth());
  const { data, isPending, error, refetch, isFetching } = useTaxRegister(period);

  return (
    <ConsolePage
      title="Tax register"
      intro="Every tax invoice and credit note issued in the period (days in India), as each printed it: for the accountant's GSTR-1. Reading it is recorded in the audit log."
      actions={
        <a className="btn-secondary" href={taxRegisterCsvUrl(period)} download>
          Download CSV
        </a>
      }
    >
      <PeriodForm
        key={`${period.from}..${period.to}`}
        period={period}
        onApply={(values) => update({ ...values })}
      />
      <QueryStatus
        what="tax register"
        isPending={isPending}
        error={error}
        onRetry={() => void refetch()}
      />
      {data ? (
        <div className="space-y-6" aria-busy={isFetching}>
          <p className="text-slate-700">
            {day(data.from)} to {day(data.to)}: money in rupees; credit notes are taken off in the
            net and summary figures.
          </p>
          <FiguresTable
            caption="Totals"
            rows={[
              { label: 'Tax invoices', figures: data.totals.invoices },
              { label: 'Credit notes', figures: data.totals.creditNotes },
              { label: 'Net', figures: data.totals.net },
            ]}
          />
          <FiguresTable
            caption="GSTR-1 summary"
            rows={[
              { label: 'B2B (buyers with a GSTIN)', figures: data.summary.b2b },
              {
                label: 'B2C large (another state, invoice over ₹1,00,000)',
                figures: data.summary.b2cLarge,
              },
              ...data.summary.b2cSmallByPlaceOfSupply.map((place) => ({
                label: `B2C small, ${place.name} (${place.code ?? '--'})`,
                figures: place,
              })),
              ...data.summary.bySac.map((sac) => ({ label: `SAC ${sac.sac}`, figures: sac })),
            ]}
          />
          <ConsoleTable
            caption="Tax invoices and credit notes, in issue order"
            columns={columns}
            rows={data.documents}
            empty="No tax invoice or credit note was issued in this period."
            busy={isFetching}
          />
        </div>
      ) : null}
    </ConsolePage>
  );
}

/** The period: a month, or from and to days; each kept in the address. */
function PeriodForm({
  period,
  onApply,
}: {
  period: TaxPeriod;
  onApply: (values: TaxPeriod) => void;
}) {
  const [month, setMonth] = useState(monthOf(period) ?? '');
  const [days, setDays] = useState(period);
  const [problem, setProblem] = useState<string>();
  const showMonth = (event: FormEvent) => {
    event.preventDefault();
    if (month) onApply(monthPeriod(month));
  };
  const showDays = (event: FormEvent) => {
    event.preventDefault();
    const wrong = !days.from || !days.to || days.from > days.to;
    setProblem(wrong ? 'Choose a from day on or before the to day.' : undefined);
    if (!wrong) onApply(days);
  };
  return (
    <div className="mb-6 flex flex-wrap items-end gap-6">
      <form
        aria-label="Choose a month"
        noValidate
        onSubmit={showMonth}
        className="flex items-end gap-3"
      >
        <TextField
          label="Month"
          type="month"
          value={month}
          onChange={(event) => setMonth(event.target.value)}
        />
        <button type="submit" className="btn-primary px-4 py-2.5">
          Show month
        </button>
      </form>
      <form
        aria-label="Choose from and to days"
        noValidate
        onSubmit={showDays}
        className="flex flex-wrap items-end gap-3"
      >
        <TextField
          label="From"
          type="date"
          value={days.from}
          onChange={(event) => setDays({ ...days, from: event.target.value })}
        />
        <TextField
          label="To"
          type="date"
          value={days.to}
          onChange={(event) => setDays({ ...days, to: event.target.value })}
          error={problem}
        />
        <button type="submit" className="btn-secondary px-4 py-2.5">
          Show period
        </button>
      </form>
    </div>
  );
}
