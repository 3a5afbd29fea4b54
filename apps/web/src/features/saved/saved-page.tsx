import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { displayMobile } from '@store/domain';
import { Link } from 'react-router';
import { BusyButton } from '../../components/busy-button';
import { Container, PageHeader } from '../../components/page';
import { PageSpinner } from '../../components/page-spinner';
import { useToast } from '../../components/toast';
import { isApiError } from '../../lib/api-client';
import { useHydrated } from '../../lib/use-hydrated';
import { useAuth, useAuthUi } from '../auth';
import { NumberCard } from '../catalog';
import { seo } from '../seo';
import type { Route } from './+types/saved-page';
import { useFavouritesQuery, type Favourite } from './api/favourites';
import {
  deleteSavedSearch,
  SAVED_SEARCHES_QUERY_KEY,
  setAlertsOn,
  useSavedSearches,
} from './api/saved-searches';
import { FavouriteButton } from './favourite-button';
import { useGuestFavourites } from './guest-favourites';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Saved numbers and searches',
    description: 'Your favourite numbers and saved searches.',
    path: '/saved',
    noIndex: true,
  });

const sectionTitle = 'text-xl font-bold text-slate-900';

/** /saved: the favourites (a guest's from this browser) and, signed in, the saved searches. */
export default function SavedPage() {
  const hydrated = useHydrated();
  const { status } = useAuth();
  if (!hydrated || status === 'loading') return <PageSpinner label="Loading your saved numbers" />;
  return (
    <Container className="pb-16">
      <PageHeader
        eyebrow="My account"
        title="Saved"
        intro="Numbers you marked with the heart, and the searches you saved. Once a day at most we e-mail you new numbers that match your searches and price drops on your favourites."
      />
      {status === 'authenticated' ? <AccountSaved /> : <GuestSaved />}
    </Container>
  );
}

function GuestSaved() {
  const favourites = useGuestFavourites();
  const { openAuthModal } = useAuthUi();
  return (
    <div className="space-y-8">
      <section aria-labelledby="favourites-heading">
        <h2 id="favourites-heading" className={sectionTitle}>
          Favourite numbers
        </h2>
        {favourites.length === 0 ? (
          <p className="mt-2 text-slate-700">Tap the heart on a number to keep it here.</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {favourites.map((item) => (
              <li key={item.id} className="flex items-center gap-2">
                <FavouriteButton item={{ ...item, display: displayMobile(item.number) }} />
                <Link
                  to={`/numbers/${item.number}`}
                  className="font-mono text-lg font-semibold text-blue-800 underline-offset-4 hover:underline"
                >
                  {displayMobile(item.number)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="rounded-xl border border-blue-100 bg-blue-50 p-4 text-slate-800">
        These numbers are kept in this browser only.{' '}
        <button
          type="button"
          onClick={() => openAuthModal('sign-in')}
          className="font-semibold text-blue-800 underline underline-offset-4"
        >
          Sign in
        </button>{' '}
        to keep them in your account, save searches and get an e-mail when matching numbers come in.
      </p>
    </div>
  );
}

function AccountSaved() {
  const favourites = useFavouritesQuery(true);
  const items = favourites.data ?? [];
  const onSale = items.flatMap(({ pricing, ...item }) =>
    item.status === 'available' && pricing ? [{ ...item, pricing }] : [],
  );
  const gone = items.filter((item) => item.status !== 'available');
  return (
    <div className="space-y-10">
      <section aria-labelledby="favourites-heading">
        <h2 id="favourites-heading" className={sectionTitle}>
          Favourite numbers
        </h2>
        {favourites.isPending ? (
          <p className="mt-2 text-slate-700">Loading…</p>
        ) : items.length === 0 ? (
          <p className="mt-2 text-slate-700">Tap the heart on a number to keep it here.</p>
        ) : (
          <>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {onSale.map((item) => (
                <li key={item.id}>
                  <NumberCard item={item} />
                </li>
              ))}
            </ul>
            {gone.length > 0 ? <GoneFavourites items={gone} /> : null}
          </>
        )}
      </section>
      <SavedSearchList />
    </div>
  );
}

function GoneFavourites({ items }: { items: Favourite[] }) {
  return (
    <div className="mt-6">
      <h3 className="font-semibold text-slate-900">No longer for sale</h3>
      <ul className="mt-2 space-y-1">
        {items.map((item) => (
          <li key={item.id} className="flex items-center gap-2 text-slate-700">
            <FavouriteButton item={item} />
            <Link
              to={`/numbers/${item.number}`}
              className="font-mono underline-offset-4 hover:underline"
            >
              {item.display}
            </Link>
            <span className="text-sm">
              {item.status === 'reserved' ? 'on hold' : 'not available'}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function SavedSearchList() {
  const searches = useSavedSearches(true);
  const queryClient = useQueryClient();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const data = searches.data;

  const run = async (work: () => Promise<string | void>) => {
    if (busy) return;
    setBusy(true);
    try {
      const message = await work();
      if (message) toast.success(message);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : 'That did not work. Please try again.');
    } finally {
      await queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_QUERY_KEY });
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="searches-heading">
      <h2 id="searches-heading" className={sectionTitle}>
        Saved searches
      </h2>
      {!data ? (
        <p className="mt-2 text-slate-700">Loading…</p>
      ) : (
        <>
          {data.items.length === 0 ? (
            <p className="mt-2 text-slate-700">
              On{' '}
              <Link
                to="/premium-numbers"
                className="font-semibold text-blue-800 underline underline-offset-4"
              >
                Premium Numbers
              </Link>
              , choose your filters and press “Save this search”.
            </p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {data.items.map((search) => (
                <li
                  key={search.id}
                  className="flex flex-wrap items-center justify-between gap-2 p-3"
                >
                  <Link
                    to={`/premium-numbers?${search.query}`}
                    className="font-semibold text-blue-800 underline-offset-4 hover:underline"
                  >
                    {search.name}
                  </Link>
                  <BusyButton
                    className="btn-secondary"
                    busy={busy}
                    aria-label={`Delete the saved search ${search.name}`}
                    onClick={() => void run(() => deleteSavedSearch(search.id))}
                  >
                    Delete
                  </BusyButton>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-2 text-sm text-slate-600">
            {data.items.length} of {data.limit} searches saved.
          </p>
          <label className="mt-4 flex items-center gap-2 text-slate-800">
            <input
              type="checkbox"
              checked={data.alertsOn}
              aria-disabled={busy || undefined}
              onChange={(event) => void run(() => setAlertsOn(event.target.checked))}
              className="size-4"
            />
            E-mail me new matches and price drops (at most once a day)
          </label>
        </>
      )}
    </section>
  );
}
