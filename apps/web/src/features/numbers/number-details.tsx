import { Fragment } from 'react';
import { Link } from 'react-router';
import { formatInr, totalNotes } from '@store/domain';
import { CartIcon, CheckIcon } from '../../components/icons';
import { Container } from '../../components/page';
import { useAddButton, useCartActions, useOpenOrder } from '../cart';
import { useHydrated } from '../../lib/use-hydrated';
import { categoryPath } from '../../lib/nav';
import { HighlightedNumber } from '../catalog';
import { EnquiryForm } from '../enquiries';
import { FavouriteButton, NotifyMe } from '../saved';
import type { NumberDetail } from './api/get-number';
import { isOnSale, numberCrumbs, numberPath } from './number-meta';
import { ShareNumber } from './share-number';
import { SimilarNumbers } from './similar-numbers';

/**
 * Add to cart, busy while it runs, and Buy now, which only opens its billing step: it is never
 * disabled, so it keeps the focus, and the dialog gives the focus back to it when it closes.
 */
function BuyButtons({ number }: { number: Extract<NumberDetail, { status: 'available' }> }) {
  const { buyNow } = useCartActions();
  const { inCart, adding, add, inCartLink } = useAddButton(number);
  return (
    <div data-keep-clear className="mt-5 grid gap-3 sm:grid-cols-2">
      {inCart ? (
        <Link ref={inCartLink} to="/cart" className="btn-secondary py-3 text-base">
          <CheckIcon className="size-5 text-emerald-700" />
          In cart: view cart
        </Link>
      ) : (
        <button
          type="button"
          onClick={add}
          aria-disabled={adding || undefined}
          aria-busy={adding || undefined}
          className="btn-secondary py-3 text-base aria-disabled:cursor-wait aria-disabled:opacity-70"
        >
          <CartIcon className="size-5" />
          {adding ? 'Adding…' : 'Add to cart'}
        </button>
      )}
      <button type="button" onClick={() => buyNow(number)} className="btn-primary py-3 text-base">
        Buy now
      </button>
    </div>
  );
}

/** The price with the list price and the saving when on offer, or where the number stands. */
function Offer({ number }: { number: NumberDetail }) {
  // A hidden number may never have been on sale (imported or added hidden): nothing in the
  // store tells which, so its page says only what is true of both (decision 0074).
  if (number.status === 'sold' || number.status === 'hidden') {
    return (
      <div role="status" data-testid="number-status">
        <p className="text-xl font-bold text-slate-900">
          {number.status === 'sold'
            ? 'This number is no longer available'
            : 'This number is not on sale'}
        </p>
        <p className="mt-2 text-slate-700">
          {number.status === 'sold' ? 'It has been sold.' : 'It is not for sale now.'} Numbers like
          it are listed below.
        </p>
      </div>
    );
  }
  const { nwFinalPrice, nwBasePrice, discountPercent } = number.pricing;
  return (
    <div>
      <p
        data-testid="offer-price"
        data-price={nwFinalPrice}
        className="flex flex-wrap items-baseline gap-x-3"
      >
        <span className="sr-only">Price </span>
        <span className="text-4xl font-bold text-slate-900 tabular-nums">
          {formatInr(nwFinalPrice)}
        </span>
        {number.saving > 0 ? (
          <s className="text-lg text-slate-600 tabular-nums">
            <span className="sr-only">was </span>
            {formatInr(nwBasePrice)}
          </s>
        ) : null}
      </p>
      {number.saving > 0 ? (
        <p className="mt-2 inline-block rounded-full bg-emerald-700 px-3 py-1 text-sm font-bold text-white">
          You save {formatInr(number.saving)}
          {discountPercent > 0 ? ` (${discountPercent}% off)` : null}
        </p>
      ) : null}
      <p className="mt-2 text-sm text-slate-600">Plus 18% GST. UPC within 24 hours of payment.</p>
      {number.status === 'coming_soon' ? (
        <div data-testid="number-status" className="mt-4 rounded-lg bg-sky-50 p-3 text-sky-950">
          <p className="font-semibold">Coming soon: not on sale yet.</p>
          <p className="mt-1 text-sm">We e-mail you once when it goes on sale.</p>
          <NotifyMe item={number} className="mt-3" />
        </div>
      ) : number.status === 'reserved' ? (
        <Held number={number} />
      ) : (
        <BuyButtons number={number} />
      )}
    </div>
  );
}

