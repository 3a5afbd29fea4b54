import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckIcon, ChevronDownIcon } from '../../components/icons';
import { Container } from '../../components/page';
import { formatCount } from '../../lib/format';
import { siteConfig } from '../../lib/site-config';
import type { FaqItem } from '../seo';
import type { Testimonial } from './data/testimonials';

/** Building blocks shared by the content pages (home, products, why us, FAQ...). */

export function Section({
  id,
  eyebrow,
  title,
  intro,
  children,
  className = '',
  tone = 'plain',
}: {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
  tone?: 'plain' | 'white' | 'tint';
}) {
  const toneClass = tone === 'white' ? 'bg-white' : tone === 'tint' ? 'bg-blue-50/60' : '';
  return (
    <section aria-labelledby={`${id}-title`} className={`${toneClass} ${className}`}>
      <Container className="py-14 sm:py-20">
        <div className="max-w-3xl">
          {eyebrow ? (
            <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">{eyebrow}</p>
          ) : null}
          <h2
            id={`${id}-title`}
            className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
          >
            {title}
          </h2>
          {intro ? <div className="mt-3 text-lg text-slate-700">{intro}</div> : null}
        </div>
        <div className="mt-8 sm:mt-10">{children}</div>
      </Container>
    </section>
  );
}

/**
 * The store's rating (siteConfig.rating) as stars and words, or nothing when the store shows no
 * rating (PUBLIC_RATING_COUNT=0).
 */
export function RatingLine({ className = '' }: { className?: string }) {
  const { rating } = siteConfig;
  if (!rating) return null;
  return (
    <p className={`flex flex-wrap items-center gap-2 ${className}`}>
      <StarRating rating={rating.value} decorative />
      <span className="font-semibold text-slate-900">{rating.value} out of 5</span>
      <span className="text-slate-600">from {formatCount(rating.count)} ratings</span>
    </p>
  );
}

