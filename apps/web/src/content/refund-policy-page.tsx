import { SimplePage } from '../components/page';
import { seo } from '../lib/seo';
import { siteConfig } from '../lib/site-config';
import type { Route } from './+types/refund-policy-page';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Refund Policy',
    description: `The refund policy of ${siteConfig.storeName} for VIP and premium mobile number purchases.`,
    path: '/refund-policy',
  });

export default function RefundPolicyPage() {
  return (
    <SimplePage
      title="Refund Policy"
      intro="When and how payments for VIP number purchases are refunded."
    />
  );
}
