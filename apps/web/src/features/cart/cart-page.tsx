import { useCallback, useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import { formatInr, listInWords, plural } from '@store/domain';
import { lazyPart } from '../../components/lazy-part';
import { Container, PageHeader } from '../../components/page';
import { PageSpinner } from '../../components/page-spinner';
import { usePageChange } from '../../components/route-focus';
import { useFocusLater } from '../../components/use-focus-later';
import { API_ERROR_MESSAGES } from '../../lib/api-client';
import { formatIndianDate } from '../../lib/format';
import { useHydrated } from '../../lib/use-hydrated';
import { useAuth } from '../auth';
import { seo } from '../seo';
import type { Route } from './+types/cart-page';
import type { CheckoutDetails } from './api/checkout';
import { useCartForBillingState } from './api/get-cart';
import { useCart, type CartLine, type CartTotals, type OrderRef } from './cart-context';
import type { CartProduct } from './cart-types';
import { releasesOpenOrder, serverCartView, type OpenOrder } from './cart-view';
import { TdsSelect } from './tds-select';

/**
 * A screen tall at least, loading or not: the footer starts below the fold, so it does not jump
 * when the cart (kept in the browser or on the server) replaces the spinner.
 */
const pageClass = 'min-h-screen pb-16';

/**
 * Loaded once a buyer is signed in: a guest's cart carries no forms or validation. When it cannot
 * be loaded the cart stays, with a line saying so and Retry.
 */
export const BILLING_FORM_NOT_LOADED = `The billing form could not be loaded: ${API_ERROR_MESSAGES.noResponse}.`;
const BillingForm = lazyPart(
  () => import('./billing-form'),
  (module) => module.BillingForm,
);

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Cart',
    description: 'Your selected VIP numbers with their prices, GST and TDS, ready for checkout.',
    path: '/cart',
    noIndex: true,
  });

/**
 * /cart: the numbers, their prices (and a change), the totals with GST and TDS in rupees, and
 * Checkout. The cart is validated once when the page opens (spec §4), so the buyer sees gone
 * numbers and new prices before checking out.
 */