export function StarRating({
  rating,
  decorative = false,
  className = '',
}: {
  rating: number;
  /** The figure is written beside the stars: they say nothing, or it would be read twice. */
  decorative?: boolean;
  className?: string;
}) {
  const star = 'M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.7L10 14.8l-5.1 2.7 1-5.7-4.1-4 5.7-.8L10 1.8Z';
  return (
    <span
      aria-hidden={decorative || undefined}
      className={`inline-flex items-center gap-0.5 ${className}`}
    >
      <span className="sr-only">{`Rated ${rating} out of 5`}</span>
      {[1, 2, 3, 4, 5].map((position) => {
        const fill = Math.min(1, Math.max(0, rating - (position - 1)));
        return (
          <span key={position} aria-hidden="true" className="relative inline-block size-4">
            <svg
              focusable="false"
              viewBox="0 0 20 20"
              className="absolute inset-0 size-4 text-slate-300"
              fill="currentColor"
            >
              <path d={star} />
            </svg>
            {fill > 0 ? (
              <span
                className="absolute inset-y-0 left-0 overflow-hidden"
                style={{ width: `${fill * 100}%` }}
              >
                <svg
                  focusable="false"
                  viewBox="0 0 20 20"
                  className="size-4 text-amber-500"
                  fill="currentColor"
                >
                  <path d={star} />
                </svg>
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}

/** A list with check marks. */
export function CheckList({
  items,
  className = '',
}: {
  items: readonly ReactNode[];
  className?: string;
}) {
  return (
    <ul className={`space-y-3 ${className}`}>
      {items.map((item, index) => (
        <li key={index} className="flex gap-3 text-slate-700">
          <CheckIcon className="mt-0.5 size-5 shrink-0 text-emerald-700" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export interface Feature {
  readonly title: string;
  readonly text: ReactNode;
}

/** Cards with a title and a text, 1 to 3 columns. */
export function FeatureGrid({
  features,
  columns = 3,
  headingLevel = 3,
}: {
  features: readonly Feature[];
  columns?: 2 | 3;
  headingLevel?: 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className={`grid gap-4 sm:grid-cols-2 ${columns === 3 ? 'lg:grid-cols-3' : ''}`}>
      {features.map((feature) => (
        <li
          key={feature.title}
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <Heading className="text-lg font-semibold text-slate-900">{feature.title}</Heading>
          <div className="mt-2 text-slate-700">{feature.text}</div>
        </li>
      ))}
    </ul>
  );
}

export interface Step {
  readonly title: string;
  readonly text: ReactNode;
}

/** Numbered steps (how it works). */
export function Steps({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {steps.map((step, index) => (
        <li
          key={step.title}
          className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <span
            aria-hidden="true"
            className="flex size-10 items-center justify-center rounded-full bg-blue-700 text-lg font-bold text-white"
          >
            {index + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">
            <span className="sr-only">{`Step ${index + 1}: `}</span>
            {step.title}
          </h3>
          <div className="mt-2 text-slate-700">{step.text}</div>
        </li>
      ))}
    </ol>
  );
}

/** The buying process of domain.md §4, told in four steps. */
export const howItWorksSteps: readonly Step[] = [
  {
    title: 'Choose your number',
    text: 'Search by digits, pattern, total, price, state or city. Every number is listed once and sold once.',
  },
  {
    title: 'Pay securely online',
    text: 'Pay by UPI, card or net banking. Your number is held for you while you pay, and marked sold the moment payment is confirmed.',
  },
  {
    title: 'Receive your UPC',
    text: 'Within 24 hours we send your 8-character Unique Porting Code and GST invoice by SMS, e-mail and WhatsApp.',
  },
  {
    title: 'Port it in your name',
    text: 'Visit any Jio, Airtel, Vi or BSNL store with your Aadhaar for e-KYC. The SIM is active in 3 to 5 working days.',
  },
];

/** Questions that open and close (no script needed). */
export function FaqList({
  items,
  headingLevel = 3,
}: {
  items: readonly FaqItem[];
  headingLevel?: 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {items.map((item) => (
        <details key={item.question} className="group px-5 py-1 sm:px-6">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 [&::-webkit-details-marker]:hidden">
            <Heading className="text-base font-semibold text-slate-900 sm:text-lg">
              {item.question}
            </Heading>
            <ChevronDownIcon className="size-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180" />
          </summary>
          <p className="pb-5 text-slate-700">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}

export function TestimonialCard({
  testimonial,
  headingLevel = 3,
}: {
  testimonial: Testimonial;
  headingLevel?: 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <StarRating rating={testimonial.rating} />
      <blockquote className="mt-4 flex-1 text-slate-800">
        <p>“{testimonial.quote}”</p>
      </blockquote>
      <figcaption className="mt-5 border-t border-slate-100 pt-4">
        <Heading className="font-semibold text-slate-900">{testimonial.name}</Heading>
        <p className="text-sm text-slate-600">
          {testimonial.city} · {testimonial.bought}
        </p>
      </figcaption>
    </figure>
  );
}

/** A closing call to action band. */
export function CtaBand({
  title,
  text,
  primary,
  secondary,
}: {
  title: string;
  text: string;
  primary: { label: string; to: string };
  secondary?: { label: string; href: string; external?: boolean };
}) {
  return (
    <section aria-labelledby="cta-title" className="bg-gradient-to-r from-blue-800 to-blue-700">
      <Container className="flex flex-col gap-6 py-14 sm:flex-row sm:items-center sm:justify-between">
        <div className="max-w-2xl">
          <h2 id="cta-title" className="text-2xl font-bold text-white sm:text-3xl">
            {title}
          </h2>
          <p className="mt-2 text-lg text-blue-50">{text}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link
            to={primary.to}
            className="inline-flex items-center justify-center rounded-lg bg-amber-400 px-6 py-3 text-base font-semibold text-slate-900 hover:bg-amber-300"
          >
            {primary.label}
          </Link>
          {secondary ? (
            <a
              href={secondary.href}
              {...(secondary.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              className="inline-flex items-center justify-center rounded-lg border border-white/70 px-6 py-3 text-base font-semibold text-white hover:bg-white/10"
            >
              {secondary.label}
            </a>
          ) : null}
        </div>
      </Container>
    </section>
  );
}

/** Long-form text (policies, articles): readable measure and typographic rhythm. */
export const proseClass =
  'max-w-3xl text-slate-800 [&_a]:font-medium [&_a]:text-blue-800 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-blue-900 [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900 [&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mt-2 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_p]:leading-7 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_li]:leading-7';
