import { useId } from 'react';
import { Link } from 'react-router';
import { discountPercent, findCategory, formatInr, rules, toPaise } from '@store/domain';
import { CartIcon, CheckIcon } from '../../components/icons';
import { useAddButton } from '../cart';
import { FavouriteButton, NotifyMe } from '../saved';
import type { NumberItem } from './api/get-numbers';

/** A run of digits of a number, highlighted or not, in the first or second group of five. */
interface DigitSegment {
  text: string;
  highlighted: boolean;
  /** 0: the first five digits, 1: the last five (a 10-digit number reads `98765 43210`). */
  group: number;
}

/**
 * Splits a number into runs of highlighted and plain digits. `spans` are [start, end) digit
 * positions (out-of-range parts are ignored); a 10-digit number is also split after its fifth
 * digit, where the reading gap goes.
 */
export function digitSegments(number: string, spans: readonly (readonly number[])[]) {
  const marked = [...number].map((_, index) =>
    spans.some(([start = 0, end = 0]) => index >= start && index < end),
  );
  const segments: DigitSegment[] = [];
  [...number].forEach((digit, index) => {
    const group = number.length === 10 && index >= 5 ? 1 : 0;
    const highlighted = marked[index] ?? false;
    const last = segments.at(-1);
    if (last && last.highlighted === highlighted && last.group === group) last.text += digit;
    else segments.push({ text: digit, highlighted, group });
  });
  return segments;
}

/** `9876543210` -> `9 8 7 6 5 4 3 2 1 0`: screen readers then read single digits. */
function spokenDigits(number: string): string {
  return [...number].join(' ');
}

function isOnOffer(item: Pick<NumberItem, 'pricing'>): boolean {
  return item.pricing.nwBasePrice > item.pricing.nwFinalPrice;
}

/** The number, large, with the digits of its pattern highlighted. */
export function HighlightedNumber({
  number,
  spans,
  className = '',
}: {
  number: string;
  spans: readonly (readonly number[])[];
  className?: string;
}) {
  const segments = digitSegments(number, spans);
  return (
    <span className={className}>
      <span aria-hidden="true" className="whitespace-nowrap">
        {segments.map((segment, index) => {
          const gap = index > 0 && segments[index - 1]?.group !== segment.group;
          const gapClass = gap ? 'ml-[0.45em]' : '';
          return segment.highlighted ? (
            <mark
              key={index}
              className={`rounded-[3px] bg-amber-100 text-amber-900 ring-1 ring-amber-200 ${gapClass}`}
            >
              {segment.text}
            </mark>
          ) : (
            <span key={index} className={gapClass}>
              {segment.text}
            </span>
          );
        })}
      </span>
      <span className="sr-only">{spokenDigits(number)}</span>
    </span>
  );
}

type HeadingLevel = 2 | 3 | 4;

/**
 * Every card and its loading stand-in are the tallest card's height (on offer, its category on
 * two lines), so nothing below moves when the numbers arrive: a jump to the pagination used to
 * slide it away from under the pointer. The cards are laid out like the rest of the page: skipped
 * (`content-visibility: auto`), the off-screen ones misled Lighthouse's contrast check (0044).
 */
const cardBox = 'min-h-[calc(12.625rem+3px)] sm:min-h-[calc(13.25rem+3px)]';

/**
 * The category a card shows and the digits it highlights: the listing's category when the card
 * is listed under one the number fits (a mirror number in Two Digit Numbers shows as that, its
 * two digits highlighted), otherwise the number's primary category.
 */
function shownCategory(item: NumberItem, listed: string | undefined) {
  const rule =
    listed && listed !== item.category.slug ? rules.find((r) => r.slug === listed) : undefined;
  const spans = rule?.match(item.number);
  if (!rule || !spans) return { name: item.category.name, spans: item.spans };
  return { name: findCategory(rule.slug)?.name ?? rule.slug, spans };
}

/**
 * A number for sale: the number with its pattern highlighted (a link to the number's own page),
 * the category, the price (the list price struck through and the discount when on offer) and
 * Add to cart (`useAddButton`, which calls `useCartActions().addToCart(item)`).
 */
