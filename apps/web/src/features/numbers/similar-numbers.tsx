import { useId } from 'react';
import { NumberCard, NumberCardSkeleton } from '../catalog';
import { useHydrated } from '../../lib/use-hydrated';
import { useSimilarNumbers } from './api/get-similar-numbers';

/** Numbers like this one (its category and ending, then its total), fetched in the browser. */
export function SimilarNumbers({ digits }: { digits: string }) {
  const headingId = useId();
  const hydrated = useHydrated();
  const { data, isError } = useSimilarNumbers(digits, { enabled: hydrated });

  let content;
  if (isError || (data && data.length === 0)) {
    content = <p className="text-slate-700">No similar numbers are on sale right now.</p>;
  } else {
    content = (
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy={!data || undefined}>
        {data
          ? data.map((item) => (
              <li key={item.id}>
                <NumberCard item={item} />
              </li>
            ))
          : Array.from({ length: 4 }, (_, index) => (
              <li key={index}>
                <NumberCardSkeleton />
              </li>
            ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby={headingId} className="mt-12" data-testid="similar-numbers">
      <h2 id={headingId} className="mb-4 text-2xl font-bold text-slate-900">
        Similar numbers
      </h2>
      {content}
    </section>
  );
}
