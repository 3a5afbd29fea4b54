import { Link } from 'react-router';
import { categories, popularCities } from '@store/domain';
import { Container } from '../components/page';
import { categoryPath, cityPath } from '../lib/nav';
import { seo } from '../lib/seo';
import { siteConfig } from '../lib/site-config';
import type { Route } from './+types/home-page';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Buy VIP and Fancy Mobile Numbers Online',
    description: `Choose from thousands of VIP, fancy and premium mobile numbers across India at ${siteConfig.storeName}. Every number is sold once, with guided porting to your operator.`,
    path: '/',
  });

export default function HomePage() {
  const featured = categories.filter((category) => category.slug !== 'all').slice(0, 12);
  return (
    <>
      <section className="bg-white">
        <Container className="py-16 sm:py-24">
          <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">
            VIP numbers across India
          </p>
          <h1 className="mt-2 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            A mobile number people remember
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-700">
            Browse VIP, fancy and premium mobile numbers by pattern, state and city. Every number is
            sold exactly once, and our team guides you through porting it to your operator.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/premium-numbers" className="btn-primary px-6 py-3 text-base">
              Browse premium numbers
            </Link>
            <Link to="/offer-zone" className="btn-secondary px-6 py-3 text-base">
              See the offer zone
            </Link>
          </div>
        </Container>
      </section>

      <Container className="py-12">
        <h2 className="text-2xl font-bold text-slate-900">Popular categories</h2>
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {featured.map((category) => (
            <li key={category.slug}>
              <Link
                to={categoryPath(category.slug)}
                className="block rounded-xl border border-slate-200 bg-white p-4 font-medium text-slate-900 shadow-sm hover:border-blue-600 hover:text-blue-800"
              >
                {category.name}
              </Link>
            </li>
          ))}
        </ul>

        <h2 className="mt-12 text-2xl font-bold text-slate-900">VIP numbers in your city</h2>
        <ul className="mt-6 flex flex-wrap gap-2">
          {popularCities.slice(0, 12).map((city) => (
            <li key={city.path}>
              <Link
                to={cityPath(city.stateSlug, city.slug)}
                className="inline-block rounded-full border border-slate-300 bg-white px-4 py-1.5 text-sm text-slate-800 hover:border-blue-600 hover:text-blue-800"
              >
                {city.name}
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </>
  );
}
