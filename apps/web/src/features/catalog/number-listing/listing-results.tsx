import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import type { NumberItem } from '../api/get-numbers';
import { NumberCard, NumberCardSkeleton } from '../number-card';

const gridClass = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3';

/** Grey cards while the first page loads (also the prerendered HTML). */
export function LoadingCards({ count = 6 }: { count?: number }) {
  return (
    <ul className={gridClass} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <NumberCardSkeleton />
        </li>
      ))}
    </ul>
  );
}

export function NumberGrid({
  items,
  stale,
  listedCategory,
  comingSoon = false,
}: {
  items: readonly NumberItem[];
  stale: boolean;
  /** The category the listing shows, which the cards name. */
  listedCategory?: string;
  /** The numbers are coming soon: Notify me instead of Add to cart. */
  comingSoon?: boolean;
}) {
  return (
    <ul
      className={`${gridClass} transition-opacity ${stale ? 'opacity-60' : ''}`}
      data-testid="number-grid"
    >
      {items.map((item) => (
        <li key={item.id}>
          <NumberCard item={item} listedCategory={listedCategory} comingSoon={comingSoon} />
        </li>
      ))}
    </ul>
  );
}

function Notice({
  title,
  children,
  tone = 'plain',
}: {
  title: string;
  children: ReactNode;
  tone?: 'plain' | 'error';
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className={`rounded-2xl border px-6 py-12 text-center ${
        tone === 'error' ? 'border-red-200 bg-red-50' : 'border-dashed border-slate-300 bg-white'
      }`}
    >
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      <div className="mx-auto mt-2 max-w-md text-slate-700">{children}</div>
    </div>
  );
}

export function EmptyResults({ clearHref, filtered }: { clearHref: string; filtered: boolean }) {
  return (
    <Notice title={filtered ? 'No numbers match these filters' : 'No numbers here yet'}>
      <p>
        {filtered
          ? 'Try fewer digits, another category or a wider price range.'
          : 'New numbers are added often. Please check back soon.'}
      </p>
      {filtered ? (
        <Link to={clearHref} preventScrollReset className="btn-primary mt-5">
          Clear filters
        </Link>
      ) : null}
    </Notice>
  );
}

/**
 * A page past the end: the server answers it 404 with noindex in its header and its one robots
 * tag (decision 0047). Reached in the browser, the page keeps one robots tag saying the same
 * while it shows: the route's (React's, added last), whose metadata, written before the list was
 * read, says "index"; a tag before it was left by the served page, which React did not take up.
 */
export function PastLastPage({ lastHref, lastPage }: { lastHref: string; lastPage: number }) {
  useEffect(() => {
    const tags = [...document.head.querySelectorAll<HTMLMetaElement>('meta[name="robots"]')];
    const routeTag = tags.pop();
    for (const served of tags) served.remove();
    if (!routeTag) return;
    const said = routeTag.content;
    routeTag.content = 'noindex, follow';
    return () => {
      routeTag.content = said;
    };
  }, []);
  return (
    <Notice title="This page is past the end of the list">
      <p>There are fewer numbers now than when this link was made.</p>
      <Link to={lastHref} preventScrollReset className="btn-primary mt-5">
        Go to page {lastPage}
      </Link>
    </Notice>
  );
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Notice title="We could not load the numbers" tone="error">
      <p>{errorMessage(error, 'Something went wrong')}</p>
      <button type="button" onClick={onRetry} className="btn-primary mt-5">
        Try again
      </button>
    </Notice>
  );
}
