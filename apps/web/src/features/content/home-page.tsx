import { useId, useState, type ComponentProps, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  categories,
  categoryGuides,
  digitMatches,
  popularCities,
  type DigitMatch,
  type PatternCategory,
} from '@store/domain';
import { CheckIcon } from '../../components/icons';
import { Container } from '../../components/page';
import { categoryPath, cityPath, productLinks } from '../../lib/nav';
import { siteConfig, whatsappLink } from '../../lib/site-config';
import { useHydrated } from '../../lib/use-hydrated';
import {
  NumberCard,
  NumberCardSkeleton,
  PhraseSearch,
  searchFromListingParams,
  servedListing,
  useNumbers,
  type ListingPageData,
} from '../catalog';
import { seo, websiteJsonLd } from '../seo';
import type { Route } from './+types/home-page';
import {
  CtaBand,
  FaqList,
  howItWorksSteps,
  RatingLine,
  Section,
  Steps,
  TestimonialCard,
} from './content-blocks';
import { homeFaqs } from './data/faqs';
import { testimonials } from './data/testimonials';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Buy VIP and Fancy Mobile Numbers Online',
    description: `VIP, fancy and premium mobile numbers across India. Every number is sold once, with a UPC within 24 hours and guided porting to your operator.`,
    path: '/',
    jsonLd: [websiteJsonLd()],
  });

/** Rendered on request by the API with its offers (decision 0044); else null (prerendered). */
export function loader({ context }: Route.LoaderArgs) {
  return servedListing(context);
}

/** In the browser (a link followed): the offers are read from the API. */
export function clientLoader() {
  return null;
}

const matchLabels: Record<DigitMatch, string> = {
  anywhere: 'Anywhere in the number',
  start: 'At the start',
  end: 'At the end',
};

const searchLabelClass = 'block text-sm font-semibold text-slate-800';

/** A labelled choice of the hero's number search. */
function SearchSelect({
  id,
  label,
  children,
  ...select
}: ComponentProps<'select'> & { id: string; label: string }) {
  return (
    <div>
      <label htmlFor={id} className={searchLabelClass}>
        {label}
      </label>
      <select
        id={id}
        {...select}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-3 text-slate-900 focus:border-blue-700"
      >
        {children}
      </select>
    </div>
  );
}

/** The hero's number search; a plain GET form to the listing until the app has loaded. */
function NumberSearch() {
  const id = useId();
  const navigate = useNavigate();
  const [digits, setDigits] = useState('');
  const [match, setMatch] = useState<DigitMatch>('anywhere');
  const [total, setTotal] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = digits.replace(/\D/g, '').slice(0, 10);
    const search = searchFromListingParams({
      q: q || undefined,
      match: q ? match : undefined,
      total: total ? Number(total) : undefined,
    }).toString();
    void navigate(search ? `/premium-numbers?${search}` : '/premium-numbers');
  };

  return (
    <form
      role="search"
      aria-label="Search numbers"
      action="/premium-numbers"
      method="get"
      onSubmit={onSubmit}
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-lg shadow-blue-900/5 sm:p-5"
    >
      {/* The choices are as wide as their longest option ("Anywhere in the number"): next to
          them, the button would not fit in the hero's width, so it goes under them. */}
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-end">
        <div>
          <label htmlFor={`${id}-q`} className={searchLabelClass}>
            Digits you want
          </label>
          <input
            id={`${id}-q`}
            name="q"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
            placeholder="e.g. 786 or 9999"
            value={digits}
            onChange={(event) => setDigits(event.target.value)}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 font-mono text-lg tracking-wider text-slate-900 placeholder:font-sans placeholder:text-base placeholder:tracking-normal placeholder:text-slate-500 focus:border-blue-700"
          />
        </div>
        <SearchSelect
          id={`${id}-match`}
          label="Where"
          name="match"
          value={match}
          onChange={(event) => setMatch(event.target.value as DigitMatch)}
        >
          {digitMatches.map((value) => (
            <option key={value} value={value}>
              {matchLabels[value]}
            </option>
          ))}
        </SearchSelect>
        <SearchSelect
          id={`${id}-total`}
          label="Total"
          name="total"
          value={total}
          onChange={(event) => setTotal(event.target.value)}
        >
          <option value="">Any</option>
          {[1, 2, 3, 4, 5, 6, 7, 8, 9].map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </SearchSelect>
        <button
          type="submit"
          className="btn-primary h-12 px-6 text-base sm:col-span-3 sm:justify-self-end"
        >
          Search numbers
        </button>
      </div>
    </form>
  );
}

/** The search in plain words: opens the listing with the words (`?text=`). */
function HomePhraseSearch() {
  const navigate = useNavigate();
  return (
    <PhraseSearch
      action="/premium-numbers"
      onSearch={(text) => {
        const search = searchFromListingParams({ text }).toString();
        void navigate(search ? `/premium-numbers?${search}` : '/premium-numbers');
      }}
      className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    />
  );
}

