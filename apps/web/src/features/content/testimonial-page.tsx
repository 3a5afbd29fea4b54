import { Link } from 'react-router';
import { Container, PageHeader } from '../../components/page';
import { siteConfig } from '../../lib/site-config';
import { seo } from '../seo';
import type { Route } from './+types/testimonial-page';
import { RatingLine, TestimonialCard } from './content-blocks';
import { testimonials } from './data/testimonials';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Testimonials',
    description: `What customers say about buying and porting their VIP mobile numbers with ${siteConfig.storeName}.`,
    path: '/testimonial',
  });

export default function TestimonialPage() {
  return (
    <Container className="pb-16">
      <PageHeader
        title="Testimonials"
        intro={
          <>
            <p>Buyers from across India on choosing, paying for and porting their numbers.</p>
            <RatingLine className="mt-3 text-base" />
          </>
        }
      />
      <h2 className="sr-only">Customer stories</h2>
      <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
        {testimonials.map((testimonial) => (
          <li key={testimonial.name}>
            <TestimonialCard testimonial={testimonial} />
          </li>
        ))}
      </ul>
      <div className="mt-12 rounded-2xl bg-blue-50 p-6 sm:p-8">
        <h2 className="text-xl font-bold text-slate-900">Bought a number from us?</h2>
        <p className="mt-2 text-slate-700">
          We would love to hear how it went. Send us a few lines through the{' '}
          <Link to="/contact-us" className="font-semibold text-blue-800 underline">
            contact form
          </Link>{' '}
          or on WhatsApp.
        </p>
      </div>
    </Container>
  );
}