export default function CartPage() {
  const hydrated = useHydrated();
  const cart = useCart();
  const { user, address } = useAuth();
  const validated = useRef(false);
  const { status, lines, validate } = cart;
  const billingFormId = useId();
  const [billingState, setBillingState] = useState('');
  const forState = useCartForBillingState(status === 'signed-in' ? billingState : '');
  // The totals follow the billing state chosen; until they arrive, the cart's own.
  const totals = forState.data ? serverCartView(forState.data).totals : cart.totals;
  const [busy, setBusy] = useState(false);
  /**
   * Checkout pressed before the billing form's script arrived: the form submits as it arrives
   * (as a checkout resumed after a sign-in does), the button saying it waits meanwhile.
   */
  const [checkoutWaiting, setCheckoutWaiting] = useState(false);
  /**
   * The form's script failed: Checkout pressed then mounts the form afresh, which imports it
   * again, and waits for it as above (QA 33 F1: it waited for a load that had ended).
   */
  const [billingFormFailed, setBillingFormFailed] = useState(false);
  const [billingFormMount, setBillingFormMount] = useState(0);
  const { checkoutResumed } = cart;
  const submittedAtOnce = useCallback(() => {
    setCheckoutWaiting(false);
    checkoutResumed();
  }, [checkoutResumed]);
  /** Signed in on this page (Checkout asks a guest to): the billing form takes the focus. */
  const [signedInHere, setSignedInHere] = useState(false);
  usePageChange(status === 'loading' ? null : status, () =>
    setSignedInHere(status === 'signed-in'),
  );
  /** A checkout stopped: it would cancel this order awaiting payment (for other numbers). */
  const [toConfirm, setToConfirm] = useState<OpenOrder | null>(null);
  /** The order the buyer has just confirmed cancelling, for the submit under way. */
  const replacingRef = useRef<string | undefined>(undefined);
  const { target: confirmButton, focusLater: focusConfirmLater } =
    useFocusLater<HTMLButtonElement>();
  const { target: checkoutButton, focusLater: focusCheckoutLater } =
    useFocusLater<HTMLButtonElement>();
  /**
   * The numbers a validation removed, named from the lines the page showed (its answer gives
   * ids only, spec §4): said beside the spec's short toast until dismissed or the page is left.
   */
  const [gone, setGone] = useState<CartProduct[]>([]);
  const tellGone = useCallback((ids: readonly number[], shown: readonly CartLine[]) => {
    const removed = shown.filter((line) => ids.includes(line.product.id));
    if (removed.length > 0) setGone(removed.map((line) => line.product));
  }, []);
  const { target: itemsHeading, focusLater: focusItemsLater } = useFocusLater<HTMLHeadingElement>();
  const checkout = async (details?: CheckoutDetails) => {
    const replacing = replacingRef.current;
    replacingRef.current = undefined;
    const shown = lines;
    setBusy(true);
    try {
      const stop = await cart.checkout(details, { replacing });
      const replaces = stop && 'replaces' in stop ? stop.replaces : null;
      setToConfirm(replaces);
      if (replaces) focusConfirmLater();
      if (stop && 'unavailable' in stop) tellGone(stop.unavailable, shown);
    } finally {
      setBusy(false);
    }
  };

  // A line removed from its Remove button: the focus goes to the Remove button of the line now
  // in its place (the next), else of the last line (the previous), else to the empty cart's
  // message, once the line has gone.
  const { target: lineButton, focusLater: focusLineLater } = useFocusLater<HTMLButtonElement>();
  const { target: emptyMessage, focusLater: focusEmptyLater } =
    useFocusLater<HTMLParagraphElement>();
  const [removed, setRemoved] = useState<{ id: string; at: number } | null>(null);
  /**
   * A removal stopped before it cancels the order awaiting payment holding the number: the
   * line's (or, with none, Empty cart's), for the buyer to confirm (QA pass 28, F2).
   */
  const [toCancel, setToCancel] = useState<{ line: CartLine | null; order: OrderRef } | null>(null);
  const { target: cancelButton, focusLater: focusCancelLater } = useFocusLater<HTMLButtonElement>();
  const askToCancel = (line: CartLine | null, order: OrderRef) => {
    setToCancel({ line, order });
    focusCancelLater();
  };
  const remove = async (line: CartLine, hadFocus: boolean, cancelling?: OrderRef) => {
    const at = lines.indexOf(line);
    const last = lines.length === 1;
    const result = await cart.removeItem(line, cancelling);
    if (result !== true) {
      if (result) askToCancel(line, result.cancels);
      return;
    }
    setToCancel(null);
    if (!hadFocus) return;
    if (last) focusEmptyLater();
    else focusLineLater();
    setRemoved({ id: line.id, at });
  };
  const empty = async (cancelling?: OrderRef) => {
    const result = await cart.clear(cancelling);
    if (result === true) {
      setToCancel(null);
      focusEmptyLater();
    } else if (result) askToCancel(null, result.cancels);
  };
  /** The open order holding any of the cart's numbers: a removal asks before cancelling it. */
  const holding = (ids: readonly number[]) =>
    cart.openOrder && ids.some((id) => cart.openOrder?.productIds.includes(id))
      ? cart.openOrder
      : null;
  const focusLine =
    removed && !lines.some((line) => line.id === removed.id)
      ? (lines[removed.at] ?? lines.at(-1))
      : undefined;

  useEffect(() => {
    if (status === 'loading' || validated.current) return;
    validated.current = true;
    if (lines.length === 0) return;
    void validate().then((unavailable) => tellGone(unavailable, lines));
  }, [status, lines, validate, tellGone]);

  // The prerendered page (and the first paint) has its heading; the cart itself lives in this
  // browser or on the server, so its lines arrive once the page is running.
  if (!hydrated || status === 'loading') {
    return (
      <Container className={pageClass}>
        <PageHeader title="Your cart" />
        <PageSpinner label="Loading your cart" />
      </Container>
    );
  }

  return (
    <Container className={pageClass}>
      <PageHeader title="Your cart" />
      {cart.notSynced.length > 0 ? (
        <NotSyncedNotice products={cart.notSynced} onRetry={cart.retrySync} />
      ) : null}
      {gone.length > 0 ? (
        <GoneNotice
          products={gone}
          onDismiss={() => {
            setGone([]);
            if (lines.length > 0) focusItemsLater();
            else focusEmptyLater();
          }}
        />
      ) : null}
      {lines.length === 0 && cart.notSynced.length > 0 ? null : lines.length === 0 ? (
        <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
          <p ref={emptyMessage} tabIndex={-1} className="text-lg text-slate-700 outline-none">
            Your cart is empty.
          </p>
          <Link to="/premium-numbers" className="btn-primary mt-6">
            Browse premium numbers
          </Link>
        </div>
      ) : (
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          {cart.openOrder ? (
            <OpenOrderNotice
              order={cart.openOrder}
              inCart={
                lines.filter((line) => cart.openOrder?.productIds.includes(line.product.id)).length
              }
              replacedByCheckout={releasesOpenOrder(
                cart.openOrder,
                lines.map((line) => line.product.id),
              )}
            />
          ) : null}
          {/* The billing form (signed in) before the summary's Checkout, which submits it: the
              focus order follows the task, and on a phone the button comes after the form. */}
          <div className="grid content-start gap-8">
            <section aria-labelledby="cart-items-title">
              <h2 id="cart-items-title" ref={itemsHeading} tabIndex={-1} className="sr-only">
                Numbers in your cart
              </h2>
              <ul className="grid gap-4" data-testid="cart-items">
                {lines.map((line) => (
                  <CartLineItem
                    key={line.id}
                    line={line}
                    heldIn={
                      cart.openOrder?.productIds.includes(line.product.id) ? cart.openOrder : null
                    }
                    onRemove={async (hadFocus) => {
                      const order = holding([line.product.id]);
                      if (order) askToCancel(line, order);
                      else await remove(line, hadFocus);
                    }}
                    removeRef={line === focusLine ? lineButton : undefined}
                  />
                ))}
              </ul>
              {toCancel ? (
                <ConfirmCancellingOrder
                  order={toCancel.order}
                  confirmLabel={
                    toCancel.line
                      ? `Cancel order ${toCancel.order.reference} and remove ${toCancel.line.product.display}`
                      : `Cancel order ${toCancel.order.reference} and empty the cart`
                  }
                  confirmRef={cancelButton}
                  onConfirm={() => {
                    const { line, order } = toCancel;
                    void (line ? remove(line, true, order) : empty(order));
                  }}
                  onKeep={() => {
                    setToCancel(null);
                    focusItemsLater();
                  }}
                >
                  Order {toCancel.order.reference} holds{' '}
                  {toCancel.line ? toCancel.line.product.display : 'numbers in your cart'} for you
                  and is awaiting payment, perhaps in another tab or device.{' '}
                  {toCancel.line ? 'Removing it' : 'Emptying the cart'} cancels the order and
                  releases its numbers.
                </ConfirmCancellingOrder>
              ) : null}
              <button
                type="button"
                className="mt-4 text-sm font-semibold text-slate-700 underline underline-offset-2 hover:text-slate-950"
                onClick={() => {
                  const order = holding(lines.map((line) => line.product.id));
                  if (order) askToCancel(null, order);
                  else void empty();
                }}
              >
                Empty cart
              </button>
            </section>
            {status === 'signed-in' && user ? (
              <BillingForm
                key={billingFormMount}
                id={billingFormId}
                user={user}
                address={address}
                onStateChange={setBillingState}
                onSubmit={checkout}
                submitAtOnce={cart.resumeCheckout || checkoutWaiting}
                onSubmittedAtOnce={submittedAtOnce}
                focusOnOpen={signedInHere}
                failedText={BILLING_FORM_NOT_LOADED}
                onLoadFailed={() => {
                  setCheckoutWaiting(false);
                  setBillingFormFailed(true);
                }}
              />
            ) : null}
          </div>
          <OrderSummary
            totals={totals}
            tdsRates={cart.tdsRates}
            billingFormId={status === 'signed-in' && user ? billingFormId : undefined}
            busy={busy}
            waiting={checkoutWaiting}
            onCheckout={() => void checkout()}
            onFormNotThere={() => {
              if (billingFormFailed) {
                setBillingFormFailed(false);
                setBillingFormMount((mount) => mount + 1);
              }
              setCheckoutWaiting(true);
            }}
            checkoutRef={checkoutButton}
          >
            {toConfirm ? (
              <ConfirmCancellingOrder
                order={toConfirm}
                confirmLabel={`Cancel order ${toConfirm.reference} and check out the cart`}
                submits={status === 'signed-in' && user ? billingFormId : undefined}
                busy={busy}
                confirmRef={confirmButton}
                onConfirm={() => {
                  replacingRef.current = toConfirm.id;
                }}
                onKeep={() => {
                  setToConfirm(null);
                  focusCheckoutLater();
                }}
              >
                Your order {toConfirm.reference} for{' '}
                {toConfirm.productIds.length > 1 ? 'other numbers' : 'another number'} is awaiting
                payment. Checking out your cart cancels it and releases its{' '}
                {toConfirm.productIds.length > 1 ? 'numbers' : 'number'}.
              </ConfirmCancellingOrder>
            ) : null}
          </OrderSummary>
        </div>
      )}
    </Container>
  );
}

