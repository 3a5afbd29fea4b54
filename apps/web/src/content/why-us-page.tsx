import { SimplePage } from '../components/page';
import { seo } from '../lib/seo';
import { siteConfig } from '../lib/site-config';
import type { Route } from './+types/why-us-page';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Why Us?',
    description: `Why buy your VIP mobile number from ${siteConfig.storeName}: every number is sold once, with guided porting.`,
    path: '/why-us',
  });

export default function WhyUsPage() {
  return (
    <SimplePage
      title="Why Us?"
      intro="Every number is sold exactly once, prices are clear, and our team guides you through porting after payment."
    />
  );
}
