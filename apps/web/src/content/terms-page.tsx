import { SimplePage } from '../components/page';
import { seo } from '../lib/seo';
import { siteConfig } from '../lib/site-config';
import type { Route } from './+types/terms-page';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Terms and Conditions',
    description: `The terms and conditions for buying VIP and premium mobile numbers from ${siteConfig.storeName}.`,
    path: '/terms-and-conditions',
  });

export default function TermsPage() {
  return (
    <SimplePage
      title="Terms and Conditions"
      intro="The terms that apply when you use this site and buy a number from us."
    />
  );
}