/**
 * Signed in, the numbers added before signing in whose sync to the account failed: kept in this
 * browser, tried again when the phone is back online or on Try again.
 */
function NotSyncedNotice({
  products,
  onRetry,
}: {
  products: readonly CartProduct[];
  onRetry: () => void;
}) {
  const one = products.length === 1;
  return (
    <div
      role="alert"
      className="mb-6 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <p>
        {one ? 'A number' : `${products.length} numbers`} you added before signing in (
        {products.map((product) => product.display).join(', ')}) {one ? 'has' : 'have'} not reached
        your account&apos;s cart yet. {one ? 'It is' : 'They are'} kept on this device.
      </p>
      <button type="button" className="btn-secondary mt-3" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** The numbers validation removed (spec §8's toast says only "some items"), by their digits. */
function GoneNotice({
  products,
  onDismiss,
}: {
  products: readonly CartProduct[];
  onDismiss: () => void;
}) {
  const one = products.length === 1;
  return (
    <div
      role="status"
      aria-label="Removed from your cart"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <p>
        {listInWords(products.map((product) => product.display))}{' '}
        {plural(products.length, 'is', 'are')} no longer available and {one ? 'was' : 'were'}{' '}
        removed from your cart.
      </p>
      <button type="button" className="btn-secondary" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

/**
 * The buyer's order awaiting payment: its numbers are held there, to pay, not to buy again.
 * `inCart`: how many of the cart's numbers it holds (none for a Buy now of another number);
 * `replacedByCheckout`: it holds numbers the cart has not, which checking out would release.
 */
function OpenOrderNotice({
  order,
  inCart,
  replacedByCheckout,
}: {
  order: OpenOrder;
  inCart: number;
  replacedByCheckout: boolean;
}) {
  return (
    <p
      role="status"
      className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 lg:col-span-2"
    >
      {inCart === 0
        ? `Your order ${order.reference} is`
        : `${inCart === 1 ? 'A number' : 'Numbers'} in your cart ${inCart === 1 ? 'is' : 'are'} held for you in order ${order.reference},`}{' '}
      awaiting payment until{' '}
      <time dateTime={order.holdExpiresAt}>
        {formatIndianDate(order.holdExpiresAt, { month: 'short', time: true })}
      </time>
      .{' '}
      <Link to={`/orders/${order.id}`} className="font-semibold underline">
        Pay for order {order.reference}
      </Link>
      {replacedByCheckout
        ? ` Checking out your cart cancels it and releases its ${order.productIds.length === 1 ? 'number' : 'numbers'}.`
        : null}
    </p>
  );
}

/**
 * A step stopped before it cancels the buyer's order awaiting payment: a checkout for other
 * numbers (a Buy now in another tab, say), or a removal of a number it holds (a tab that had not
 * seen the order, QA pass 28 F2). The buyer may be paying it right now, so it is cancelled only
 * on the confirm button (`submits`: the billing form it submits again, with the order named).
 * `children` says what the step does to the order.
 */
function ConfirmCancellingOrder({
  order,
  confirmLabel,
  submits,
  busy = false,
  confirmRef,
  onConfirm,
  onKeep,
  children,
}: {
  order: OrderRef;
  confirmLabel: string;
  submits?: string;
  busy?: boolean;
  confirmRef: Ref<HTMLButtonElement>;
  onConfirm: () => void;
  onKeep: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <p id={titleId}>
        {children} Paid for it already?{' '}
        <Link to={`/orders/${order.id}`} className="font-semibold underline">
          Tell us on order {order.reference}
        </Link>{' '}
        instead.
      </p>
      <button
        ref={confirmRef}
        type={submits ? 'submit' : 'button'}
        form={submits}
        disabled={busy}
        onClick={onConfirm}
        className="btn-primary mt-3 w-full disabled:cursor-wait disabled:opacity-70"
      >
        {confirmLabel}
      </button>
      <button type="button" onClick={onKeep} className="btn-secondary mt-2 w-full">
        Keep order {order.reference}
      </button>
    </div>
  );
}

/**
 * A line of the cart, a guest's or a signed-in buyer's alike; `heldIn`: the buyer's order
 * awaiting payment that holds its number. Its price is the one the cart counts (priceAtAdd),
 * called "Price": once validation adopts a new one it is not the price at add (decision 0086).
 * A price adopted since it was added (the line's `changedFrom`, kept by the guest cart and by
 * the server, decision 0093) is said as a change; the current price is shown beside it
 * only when it differs (or the number is sold).
 * Remove calls `onRemove` with whether the button had the focus; it is `aria-disabled` while
 * it runs, not `disabled`, so that it keeps the focus (a failure leaves it there).
 */
function CartLineItem({
  line,
  heldIn,
  onRemove,
  removeRef,
}: {
  line: CartLine;
  heldIn: { id: string; reference: string } | null;
  onRemove: (hadFocus: boolean) => Promise<void>;
  removeRef: Ref<HTMLButtonElement> | undefined;
}) {
  const [removing, setRemoving] = useState(false);
  const repriced = line.available && line.currentPrice !== line.priceAtAdd;
  const adoptedFrom =
    line.available && line.changedFrom !== line.priceAtAdd ? line.changedFrom : undefined;
  return (
    <li
      data-testid="cart-item"
      data-number={line.product.number}
      className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div>
        <p className="text-xs font-semibold text-blue-800">{line.product.category.name}</p>
        <p className="mt-1 font-mono text-2xl font-semibold tracking-wide text-slate-900 tabular-nums">
          {line.product.display}
        </p>
        {heldIn ? (
          <p className="mt-1 text-sm font-semibold text-amber-900" data-testid="held-in-order">
            Held for you in order {heldIn.reference}:{' '}
            <Link to={`/orders/${heldIn.id}`} className="underline">
              pay for it there
            </Link>
          </p>
        ) : !line.available ? (
          <p className="mt-1 text-sm font-semibold text-red-700">
            No longer available: remove it to check out.
          </p>
        ) : repriced ? (
          <p className="mt-1 text-sm text-amber-800">
            Price now {formatInr(line.currentPrice)}: the new price applies at checkout.
          </p>
        ) : adoptedFrom !== undefined ? (
          <p className="mt-1 text-sm text-amber-800">
            Price changed from {formatInr(adoptedFrom)} to {formatInr(line.priceAtAdd)}.
          </p>
        ) : null}
      </div>
      <div className="flex items-center gap-4">
        <dl className="grid grid-cols-[auto_auto] gap-x-3 text-right text-sm">
          <dt className="text-slate-600">Price</dt>
          <dd className="text-xl font-bold text-slate-900 tabular-nums" data-testid="line-price">
            {formatInr(line.priceAtAdd)}
          </dd>
          {line.available && !repriced ? null : (
            <>
              <dt className="text-slate-600">Current price</dt>
              <dd className="text-slate-800 tabular-nums" data-testid="current-price">
                {line.available ? formatInr(line.currentPrice) : 'Sold'}
              </dd>
            </>
          )}
        </dl>
        <button
          ref={removeRef}
          type="button"
          aria-disabled={removing || undefined}
          onClick={(event) => {
            if (removing) return;
            setRemoving(true);
            void onRemove(event.currentTarget === document.activeElement).finally(() =>
              setRemoving(false),
            );
          }}
          className="btn-secondary aria-disabled:opacity-60"
        >
          Remove <span className="sr-only">{line.product.display}</span>
        </button>
      </div>
    </li>
  );
}

function percentLabel(percent: number): string {
  return `${percent}%`;
}

/**
 * The totals and Checkout. Signed in, Checkout submits the billing form (`billingFormId`),
 * which checks out with its details; pressed before the form's script has arrived it calls
 * `onFormNotThere` and says it waits (`waiting`). A guest's Checkout asks to sign in.
 */
function OrderSummary({
  totals,
  tdsRates,
  billingFormId,
  busy,
  waiting,
  onCheckout,
  onFormNotThere,
  checkoutRef,
  children,
}: {
  totals: CartTotals;
  tdsRates: number[];
  billingFormId: string | undefined;
  busy: boolean;
  waiting: boolean;
  onCheckout: () => void;
  onFormNotThere: () => void;
  checkoutRef: Ref<HTMLButtonElement>;
  /** What stopped the checkout, under its button. */
  children?: ReactNode;
}) {
  const { setTdsPercent } = useCart();
  const rows: [string, number][] = [
    ['Subtotal', totals.subtotal],
    // Only a Corporate buyer may deduct TDS (the server offers them rates): no row for others.
    ...((tdsRates.length > 0 || totals.tdsDeducted > 0
      ? [[`TDS (${percentLabel(totals.tdsPercent)})`, -totals.tdsDeducted]]
      : []) satisfies [string, number][]),
    ...((totals.igstAmount > 0
      ? [[`IGST (${percentLabel(totals.igstPercent)})`, totals.igstAmount]]
      : [
          [`CGST (${percentLabel(totals.cgstPercent)})`, totals.cgstAmount],
          [`SGST (${percentLabel(totals.sgstPercent)})`, totals.sgstAmount],
        ]) satisfies [string, number][]),
  ];

  return (
    <section
      aria-labelledby="cart-summary-title"
      className="h-fit rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="cart-summary-title" className="text-lg font-semibold text-slate-900">
        Order summary
      </h2>
      <div className="mt-4 empty:hidden">
        <TdsSelect
          rates={tdsRates}
          value={totals.tdsPercent}
          onChange={(percent) => void setTdsPercent(percent)}
        />
      </div>
      <dl className="mt-4 grid gap-2 text-sm" data-testid="cart-totals">
        {rows.map(([label, amount]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-slate-700">{label}</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{formatInr(amount)}</dd>
          </div>
        ))}
        <div
          data-keep-clear
          className="mt-2 flex justify-between gap-4 border-t border-slate-200 pt-3 text-base"
        >
          <dt className="font-semibold text-slate-900">Total</dt>
          <dd className="font-bold text-slate-900 tabular-nums" data-testid="cart-total">
            {formatInr(totals.totalAmount)}
          </dd>
        </div>
      </dl>
      <button
        ref={checkoutRef}
        type={billingFormId ? 'submit' : 'button'}
        form={billingFormId}
        data-keep-clear
        disabled={busy}
        aria-busy={busy || waiting || undefined}
        onClick={(event) => {
          if (!billingFormId) onCheckout();
          else if (!event.currentTarget.form) onFormNotThere();
        }}
        className="btn-primary mt-6 w-full py-3 text-base disabled:cursor-wait disabled:opacity-70"
      >
        {busy ? 'Reserving your numbers' : waiting ? 'Loading the billing form…' : 'Checkout'}
      </button>
      {children}
      <p className="mt-3 text-xs text-slate-600">
        At checkout your numbers are held for you while you pay. Prices are before GST: CGST and
        SGST when the place of supply (your billing state, or your GSTIN&apos;s) is our state, IGST
        when it is another.
      </p>
    </section>
  );
}
