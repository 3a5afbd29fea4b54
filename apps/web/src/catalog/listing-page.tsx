import { Link, useSearchParams } from 'react-router';
import { categories } from '@store/domain';
import { SimplePage } from '../components/page';
import { useHydrated } from '../lib/use-hydrated';

export type ListingMode = 'regular' | 'offer-zone';

const modes: Record<ListingMode, { path: string; title: string; intro: string }> = {
  regular: {
    path: '/premium-numbers',
    title: 'Premium Numbers',
    intro: 'Browse VIP and fancy mobile numbers by pattern. Pick a category to narrow the list.',
  },
  'offer-zone': {
    path: '/offer-zone',
    title: 'Offer Zone',
    intro: 'VIP numbers at reduced prices, for a limited time. Pick a category to narrow the list.',
  },
};

/** The number listing in regular or offer-zone mode; ?category={slug} selects a category. */
export function ListingPage({ mode }: { mode: ListingMode }) {
  const [searchParams] = useSearchParams();
  // The prerendered HTML has no query string: read it only after hydration.
  const hydrated = useHydrated();
  const slug = hydrated ? searchParams.get('category') : null;
  const category = categories.find((candidate) => candidate.slug === slug);
  const { path, title, intro } = modes[mode];
  const activeSlug = category?.slug ?? 'all';

  return (
    <SimplePage
      title={category && category.slug !== 'all' ? `${title}: ${category.name}` : title}
      intro={intro}
    >
      <nav aria-label="Categories">
        <ul className="flex flex-wrap gap-2">
          {categories.map((candidate) => {
            const active = candidate.slug === activeSlug;
            return (
              <li key={candidate.slug}>
                <Link
                  to={candidate.slug === 'all' ? path : `${path}?category=${candidate.slug}`}
                  aria-current={active ? 'page' : undefined}
                  className={`inline-block rounded-full border px-3 py-1 text-sm ${
                    active
                      ? 'border-blue-700 bg-blue-700 text-white'
                      : 'border-slate-300 bg-white text-slate-800 hover:border-blue-600 hover:text-blue-800'
                  }`}
                >
                  {candidate.name}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <p className="mt-8 text-slate-700">The number list is coming soon.</p>
    </SimplePage>
  );
}
