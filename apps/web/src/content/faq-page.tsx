import { SimplePage } from '../components/page';
import { seo } from '../lib/seo';
import { siteConfig } from '../lib/site-config';
import type { Route } from './+types/faq-page';

export const meta: Route.MetaFunction = () =>
  seo({
    title: "FAQ's",
    description: `Answers to common questions about buying VIP mobile numbers, payment and porting at ${siteConfig.storeName}.`,
    path: "/faq's",
  });

export default function FaqPage() {
  return (
    <SimplePage
      title="Frequently Asked Questions"
      intro="Answers to the questions customers ask most often about buying, paying for and porting a VIP number."
    />
  );
}
