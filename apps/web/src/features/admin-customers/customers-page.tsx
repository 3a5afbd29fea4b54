import { formatInr, toRupees } from '@store/domain';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { SelectField } from '../../components/form-fields';
import { formatIndianDate } from '../../lib/format';
import {
  consoleMeta,
  ConsolePage,
  ConsoleSearch,
  ConsoleTable,
  QueryStatus,
  useListParams,
} from '../admin-shell';
import { useAuth } from '../auth';
import { useCustomers, type Customer } from './api/get-customers';
import type { Route } from './+types/customers-page';

export const meta: Route.MetaFunction = () => consoleMeta('Customers');

const column = createColumnHelper<Customer>();

const columns = [
  column.accessor('name', {
    header: 'Customer',
    cell: ({ row: { original: customer } }) => (
      <>
        <Link
          to={`/admin/customers/${customer.id}`}
          className="font-medium text-blue-800 underline"
        >
          {customer.name}
        </Link>
        {customer.closed ? (
          <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
            Closed
          </span>
        ) : null}
        <span className="block text-slate-600">{customer.mobile}</span>
        <span className="block text-slate-600">{customer.email}</span>
      </>
    ),
  }),
  column.accessor('accountType', {
    header: 'Account',
    cell: ({ row: { original: customer } }) => (
      <>
        {customer.accountType}
        {customer.companyName ? <span className="block">{customer.companyName}</span> : null}
        {customer.gstinNo ? (
          <span className="block font-mono text-xs text-slate-600">{customer.gstinNo}</span>
        ) : null}
      </>
    ),
  }),
  column.accessor('registeredAt', {
    header: 'Registered',
    cell: ({ row: { original: customer } }) => (
      <>
        {formatIndianDate(customer.registeredAt, { month: 'short' })}
        <span className="block text-xs text-slate-600">
          {customer.lastSignInAt
            ? `Signed in ${formatIndianDate(customer.lastSignInAt, { month: 'short' })}`
            : 'No recent sign-in'}
        </span>
      </>
    ),
  }),
  column.accessor('orderCount', {
    header: 'Orders',
    cell: ({ row: { original: customer } }) => (
      <span className="tabular-nums">
        {customer.orderCount}
        <span className="block text-slate-600">{formatInr(toRupees(customer.paidTotal))} paid</span>
        {customer.refundedTotal > 0 ? (
          <span className="block text-slate-600">
            {formatInr(toRupees(customer.refundedTotal))} refunded
          </span>
        ) : null}
      </span>
    ),
  }),
];

const accountTypes = ['Individual', 'Corporate'] as const;

/**
 * /admin/customers: buyers' accounts, newest first, searched and filtered by account type
 * (support and administrators; decision 0061); for administrators, closing an account by the
 * buyer's contact when the buyer asks for it (decision 0055).
 */
export default function CustomersPage() {
  const { user } = useAuth();
  const { search, page, update } = useListParams();
  const q = search.get('q') ?? '';
  const accountType = accountTypes.find((type) => type === search.get('accountType'));
  const { data, isPending, error, refetch, isFetching } = useCustomers({
    page,
    accountType,
    q: q || undefined,
  });

  return (
    <ConsolePage
      title="Customers"
      intro="Look a buyer up: their details, consents, orders and enquiries. Each search and each customer opened is recorded in the audit log."
    >
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <ConsoleSearch
          label="Search customers"
          placeholder="Name, company, e-mail, mobile or GSTIN"
          value={q}
          onSearch={(typed) => update({ q: typed })}
        />
        <SelectField
          label="Account type"
          value={accountType ?? ''}
          onChange={(event) => update({ accountType: event.target.value })}
        >
          <option value="">All</option>
          {accountTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
      </div>
      <QueryStatus
        what="customers"
        isPending={isPending}
        error={error}
        onRetry={() => void refetch()}
      />
      {data ? (
        <ConsoleTable
          caption="Customers, newest first"
          columns={columns}
          rows={data.customers}
          empty={q || accountType ? 'No customer matches.' : 'No customers yet.'}
          busy={isFetching}
          paged={data}
          onPage={(next) => update({ page: next })}
        />
      ) : null}
      {user?.role === 'admin' ? (
        <p className="mt-8 max-w-xl text-sm text-slate-700">
          To close a buyer&apos;s account on their request, find them here by their e-mail or
          mobile, open their page and close it there: it shows whose account it is. Check first that
          the request comes from the account&apos;s own e-mail or mobile.
        </p>
      ) : null}
    </ConsolePage>
  );
}
