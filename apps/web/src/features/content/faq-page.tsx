import { Link } from 'react-router';
import { Container, PageHeader } from '../../components/page';
import { siteConfig, whatsappLink } from '../../lib/site-config';
import { faqPageJsonLd, seo } from '../seo';
import type { Route } from './+types/faq-page';
import { FaqList } from './content-blocks';
import { allFaqs, faqGroups } from './data/faqs';

export const meta: Route.MetaFunction = () =>
  seo({
    title: "FAQ's",
    description: `Answers to common questions about buying VIP mobile numbers at ${siteConfig.storeName}: availability, GST, payment, the UPC, porting, activation times and refunds.`,
    path: "/faq's",
    jsonLd: [faqPageJsonLd(allFaqs)],
  });

function slug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');
}

export default function FaqPage() {
  return (
    <Container className="pb-16">
      <PageHeader
        title="Frequently Asked Questions"
        intro="Answers to the questions customers ask most often about buying, paying for and porting a VIP number."
      />
      <nav aria-label="FAQ topics" className="mb-10">
        <ul className="flex flex-wrap gap-2">
          {faqGroups.map((group) => (
            <li key={group.title}>
              <a
                href={`#${slug(group.title)}`}
                className="inline-block rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:border-blue-600 hover:text-blue-800"
              >
                {group.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid max-w-4xl gap-12">
        {faqGroups.map((group) => (
          <section
            key={group.title}
            id={slug(group.title)}
            aria-labelledby={`${slug(group.title)}-title`}
            className="scroll-mt-20"
          >
            <h2
              id={`${slug(group.title)}-title`}
              className="mb-4 text-2xl font-bold tracking-tight text-slate-900"
            >
              {group.title}
            </h2>
            <FaqList items={group.items} />
          </section>
        ))}
      </div>
      <div className="mt-12 max-w-4xl rounded-2xl bg-blue-50 p-6 sm:p-8">
        <h2 className="text-xl font-bold text-slate-900">Still have a question?</h2>
        <p className="mt-2 text-slate-700">
          Message us on{' '}
          <a
            href={whatsappLink('Hi, I have a question about buying a VIP number.')}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-blue-800 underline"
          >
            WhatsApp
          </a>{' '}
          or use the{' '}
          <Link to="/contact-us" className="font-semibold text-blue-800 underline">
            contact form
          </Link>
          . We reply within one working day.
        </p>
      </div>
    </Container>
  );
}
