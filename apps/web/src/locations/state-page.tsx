import { Link } from 'react-router';
import { findState } from '@store/domain';
import { ClientRedirect } from '../components/client-redirect';
import { SimplePage } from '../components/page';
import { cityPath, statePath } from '../lib/nav';
import { seo } from '../lib/seo';
import { siteConfig } from '../lib/site-config';
import type { Route } from './+types/state-page';

export const meta: Route.MetaFunction = ({ params }) => {
  const state = findState(params.stateSlug);
  if (!state) {
    return seo({
      title: 'VIP Numbers',
      description: 'VIP mobile numbers by state.',
      path: '/vip-numbers',
      noIndex: true,
    });
  }
  return seo({
    title: `VIP Numbers in ${state.name}`,
    description: `Buy VIP and fancy mobile numbers in ${state.name} at ${siteConfig.storeName}.`,
    path: statePath(state.slug),
  });
};

export default function StatePage({ params }: Route.ComponentProps) {
  const state = findState(params.stateSlug);
  if (!state) return <ClientRedirect to="/premium-numbers" />;
  return (
    <SimplePage
      eyebrow="VIP Numbers"
      title={`VIP Numbers in ${state.name}`}
      intro={`VIP and fancy mobile numbers for customers in ${state.name}. Choose your city:`}
    >
      <ul className="flex flex-wrap gap-2">
        {state.cities.map((city) => (
          <li key={city.slug}>
            <Link
              to={cityPath(state.slug, city.slug)}
              className="inline-block rounded-full border border-slate-300 bg-white px-4 py-1.5 text-sm text-slate-800 hover:border-blue-600 hover:text-blue-800"
            >
              {city.name}
            </Link>
          </li>
        ))}
      </ul>
    </SimplePage>
  );
}
