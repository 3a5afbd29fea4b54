import { SimplePage } from '../../components/page';
import { seo } from '../../lib/seo';
import { siteConfig } from '../../lib/site-config';
import type { Route } from './+types/smart-ivr-page';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Smart IVR',
    description: `Smart IVR for businesses: automated call menus, call routing and reports from ${siteConfig.storeName}.`,
    path: '/products/smart-ivr',
  });

export default function SmartIvrPage() {
  return (
    <SimplePage
      title="Smart IVR"
      intro="Greet every caller with an automated menu, route calls to the right team and see reports of every call."
    />
  );
}
