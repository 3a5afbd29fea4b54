import { SimplePage } from '../components/page';
import { seo } from '../lib/seo';
import { siteConfig } from '../lib/site-config';
import type { Route } from './+types/testimonial-page';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Testimonials',
    description: `What customers say about buying VIP and fancy mobile numbers from ${siteConfig.storeName}.`,
    path: '/testimonial',
  });

export default function TestimonialPage() {
  return (
    <SimplePage
      title="Testimonials"
      intro="What our customers say about choosing, buying and porting their VIP numbers with us."
    />
  );
}
