import { createColumnHelper } from '@tanstack/react-table';
import { enquiryTopics } from '@store/domain';
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
import { enquiryTopicLabels } from '../enquiries';
import { useEnquiries, type Enquiry, type EnquiryListParams } from './api/get-enquiries';
import { statusLabels } from './enquiry-labels';
import { EnquiryNumberLink } from './enquiry-number-link';
import type { Route } from './+types/enquiries-page';

const column = createColumnHelper<Enquiry>();

const columns = [
  column.accessor('createdAt', {
    header: 'Received',
    cell: ({ row: { original: enquiry } }) => (
      <>
        {formatIndianDate(enquiry.createdAt, { month: 'short', time: true })}
        <span className="block font-mono text-xs text-slate-600">{enquiry.reference}</span>
      </>
    ),
  }),
  column.accessor('name', {
    header: 'From',
    cell: ({ row: { original: enquiry } }) => (
      <>
        <Link to={`/admin/enquiries/${enquiry.id}`} className="font-medium text-blue-800 underline">
          {enquiry.name}
        </Link>
        <span className="block text-slate-600">{enquiry.mobile}</span>
        <span className="block text-slate-600">{enquiry.email}</span>
      </>
    ),
  }),
  column.accessor('topic', {
    header: 'Topic',
    cell: (info) => enquiryTopicLabels[info.getValue()],
  }),
  column.accessor('number', {
    header: 'About',
    cell: (info) => {
      const number = info.getValue();
      return number ? (
        <EnquiryNumberLink number={number} />
      ) : (
        <span className="text-slate-500">–</span>
      );
    },
  }),
  column.accessor('message', {
    header: 'Message',
    cell: (info) => <span className="line-clamp-3 max-w-md">{info.getValue()}</span>,
  }),
  column.accessor('status', {
    header: 'Status',
    cell: ({ row: { original: enquiry } }) => (
      <>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${
            enquiry.state === 'open' ? 'bg-amber-100 text-amber-900' : 'bg-green-100 text-green-900'
          }`}
        >
          {statusLabels[enquiry.status]}
        </span>
        {enquiry.note ? (
          <span className="mt-1 block text-xs text-slate-600">Has a note</span>
        ) : null}
      </>
    ),
  }),
];

const shows = { open: 'Open', answered: 'Answered', all: 'All' } as const;
type Show = keyof typeof shows;

export const meta: Route.MetaFunction = () => consoleMeta('Enquiries');

/** /admin/enquiries: contact, product and number enquiries and job applications in one inbox. */
export default function EnquiriesPage() {
  const { search, page, update } = useListParams();
  const state = search.get('state');
  const show: Show = state === 'answered' || state === 'all' ? state : 'open';
  const topic = enquiryTopics.find((t) => t === search.get('topic'));
  const q = search.get('q') ?? '';
  const params: EnquiryListParams = {
    page,
    state: show === 'all' ? undefined : show,
    topic,
    q: q || undefined,
  };
  const { data, isPending, error, refetch, isFetching } = useEnquiries(params);

  return (
    <ConsolePage
      title="Enquiries"
      intro="Contact-us, product and number enquiries, and job applications."
    >
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <ConsoleSearch
          label="Search enquiries"
          placeholder="Reference (ENQ-…), name, e-mail, mobile or number"
          value={q}
          onSearch={(typed) => update({ q: typed })}
        />
        <SelectField
          label="Show"
          value={show}
          onChange={(event) => update({ state: event.target.value })}
        >
          {Object.entries(shows).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Topic"
          value={topic ?? ''}
          onChange={(event) => update({ topic: event.target.value })}
        >
          <option value="">All topics</option>
          {enquiryTopics.map((t) => (
            <option key={t} value={t}>
              {enquiryTopicLabels[t]}
            </option>
          ))}
        </SelectField>
      </div>
      <QueryStatus
        what="enquiries"
        isPending={isPending}
        error={error}
        onRetry={() => void refetch()}
      />
      {data ? (
        <ConsoleTable
          caption="Enquiries, newest first"
          columns={columns}
          rows={data.enquiries}
          empty={q ? 'No enquiry matches.' : 'No enquiries here.'}
          busy={isFetching}
          paged={data}
          onPage={(next) => update({ page: next })}
        />
      ) : null}
    </ConsolePage>
  );
}
