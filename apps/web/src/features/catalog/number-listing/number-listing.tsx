import { categoryFromQuery, plural } from '@store/domain';
import { useDeferredValue, useEffect, useId, useRef } from 'react';
import { useNavigationType, useSearchParams } from 'react-router';
import { formatCount } from '../../../lib/format';
import { useCategoryCounts } from '../api/get-category-counts';
import { useNumbers } from '../api/get-numbers';
import type { ListingPageData } from '../listing-page-context';
import { hasListingFilters, searchFromListingParams } from '../listing-params';
import { PhraseSearch } from '../phrase-search';
import { SaveSearch } from '../../saved';
import { ActiveFilters, activeFilters, understoodFilters } from './active-filters';
import { CategoryChips } from './category-chips';
import { ListingFilters } from './listing-filters';
import { EmptyResults, LoadError, LoadingCards, NumberGrid, PastLastPage } from './listing-results';
import { Pagination } from './pagination';
import { SortSelect } from './sort-select';
import { useListingParams, withFilter } from './use-listing-params';

/** The words of a plain-words search that were not used: shown, never silently dropped. */
function WordsNotice({ ignored, notes }: { ignored: readonly string[]; notes: readonly string[] }) {
  if (ignored.length === 0 && notes.length === 0) return null;
  return (
    <div className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      {ignored.length > 0 ? (
        <p data-testid="ignored-words">
          We did not understand: {ignored.map((word) => `“${word}”`).join(', ')}
        </p>
      ) : null}
      {notes.map((note) => (
        <p key={note} className="mt-0.5">
          {note}
        </p>
      ))}
    </div>
  );
}

/**
 * Brings the top of the results into view and moves the focus there (their heading), so that
 * keyboard and screen-reader users start reading them: after another page or a search.
 */
function showResults(heading: HTMLHeadingElement | null) {
  if (!heading) return;
  heading.focus({ preventScroll: true });
  heading.scrollIntoView?.({ block: 'start' });
}

export interface NumberListingProps {
  /** Numbers on offer only (the offer zone): sends `offer=true` whatever the address says. */
  offer?: boolean;
  /** Heading of the results (an <h2>). */
  title?: string;
  /** Show how many numbers each category lists (the premium numbers page). */
  categoryCounts?: boolean;
  /** The numbers the server rendered the page with (its route's loader data), if it did. */
  served?: ListingPageData | null;
}

/**
 * The number listing shared by /premium-numbers, /offer-zone and the state and city pages:
 * category chips, digits search, more filters, sort, results and pagination. Every filter lives
 * in the address's query string (same names as GET /api/v1/numbers), so a search can be shared
 * and Back walks through it. The prerendered HTML holds the chips, the form and grey cards; the
 * address is read and numbers are fetched only in the browser. A page the API rendered with its
 * numbers (`served`, decision 0044) holds them and their pages' links, and hydrates with them.
 */
