import { SimplePage } from '../components/page';
import { seo } from '../lib/seo';
import { siteConfig } from '../lib/site-config';
import type { Route } from './+types/privacy-policy-page';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Privacy Policy',
    description: `How ${siteConfig.storeName} collects, uses and protects your personal information.`,
    path: '/privacy-policy',
  });

export default function PrivacyPolicyPage() {
  return (
    <SimplePage
      title="Privacy Policy"
      intro="How we collect, use and protect your personal information when you browse and buy on this site."
    />
  );
}
