import type { ReactNode } from 'react';
import { AmountBreakdown, BillingSection, Card } from '../../orders';
import type { StaffOrder } from '../staff-order-types';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_minmax(0,1fr)] gap-3">
      <dt className="text-slate-600">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** The buyer's account, billing as at checkout, the amounts, and the campaign that brought them. */
export function OrderFacts({ order }: { order: StaffOrder }) {
  const { buyer, attribution } = order;
  const campaign = Object.entries(attribution ?? {}).filter(
    ([, value]) => value !== null && value !== '',
  );
  return (
    <>
      <Card title="Buyer">
        <dl className="space-y-2 text-sm">
          <Fact term="Name">{buyer.name}</Fact>
          <Fact term="E-mail">{buyer.email}</Fact>
          <Fact term="Mobile">{buyer.mobile}</Fact>
          <Fact term="WhatsApp updates">{buyer.getWhatsappUpdate ? 'Yes' : 'No'}</Fact>
        </dl>
      </Card>
      <BillingSection order={order} />
      <Card title="Amounts">
        <AmountBreakdown amounts={order.amounts} />
      </Card>
      <Card title="Attribution">
        {campaign.length === 0 ? (
          <p className="text-sm text-slate-600">No campaign brought this order.</p>
        ) : (
          <dl className="space-y-2 text-sm">
            {campaign.map(([key, value]) => (
              <Fact key={key} term={key}>
                {typeof value === 'string' ? value : JSON.stringify(value)}
              </Fact>
            ))}
          </dl>
        )}
        {order.providerOrderId ? (
          <p className="mt-3 text-sm text-slate-600">
            Razorpay order <span className="font-mono">{order.providerOrderId}</span>
          </p>
        ) : null}
      </Card>
    </>
  );
}
