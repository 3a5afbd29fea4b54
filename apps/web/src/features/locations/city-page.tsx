import { Link } from 'react-router';
import { findCity, portingInState } from '@store/domain';
import { ClientRedirect } from '../../components/client-redirect';
import { Container, PageHeader } from '../../components/page';
import { cityPath, statePath } from '../../lib/nav';
import { NumberListing, servedListing } from '../catalog';
import { seo } from '../seo';
import type { Route } from './+types/city-page';
import {
  Breadcrumbs,
  breadcrumbsJsonLd,
  cityCrumbs,
  placeChipClass,
  placeListingSeo,
  unknownPlaceMeta,
} from './location-parts';

export const meta: Route.MetaFunction = ({ params, location }) => {
  const found = findCity(params.stateSlug, params.citySlug);
  if (!found) return unknownPlaceMeta('city');
  const { state, city } = found;
  const described = (place: string) =>
    `VIP mobile numbers in ${place}: mirror, 786, counting and more. Porting code in 24 hours; port at any Jio, Airtel, Vi or BSNL store.`;
  const withState = described(`${city.name}, ${state.name}`);
  return seo({
    // A city's page shows its state's numbers and differs from its state's page in little but
    // the name (decision 0046): it names the state's page (its further pages the state's same
    // page) as the canonical one, is left out of the sitemap, and offers no product of its own.
    ...placeListingSeo(
      location.search,
      `VIP Mobile Numbers in ${city.name}, ${state.name}`,
      statePath(state.slug),
    ),
    // Whole in search results (about 160 characters): a long state's name is left out.
    description: withState.length <= 160 ? withState : described(city.name),
    product: false,
    jsonLd: [breadcrumbsJsonLd(cityCrumbs(state, city))],
  });
};

/** Rendered on request by the API with its numbers (decision 0044); else null (prerendered). */
export function loader({ context }: Route.LoaderArgs) {
  return servedListing(context);
}

/** In the browser (a link followed): the listing reads its numbers from the API. */
export function clientLoader() {
  return null;
}

/** A city landing page: intro, nearby cities and the listing. Unknown slugs replace to /premium-numbers. */
export default function CityPage({ params, loaderData }: Route.ComponentProps) {
  const found = findCity(params.stateSlug, params.citySlug);
  if (!found) return <ClientRedirect to="/premium-numbers" />;
  const { state, city } = found;
  const nearby = state.cities.filter((other) => other.slug !== city.slug);

  const steps = [
    {
      title: 'Choose and pay online',
      text: 'Pick your number below and pay by UPI, card or net banking. Each number is sold only once.',
    },
    {
      title: 'Get your porting code',
      text: 'Within 24 hours we send your Unique Porting Code and GST invoice by SMS, e-mail and WhatsApp.',
    },
    {
      title: `Port it in ${city.name}`,
      text: `Visit any Jio, Airtel, Vi or BSNL store in ${city.name} with your Aadhaar card. The SIM is active in ${portingInState(state.name).activation}, in your own name.`,
    },
  ];

  return (
    <Container className="pb-16">
      <Breadcrumbs items={cityCrumbs(state, city)} />
      <PageHeader
        eyebrow={`VIP numbers in ${state.name}`}
        title={`VIP Mobile Numbers in ${city.name}, ${state.name}`}
        intro={`Buy a fancy mobile number in ${city.name} that customers and friends remember: mirror, 786, counting, triple and more. Pay online, and our team guides you through porting it to your operator in ${city.name}.`}
      />

      <nav aria-labelledby="nearby-cities" className="-mt-4 mb-10">
        <h2 id="nearby-cities" className="text-sm font-semibold text-slate-900">
          {nearby.length > 0 ? `Nearby cities in ${state.name}` : `More in ${state.name}`}
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {nearby.map((other) => (
            <li key={other.slug}>
              <Link to={cityPath(state.slug, other.slug)} className={placeChipClass}>
                {other.name}
              </Link>
            </li>
          ))}
          <li>
            <Link
              to={statePath(state.slug)}
              className="inline-block px-1 py-1.5 text-sm font-semibold text-blue-800 underline underline-offset-4"
            >
              All of {state.name}
            </Link>
          </li>
        </ul>
      </nav>

      <NumberListing title={`Numbers for ${city.name}`} served={loaderData} />

      <section
        aria-labelledby="city-how"
        className="mt-16 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
      >
        <h2 id="city-how" className="text-xl font-bold text-slate-900">
          How buying a VIP number in {city.name} works
        </h2>
        <ol className="mt-6 grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-blue-700 font-bold text-white"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-1 text-sm text-slate-700">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <p className="mt-6 text-sm text-slate-700">
          Questions about a number in {city.name}?{' '}
          <Link
            to="/contact-us"
            className="font-semibold text-blue-800 underline underline-offset-4"
          >
            Contact us
          </Link>{' '}
          or read the{' '}
          <Link to="/faq's" className="font-semibold text-blue-800 underline underline-offset-4">
            FAQ
          </Link>
          .
        </p>
      </section>
    </Container>
  );
}
