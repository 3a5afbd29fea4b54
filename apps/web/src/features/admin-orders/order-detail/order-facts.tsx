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
  gbraid: 'Google Ads click (iOS, gbraid)',
  wbraid: 'Google Ads click (iOS, wbraid)',
  referrer: 'Came from',
  referrer_medium: 'Visit type',
  landing_page: 'Landing page',
  timestamp: 'Landed',
};

/**
 * A landing page as people read it: percent escapes decoded (`?utm_campaign=diwali%20sale` shows
 * "diwali sale"). A run of escapes that does not decode (`%E0%A4`, a cut character) is left as it
 * came, and the rest is still decoded. It is shown as text, never as markup.
 */
function readableAddress(address: string): string {
  return address.replace(/(?:%[0-9a-f]{2})+/gi, (escapes) => {
    try {
      return decodeURIComponent(escapes);
    } catch {
      return escapes;
    }
  });
}

function factText(key: string, value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value);
  if (key === 'timestamp' && !Number.isNaN(Date.parse(value))) {
    return formatIndianDate(value, { month: 'short', time: true });
  }
  return key === 'landing_page' ? readableAddress(value) : value;
}

function campaignFacts(attribution: StaffOrder['attribution']): [string, string, string][] {
  const entries = Object.entries(attribution ?? {}).filter(
    ([key, value]) => key !== 'expires_at' && value !== null && value !== '',
  );
  const order = Object.keys(campaignFields);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return entries
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([key, value]) => [key, campaignFields[key] ?? key, factText(key, value)]);
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
          <p className="text-sm text-slate-600">
            No campaign or referring site brought this order.
          </p>
        ) : (
          <dl className="space-y-2 text-sm">
            {campaign.map(([key, term, value]) => (
              <Fact key={key} term={term}>
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
