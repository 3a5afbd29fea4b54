import { SimplePage } from '../components/page';
import { seo } from '../lib/seo';
import { siteConfig } from '../lib/site-config';
import type { Route } from './+types/career-page';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Career',
    description: `Careers at ${siteConfig.storeName}: join the team that helps customers across India find and port their VIP mobile numbers.`,
    path: '/career',
  });

export default function CareerPage() {
  return (
    <SimplePage
      title="Career"
      intro="Join the team that helps customers across India find the right VIP number and guides them through porting. Open positions will be listed here."
    />
  );
}
