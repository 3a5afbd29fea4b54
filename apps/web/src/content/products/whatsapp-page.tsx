import { SimplePage } from '../../components/page';
import { seo } from '../../lib/seo';
import { siteConfig } from '../../lib/site-config';
import type { Route } from './+types/whatsapp-page';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'WhatsApp Business API',
    description: `WhatsApp Business API for businesses: notifications, support and campaigns from ${siteConfig.storeName}.`,
    path: '/products/whatsapp',
  });

export default function WhatsappPage() {
  return (
    <SimplePage
      title="WhatsApp Business API"
      intro="Reach customers on WhatsApp with notifications, support conversations and campaigns through the official API."
    />
  );
}
