import { Fragment } from 'react';
import { Link } from 'react-router';
import type { City, State } from '@store/domain';
import { cityPath, statePath } from '../../lib/nav';
import { listingAddress } from '../catalog';
import { breadcrumbJsonLd, seo } from '../seo';

export interface Crumb {
  label: string;
  to: string;
}

/** Home › VIP Numbers › State: the state page's breadcrumb, the last crumb the page itself. */
export function stateCrumbs(state: State): Crumb[] {
  return [
    { label: 'Home', to: '/' },
    { label: 'VIP Numbers', to: '/vip-numbers' },
    { label: state.name, to: statePath(state.slug) },
  ];
}

/** Home › VIP Numbers › State › City. */
export function cityCrumbs(state: State, city: City): Crumb[] {
  return [...stateCrumbs(state), { label: city.name, to: cityPath(state.slug, city.slug) }];
}

/**
 * A place's page at an address of its listing (decision 0047): a further page of the place's
 * own list (`?page=2`, no category or filter) is its own page, " - Page 2" in its title, at
 * `path` with its page (a city names its state's: the same numbers, decision 0046); every
 * other address names the place's page. A search in plain words is kept out of search results.
 */
export function placeListingSeo(search: string, title: string, path: string) {
  const { category, ownPage, pageTitle, searched } = listingAddress(search);
  const page = category ? undefined : ownPage;
  return {
    title: page ? pageTitle(title) : title,
    path: page ? `${path}?page=${page}` : path,
    ...searched,
  };
}

/** The breadcrumb's BreadcrumbList JSON-LD: the same items, at their absolute addresses. */
export function breadcrumbsJsonLd(items: readonly Crumb[]) {
  return breadcrumbJsonLd(items.map((item) => ({ name: item.label, path: item.to })));
}

/** Home › VIP Numbers › State › City; the last crumb is the current page (not a link). */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="pt-6 text-sm">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-600">
        {items.map((item, index) => (
          <Fragment key={item.label}>
            {index > 0 ? (
              <li aria-hidden="true" className="text-slate-400">
                /
              </li>
            ) : null}
            <li>
              {index < items.length - 1 ? (
                <Link
                  to={item.to}
                  className="rounded-sm text-slate-700 underline-offset-4 hover:text-blue-800 hover:underline"
                >
                  {item.label}
                </Link>
              ) : (
                <span aria-current="page" className="font-medium text-slate-900">
                  {item.label}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}

/** The metadata of an address that names no known state or city (the page moves on). */
export function unknownPlaceMeta(place: 'state' | 'city') {
  return seo({
    title: 'VIP Numbers',
    description: `VIP mobile numbers by ${place}.`,
    path: '/vip-numbers',
    noIndex: true,
  });
}

export const placeChipClass =
  'inline-block rounded-full border border-slate-300 bg-white px-3.5 py-1.5 text-sm text-slate-800 hover:border-blue-600 hover:text-blue-800';
