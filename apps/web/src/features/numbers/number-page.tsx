import { displayMobile } from '@store/domain';
import { data } from 'react-router';
import type { Route } from './+types/number-page';
import { fetchNumber } from './api/get-number';
import { NumberDetails } from './number-details';
import { NumberLookup } from './number-lookup';
import { numberMeta, type NumberPageView } from './number-meta';
import { numberPageContext } from './number-page-context';
import { NumberPageError } from './number-page-error';

const isMobileNumber = (digits: string) => /^[6-9]\d{9}$/.test(digits);

/**
 * /numbers/{10 digits}: rendered on request by the API with this route's server build (the
 * number comes in the load context; an unknown one answers 404), like a prerendered page; and
 * /numbers, the lookup, prerendered at build time (docs/decisions/0013). Any other address is
 * no number: the same page whatever it says (decision 0047).
 */
export function loader({ params, context }: Route.LoaderArgs) {
  if (!params.number) return { kind: 'lookup' } satisfies NumberPageView;
  // Prerendered once as /numbers/not-found, which the API sends (404) for every such address.
  if (!isMobileNumber(params.number)) return { kind: 'not-a-number' } satisfies NumberPageView;
  const page = context.get(numberPageContext);
  const number = page?.digits === params.number ? page.number : null;
  if (number) return { kind: 'number', number } satisfies NumberPageView;
  return data({ kind: 'unknown', digits: params.number } satisfies NumberPageView, {
    status: 404,
  });
}

/** In the browser (a link followed): the number from the API. */
export async function clientLoader({ params }: Route.ClientLoaderArgs): Promise<NumberPageView> {
  if (!params.number) return { kind: 'lookup' };
  if (!isMobileNumber(params.number)) return { kind: 'not-a-number' };
  const number = await fetchNumber(params.number);
  return number ? { kind: 'number', number } : { kind: 'unknown', digits: params.number };
}

/** The number not loaded in the browser (the store's database away: 503): said in the store's frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <NumberPageError error={error} />;
}

export const meta: Route.MetaFunction = ({ data: view }) => numberMeta(view);

export default function NumberPage({ loaderData: view }: Route.ComponentProps) {
  if (view.kind === 'lookup') return <NumberLookup />;
  if (view.kind === 'not-a-number') return <NumberLookup missing="that number" />;
  if (view.kind === 'unknown') return <NumberLookup missing={displayMobile(view.digits)} />;
  return <NumberDetails key={view.number.number} number={view.number} />;
}