export function NumberCard({
  item,
  headingLevel = 3,
  listedCategory,
  comingSoon = false,
}: {
  item: NumberItem;
  /** Level of the number's heading: one below the heading of the list. Default 3. */
  headingLevel?: HeadingLevel;
  /** The category the listing shows (a slug): the card names it when the number fits it. */
  listedCategory?: string;
  /** A coming-soon number: Notify me instead of Add to cart. */
  comingSoon?: boolean;
}) {
  const headingId = useId();
  const category = shownCategory(item, listedCategory);
  const { inCart, adding, add, inCartLink } = useAddButton(item);
  const onOffer = isOnOffer(item);
  const { nwFinalPrice, nwBasePrice } = item.pricing;
  const discount =
    item.pricing.discountPercent > 0
      ? item.pricing.discountPercent
      : discountPercent(toPaise(nwBasePrice), toPaise(nwFinalPrice));
  const Heading = `h${headingLevel}` as const;

  return (
    <article
      aria-labelledby={headingId}
      data-testid="number-card"
      data-number={item.number}
      className={`flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-shadow hover:border-slate-300 hover:shadow-md sm:p-5 ${cardBox}`}
    >
      <div className="flex min-h-6 items-start justify-between gap-2">
        <p
          data-testid="number-category"
          className="rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-semibold text-blue-800 ring-1 ring-blue-100 ring-inset"
        >
          {category.name}
        </p>
        <div className="-mt-1.5 -mr-1.5 flex shrink-0 items-center gap-1">
          {discount > 0 ? (
            <p className="rounded-full bg-emerald-700 px-2.5 py-0.5 text-xs font-bold text-white">
              {discount}% off
            </p>
          ) : null}
          <FavouriteButton item={item} />
        </div>
      </div>

      <Heading
        id={headingId}
        className="mt-4 font-mono text-[1.6rem] leading-tight font-semibold tracking-wide text-slate-900 tabular-nums sm:text-[1.7rem]"
      >
        <Link
          to={`/numbers/${item.number}`}
          className="rounded outline-offset-4 hover:text-blue-800 hover:underline hover:decoration-2 hover:underline-offset-8"
        >
          <HighlightedNumber number={item.number} spans={category.spans} />
        </Link>
      </Heading>
      <p className="mt-1.5 text-xs text-slate-600">
        Sum {item.sum} <span aria-hidden="true">·</span>
        <span className="sr-only">,</span> Total {item.total}
      </p>

      <div className="mt-auto flex items-end justify-between gap-3 border-t border-slate-100 pt-4">
        <p data-testid="number-price" data-price={nwFinalPrice} className="flex flex-col">
          <span className="sr-only">Price </span>
          <span className="text-xl font-bold text-slate-900 tabular-nums">
            {formatInr(nwFinalPrice)}
          </span>
          {onOffer ? (
            <s className="text-sm text-slate-600 tabular-nums">
              <span className="sr-only">was </span>
              {formatInr(nwBasePrice)}
            </s>
          ) : null}
        </p>
        {comingSoon ? (
          <NotifyMe item={item} />
        ) : inCart ? (
          <Link
            ref={inCartLink}
            to="/cart"
            aria-label={`${item.display} is in your cart: view cart`}
            className="btn-secondary shrink-0 whitespace-nowrap"
          >
            <CheckIcon className="size-4 text-emerald-700" />
            In cart
          </Link>
        ) : (
          <button
            type="button"
            onClick={add}
            aria-disabled={adding || undefined}
            aria-busy={adding || undefined}
            className="btn-primary shrink-0 whitespace-nowrap aria-disabled:cursor-wait aria-disabled:opacity-70"
          >
            <CartIcon className="size-4" />
            <span>
              {adding ? 'Adding' : 'Add'} <span className="sr-only">{item.display}</span> to cart
            </span>
          </button>
        )}
      </div>
    </article>
  );
}

/** A grey stand-in for a card while numbers load. */
export function NumberCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      data-testid="number-card-skeleton"
      className={`flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${cardBox}`}
    >
      <div className="h-5 w-28 animate-pulse rounded-full bg-slate-200 motion-reduce:animate-none" />
      <div className="mt-5 h-7 w-52 max-w-full animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
      <div className="mt-2.5 h-3 w-24 animate-pulse rounded bg-slate-100 motion-reduce:animate-none" />
      <div className="mt-auto flex items-end justify-between border-t border-slate-100 pt-4">
        <div className="h-6 w-20 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
        <div className="h-9 w-28 animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none" />
      </div>
    </div>
  );
}
