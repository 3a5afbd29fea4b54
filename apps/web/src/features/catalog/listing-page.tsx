import { Link, useSearchParams } from 'react-router';
import { categoryFromQuery, categoryGuides, type PatternCategory } from '@store/domain';
import { Container, PageHeader } from '../../components/page';
import { siteConfig } from '../../lib/site-config';
import { seo } from '../seo';
import type { ListingPageData } from './listing-page-context';
import { listingAddress, searchFromListingParams } from './listing-params';
import { NumberListing } from './number-listing/number-listing';

export type ListingMode = 'regular' | 'offer-zone';

interface Mode {
  title: string;
  path: string;
  description: string;
  /** A category's page description, after the sentence that says what its numbers look like. */
  categoryDescription: string;
  eyebrow: string;
  intro: string;
  other: { to: string; label: string };
}

const modes: Record<ListingMode, Mode> = {
  regular: {
    title: 'Premium Numbers',
    path: '/premium-numbers',
    description: `Browse premium VIP mobile numbers by category: mirror, counting, 786, triple, tetra and more at ${siteConfig.storeName}.`,
    categoryDescription: `Premium VIP mobile numbers at ${siteConfig.storeName}, each sold once, with guided porting to your operator.`,
    eyebrow: 'VIP mobile numbers',
    intro:
      'Find a number people remember: search by digits, pick a pattern category or set your budget. Every number is sold once, with guided porting to your operator.',
    other: { to: '/offer-zone', label: 'See numbers on offer' },
  },
  'offer-zone': {
    title: 'Offer Zone',
    path: '/offer-zone',
    description: `VIP mobile numbers on offer at reduced prices at ${siteConfig.storeName}.`,
    categoryDescription: `On offer: VIP mobile numbers at reduced prices at ${siteConfig.storeName}, each sold once, with guided porting to your operator.`,
    eyebrow: 'Limited-time prices',
    intro:
      'VIP numbers at reduced prices, for a limited time. Search by digits, pick a category or set your budget.',
    other: { to: '/premium-numbers', label: 'Browse all premium numbers' },
  },
};

/** What a category's numbers look like: "Mirror Numbers: first five repeat" and "98765 98765". */
function categoryGuide(category: PatternCategory) {
  const { note, example } = categoryGuides[category.slug];
  return { lead: `${category.name}: ${note.charAt(0).toLowerCase()}${note.slice(1)}`, example };
}

/** "Mirror Numbers: first five repeat, as in 98765 98765." */
function categorySentence(category: PatternCategory) {
  const { lead, example } = categoryGuide(category);
  return `${lead}, as in ${example}.`;
}

/** The same sentence on the page, the example number kept on one line. */
function CategorySentence({ category }: { category: PatternCategory }) {
  const { lead, example } = categoryGuide(category);
  return (
    <p className="mt-2">
      {lead}, as in <span className="whitespace-nowrap">{example}</span>.
    </p>
  );
}

/** The listing's heading: the mode's title, and the chosen category's name. */
function listingHeading(title: string, category: PatternCategory | undefined) {
  return category ? `${title}: ${category.name}` : title;
}

/**
 * A listing page's metadata (its route's `meta`). Each category has its own title, description
 * and canonical address (`/premium-numbers?category=mirror-numbers`), and so has each further
 * page of a listing or category in its own order (`?category=mirror-numbers&page=2`): the API
 * serves those addresses with their numbers (decision 0044), and the metadata and the heading are
 * in the served HTML, React hydrating the same. A filtered or sorted variant's canonical address
 * is its category (or the listing), and a search in plain words (`?text=`, as many addresses as
 * words) is kept out of search results, its links followed.
 */
export function listingSeo(mode: ListingMode, search: string) {
  const { title, description, categoryDescription, path } = modes[mode];
  const { category, ownPage, pageTitle, searched } = listingAddress(search);
  const canonical = searchFromListingParams({ category: category?.slug, page: ownPage });
  return seo({
    title: pageTitle(category ? `${category.name} - ${title}` : title),
    description: category ? `${categorySentence(category)} ${categoryDescription}` : description,
    path: canonical.size > 0 ? `${path}?${canonical.toString()}` : path,
    ...searched,
  });
}

/**
 * The number listing in regular mode (/premium-numbers) or offer-zone mode (/offer-zone, numbers
 * on offer only). `?category={slug}` selects a category; every other filter is in the address too.
 */
export function ListingPage({
  mode,
  served,
}: {
  mode: ListingMode;
  /** The numbers the server rendered the page with (decision 0044), if it did. */
  served: ListingPageData | null;
}) {
  const [searchParams] = useSearchParams();
  const { title, eyebrow, intro, other } = modes[mode];
  // Read as the server read it to choose the page it sent (one per category), so the heading
  // is the same prerendered, hydrated and after.
  const category = categoryFromQuery(searchParams.get('category'));

  return (
    <Container className="pb-16">
      <PageHeader
        eyebrow={eyebrow}
        title={listingHeading(title, category)}
        intro={
          <>
            <p>{intro}</p>
            {category && <CategorySentence category={category} />}
            <p className="mt-2 flex flex-wrap gap-x-5 text-base">
              <Link
                to={other.to}
                className="font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-950"
              >
                {other.label}
              </Link>
              <Link
                to="/premium-numbers?status=coming_soon"
                className="font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-950"
              >
                Numbers coming soon
              </Link>
            </p>
          </>
        }
      />
      <NumberListing
        offer={mode === 'offer-zone'}
        categoryCounts={mode === 'regular'}
        served={served}
        title={mode === 'offer-zone' ? 'Numbers on offer' : 'Available numbers'}
      />
    </Container>
  );
}