/** A phone showing a mirror number: the hero's picture, drawn in HTML (no image request). */
function HeroPhone() {
  return (
    <div aria-hidden="true" className="relative mx-auto hidden w-72 lg:block">
      <div className="absolute -inset-6 rounded-[3rem] bg-gradient-to-br from-blue-200 via-blue-100 to-amber-100 blur-2xl" />
      <div className="relative rounded-[2.5rem] border-[10px] border-slate-900 bg-slate-900 shadow-2xl">
        <div className="rounded-[1.8rem] bg-gradient-to-b from-blue-800 to-blue-950 px-6 pt-10 pb-12 text-center text-white">
          <p className="text-xs font-semibold tracking-[0.2em] text-blue-200 uppercase">
            Your new number
          </p>
          <p className="mt-5 font-mono text-[1.7rem] font-bold tracking-wide">
            <span className="rounded bg-amber-300 px-1 text-slate-900">98765</span>{' '}
            <span className="rounded bg-amber-300 px-1 text-slate-900">98765</span>
          </p>
          <p className="mt-2 text-sm text-blue-100">Mirror number · Total 7</p>
          <div className="mt-8 space-y-2 text-left text-sm">
            {['Paid by UPI', 'UPC received on WhatsApp', 'Ported to my operator'].map((line) => (
              <p key={line} className="flex items-center gap-2 rounded-lg bg-white/10 px-3 py-2">
                <CheckIcon className="size-4 text-emerald-300" />
                {line}
              </p>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

/** The categories the home page shows, with what their numbers look like. */
const featuredCategories: readonly PatternCategory['slug'][] = [
  'mirror-numbers',
  'semi-mirror-numbers',
  '786-numbers',
  '108-numbers',
  'counting-numbers',
  'tetra',
  'penta',
  'without-248-numbers',
];

function FeaturedCategories() {
  const names = new Map(categories.map((category) => [category.slug, category.name]));
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {featuredCategories.map((slug) => (
        <li key={slug}>
          <Link
            to={categoryPath(slug)}
            className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-blue-600 hover:shadow-md sm:p-5"
          >
            <span className="font-semibold text-slate-900 group-hover:text-blue-800">
              {names.get(slug)}
            </span>
            <span className="mt-3 font-mono text-base font-semibold tracking-wide whitespace-nowrap text-blue-800 sm:text-lg">
              {categoryGuides[slug].example}
            </span>
            <span className="mt-1 text-sm text-slate-600">{categoryGuides[slug].note}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

const offerParams = { offer: true, pageSize: 4 } as const;

/**
 * Numbers on offer right now: served with the page when the API rendered it (`served`, decision
 * 0044), else fetched after the page has loaded (4 placeholders until then).
 */
function OfferHighlights({ served }: { served: ListingPageData | null }) {
  const hydrated = useHydrated();
  const { data, isError } = useNumbers(offerParams, {
    enabled: hydrated,
    initialData: served?.page,
  });
  const items = data?.items ?? [];

  if (isError || (data && items.length === 0)) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-slate-700">
        New offers are added every week.{' '}
        <Link to="/offer-zone" className="font-semibold text-blue-800 underline">
          Browse the Offer Zone
        </Link>{' '}
        for the latest discounts.
      </p>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy={!data || undefined}>
      {data
        ? items.map((item, index) => (
            <li key={item.id} className={index >= 2 ? 'hidden sm:block' : undefined}>
              <NumberCard item={item} headingLevel={3} />
            </li>
          ))
        : Array.from({ length: offerParams.pageSize }, (_, index) => (
            <li key={index} className={index >= 2 ? 'hidden sm:block' : undefined}>
              <NumberCardSkeleton />
            </li>
          ))}
    </ul>
  );
}

const productBlurbs: Record<string, string> = {
  '/products/smart-ivr':
    'Call menus, routing to the right team, missed-call alerts and reports, without any hardware.',
  '/products/sms-solutions':
    'OTPs, order updates and offers under your sender name, with DLT registration guidance.',
  '/products/whatsapp':
    'Template messages, chatbots and a shared inbox on the official WhatsApp Business Platform.',
};

function Trust() {
  const points = [
    `Selling VIP numbers since ${siteConfig.foundingYear}`,
    'UPC and GST invoice within 24 hours',
    'Ported in your own name',
    'Full refund if porting fails',
  ];
  return (
    <div className="mt-8 flex flex-col gap-4">
      <RatingLine className="text-slate-800" />
      <ul className="grid gap-2 text-sm text-slate-700 sm:grid-cols-2">
        {points.map((point) => (
          <li key={point} className="flex items-center gap-2">
            <CheckIcon className="size-5 shrink-0 text-emerald-700" />
            {point}
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="border-b border-slate-200 bg-white">
        <Container className="grid grid-cols-1 gap-12 py-12 sm:py-16 lg:grid-cols-[1.5fr_1fr] lg:items-center lg:py-20">
          <div>
            <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">
              VIP mobile numbers across India
            </p>
            <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
              A mobile number people remember
            </h1>
            <p className="mt-5 max-w-2xl text-lg text-slate-700">
              Mirror, 786, counting, tetra and thousands more VIP numbers. Pay online, receive your
              porting code within 24 hours, and port the number to Jio, Airtel, Vi or BSNL in your
              own name.
            </p>
            <NumberSearch />
            <HomePhraseSearch />
            <Trust />
          </div>
          <HeroPhone />
        </Container>
      </section>

      <Section
        id="categories"
        eyebrow="Browse by pattern"
        title="Popular categories"
        intro="Every number is sorted by its pattern, so you can compare like with like."
      >
        <FeaturedCategories />
        <p className="mt-6">
          <Link
            to="/premium-numbers"
            className="font-semibold text-blue-800 underline underline-offset-2"
          >
            See all 24 categories
          </Link>
        </p>
        <p className="mt-8 rounded-2xl border border-blue-100 bg-blue-50 p-5 text-slate-800">
          <span className="font-semibold">Numbers for your date of birth:</span> find your root
          number (mulank) and destiny number (bhagyank), and the numbers whose total matches them.{' '}
          <Link
            to="/numerology"
            className="font-semibold text-blue-800 underline underline-offset-2"
          >
            Numerology by date of birth
          </Link>
        </p>
      </Section>

      <Section
        id="offers"
        eyebrow="Offer Zone"
        title="VIP numbers on offer"
        intro="Discounted numbers, for a limited time. Once a number is sold, it is gone."
        tone="white"
      >
        <OfferHighlights served={loaderData} />
        <p className="mt-6">
          <Link to="/offer-zone" className="btn-primary px-5 py-2.5 text-base">
            See every offer
          </Link>
        </p>
      </Section>

      <Section
        id="how-it-works"
        eyebrow="How it works"
        title="From choosing to calling in four steps"
        intro="No cash on delivery and no courier: what you receive is a porting code, and the number becomes yours at your operator’s store."
      >
        <Steps steps={howItWorksSteps} />
        <p className="mt-6 text-slate-700">
          A UPC is valid for 4 days (30 days in Jammu &amp; Kashmir, Assam and the North-East); an
          expired code is replaced free.{' '}
          <Link
            to="/blogs/how-to-port-a-vip-number-with-a-upc"
            className="font-semibold text-blue-800 underline underline-offset-2"
          >
            Read the porting guide
          </Link>
        </p>
      </Section>

      <Section
        id="testimonials"
        eyebrow="Customers"
        title="What buyers say"
        tone="white"
        intro={<RatingLine />}
      >
        <ul className="grid gap-4 md:grid-cols-3">
          {testimonials.slice(0, 3).map((testimonial) => (
            <li key={testimonial.name}>
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </ul>
        <p className="mt-6">
          <Link
            to="/testimonial"
            className="font-semibold text-blue-800 underline underline-offset-2"
          >
            Read more testimonials
          </Link>
        </p>
      </Section>

      <Section
        id="business"
        eyebrow="For businesses"
        title="Business messaging solutions"
        intro="Put your memorable number to work with calls and messages your customers answer."
      >
        <ul className="grid gap-4 md:grid-cols-3">
          {productLinks.map((product) => (
            <li key={product.to}>
              <Link
                to={product.to}
                className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-blue-600 hover:shadow-md"
              >
                <h3 className="text-lg font-semibold text-slate-900 group-hover:text-blue-800">
                  {product.label}
                </h3>
                <p className="mt-2 flex-1 text-slate-700">{productBlurbs[product.to]}</p>
                <span className="mt-4 font-semibold text-blue-800">
                  Learn more<span className="sr-only"> about {product.label}</span>{' '}
                  <span aria-hidden="true">→</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="faq" eyebrow="Questions" title="Frequently asked questions" tone="white">
        <FaqList items={homeFaqs} />
        <p className="mt-6">
          <Link to="/faq's" className="font-semibold text-blue-800 underline underline-offset-2">
            See all questions and answers
          </Link>
        </p>
      </Section>

      <Section id="cities" eyebrow="Near you" title="VIP numbers in your city">
        <ul className="flex flex-wrap gap-2">
          {popularCities.slice(0, 16).map((city) => (
            <li key={city.path}>
              <Link
                to={cityPath(city.stateSlug, city.slug)}
                className="inline-block rounded-full border border-slate-300 bg-white px-4 py-2 text-sm text-slate-800 hover:border-blue-600 hover:text-blue-800"
              >
                {city.name}
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-6">
          <Link
            to="/vip-numbers"
            className="font-semibold text-blue-800 underline underline-offset-2"
          >
            All states and cities
          </Link>
        </p>
      </Section>

      <CtaBand
        title="Found a number you like?"
        text="Numbers sell fast and each one exists only once. Ask us anything on WhatsApp before you buy."
        primary={{ label: 'Browse premium numbers', to: '/premium-numbers' }}
        secondary={{
          label: 'Chat on WhatsApp',
          href: whatsappLink('Hi, I would like help choosing a VIP number.'),
          external: true,
        }}
      />
    </>
  );
}
