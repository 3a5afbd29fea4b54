import { Link } from 'react-router';
import { findState, portingInState } from '@store/domain';
import { ClientRedirect } from '../../components/client-redirect';
import { Container, PageHeader } from '../../components/page';
import { cityPath, statePath } from '../../lib/nav';
import { NumberListing, servedListing } from '../catalog';
import { seo } from '../seo';
import type { Route } from './+types/state-page';
import {
  Breadcrumbs,
  breadcrumbsJsonLd,
  placeChipClass,
  placeListingSeo,
  stateCrumbs,
  unknownPlaceMeta,
} from './location-parts';

export const meta: Route.MetaFunction = ({ params, location }) => {
  const state = findState(params.stateSlug);
  if (!state) return unknownPlaceMeta('state');
  const cities = state.cities
    .slice(0, 3)
    .map((city) => city.name)
    .join(', ');
  return seo({
    ...placeListingSeo(location.search, `VIP Numbers in ${state.name}`, statePath(state.slug)),
    description: `VIP mobile numbers in ${state.name} (${cities}): mirror, 786, counting and more, with guided porting to your operator.`,
    jsonLd: [breadcrumbsJsonLd(stateCrumbs(state))],
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

/**
 * A state: its cities, the listing, and what is particular to buying a number there (its telecom
 * circle, porting times). An unknown state replaces to /premium-numbers.
 */
export default function StatePage({ params, loaderData }: Route.ComponentProps) {
  const state = findState(params.stateSlug);
  if (!state) return <ClientRedirect to="/premium-numbers" />;
  return (
    <Container className="pb-16">
      <Breadcrumbs items={stateCrumbs(state)} />
      <PageHeader
        eyebrow="VIP Numbers"
        title={`VIP Numbers in ${state.name}`}
        intro={`VIP and fancy mobile numbers for customers in ${state.name}. Pick a number below and we port it to Jio, Airtel, Vi or BSNL in your own name, or choose your city.`}
      />
      <nav aria-labelledby="state-cities" className="-mt-4 mb-10">
        <h2 id="state-cities" className="text-sm font-semibold text-slate-900">
          Cities in {state.name}
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {state.cities.map((city) => (
            <li key={city.slug}>
              <Link to={cityPath(state.slug, city.slug)} className={placeChipClass}>
                {city.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <NumberListing title={`Numbers for ${state.name}`} served={loaderData} />
      <PortingInStateSection stateName={state.name} />
    </Container>
  );
}

function PortingInStateSection({ stateName }: { stateName: string }) {
  const porting = portingInState(stateName);
  return (
    <section
      aria-labelledby="state-porting"
      className="mt-16 rounded-2xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <h2 id="state-porting" className="text-xl font-bold text-slate-900">
        Mobile numbers and porting in {stateName}
      </h2>
      <p className="mt-4">
        Mobile numbers in {stateName} are issued in {porting.circle}. {porting.circleNote}
      </p>
      <p className="mt-3">
        Since full mobile number portability began in July 2015, a number from any circle can be
        ported to any operator anywhere in India, so every number above can be yours in {stateName}.
        Your porting code stays valid for {porting.upcValidityDays} days here, and the SIM is active
        in {porting.activation} after you port it at any Jio, Airtel, Vi or BSNL store.
      </p>
    </section>
  );
}
