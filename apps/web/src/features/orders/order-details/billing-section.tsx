import type { ReactNode } from 'react';
import type { Order } from '../order-types';
import { Card } from './order-card';

/** A billing address on one line: `1 MG Road, Pune, Maharashtra 411001`. */
export const addressLine = (address: NonNullable<Order['billing']['address']>) =>
  [address.line1, address.line2, address.city, `${address.state} ${address.pinCode}`]
    .filter(Boolean)
    .join(', ');

/** The buyer's details as they were at checkout. */
export function BillingSection({ order }: { order: Order }) {
  const { billing } = order;
  const corporate = billing.accountType === 'Corporate';
  const address = billing.address;
  return (
    <Card title="Billing details">
      <dl className="space-y-3 text-sm">
        <BillingRow term="Name">{billing.name}</BillingRow>
        {corporate && billing.companyName ? (
          <BillingRow term="Company">{billing.companyName}</BillingRow>
        ) : null}
        {corporate && billing.gstinNo ? (
          <BillingRow term="GSTIN">
            <span className="font-mono">{billing.gstinNo}</span>
          </BillingRow>
        ) : null}
        <BillingRow term="E-mail">{billing.email}</BillingRow>
        <BillingRow term="Mobile">{billing.mobile}</BillingRow>
        {address ? <BillingRow term="Address">{addressLine(address)}</BillingRow> : null}
      </dl>
    </Card>
  );
}

function BillingRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[6rem_minmax(0,1fr)] gap-3">
      <dt className="text-slate-600">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}
