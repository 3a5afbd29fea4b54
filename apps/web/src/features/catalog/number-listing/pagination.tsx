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
            return (
              <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
                …
              </li>
            );
          }
          const current = item === page;
          const secondary = !current && item !== 1 && item !== pageCount;
          return (
            <li key={item} className={secondary ? 'hidden sm:block' : undefined}>
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
