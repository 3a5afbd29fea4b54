import type { ReactNode } from 'react';
import { formatIndianDate } from '../../../lib/format';
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

/**
 * The campaign record's fields as support reads them, in this order; the record's expiry is the
 * browser's business and left out. A field not named here is shown under its own key.
 */
const campaignFields: Record<string, string> = {
  utm_source: 'Source',
  utm_medium: 'Medium',
  utm_campaign: 'Campaign',
  gclid: 'Google Ads click',
  fbclid: 'Meta ad click',
  landing_page: 'Landing page',
  timestamp: 'Landed',
};

function campaignFacts(attribution: StaffOrder['attribution']): [string, string][] {
  const entries = Object.entries(attribution ?? {}).filter(
    ([key, value]) => key !== 'expires_at' && value !== null && value !== '',
  );
  const order = Object.keys(campaignFields);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return entries
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([key, value]) => [
      campaignFields[key] ?? key,
      key === 'timestamp' && typeof value === 'string' && !Number.isNaN(Date.parse(value))
        ? formatIndianDate(value, { month: 'short', time: true })
        : typeof value === 'string'
          ? value
          : JSON.stringify(value),
    ]);
}

/** The buyer's account, billing as at checkout, the amounts, and the campaign that brought them. */
export function OrderFacts({ order }: { order: StaffOrder }) {
  const { buyer, attribution } = order;
  const campaign = campaignFacts(attribution);
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
            {campaign.map(([term, value]) => (
              <Fact key={term} term={term}>
                {value}
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
