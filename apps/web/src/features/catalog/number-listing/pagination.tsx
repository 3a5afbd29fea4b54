import { Link } from 'react-router';

export type PageItem = number | 'gap';

/**
 * The pages to offer: the first, the last, and `siblings` on each side of the current one, with
 * gaps between: pageWindow(6, 20) -> [1, 'gap', 5, 6, 7, 'gap', 20]. A gap of a single page is
 * shown as that page. With `more` (a count that stopped, decision 0024) page `count` is not the
 * last: it is not offered as such, and a gap ends the list.
 */
export function pageWindow(current: number, count: number, more = false, siblings = 1): PageItem[] {
  if (count <= 1 && !more) return count === 1 ? [1] : [];
  const pages = new Set<number>(more ? [1] : [1, count]);
  for (let page = current - siblings; page <= current + siblings; page += 1) {
    if (page >= 1 && page <= count) pages.add(page);
  }
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) items.push('gap');
    items.push(page);
  });
  if (more) items.push('gap');
  return items;
}

/**
 * What a screen reader is told in the place of the gap at `index` of `items`: the pages between
 * the nearest pages `shown` on each side ("Pages 3 to 91 not shown"; "Pages after 7 not shown"
 * at the end of an uncounted list).
 */
export function gapWords(
  items: readonly PageItem[],
  index: number,
  shown: (page: number) => boolean,
): string {
  const isShown = (item: PageItem | undefined): item is number =>
    typeof item === 'number' && shown(item);
  const before = items.slice(0, index).findLast(isShown) ?? 0;
  const after = items.slice(index + 1).find(isShown);
  if (after === undefined) return `Pages after ${before} not shown`;
  const [from, to] = [before + 1, after - 1];
  return from === to ? `Page ${from} not shown` : `Pages ${from} to ${to} not shown`;
}

const itemClass =
  'flex h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm font-semibold tabular-nums';

function Arrow({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 20 20"
      fill="currentColor"
      className="size-4"
    >
      <path
        d={
          direction === 'left'
            ? 'M12.7 5.3a1 1 0 0 1 0 1.4L9.4 10l3.3 3.3a1 1 0 1 1-1.4 1.4l-4-4a1 1 0 0 1 0-1.4l4-4a1 1 0 0 1 1.4 0Z'
            : 'M7.3 14.7a1 1 0 0 1 0-1.4l3.3-3.3-3.3-3.3a1 1 0 0 1 1.4-1.4l4 4a1 1 0 0 1 0 1.4l-4 4a1 1 0 0 1-1.4 0Z'
        }
      />
    </svg>
  );
}

/**
 * Previous / Next and page links ("Page 2"; the current one aria-current="page"). On small
 * screens only the first, current and last page numbers show. `more`: more numbers match than
 * the `pageCount` pages hold (the count stopped), so no page is offered as the last.
 */
export function Pagination({
  page,
  pageCount,
  more = false,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  more?: boolean;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const items = pageWindow(page, pageCount, more);
  // Small screens show only the first, current and last pages (the others are `secondary`).
  const secondary = (item: number) => item !== page && item !== 1 && item !== pageCount;

  const edge = (target: number, label: 'Previous' | 'Next') => {
    const content =
      label === 'Previous' ? (
        <>
          <Arrow direction="left" />
          <span className="max-sm:sr-only">Previous</span>
        </>
      ) : (
        <>
          <span className="max-sm:sr-only">Next</span>
          <Arrow direction="right" />
        </>
      );
    if (target < 1 || target > pageCount) {
      return (
        <span
          aria-disabled="true"
          className={`${itemClass} gap-1 border border-slate-200 bg-white text-slate-500`}
        >
          {content}
        </span>
      );
    }
    return (
      <Link
        to={hrefFor(target)}
        rel={label === 'Previous' ? 'prev' : 'next'}
        preventScrollReset
        className={`${itemClass} gap-1 border border-slate-300 bg-white text-slate-800 hover:border-blue-600 hover:text-blue-800`}
      >
        {content}
      </Link>
    );
  };

  return (
    <nav aria-label="Pagination" className="mt-10 flex justify-center">
      <ul className="flex items-center gap-1.5">
        <li>{edge(page - 1, 'Previous')}</li>
        {items.map((item, index) => {
          if (item === 'gap') {
            // The ellipsis is not read; which pages it stands for is, as each screen shows them
            // (a gap always has a secondary page beside it, so the two differ).
            return (
              <li key={`gap-${index}`} className="px-1 text-slate-500">
                <span aria-hidden="true">…</span>
                <span className="sr-only max-sm:hidden">{gapWords(items, index, () => true)}</span>
                <span className="sr-only sm:hidden">
                  {gapWords(items, index, (shown) => !secondary(shown))}
                </span>
              </li>
            );
          }
          const current = item === page;
          return (
            <li key={item} className={secondary(item) ? 'hidden sm:block' : undefined}>
              <Link
                to={hrefFor(item)}
                aria-label={`Page ${item}`}
                aria-current={current ? 'page' : undefined}
                preventScrollReset
                className={`${itemClass} ${
                  current
                    ? 'bg-blue-700 text-white'
                    : 'border border-slate-300 bg-white text-slate-800 hover:border-blue-600 hover:text-blue-800'
                }`}
              >
                {item}
              </Link>
            </li>
          );
        })}
        <li>{edge(page + 1, 'Next')}</li>
      </ul>
    </nav>
  );
}
