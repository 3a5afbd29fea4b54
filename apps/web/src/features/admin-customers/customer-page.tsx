import { formatInr, toRupees } from '@store/domain';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { formatIndianDate } from '../../lib/format';
import {
  consoleMeta,
  ConsoleDetail,
  ConsolePage,
  QueryStatus,
  useConsoleTitle,
} from '../admin-shell';
import { actionLabel } from '../admin-audit';
import { useAuth } from '../auth';
import { enquiryTopicLabels } from '../enquiries';
import { useCustomer, type CustomerDetail } from './api/get-customer';
import { CloseAccountForm } from './close-account-form';
import { DownloadDataForm } from './download-data-form';
import type { Route } from './+types/customer-page';

export const meta: Route.MetaFunction = () => consoleMeta('Customer');

const consentLabels: Record<CustomerDetail['consents'][number]['kind'], string> = {
  terms: 'Terms and privacy policy',
  whatsapp_updates: 'WhatsApp order and porting updates',
  price_alerts: 'Price-drop and new-stock e-mails',
};

const panel = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm';
const link = 'text-blue-800 underline';
const rupees = (paise: number) => formatInr(toRupees(paise));
const when = (iso: string) => formatIndianDate(iso, { month: 'short', time: true });

/**
 * /admin/customers/:customerId: one buyer's account, what it agreed to, its orders, enquiries
 * and audit entries (decision 0061); administrators may download its data (decision 0062) or
 * close it on the buyer's request.
 */
export default function CustomerPage() {
  const { customerId = '' } = useParams();
  const { data, isPending, error, refetch } = useCustomer(customerId);
  // 400: the address holds no customer id at all; to the team, that is not found either.
  const missing = isApiError(error) && (error.status === 404 || error.status === 400);
  useConsoleTitle(data?.name);
  return (
    <ConsolePage
      title={data ? data.name : missing ? 'Customer not found' : 'Customer'}
      intro={data?.closed ? 'This account is closed: its personal data was erased.' : undefined}
      actions={
        <Link to="/admin/customers" className={link}>
          All customers
        </Link>
      }
    >
      {missing ? null : (
        <QueryStatus
          what="customer"
          isPending={isPending}
          error={error}
          onRetry={() => void refetch()}
        />
      )}
      {data ? <CustomerDetails customer={data} /> : null}
    </ConsolePage>
  );
}

function CustomerDetails({ customer }: { customer: CustomerDetail }) {
  const { user } = useAuth();
  const { address } = customer;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-label="The account" className={panel}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {customer.closed && customer.closedAt ? (
            <ConsoleDetail term="Closed">{when(customer.closedAt)}</ConsoleDetail>
          ) : null}
          {customer.mobile ? (
            <ConsoleDetail term="Mobile">
              <a href={`tel:+91${customer.mobile}`} className={link}>
                {customer.mobile}
              </a>
            </ConsoleDetail>
          ) : null}
          {customer.email ? (
            <ConsoleDetail term="E-mail">
              <a href={`mailto:${customer.email}`} className={link}>
                {customer.email}
              </a>
            </ConsoleDetail>
          ) : null}
          <ConsoleDetail term="Account">{customer.accountType}</ConsoleDetail>
          {customer.companyName ? (
            <ConsoleDetail term="Company">{customer.companyName}</ConsoleDetail>
          ) : null}
          {customer.gstinNo ? <ConsoleDetail term="GSTIN">{customer.gstinNo}</ConsoleDetail> : null}
          {address ? (
            <ConsoleDetail term="Address">
              {[address.line1, address.line2, address.city, `${address.state} ${address.pinCode}`]
                .filter(Boolean)
                .join(', ')}
            </ConsoleDetail>
          ) : null}
          {customer.closed ? null : (
            <ConsoleDetail term="WhatsApp updates">
              {customer.getWhatsappUpdate ? 'Yes' : 'No'}
            </ConsoleDetail>
          )}
          <ConsoleDetail term="Registered">{when(customer.registeredAt)}</ConsoleDetail>
          <ConsoleDetail term="Last sign-in">
            {customer.lastSignInAt ? when(customer.lastSignInAt) : 'Not in the last 30 days'}
          </ConsoleDetail>
          <ConsoleDetail term="Paid">{rupees(customer.paidTotal)}</ConsoleDetail>
          {customer.refundedTotal > 0 ? (
            <>
              <ConsoleDetail term="Refunded">{rupees(customer.refundedTotal)}</ConsoleDetail>
              <ConsoleDetail term="Paid, net">
                {rupees(customer.paidTotal - customer.refundedTotal)}
              </ConsoleDetail>
            </>
          ) : null}
        </dl>
        {user?.role === 'admin' && !customer.closed ? (
          <>
            <DownloadDataForm customerId={customer.id} />
            <CloseAccountForm
              account={customer}
              heading="Close this account"
              button="Close this account"
            />
          </>
        ) : null}
      </section>

      <Listing title="Orders" empty="No orders.">
        {customer.orders.map((order) => (
          <li key={order.id}>
            <Link to={`/admin/orders/${order.id}`} className={`font-mono ${link}`}>
              {order.reference}
            </Link>{' '}
            {order.statusLabel}, {rupees(order.totalAmount)}, {when(order.createdAt)}
          </li>
        ))}
      </Listing>

      {customer.closed ? null : (
        <Listing title="Consents" empty="No consent recorded.">
          {customer.consents.map((consent, index) => (
            <li key={index}>
              {consentLabels[consent.kind]}: {consent.given ? 'given' : 'withdrawn'}{' '}
              {when(consent.at)} (policy {consent.policyVersion},{' '}
              {consent.source.replace(/_/g, ' ')})
            </li>
          ))}
        </Listing>
      )}

      {customer.closed ? null : (
        <Listing title="Enquiries" empty="No enquiry from its e-mail or mobile.">
          {customer.enquiries.map((enquiry) => (
            <li key={enquiry.id}>
              <Link to={`/admin/enquiries/${enquiry.id}`} className={`font-mono ${link}`}>
                {enquiry.reference}
              </Link>{' '}
              {enquiryTopicLabels[enquiry.topic]}, {enquiry.state}, {when(enquiry.createdAt)}
            </li>
          ))}
        </Listing>
      )}

      <Listing title="Audit log" empty="Nothing recorded yet.">
        {customer.auditEntries.map((entry) => (
          <li key={entry.id}>
            {actionLabel(entry.action)} by {entry.actor.name}, {when(entry.at)}
            {entry.note ? `: ${entry.note}` : ''}
          </li>
        ))}
      </Listing>
    </div>
  );
}

/** A titled list of the account's things, or a line saying there are none. */
function Listing({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string;
  children: ReactNode[];
}) {
  return (
    <section aria-label={title} className={panel}>
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {children.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm text-slate-800">{children}</ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      )}
    </section>
  );
}
