import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { categories, type CategorySlug } from '@store/domain';
import { formatCount } from '../../../lib/format';

/** Room for a count up to "20,000" and its padding (a wider one still pushes the row a little). */
const countClass = 'min-w-[7ch] pr-1 text-xs text-slate-600 tabular-nums lg:pr-3';

/**
 * The 25 categories (All first) as links, with how many numbers each lists when `counts` is given. A row of chips that scrolls sideways on small screens,
 * a list in the sidebar on large ones. `hrefFor(undefined)` is the All link.
 */
export function CategoryChips({
  active,
  hrefFor,
  counts,
  countsComing = false,
}: {
  /** The selected category slug; undefined: All. */
  active: string | undefined;
  hrefFor: (slug: CategorySlug | undefined) => string;
  /** How many numbers each category lists (by slug), shown beside it once known. */
  counts?: ReadonlyMap<string, number>;
  /**
   * The counts are on their way: each chip keeps their room meanwhile, so that the sideways row
   * does not move when they arrive (Lighthouse measured a layout shift of 0.056 on a phone).
   */
  countsComing?: boolean;
}) {
  const activeSlug = active ?? 'all';
  const headingId = useId();
  const listRef = useRef<HTMLUListElement>(null);

  const mounted = useRef(false);

  // In the sideways-scrolling row (small screens), bring the current chip into view.
  useEffect(() => {
    const firstRun = !mounted.current;
    mounted.current = true;
    // A new row starts at its beginning, where All is: nothing to move, and no reason to make
    // the browser lay out the page while it hydrates (measuring the row would).
    if (firstRun && activeSlug === 'all') return;
    const list = listRef.current;
    const chip = list?.querySelector<HTMLElement>('[aria-current="page"]')?.parentElement;
    if (!list || !chip || list.scrollWidth <= list.clientWidth) return;
    const listBox = list.getBoundingClientRect();
    const chipBox = chip.getBoundingClientRect();
    list.scrollLeft += chipBox.left - listBox.left - (listBox.width - chipBox.width) / 2;
  }, [activeSlug]);
  return (
    <nav aria-labelledby={headingId}>
      <h2
        id={headingId}
        className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase lg:mb-3"
      >
        Categories
      </h2>
      {/* Relative: the counts' screen-reader words (absolutely placed) scroll with the chips
          instead of widening the page past the screen. */}
      {/* Tabbing along the sideways row: Chrome leaves a chip that is partly in view where it
          is, its focus ring past the edge (QA pass 32, F7), so the focused chip is brought in,
          its ring clear of the edge (the scroll padding). */}
      <ul
        ref={listRef}
        onFocus={(event) => event.target.scrollIntoView?.({ inline: 'nearest', block: 'nearest' })}
        className="relative -mx-4 flex scroll-px-4 gap-2 overflow-x-auto px-4 pb-2 [scrollbar-width:thin] sm:-mx-6 sm:scroll-px-6 sm:px-6 lg:mx-0 lg:flex-col lg:gap-0.5 lg:overflow-visible lg:px-0 lg:pb-0"
      >
        {categories.map((category) => {
          const current = category.slug === activeSlug;
          const count = counts?.get(category.slug);
          return (
            <li key={category.slug} className="flex shrink-0 items-center gap-1 lg:justify-between">
              <Link
                to={hrefFor(category.slug === 'all' ? undefined : category.slug)}
                aria-current={current ? 'page' : undefined}
                preventScrollReset
                className={`block rounded-full border px-3.5 py-1.5 text-sm whitespace-nowrap transition-colors lg:rounded-lg lg:border-transparent lg:px-3 lg:py-1.5 ${
                  current
                    ? 'border-blue-700 bg-blue-700 font-semibold text-white lg:bg-blue-700'
                    : 'border-slate-300 bg-white text-slate-800 hover:border-blue-600 hover:text-blue-800 lg:bg-transparent lg:hover:bg-white'
                }`}
              >
                {category.name}
              </Link>
              {count !== undefined ? (
                <span data-testid="category-count" className={countClass}>
                  {formatCount(count)}
                  <span className="sr-only"> numbers</span>
                </span>
              ) : countsComing ? (
                <span aria-hidden="true" className={countClass} />
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
