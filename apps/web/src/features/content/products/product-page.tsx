import { Link } from 'react-router';
import { Container } from '../../../components/page';
import { productLinks } from '../../../lib/nav';
import { whatsappLink } from '../../../lib/site-config';
import { EnquiryForm } from '../../enquiries';
import { faqPageJsonLd, seo, serviceJsonLd } from '../../seo';
import { CheckList, FaqList, FeatureGrid, Section, Steps } from '../content-blocks';
import type { ProductContent } from './product-content';

/** A product page's metadata: the service and its questions (the page shows no breadcrumb). */
export function productMeta(product: ProductContent) {
  return seo({
    title: product.metaTitle,
    description: product.metaDescription,
    path: product.path,
    jsonLd: [
      serviceJsonLd({
        name: product.name,
        description: product.metaDescription,
        path: product.path,
        serviceType: product.serviceType,
      }),
      faqPageJsonLd(product.faqs),
    ],
  });
}

/** A business messaging product page: features, use cases, pricing approach, enquiry form. */
export function ProductPage({ product }: { product: ProductContent }) {
  const others = productLinks.filter((link) => link.to !== product.path);
  return (
    <>
      <section className="border-b border-slate-200 bg-gradient-to-b from-white to-blue-50/60">
        <Container className="grid gap-10 py-12 sm:py-16 lg:grid-cols-[1.3fr_1fr] lg:items-center">
          <div>
            <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">
              {product.eyebrow}
            </p>
            <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">
              {product.headline}
            </h1>
            <p className="mt-5 max-w-2xl text-lg text-slate-700">{product.intro}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <a href="#enquiry" className="btn-primary px-6 py-3 text-base">
                Request a free demo
              </a>
              <a
                href={whatsappLink(`Hi, I would like to know more about ${product.name}.`)}
                target="_blank"
                rel="noopener noreferrer"
                className="btn-secondary px-6 py-3 text-base"
              >
                Ask on WhatsApp
              </a>
            </div>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-base font-semibold text-slate-900">Why businesses choose it</h2>
            <CheckList items={product.highlights} className="mt-4" />
          </div>
        </Container>
      </section>

      <Section id="features" eyebrow="Features" title={`What ${product.name} does`}>
        <FeatureGrid features={product.features} />
      </Section>

      <Section id="use-cases" eyebrow="Use cases" title="Who it is for" tone="white">
        <FeatureGrid features={product.useCases} columns={2} />
      </Section>

      <Section id="setup" eyebrow="Getting started" title="From first call to live">
        <Steps steps={product.setup} />
      </Section>

      <Section
        id="pricing"
        eyebrow="Pricing"
        title="How pricing works"
        intro={product.pricing.intro}
        tone="white"
      >
        <div className="grid gap-8 lg:grid-cols-[1.4fr_1fr]">
          <CheckList items={product.pricing.points} />
          <div className="rounded-2xl bg-slate-900 p-6 text-white">
            <h3 className="text-lg font-semibold">Get a quote for your business</h3>
            <p className="mt-2 text-slate-300">
              Every business calls and messages differently. Tell us your needs and we will send a
              clear quote, with no long lock-in.
            </p>
            <a
              href="#enquiry"
              className="mt-5 inline-flex rounded-lg bg-amber-400 px-5 py-2.5 font-semibold text-slate-900 hover:bg-amber-300"
            >
              Ask for a quote
            </a>
          </div>
        </div>
      </Section>

      <Section id="product-faq" eyebrow="Questions" title="Frequently asked questions">
        <FaqList items={product.faqs} />
      </Section>

      <div id="enquiry" className="scroll-mt-20 bg-white">
        <Container className="grid gap-10 py-14 sm:py-20 lg:grid-cols-[1fr_1.6fr]">
          <div>
            <h2 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              Talk to our team
            </h2>
            <p className="mt-3 text-lg text-slate-700">{product.formIntro}</p>
            <h3 className="mt-8 text-base font-semibold text-slate-900">
              Other business solutions
            </h3>
            <ul className="mt-3 space-y-2">
              {others.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <EnquiryForm
            topic={product.topic}
            title={`Enquire about ${product.name}`}
            titleLevel={3}
            messageLabel="What do you need?"
            messagePlaceholder={product.messagePlaceholder}
            submitLabel="Request a demo"
          />
        </Container>
      </div>
    </>
  );
}
