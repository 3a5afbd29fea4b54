import { Link } from 'react-router';
import { findCity } from '@store/domain';
import { ClientRedirect } from '../components/client-redirect';
import { SimplePage } from '../components/page';
import { cityPath, statePath } from '../lib/nav';
import { seo } from '../lib/seo';
import { siteConfig } from '../lib/site-config';
import type { Route } from './+types/city-page';

export const meta: Route.MetaFunction = ({ params }) => {
  const found = findCity(params.stateSlug, params.citySlug);
  if (!found) {
    return seo({
      title: 'VIP Numbers',
      description: 'VIP mobile numbers by city.',
      path: '/vip-numbers',
      noIndex: true,
    });
  }
  const { state, city } = found;
  return seo({
    title: `VIP Numbers in ${city.name}, ${state.name}`,
    description: `Buy VIP and fancy mobile numbers in ${city.name}, ${state.name} at ${siteConfig.storeName}.`,
    path: cityPath(state.slug, city.slug),
  });
};

export default function CityPage({ params }: Route.ComponentProps) {
  const found = findCity(params.stateSlug, params.citySlug);
  if (!found) return <ClientRedirect to="/premium-numbers" />;
  const { state, city } = found;
  return (
    <SimplePage
      eyebrow={
        <Link to={statePath(state.slug)} className="hover:underline">
          {state.name}
        </Link>
      }
      title={`VIP Numbers in ${city.name}`}
      intro={`VIP and fancy mobile numbers for customers in ${city.name}, ${state.name}.`}
    >
      <p className="text-slate-700">The number list for {city.name} is coming soon.</p>
    </SimplePage>
  );
}
