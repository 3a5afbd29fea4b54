import { Link } from 'react-router';
import { states } from '@store/domain';
import { SimplePage } from '../../components/page';
import { cityPath, statePath } from '../../lib/nav';
import { siteConfig } from '../../lib/site-config';
import { seo } from '../seo';
import type { Route } from './+types/vip-numbers-page';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'VIP Numbers by State and City',
    description: `VIP and fancy mobile numbers for every state and union territory of India, from Mumbai to Guwahati, with guided porting at ${siteConfig.storeName}.`,
    path: '/vip-numbers',
  });

/** Every state and union territory, each with its cities. */
export default function VipNumbersPage() {
  return (
    <SimplePage
      eyebrow="VIP numbers across India"
      title="VIP Numbers by State and City"
      intro="A VIP number works anywhere in India: it is ported to your operator in your own name. Choose your state or city to see numbers for it."
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {states.map((state) => (
          <li
            key={state.slug}
            className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h2 className="text-lg font-semibold text-slate-900">
              <Link
                to={statePath(state.slug)}
                className="rounded-sm underline-offset-4 hover:text-blue-800 hover:underline"
              >
                {state.name}
              </Link>
            </h2>
            <ul className="mt-3 flex flex-wrap gap-x-3 gap-y-1.5 text-sm">
              {state.cities.map((city) => (
                <li key={city.slug}>
                  <Link
                    to={cityPath(state.slug, city.slug)}
                    className="rounded-sm text-slate-700 underline underline-offset-4 decoration-slate-300 hover:text-blue-800 hover:decoration-blue-800"
                  >
                    {city.name}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <p className="mt-10 text-slate-700">
        Looking for a pattern rather than a place?{' '}
        <Link
          to="/premium-numbers"
          className="font-semibold text-blue-800 underline underline-offset-4"
        >
          Browse every premium number
        </Link>
        .
      </p>
    </SimplePage>
  );
}
