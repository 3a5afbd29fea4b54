import { Link } from 'react-router';
import { states } from '@store/domain';
import { SimplePage } from '../components/page';
import { statePath } from '../lib/nav';
import { seo } from '../lib/seo';
import { siteConfig } from '../lib/site-config';
import type { Route } from './+types/vip-numbers-page';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'VIP Numbers by State and City',
    description: `VIP mobile numbers for every state and union territory of India at ${siteConfig.storeName}.`,
    path: '/vip-numbers',
  });

export default function VipNumbersPage() {
  return (
    <SimplePage
      title="VIP Numbers by State and City"
      intro="Choose your state or union territory to see VIP numbers near you."
    >
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {states.map((state) => (
          <li key={state.slug}>
            <Link
              to={statePath(state.slug)}
              className="block rounded-xl border border-slate-200 bg-white p-4 font-medium text-slate-900 shadow-sm hover:border-blue-600 hover:text-blue-800"
            >
              {state.name}
            </Link>
          </li>
        ))}
      </ul>
    </SimplePage>
  );
}