/**
 * A number on hold: the signed-in buyer's own order awaiting payment holding it says so (known
 * once the page runs, so the page as rendered on the server says what it says to anyone).
 */
function Held({ number }: { number: NumberDetail }) {
  const hydrated = useHydrated();
  const openOrder = useOpenOrder();
  if (hydrated && openOrder?.productIds.includes(number.id)) {
    return (
      <p
        role="status"
        data-testid="number-status"
        className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-950"
      >
        Held for you in order {openOrder.reference}:{' '}
        <Link to={`/orders/${openOrder.id}`} className="font-semibold underline">
          pay now to keep it
        </Link>
        .
      </p>
    );
  }
  return (
    <p
      role="status"
      data-testid="number-status"
      className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-950"
    >
      On hold: another buyer is paying for this number now. If the payment does not come, it goes
      back on sale within minutes.
    </p>
  );
}

/**
 * A number's own page: the number large with its pattern highlighted, every category it fits,
 * its numerology, price and offer, Add to cart, Buy now, sharing, an enquiry about it and
 * similar numbers. A sold or hidden number says it is no longer available.
 */
export function NumberDetails({ number }: { number: NumberDetail }) {
  const path = numberPath(number.number);
  return (
    <Container className="pb-16">
      <nav aria-label="Breadcrumb" className="pt-6 text-sm text-slate-600">
        {numberCrumbs(number).map((crumb, index) => (
          <Fragment key={crumb.path}>
            {index > 0 ? <span aria-hidden="true"> / </span> : null}
            <Link to={crumb.path} className="hover:text-blue-800 hover:underline">
              {crumb.name}
            </Link>
          </Fragment>
        ))}
      </nav>

      {/* On a phone the price and Buy now come straight after the number, in the first view
          and above the consent bar (decision 0109); from lg they stand beside it. */}
      <div className="mt-6 grid gap-8 lg:grid-cols-[1.4fr_1fr] lg:grid-rows-[auto_1fr] lg:items-start">
        <div className="lg:col-start-1">
          <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">
            VIP mobile number
          </p>
          <div className="mt-2 flex items-center gap-3">
            <h1 className="font-mono text-4xl font-bold tracking-wide text-slate-900 tabular-nums sm:text-6xl">
              <HighlightedNumber number={number.number} spans={number.spans} />
            </h1>
            <FavouriteButton item={number} className="size-11" />
          </div>
        </div>

        <aside
          aria-label="Price and buying"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          <Offer number={number} />
          <div className="mt-6 border-t border-slate-100 pt-5">
            <h2 className="mb-3 text-sm font-semibold text-slate-900">Share with family</h2>
            <ShareNumber display={number.display} path={path} />
          </div>
        </aside>

        <section aria-label="The number" className="lg:col-start-1 lg:row-start-2">
          <h2 className="text-sm font-semibold text-slate-900">Categories it fits</h2>
          <ul className="mt-2 flex flex-wrap gap-2" data-testid="number-categories">
            {number.categories.map((category) => (
              <li key={category.slug}>
                <Link
                  to={categoryPath(category.slug)}
                  className="inline-block rounded-full bg-blue-50 px-3 py-1 text-sm font-semibold text-blue-800 ring-1 ring-blue-100 hover:ring-blue-600"
                >
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>

          <h2 className="mt-8 text-sm font-semibold text-slate-900">Numerology</h2>
          <dl className="mt-2 grid max-w-md grid-cols-3 gap-3 text-center">
            {[
              ['Digit sum', number.sum],
              ['Mid', number.mid],
              ['Total', number.total],
            ].map(([label, value]) => (
              <div key={label} className="rounded-xl border border-slate-200 bg-white p-3">
                <dt className="text-xs text-slate-600">{label}</dt>
                <dd className="text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 max-w-xl text-slate-700" data-testid="total-note">
            Total {number.total}: {totalNotes[number.total]}
          </p>
        </section>
      </div>

      <SimilarNumbers digits={number.number} />

      {isOnSale(number) ? (
        <EnquiryForm
          className="mt-12"
          topic="vip-number"
          number={number.number}
          title="Ask about this number"
          intro="Questions about this number, its porting or a price for several? We reply within a working day."
          defaultMessage={`I am interested in the number ${number.display}. Please tell me more.`}
        />
      ) : null}
    </Container>
  );
}
