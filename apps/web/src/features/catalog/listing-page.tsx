import { memo, useEffect } from 'react';
import { Link } from 'react-router';
import { categories, findCategory } from '@store/domain';
import { Container, PageHeader } from '../../components/page';
import { documentTitle } from '../seo';
import { listingParamsFromSearch } from './listing-params';
import { NumberListing } from './number-listing/number-listing';
import { useListingParams } from './number-listing/use-listing-params';

export type ListingMode = 'regular' | 'offer-zone';

const modes: Record<
  ListingMode,
  { title: string; eyebrow: string; intro: string; other: { to: string; label: string } }
> = {
  regular: {
    title: 'Premium Numbers',
    eyebrow: 'VIP mobile numbers',
    intro:
      'Find a number people remember: search by digits, pick a pattern category or set your budget. Every number is sold once, with guided porting to your operator.',
    other: { to: '/offer-zone', label: 'See numbers on offer' },
  },
  'offer-zone': {
    title: 'Offer Zone',
    eyebrow: 'Limited-time prices',
    intro:
      'VIP numbers at reduced prices, for a limited time. Search by digits, pick a category or set your budget.',
    other: { to: '/premium-numbers', label: 'Browse all premium numbers' },
  },
};

/** The listing's heading: the mode's title, and the chosen category's name. */
function listingHeading(title: string, categorySlug: string | undefined) {
  const category = categorySlug ? findCategory(categorySlug) : undefined;
  return category ? `${title}: ${category.name}` : title;
}

const headingId = 'listing-heading';

/**
 * The page is prerendered without a query string, and the listing reads its address only once
 * it has hydrated: a category's heading would appear then, and on a phone, where it takes two
 * lines, push the page down. This script, run as the HTML is parsed, writes the heading for the
 * address's category at once, the same text the listing renders after hydration (the heading
 * keeps the served text through hydration: suppressHydrationWarning). Rendered by React on a
 * later visit, it does not run, and needs not. Memoised: its title never changes, so the
 * listing's re-renders (every filter change) do not build it again.
 */
const CategoryHeadingScript = memo(function CategoryHeadingScript({ title }: { title: string }) {
  const headings = categories.flatMap(({ slug }) => {
    const { category } = listingParamsFromSearch(new URLSearchParams({ category: slug }));
    return category ? [[slug, listingHeading(title, category)]] : [];
  });
  // The same reading of the address as listingParamsFromSearch; a Map, so that no address can
  // name an object's own properties.
  const script = `(()=>{const h=new Map(${JSON.stringify(headings)}).get(new URLSearchParams(location.search).get("category")?.trim().toLowerCase()),e=document.getElementById("${headingId}");if(h&&e)e.textContent=h})()`;
  return <script dangerouslySetInnerHTML={{ __html: script }} />;
});

/**
 * The number listing in regular mode (/premium-numbers) or offer-zone mode (/offer-zone, numbers
 * on offer only). `?category={slug}` selects a category; every other filter is in the address too.
 */
export function ListingPage({ mode }: { mode: ListingMode }) {
  const { params } = useListingParams();
  const { title, eyebrow, intro, other } = modes[mode];
  const category = params.category ? findCategory(params.category) : undefined;

  // The route's meta is the same for every category (it is prerendered without a query string):
  // name the category in the browser tab while one is selected.
  useEffect(() => {
    if (!category) return;
    const previous = document.title;
    const named = documentTitle(`${category.name} - ${title}`);
    document.title = named;
    return () => {
      // Restore only if nobody (the next route's meta) has set another title meanwhile.
      if (document.title === named) document.title = previous;
    };
  }, [category, title]);

  return (
    <Container className="pb-16">
      <PageHeader
        eyebrow={eyebrow}
        title={
          <span id={headingId} suppressHydrationWarning>
            {listingHeading(title, params.category)}
          </span>
        }
        intro={
          <>
            <p>{intro}</p>
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
      <CategoryHeadingScript title={title} />
      <NumberListing
        offer={mode === 'offer-zone'}
        categoryCounts={mode === 'regular'}
        title={mode === 'offer-zone' ? 'Numbers on offer' : 'Available numbers'}
      />
    </Container>
  );
}
