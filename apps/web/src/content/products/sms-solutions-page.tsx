import { SimplePage } from '../../components/page';
import { seo } from '../../lib/seo';
import { siteConfig } from '../../lib/site-config';
import type { Route } from './+types/sms-solutions-page';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'SMS Solutions',
    description: `Bulk and transactional SMS solutions for businesses from ${siteConfig.storeName}.`,
    path: '/products/sms-solutions',
  });

export default function SmsSolutionsPage() {
  return (
    <SimplePage
      title="SMS Solutions"
      intro="Send transactional alerts, OTPs and promotional messages to your customers at scale."
    />
  );
}