export function NumberListing({
  offer = false,
  title = 'Available numbers',
  categoryCounts = false,
  served,
}: NumberListingProps) {
  const { params, hydrated, hrefFor, setParams, update, ...location } = useListingParams(
    served?.search,
  );
  // A category the address names but the store does not have (a mistyped or old link): every
  // number is listed, and the visitor is told why.
  const [searchParams] = useSearchParams();
  const named = hydrated ? searchParams.get('category')?.trim() : undefined;
  const unknownCategory =
    named && named.toLowerCase() !== 'all' && !categoryFromQuery(named) ? named : undefined;
  // The counts are of the whole store: beside a search or a filter they would not be what the
  // chips' links (which keep it) list, so they are left out then (QA pass 32, F5; decision 0112).
  const narrowed =
    params.text !== undefined || activeFilters(params).some((filter) => filter.key !== 'category');
  const showCounts = categoryCounts && !narrowed;
  const counts = useCategoryCounts({ enabled: hydrated && showCounts });
  const query = useNumbers(offer ? { ...params, offer: true } : params, {
    enabled: hydrated,
    initialData: location.served ? served?.page : undefined,
  });
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const navigationType = useNavigationType();
  const page = params.page ?? 1;

  // After choosing another page (not after Back), the results are shown from their top.
  const previousPage = useRef(page);
  useEffect(() => {
    if (previousPage.current === page) return;
    previousPage.current = page;
    if (navigationType === 'PUSH') showResults(headingRef.current);
  }, [page, navigationType]);

  // A page of 24 cards is the listing's heaviest render: React renders new results in the
  // background, in slices that leave the page responsive, and shows the previous state meanwhile.
  const data = useDeferredValue(query.data);
  // The words of a search in plain words: what the API understood of them (as chips), what not.
  const words = params.text && data?.understood ? data : undefined;
  // In the offer zone, "on offer" is the page itself, not a filter to remove.
  const filters = [
    ...(words ? understoodFilters(params.text!, words.understood ?? []) : []),
    ...activeFilters(params),
  ].filter((filter) => !(offer && filter.key === 'offer'));
  const clearHref = hrefFor({ sort: params.sort, pageSize: params.pageSize });
  const listedCategory =
    params.category ??
    words?.understood?.find((part) => part.filter === 'category')?.value.toString();
  const stale = query.isPlaceholderData || data !== query.data;
  const loading = !hydrated || (query.isPending && query.fetchStatus !== 'idle');

  let status = 'Loading numbers…';
  if (data && !loading) {
    const first = (data.page - 1) * data.pageSize + 1;
    const last = first + data.items.length - 1;
    // Past 5,000 the store stops counting (decision 0024): "5,000+". A page read past the
    // 5,000th number shows there are at least as many as it reaches: "of 12,000+".
    const total = (count: number) => `${formatCount(count)}${data.totalCapped ? '+' : ''}`;
    const shownOf = data.totalCapped ? Math.max(data.total, last) : data.total;
    // A first page with nothing on it has nothing to count, whatever the total says (a number
    // held a moment ago is counted off the cached total only at its next count: decision 0022).
    status =
      data.total === 0 || (data.page === 1 && data.items.length === 0)
        ? 'No numbers found'
        : data.items.length === 0
          ? `${total(data.total)} ${plural(data.total, 'number', 'numbers')}`
          : `Showing ${formatCount(first)}–${formatCount(last)} of ${total(shownOf)} ${plural(data.total, 'number', 'numbers')}`;
  } else if (query.isError) {
    status = 'Numbers could not be loaded';
  }

  let results;
  if (query.isError && !data) {
    results = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (loading || !data) {
    results = <LoadingCards />;
  } else if (data.items.length === 0 && data.total > 0 && page > data.pageCount) {
    results = (
      <PastLastPage
        lastPage={data.pageCount}
        lastHref={hrefFor({ ...params, page: data.pageCount })}
      />
    );
  } else if (data.items.length === 0) {
    results = <EmptyResults clearHref={clearHref} filtered={hasListingFilters(params)} />;
  } else {
    results = (
      <NumberGrid
        items={data.items}
        stale={stale}
        listedCategory={listedCategory}
        comingSoon={params.status === 'coming_soon'}
      />
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="lg:grid lg:grid-cols-[13.5rem_minmax(0,1fr)] lg:items-start lg:gap-8"
    >
      <CategoryChips
        counts={showCounts ? counts.data : undefined}
        countsComing={showCounts}
        active={params.category}
        hrefFor={(slug) => hrefFor(withFilter(params, { category: slug }))}
      />

      <div className="mt-5 min-w-0 lg:mt-0">
        <PhraseSearch
          value={params.text}
          action={hrefFor({})}
          onSearch={(text) => {
            setParams({ text, sort: params.sort, pageSize: params.pageSize });
            showResults(headingRef.current);
          }}
          className="mb-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
        />
        <ListingFilters
          params={params}
          update={update}
          onSearched={() => showResults(headingRef.current)}
        />

        <div className="mt-8 flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
          <div>
            <h2
              ref={headingRef}
              id={headingId}
              tabIndex={-1}
              className="scroll-mt-4 text-xl font-bold text-slate-900 outline-none"
            >
              {params.status === 'coming_soon' ? 'Numbers coming soon' : title}
            </h2>
            <p role="status" className="mt-0.5 text-sm text-slate-600" data-testid="listing-count">
              {status}
            </p>
          </div>
          <SortSelect value={params.sort} onChange={(sort) => update({ sort })} />
        </div>

        {unknownCategory ? (
          <p className="mt-3 text-sm text-amber-900" data-testid="unknown-category">
            We have no category called “{unknownCategory}”, so every number is shown. Choose one of
            the categories to narrow it down.
          </p>
        ) : null}
        <ActiveFilters
          filters={filters}
          hrefWithout={(filter) => hrefFor(withFilter(params, filter.remove))}
          clearHref={clearHref}
        />
        <SaveSearch
          // Alerts are of numbers going on sale: a coming-soon listing is not one to save.
          query={
            params.status
              ? ''
              : searchFromListingParams({
                  ...params,
                  offer: offer || params.offer,
                  sort: undefined,
                  page: undefined,
                  pageSize: undefined,
                }).toString()
          }
          suggestedName={filters.map((filter) => filter.label).join(', ')}
        />
        {/* Mounted before it fills, so that what a search in plain words left out is announced. */}
        <div aria-live="polite">
          {words ? <WordsNotice ignored={words.ignored ?? []} notes={words.notes ?? []} /> : null}
        </div>

        <div className="mt-5" aria-busy={loading || query.isFetching}>
          {results}
        </div>

        {data && !loading ? (
          <Pagination
            page={page}
            pageCount={data.pageCount}
            more={data.totalCapped}
            hrefFor={(target) => hrefFor({ ...params, page: target })}
          />
        ) : null}
      </div>
    </section>
  );
}
