import { useId } from 'react';
import { Link } from 'react-router';
import { birthTotals, rankBirthMatches, type BirthTotals } from '@store/domain';
import { useHydrated } from '../../lib/use-hydrated';
import { NumberCard, NumberCardSkeleton, searchFromListingParams, useNumbers } from '../catalog';

const PER_TOTAL = 24;

/**
 * The available numbers whose total is the destiny number (bhagyank) or the root number
 * (mulank), best matches first (rankBirthMatches: the destiny number first, then the cheaper).
 * Each total is one listing call, `?total=N`: the date of birth never reaches the API.
 */
export function BirthMatches({ birth }: { birth: BirthTotals }) {
  const headingId = useId();
  const hydrated = useHydrated();
  const [destiny = birth.bhagyank, root] = birthTotals(birth);
  const first = useNumbers(
    { total: destiny, sort: 'price_asc', pageSize: PER_TOTAL },
    { enabled: hydrated },
  );
  const second = useNumbers(
    { total: root ?? destiny, sort: 'price_asc', pageSize: PER_TOTAL },
    { enabled: hydrated && root !== undefined },
  );
  const loading = !first.data || (root !== undefined && !second.data);
  const items = loading
    ? []
    : rankBirthMatches(
        [...first.data!.items, ...(root === undefined ? [] : second.data!.items)],
        birth,
        (item) => item.pricing.nwFinalPrice,
      ).slice(0, PER_TOTAL);

  const totalLink = (total: number) =>
    `/premium-numbers?${searchFromListingParams({ total }).toString()}`;

  return (
    <section aria-labelledby={headingId} className="mt-12" data-testid="birth-matches">
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        Numbers with total {destiny}
        {root !== undefined ? ` or ${root}` : null}
      </h2>
      <p className="mt-2 text-slate-700">
        Best matches first: total {destiny} matches your destiny number
        {root === undefined ? ' and your root number' : `, total ${root} your root number`}; the
        cheaper first. See every number with{' '}
        <Link to={totalLink(destiny)} className="font-semibold text-blue-800 underline">
          total {destiny}
        </Link>
        {root !== undefined ? (
          <>
            {' '}
            or{' '}
            <Link to={totalLink(root)} className="font-semibold text-blue-800 underline">
              total {root}
            </Link>
          </>
        ) : null}
        .
      </p>
      {first.isError || second.isError ? (
        <p role="alert" className="mt-5 text-red-700">
          We could not load the numbers. Please try again.
        </p>
      ) : !loading && items.length === 0 ? (
        <p className="mt-5 text-slate-700">No numbers with these totals are on sale right now.</p>
      ) : (
        <ul
          className="mt-5 grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
          aria-busy={loading || undefined}
        >
          {loading
            ? Array.from({ length: 6 }, (_, index) => (
                <li key={index}>
                  <NumberCardSkeleton />
                </li>
              ))
            : items.map((item) => (
                <li key={item.id}>
                  <NumberCard item={item} />
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}
