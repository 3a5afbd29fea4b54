import { Link } from 'react-router';
import { Container, PageHeader } from '../../components/page';
import { formatCount } from '../../lib/format';
import { siteConfig } from '../../lib/site-config';
import { seo } from '../seo';
import type { Route } from './+types/why-us-page';
import { CtaBand, FeatureGrid, howItWorksSteps, StarRating, Steps } from './content-blocks';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Why Us?',
    description: `Why buy from ${siteConfig.storeName}: each number sold once, clear prices with GST, a UPC within 24 hours, porting in your name, a full refund if porting fails.`,
    path: '/why-us',
  });

const reasons = [
  {
    title: 'Every number is sold once',
    text: 'Each number exists once in our store. It is held for you while you pay and marked sold the moment payment is confirmed, so nobody else can buy it.',
  },
  {
    title: 'Your UPC within 24 hours',
    text: 'The 8-character Unique Porting Code and your GST invoice arrive by SMS, e-mail and WhatsApp within 24 hours of payment.',
  },
  {
    title: 'Registered in your own name',
    text: 'You complete the Aadhaar e-KYC yourself at a Jio, Airtel, Vi or BSNL store, so the number is legally yours from day one.',
  },
  {
    title: 'Full refund if porting fails',
    text: 'If the number cannot be ported to you, you get all your money back, GST included. An expired UPC is replaced free.',
  },
  {
    title: 'Clear prices, proper invoices',
    text: 'Prices are shown before tax and GST is added in the cart before you pay. Corporate buyers get the invoice in the company’s name with its GSTIN.',
  },
  {
    title: 'Real people to help',
    text: 'Our team answers on WhatsApp, phone and e-mail, suggests numbers for your budget and follows your order until the SIM works.',
  },
];

export default function WhyUsPage() {
  const { rating, foundingYear } = siteConfig;
  return (
    <>
      <Container className="pb-14">
        <PageHeader
          title="Why Us?"
          intro={`Since ${foundingYear} we have helped buyers across India find a number they love and port it safely. Here is what you can count on.`}
        />
        <dl className="mb-12 grid gap-4 sm:grid-cols-3">
          {rating ? (
            <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <dt className="text-sm font-semibold text-slate-600">Customer rating</dt>
              <dd className="mt-1 flex items-center gap-2 text-2xl font-bold text-slate-900">
                {rating.value} / 5 <StarRating rating={rating.value} decorative />
              </dd>
              <dd className="text-sm text-slate-600">from {formatCount(rating.count)} ratings</dd>
            </div>
          ) : null}
          <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <dt className="text-sm font-semibold text-slate-600">In business since</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900">{foundingYear}</dd>
            <dd className="text-sm text-slate-600">selling VIP numbers across India</dd>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <dt className="text-sm font-semibold text-slate-600">Porting code</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900">Within 24 hours</dd>
            <dd className="text-sm text-slate-600">by SMS, e-mail and WhatsApp</dd>
          </div>
        </dl>
        <h2 className="mb-6 text-2xl font-bold tracking-tight text-slate-900">Our promises</h2>
        <FeatureGrid features={reasons} />
        <h2 className="mt-14 mb-6 text-2xl font-bold tracking-tight text-slate-900">
          How buying works
        </h2>
        <Steps steps={howItWorksSteps} />
        <p className="mt-8 text-slate-700">
          Want the details? Read{' '}
          <Link
            to="/blogs/is-it-safe-to-buy-a-vip-number-online"
            className="font-semibold text-blue-800 underline"
          >
            what to check before you pay any seller
          </Link>{' '}
          and our{' '}
          <Link to="/refund-policy" className="font-semibold text-blue-800 underline">
            refund policy
          </Link>
          .
        </p>
      </Container>
      <CtaBand
        title="Ready to find your number?"
        text="Search thousands of VIP numbers by pattern, total, price, state and city."
        primary={{ label: 'Browse premium numbers', to: '/premium-numbers' }}
      />
    </>
  );
}
