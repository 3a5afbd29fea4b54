import '@testing-library/jest-dom/vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok } from '../../../test-support/fake-api';
import { product } from '../../../test-support/products';
import { serverCart } from '../../../test-support/server-cart';
import { renderWithQuery } from '../../../test-support/render';
import {
  resetAfterTest,
  sampleAddress,
  sampleSession,
  setSessionHintCookie,
  sampleBilling,
} from '../../../test-support/session';
import { GSTIN_STATE_CONFIRM_REQUIRED } from './billing-form';
import { CAMPAIGN_TRACKING_KEY } from '../analytics/campaign-tracking';
import { AuthSessionProvider, useAuthActions } from '../auth';
import { NumberCard } from '../catalog';
import { numbersKeys } from '../catalog/api/get-numbers';
import { queryRoots } from '../../lib/query-keys';
import { CART_MESSAGES, removedCancellingMessage } from './cart-messages';
import CartPage from './cart-page';
import { CartProvider } from './cart-provider';
import { useCartActions, useCartCount } from './cart-slots';
import { addToGuestCart, emptyGuestCart, GUEST_CART_KEY } from './guest-cart';
import { readGuestCart, writeGuestCart } from './guest-cart-store';

beforeEach(() => {
  writeGuestCart(emptyGuestCart);
  localStorage.clear();
});

afterEach(resetAfterTest);

function Count() {
  return <output data-testid="count">{useCartCount()}</output>;
}

/** Adds regardless of what a card would show (a card hides Add for numbers in the cart). */
function AddAgain() {
  const { addToCart } = useCartActions();
  return (
    <button type="button" onClick={() => void addToCart(product(5, 7000))}>
      Add again
    </button>
  );
}

function AddPack() {
  const { addPack } = useCartActions();
  return (
    <button type="button" onClick={() => void addPack([product(5, 7000), product(6, 8000)])}>
      Add pack
    </button>
  );
}

function SignIn({ session }: { session: typeof sampleSession }) {
  const { setSession } = useAuthActions();
  return (
    <button type="button" onClick={() => setSession(session)}>
      Sign in now
    </button>
  );
}

/** The store around `page`; "Sign in now" signs in as `session`. */
function renderStore(path: string, page: React.ReactNode, session = sampleSession) {
  return renderWithQuery(
    path,
    <AuthSessionProvider>
      <CartProvider>
        <Count />
        <SignIn session={session} />
        {page}
      </CartProvider>
    </AuthSessionProvider>,
  );
}

function toast(text: string) {
  return screen.findByText(text);
}

/** A listing page cached as the catalogue keeps it. */
function listingWith(...items: ReturnType<typeof product>[]) {
  return { items, total: items.length, page: 1, pageSize: 24, pageCount: 1 };
}

/** What POST /cart/validate answers when every number is still on sale at its price. */
function allValid(...productIds: number[]) {
  return {
    validationResults: productIds.map((productId) => ({
      productId,
      valid: true,
      priceChanged: false,
      newPrice: null,
    })),
  };
}

/**
 * A cart line after a price change was adopted: the one price the cart counts, neither a "Price
 * at add" it was not added at nor a second "Current price" (decision 0086).
 */
function expectOnePrice(line: HTMLElement, price: string) {
  expect(within(line).getByTestId('line-price')).toHaveTextContent(price);
  expect(line).toHaveTextContent(`Price${price}`);
  expect(line).not.toHaveTextContent('Price at add');
  expect(line).not.toHaveTextContent('Current price');
}

function guestCartOf(...products: ReturnType<typeof product>[]) {
  writeGuestCart(products.reduce((cart, p) => addToGuestCart(cart, p), emptyGuestCart));
}

/** Fills a billing form's address (line 1 is always 12 Residency Road). */
function fillAddress(form: HTMLElement, state: string, city: string, pin: string) {
  const set = (label: string, value: string) =>
    fireEvent.change(within(form).getByLabelText(label), { target: { value } });
  set('Address line 1', '12 Residency Road');
  set('State or union territory', state);
  set('City', city);
  set('PIN code', pin);
}

/** The buyer's order awaiting payment: it holds number 1. */
const orderHoldingNumberOne = {
  id: 'order-3',
  reference: 'VN-20261125-ABCD2345',
  holdExpiresAt: '2026-11-25T09:00:00.000Z',
  productIds: [1],
};

/** A signed-in cart as GET /cart answers it, with the order awaiting payment it knows of. */
type CartWithOrder = ReturnType<typeof serverCart> & {
  openOrder?: typeof orderHoldingNumberOne | null;
};

describe('guest cart', () => {
  it('adds a number through POST /cart/add, saves it locally and counts it', async () => {
    const api = installFakeApi({ 'POST /cart/add/5': ok({ product: product(5, 7500) }) });
    renderStore('/', <NumberCard item={product(5, 7000)} />);
    fireEvent.click(screen.getByRole('button', { name: /Add .* to cart/ }));
    expect(await toast(CART_MESSAGES.added)).toBeInTheDocument();
    expect(api.callsTo('POST /cart/add/5')).toHaveLength(1);
    // The server's current price is what the cart keeps, not the card's.
    expect(readGuestCart().items.map((item) => item.priceAtAdd)).toEqual([7500]);
    expect(JSON.parse(localStorage.getItem(GUEST_CART_KEY)!).items).toHaveLength(1);
    expect(screen.getByTestId('count')).toHaveTextContent('1');
    expect(screen.getByRole('link', { name: /is in your cart/ })).toBeInTheDocument();
  });

  it('adds as a guest when a stale access cookie got a 401 and the refresh is refused', async () => {
    let cleared = false;
    installFakeApi({
      'POST /auth/refresh-token': () => {
        cleared = true;
        return fail(401, 'Your session has ended. Please sign in again.');
      },
      'POST /cart/add/5': () =>
        cleared ? ok({ product: product(5, 7500) }) : fail(401, 'Your session has expired.'),
    });
    renderStore('/', <AddAgain />);
    fireEvent.click(screen.getByRole('button', { name: 'Add again' }));
    expect(await toast(CART_MESSAGES.added)).toBeInTheDocument();
    expect(readGuestCart().productIds).toEqual([5]);
  });

  it('says the number is already in the cart without calling the server', async () => {
    guestCartOf(product(5, 7000));
    const api = installFakeApi({});
    renderStore(
      '/',
      <>
        <CartPage />
        <AddAgain />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add again' }));
    expect(await toast(CART_MESSAGES.alreadyInCart)).toBeInTheDocument();
    expect(api.callsTo('POST /cart/add/5')).toHaveLength(0);
  });

  it("shows the server's reason when a number cannot be added, else 'Error adding to cart'", async () => {
    installFakeApi({
      'POST /cart/add/5': fail(409, 'This number is no longer available.'),
      'POST /cart/add/6': { status: 500 },
    });
    renderStore(
      '/',
      <>
        <NumberCard item={product(5, 7000)} />
        <NumberCard item={product(6, 7000)} />
      </>,
    );
    const [first, second] = screen.getAllByRole('button', { name: /Add .* to cart/ });
    fireEvent.click(first!);
    expect(await toast('This number is no longer available.')).toBeInTheDocument();
    fireEvent.click(second!);
    expect(await toast(CART_MESSAGES.addFailed)).toBeInTheDocument();
    expect(readGuestCart().items).toHaveLength(0);
  });

  it('reads the listings again when a number turns out to be no longer available', async () => {
    installFakeApi({
      'POST /cart/add/5': fail(409, 'This number is no longer available.', {
        code: 'NUMBER_UNAVAILABLE',
      }),
      'POST /cart/add/6': { status: 500 },
    });
    const { queryClient } = renderStore(
      '/',
      <>
        <NumberCard item={product(5, 7000)} />
        <NumberCard item={product(6, 7000)} />
      </>,
    );
    queryClient.setQueryData(numbersKeys.list({}), listingWith(product(5, 7000), product(6, 7000)));
    const [gone, failing] = screen.getAllByRole('button', { name: /Add .* to cart/ });
    fireEvent.click(failing!);
    expect(await toast(CART_MESSAGES.addFailed)).toBeInTheDocument();
    // A server failure says nothing about the number: the listing stays as it is.
    expect(queryClient.getQueryState(numbersKeys.list({}))?.isInvalidated).toBe(false);
    fireEvent.click(gone!);
    expect(await toast('This number is no longer available.')).toBeInTheDocument();
    expect(queryClient.getQueryState(numbersKeys.list({}))?.isInvalidated).toBe(true);
  });

  it('validates on the cart page: drops gone numbers, adopts new prices, tells the buyer', async () => {
    guestCartOf(product(1, 5000), product(2, 7000));
    const api = installFakeApi({
      'POST /cart/validate': ok({
        validationResults: [
          { productId: 1, valid: false, priceChanged: false, newPrice: null },
          { productId: 2, valid: true, priceChanged: true, newPrice: 6500 },
        ],
      }),
    });
    renderStore('/cart', <CartPage />);
    expect(await toast(CART_MESSAGES.unavailable)).toBeInTheDocument();
    expect(await toast(CART_MESSAGES.pricesChanged)).toBeInTheDocument();
    expect(api.callsTo('POST /cart/validate')[0]!.body).toEqual({
      items: [
        { product: { id: 1, pricing: { nwFinalPrice: 5000 } }, priceAtAdd: 5000 },
        { product: { id: 2, pricing: { nwFinalPrice: 7000 } }, priceAtAdd: 7000 },
      ],
    });
    await waitFor(() => expect(screen.getAllByTestId('cart-item')).toHaveLength(1));
    // The line says which price changed, and from what.
    expect(screen.getByTestId('cart-item')).toHaveTextContent(
      'Price changed from ₹7,000 to ₹6,500.',
    );
    // Then one price, the one the cart now counts (as the API's priceAtAdd): no "Price at add"
    // it was not added at (decision 0086).
    expectOnePrice(screen.getByTestId('cart-item'), '₹6,500');
    // 6500 + 585 + 585 = 7670, in Indian grouping.
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹7,670');
    // The totals follow the adopted price; the cart keeps the one it was added at.
    expect(readGuestCart().items[0]).toMatchObject({ priceAtAdd: 6500, changedFrom: 7000 });
  });

  it('tells a guest the price of an id-only item changed, as a signed-in buyer is told, after a reload too', async () => {
    localStorage.setItem(
      GUEST_CART_KEY,
      JSON.stringify({
        items: [{ id: '296', product: 296, priceAtAdd: 1400, addedAt: '2026-11-30T09:00:00Z' }],
      }),
    );
    installFakeApi({
      'POST /cart/add/296': ok({ product: product(296, 2400) }),
      'POST /cart/validate': ok(allValid(296)),
    });
    const first = renderStore('/cart', <CartPage />);
    expect(await toast(CART_MESSAGES.pricesChanged)).toBeInTheDocument();
    const line = await screen.findByTestId('cart-item');
    expect(line).toHaveTextContent('Price changed from ₹1,400 to ₹2,400.');
    expectOnePrice(line, '₹2,400');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹2,832');
    first.unmount();

    renderStore('/cart', <CartPage />);
    const again = await screen.findByTestId('cart-item');
    expect(again).toHaveTextContent('Price changed from ₹1,400 to ₹2,400.');
    expectOnePrice(again, '₹2,400');
  });

  it('names each number validation removed, from the cart, until the buyer dismisses it', async () => {
    guestCartOf(product(1, 5000), product(2, 7000), product(3, 9000));
    installFakeApi({
      // Ids only (spec §4): the digits come from the cart's own lines.
      'POST /cart/validate': ok({
        validationResults: [
          { productId: 1, valid: false, priceChanged: false, newPrice: null },
          { productId: 2, valid: true, priceChanged: false, newPrice: null },
          { productId: 3, valid: false, priceChanged: false, newPrice: null },
        ],
      }),
    });
    renderStore('/cart', <CartPage />);
    // The spec's toast, word for word, and beside it a line that stays.
    expect(await toast(CART_MESSAGES.unavailable)).toBeInTheDocument();
    const notice = await screen.findByRole('status', { name: 'Removed from your cart' });
    expect(notice).toHaveTextContent(
      '98765 00001 and 98765 00003 are no longer available and were removed from your cart.',
    );
    expect(screen.getAllByTestId('cart-item')).toHaveLength(1);
    fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(
      screen.queryByRole('status', { name: 'Removed from your cart' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Numbers in your cart' })).toHaveFocus();
  });

  it('names the one number removed from a cart it empties, over the empty cart', async () => {
    guestCartOf(product(4, 5000));
    installFakeApi({
      'POST /cart/validate': ok({
        validationResults: [{ productId: 4, valid: false, priceChanged: false, newPrice: null }],
      }),
    });
    renderStore('/cart', <CartPage />);
    const notice = await screen.findByRole('status', { name: 'Removed from your cart' });
    expect(notice).toHaveTextContent(
      '98765 00004 is no longer available and was removed from your cart.',
    );
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
    fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.getByText('Your cart is empty.')).toHaveFocus());
  });

  it('keeps an item stored with only its id: counts it, fetches its product, validates it', async () => {
    localStorage.setItem(
      GUEST_CART_KEY,
      JSON.stringify({
        items: [{ id: '3344', product: 3344, priceAtAdd: 8299, addedAt: '2026-11-30T09:00:00Z' }],
      }),
    );
    const api = installFakeApi({
      'POST /cart/add/3344': ok({ product: product(3344, 7999) }),
      'POST /cart/validate': ok(allValid(3344)),
    });
    renderStore('/cart', <CartPage />);
    expect(await screen.findByTestId('cart-item')).toHaveTextContent('98765 03344');
    expect(screen.getByTestId('count')).toHaveTextContent('1');
    expect(await toast(CART_MESSAGES.pricesChanged)).toBeInTheDocument();
    expect(api.callsTo('POST /cart/add/3344')).toHaveLength(1);
    expect(readGuestCart().items).toMatchObject([{ id: '3344', priceAtAdd: 7999 }]);
  });

  it('drops an id-only item whose number is gone, with the validation warning', async () => {
    localStorage.setItem(
      GUEST_CART_KEY,
      JSON.stringify({
        items: [{ id: '3344', product: 3344, priceAtAdd: 8299, addedAt: '2026-11-30T09:00:00Z' }],
      }),
    );
    installFakeApi({
      'POST /cart/add/3344': fail(409, 'This number is no longer available.'),
    });
    renderStore('/cart', <CartPage />);
    expect(await toast(CART_MESSAGES.unavailable)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('0'));
    expect(localStorage.getItem(GUEST_CART_KEY)).toBeNull();
  });

  it('makes no call for an empty cart', async () => {
    const api = installFakeApi({});
    renderStore('/cart', <CartPage />);
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('removes an item and asks a guest to log in at checkout', async () => {
    guestCartOf(product(1, 5000), product(2, 7000));
    installFakeApi({
      'POST /cart/validate': ok(allValid(1, 2)),
    });
    renderStore('/cart', <CartPage />);
    const first = (await screen.findAllByTestId('cart-item'))[0]!;
    fireEvent.click(within(first).getByRole('button', { name: /Remove/ }));
    expect(await toast(CART_MESSAGES.removed)).toBeInTheDocument();
    expect(screen.getAllByTestId('cart-item')).toHaveLength(1);
    expect(screen.getByTestId('count')).toHaveTextContent('1');
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await toast(CART_MESSAGES.signInToCheckout)).toBeInTheDocument();
  });

  it("gives the focus to the next line's Remove, else the previous line's, else the empty cart", async () => {
    guestCartOf(product(1, 5000), product(2, 7000), product(3, 9000));
    installFakeApi({
      'POST /cart/validate': ok(allValid(1, 2, 3)),
    });
    renderStore('/cart', <CartPage />);
    const remove = (display: string) => screen.getByRole('button', { name: `Remove ${display}` });
    (await screen.findByRole('button', { name: 'Remove 98765 00001' })).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(remove('98765 00002')).toHaveFocus());
    remove('98765 00003').focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(remove('98765 00002')).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByText('Your cart is empty.')).toHaveFocus());
  });

  it('gives the focus to the empty cart once Empty cart has emptied it', async () => {
    guestCartOf(product(1, 5000), product(2, 7000));
    installFakeApi({
      'POST /cart/validate': ok(allValid(1, 2)),
    });
    renderStore('/cart', <CartPage />);
    (await screen.findByRole('button', { name: 'Empty cart' })).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByText('Your cart is empty.')).toHaveFocus());
  });
});

describe('signing in with a guest cart', () => {
  /**
   * A guest with one number who asks to check out: the calls the sign-in will lead to, the sync
   * answering `synced` (the account's cart, with the guest's number added).
   */
  function guestAsksToCheckOut(synced = serverCart([{ id: 1, price: 5000 }])) {
    guestCartOf(product(1, 5000));
    return installFakeApi({
      'POST /cart/validate': ok({
        validationResults: [{ productId: 1, valid: true, priceChanged: false, newPrice: null }],
        cart: synced,
      }),
      'POST /cart/sync': ok({ ...synced, dropped: [], validationResults: [] }),
      'GET /cart': ok(synced),
      'POST /cart/checkout': {
        status: 201,
        body: {
          success: true,
          data: { order: { id: 'order-7', reference: 'VN-7' }, validationResults: [] },
        },
      },
    });
  }

  it('goes on to checkout with the same cart once the guest who asked signs in', async () => {
    const api = guestAsksToCheckOut();
    renderStore('/cart', <CartPage />, { ...sampleSession, address: sampleAddress });
    fireEvent.click(await screen.findByRole('button', { name: 'Checkout' }));
    expect(await toast(CART_MESSAGES.signInToCheckout)).toBeInTheDocument();
    expect(api.callsTo('POST /cart/checkout')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Sign in now' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/orders/order-7'),
    );
    // The cart reached the account before the checkout, which made one order of it, billed
    // through the billing form as the profile says.
    expect(api.callsTo('POST /cart/sync')).toHaveLength(1);
    expect(api.callsTo('POST /cart/checkout')).toHaveLength(1);
    expect(api.callsTo('POST /cart/checkout')[0]!.body).toEqual({
      billing: sampleBilling,
    });
  });

  it("stops at the cart when the account's cart held numbers from an earlier visit", async () => {
    const api = guestAsksToCheckOut(
      serverCart([
        { id: 1, price: 5000 },
        { id: 9, price: 80000 },
      ]),
    );
    renderStore('/cart', <CartPage />, { ...sampleSession, address: sampleAddress });
    fireEvent.click(await screen.findByRole('button', { name: 'Checkout' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in now' }));

    expect(await toast(CART_MESSAGES.merged)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/cart');
    expect(api.callsTo('POST /cart/checkout')).toHaveLength(0);
  });

  it('stops at the billing form, on what is missing, when the profile has no address', async () => {
    const api = guestAsksToCheckOut();
    renderStore('/cart', <CartPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Checkout' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in now' }));

    const line1 = await screen.findByLabelText('Address line 1');
    await waitFor(() => expect(line1).toHaveAccessibleDescription(/address/i));
    await waitFor(() => expect(line1).toHaveFocus());
    expect(screen.getByTestId('location')).toHaveTextContent('/cart');
    expect(api.callsTo('POST /cart/checkout')).toHaveLength(0);
  });

  it('syncs the guest cart, empties it and tells which numbers were gone', async () => {
    guestCartOf(product(1, 5000), product(2, 7000));
    const api = installFakeApi({
      'POST /cart/sync': ok(
        {
          ...serverCart([{ id: 1, price: 5000 }]),
          dropped: [{ productId: 2, reason: 'unavailable' }],
          validationResults: [],
        },
        'Your cart has been synced with your account',
      ),
      'GET /cart': ok(serverCart([{ id: 1, price: 5000 }])),
    });
    renderStore('/', null);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in now' }));
    expect(await toast(CART_MESSAGES.synced)).toBeInTheDocument();
    expect(
      await toast('This number is no longer available and was removed: 9876500002'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /cart/sync')[0]!.body).toEqual({
      items: [
        { product: { id: 1, pricing: { nwFinalPrice: 5000 } }, priceAtAdd: 5000 },
        { product: { id: 2, pricing: { nwFinalPrice: 7000 } }, priceAtAdd: 7000 },
      ],
    });
    expect(localStorage.getItem(GUEST_CART_KEY)).toBeNull();
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('1'));
    expect(api.callsTo('POST /cart/sync')).toHaveLength(1);
  });

  it("sends each item's changedFrom, and the account's cart line says the change after a reload", async () => {
    // A guest's item whose new price validation adopted (decision 0086).
    const risen = {
      id: '1',
      product: product(1, 2400),
      priceAtAdd: 2400,
      changedFrom: 1400,
      addedAt: '2026-11-30T09:00:00.000Z',
    };
    localStorage.setItem(GUEST_CART_KEY, JSON.stringify({ items: [risen] }));
    const synced = serverCart([{ id: 1, price: 2400, from: 1400 }]);
    const api = installFakeApi({
      'GET /user/profile': ok(sampleSession),
      'POST /cart/sync': ok({ ...synced, dropped: [], validationResults: [] }),
      'GET /cart': ok(synced),
      'POST /cart/validate': ok({ validationResults: [], cart: synced }),
    });
    const first = renderStore('/', null);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in now' }));
    expect(await toast(CART_MESSAGES.synced)).toBeInTheDocument();
    expect(api.callsTo('POST /cart/sync')[0]!.body).toEqual({
      items: [
        {
          product: { id: 1, pricing: { nwFinalPrice: 2400 } },
          priceAtAdd: 2400,
          changedFrom: 1400,
        },
      ],
    });
    first.unmount();

    // A reload: the signed-in cart as the server keeps it.
    setSessionHintCookie();
    renderStore('/cart', <CartPage />);
    const line = await screen.findByTestId('cart-item');
    expect(line).toHaveTextContent('Price changed from ₹1,400 to ₹2,400.');
    expectOnePrice(line, '₹2,400');
  });

  it('keeps the guest cart and says so when the sync fails', async () => {
    guestCartOf(product(1, 5000));
    installFakeApi({ 'POST /cart/sync': { status: 500 }, 'GET /cart': ok(serverCart([])) });
    renderStore('/', null);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in now' }));
    expect(await toast(CART_MESSAGES.syncFailed)).toBeInTheDocument();
    expect(readGuestCart().items).toHaveLength(1);
  });
});

describe('a guest cart whose sync at sign-in fails', () => {
  beforeEach(() => guestCartOf(product(1, 5000)));

  /** The sync fails the first time, then answers the account's cart with number 1. */
  function failingOnce() {
    let syncs = 0;
    const synced = serverCart([{ id: 1, price: 5000 }]);
    return installFakeApi({
      'POST /cart/sync': () =>
        (syncs += 1) === 1
          ? { status: 500 }
          : ok({ ...synced, dropped: [], validationResults: [] }),
      'GET /cart': ok(serverCart([])),
      'POST /cart/validate': ok({ ...allValid(1), cart: synced }),
    });
  }

  it('keeps showing the numbers and syncs them again on Try again', async () => {
    const api = failingOnce();
    renderStore('/cart', <CartPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in now' }));
    expect(await toast(CART_MESSAGES.syncFailed)).toBeInTheDocument();
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(
      "A number you added before signing in (98765 00001) has not reached your account's cart yet.",
    );
    expect(screen.queryByText('Your cart is empty.')).not.toBeInTheDocument();
    expect(screen.getByTestId('count')).toHaveTextContent('1');
    fireEvent.click(within(notice).getByRole('button', { name: 'Try again' }));
    expect(await toast(CART_MESSAGES.synced)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(await screen.findByTestId('cart-item')).toHaveAttribute('data-number', '9876500001');
    expect(screen.getByTestId('count')).toHaveTextContent('1');
    expect(api.callsTo('POST /cart/sync')).toHaveLength(2);
    expect(readGuestCart().items).toHaveLength(0);
  });

  it('syncs them again when the phone comes back online', async () => {
    const api = failingOnce();
    renderStore('/', null);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in now' }));
    expect(await toast(CART_MESSAGES.syncFailed)).toBeInTheDocument();
    expect(api.callsTo('POST /cart/sync')).toHaveLength(1);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await toast(CART_MESSAGES.synced)).toBeInTheDocument();
    expect(api.callsTo('POST /cart/sync')).toHaveLength(2);
  });
});

describe('signed-in cart and checkout', () => {
  beforeEach(() => setSessionHintCookie());
  const buyerWithAddress = { ...sampleSession, address: sampleAddress };

  it('shows the TDS row to a buyer the server offers TDS rates', async () => {
    installFakeApi({
      'GET /user/profile': ok(sampleSession),
      'GET /cart': ok({ ...serverCart([{ id: 1, price: 5000 }]), tdsRates: [0, 1, 2] }),
      'POST /cart/validate': ok({
        validationResults: [],
        cart: { ...serverCart([{ id: 1, price: 5000 }]), tdsRates: [0, 1, 2] },
      }),
    });
    renderStore('/cart', <CartPage />);
    expect(await screen.findAllByTestId('cart-item')).toHaveLength(1);
    expect(screen.getByTestId('cart-totals')).toHaveTextContent('TDS (0%)');
  });

  it('shows the server cart with its totals and removes by item id', async () => {
    const api = installFakeApi({
      'GET /user/profile': ok(sampleSession),
      'GET /cart': ok(
        serverCart([
          { id: 1, price: 5000 },
          { id: 2, price: 100000 },
        ]),
      ),
      'POST /cart/validate': ok({
        validationResults: [],
        cart: serverCart([
          { id: 1, price: 5000 },
          { id: 2, price: 100000 },
        ]),
      }),
      'DELETE /cart/item/item-2': ok(serverCart([{ id: 1, price: 5000 }])),
    });
    renderStore('/cart', <CartPage />);
    expect(await screen.findAllByTestId('cart-item')).toHaveLength(2);
    expect(screen.getByTestId('cart-totals')).toHaveTextContent('₹1,05,000');
    // No TDS rates offered (only a Corporate buyer may deduct TDS): no TDS row (QA 18 F11).
    expect(screen.getByTestId('cart-totals')).not.toHaveTextContent('TDS');
    // One price a line when the number costs what the cart counts.
    expect(screen.getAllByTestId('line-price').map((cell) => cell.textContent)).toEqual([
      '₹5,000',
      '₹1,00,000',
    ]);
    expect(screen.queryByTestId('current-price')).toBeNull();
    expect(api.callsTo('POST /cart/validate')[0]!.body).toBeUndefined();
    const second = screen.getAllByTestId('cart-item')[1]!;
    within(second)
      .getByRole('button', { name: /Remove/ })
      .focus();
    fireEvent.click(within(second).getByRole('button', { name: /Remove/ }));
    expect(await toast(CART_MESSAGES.removed)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('cart-item')).toHaveLength(1));
    // The line that had the focus has gone: the one before it takes it.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove 98765 00001' })).toHaveFocus(),
    );
  });

  it('shows the current price beside the price the cart counts only while they differ', async () => {
    const cart = serverCart([
      { id: 1, price: 5000, current: 6000 },
      { id: 2, price: 7000, available: false },
    ]);
    installFakeApi({
      'GET /user/profile': ok(sampleSession),
      'GET /cart': ok(cart),
      'POST /cart/validate': ok({ validationResults: [], cart }),
    });
    renderStore('/cart', <CartPage />);
    const [risen, sold] = await screen.findAllByTestId('cart-item');
    expect(risen).toHaveTextContent('Price now ₹6,000: the new price applies at checkout.');
    expect(risen).toHaveTextContent('Price₹5,000Current price₹6,000');
    expect(sold).toHaveTextContent('Price₹7,000Current priceSold');
  });

  it("names a number the server's validation removed from the account's cart", async () => {
    installFakeApi({
      'GET /user/profile': ok(sampleSession),
      'GET /cart': ok(
        serverCart([
          { id: 1, price: 5000 },
          { id: 2, price: 7000 },
        ]),
      ),
      'POST /cart/validate': ok({
        validationResults: [
          { productId: 1, valid: true, priceChanged: false, newPrice: null },
          { productId: 2, valid: false, priceChanged: false, newPrice: null },
        ],
        cart: serverCart([{ id: 1, price: 5000 }]),
      }),
    });
    renderStore('/cart', <CartPage />);
    const notice = await screen.findByRole('status', { name: 'Removed from your cart' });
    expect(notice).toHaveTextContent(
      '98765 00002 is no longer available and was removed from your cart.',
    );
    expect(screen.getAllByTestId('cart-item')).toHaveLength(1);
  });

  it('reads the cart again when an add or a remove has gone through without its answer', async () => {
    let cart = serverCart([{ id: 1, price: 5000 }]);
    const api = installFakeApi({
      'GET /user/profile': ok(buyerWithAddress),
      'GET /cart': () => ok(cart),
      'POST /cart/validate': () => ok({ ...allValid(...cart.productIds), cart }),
      // The number went in, its answer was lost; the retry finds it there.
      'POST /cart/add/5': () => {
        if (cart.productIds.includes(5))
          return fail(409, 'Product already in cart', { code: 'ALREADY_IN_CART' });
        cart = serverCart([
          { id: 1, price: 5000 },
          { id: 5, price: 7000 },
        ]);
        throw new TypeError('Failed to fetch');
      },
      // Removed already (a lost answer, or another tab).
      'DELETE /cart/item/item-1': () => {
        cart = serverCart([{ id: 5, price: 7000 }]);
        return fail(404, 'Item not found in cart', { code: 'ITEM_NOT_FOUND' });
      },
    });
    renderStore(
      '/cart',
      <>
        <AddAgain />
        <CartPage />
      </>,
    );
    expect(await screen.findAllByTestId('cart-item')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Add again' }));
    expect(await toast('No response received from server')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('2'));
    fireEvent.click(screen.getByRole('button', { name: 'Add again' }));
    expect(await toast(CART_MESSAGES.alreadyInCart)).toBeInTheDocument();
    expect(screen.getByTestId('count')).toHaveTextContent('2');
    fireEvent.click(screen.getByRole('button', { name: 'Remove 98765 00001' }));
    expect(await toast(CART_MESSAGES.removed)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('cart-item')).toHaveAttribute('data-number', '9876500005'),
    );
    expect(screen.queryByText('Item not found in cart')).not.toBeInTheDocument();
    expect(api.callsTo('POST /cart/add/5')).toHaveLength(2);
  });

  it('blocks checkout when a number is gone', async () => {
    // Still there when the page opens (its own validation), gone by the time of checkout.
    let validations = 0;
    const api = installFakeApi({
      'GET /user/profile': ok(buyerWithAddress),
      'GET /cart': ok(serverCart([{ id: 1, price: 5000 }])),
      'POST /cart/validate': () =>
        (validations += 1) === 1
          ? ok({
              validationResults: [
                { productId: 1, valid: true, priceChanged: false, newPrice: null },
              ],
              cart: serverCart([{ id: 1, price: 5000 }]),
            })
          : ok({
              validationResults: [
                { productId: 1, valid: false, priceChanged: false, newPrice: null },
              ],
              cart: serverCart([]),
            }),
    });
    renderStore('/cart', <CartPage />);
    const checkout = await screen.findByRole('button', { name: 'Checkout' });
    await waitFor(() => expect(api.callsTo('POST /cart/validate')).toHaveLength(1));
    fireEvent.click(checkout);
    expect(await toast(CART_MESSAGES.checkoutBlocked)).toBeInTheDocument();
    expect(api.callsTo('POST /cart/checkout')).toHaveLength(0);
    // Which one, from the line the page showed, and for as long as the buyer wants.
    expect(await screen.findByRole('status', { name: 'Removed from your cart' })).toHaveTextContent(
      '98765 00001 is no longer available and was removed from your cart.',
    );
  });

  it("links to the buyer's order awaiting payment that holds the cart's numbers", async () => {
    installFakeApi({
      'GET /user/profile': ok(sampleSession),
      'GET /cart': ok({
        ...serverCart([
          { id: 1, price: 5000 },
          { id: 2, price: 7000 },
        ]),
        openOrder: orderHoldingNumberOne,
      }),
      'POST /cart/validate': ok(allValid(1, 2)),
    });
    renderStore('/cart', <CartPage />);
    const notice = await screen.findByText(/held for you in order VN-20261125-ABCD2345/);
    expect(notice).toHaveTextContent(
      /^A number in your cart is held for you in order VN-20261125-ABCD2345, awaiting payment until 25 Nov 2026, 2:30 pm IST\./,
    );
    expect(
      within(notice).getByRole('link', { name: 'Pay for order VN-20261125-ABCD2345' }),
    ).toHaveAttribute('href', '/orders/order-3');
    // Each line held there says so, and links to it, instead of looking still to buy.
    const [held, free] = screen.getAllByTestId('cart-item') as [HTMLElement, HTMLElement];
    expect(within(held).getByTestId('held-in-order')).toHaveTextContent(
      'Held for you in order VN-20261125-ABCD2345: pay for it there',
    );
    expect(within(held).getByRole('link', { name: 'pay for it there' })).toHaveAttribute(
      'href',
      '/orders/order-3',
    );
    expect(within(free).queryByTestId('held-in-order')).not.toBeInTheDocument();
    // Every number of the order is in the cart: checking out takes them over, releases none.
    expect(notice).not.toHaveTextContent('Checking out your cart cancels it');
  });

  it("names the buyer's order awaiting payment without claiming the cart's numbers when it holds none of them", async () => {
    installFakeApi({
      'GET /user/profile': ok(sampleSession),
      'GET /cart': ok({
        ...serverCart([{ id: 2, price: 7000 }]),
        // A Buy now of another number, or an order whose payment staff sent back.
        openOrder: orderHoldingNumberOne,
      }),
      'POST /cart/validate': ok({
        validationResults: [{ productId: 2, valid: true, priceChanged: false, newPrice: null }],
      }),
    });
    renderStore('/cart', <CartPage />);
    const notice = await screen.findByText(/Your order VN-20261125-ABCD2345 is awaiting payment/);
    expect(notice).toHaveTextContent(
      /^Your order VN-20261125-ABCD2345 is awaiting payment until 25 Nov 2026, 2:30 pm IST\./,
    );
    expect(
      within(notice).getByRole('link', { name: 'Pay for order VN-20261125-ABCD2345' }),
    ).toHaveAttribute('href', '/orders/order-3');
    expect(screen.queryByTestId('held-in-order')).not.toBeInTheDocument();
    // One open order per buyer: checking out the cart would cancel this one.
    expect(notice).toHaveTextContent(
      /Pay for order VN-20261125-ABCD2345 Checking out your cart cancels it and releases its number\.$/,
    );
  });

  it('asks before a Remove or Empty cart cancels the order awaiting payment that holds the number', async () => {
    let cart: CartWithOrder = {
      ...serverCart([
        { id: 1, price: 5000 },
        { id: 2, price: 7000 },
      ]),
      openOrder: orderHoldingNumberOne,
    };
    const api = installFakeApi({
      'GET /user/profile': ok(sampleSession),
      'GET /cart': () => ok(cart),
      'POST /cart/validate': () => ok(allValid(...cart.productIds)),
      'DELETE /cart': () => {
        cart = { ...serverCart([]), openOrder: null };
        return ok(cart);
      },
    });
    renderStore('/cart', <CartPage />);
    const ask = 'Cancel order VN-20261125-ABCD2345 and remove 98765 00001';
    fireEvent.click(await screen.findByRole('button', { name: 'Remove 98765 00001' }));
    const group = await screen.findByRole('group', { name: /^Order VN-20261125-ABCD2345 holds/ });
    expect(group).toHaveTextContent(
      'Order VN-20261125-ABCD2345 holds 98765 00001 for you and is awaiting payment, perhaps in another tab or device. Removing it cancels the order and releases its numbers. Paid for it already? Tell us on order VN-20261125-ABCD2345 instead.',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: ask })).toHaveFocus());
    fireEvent.click(screen.getByRole('button', { name: 'Keep order VN-20261125-ABCD2345' }));
    expect(screen.queryByRole('button', { name: ask })).not.toBeInTheDocument();
    expect(screen.getAllByTestId('cart-item')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Empty cart' }));
    const empty = await screen.findByRole('button', {
      name: 'Cancel order VN-20261125-ABCD2345 and empty the cart',
    });
    expect(api.callsTo('DELETE /cart')).toEqual([]);
    fireEvent.click(empty);
    expect(
      await toast(removedCancellingMessage('emptied', 'VN-20261125-ABCD2345')),
    ).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/cart?cancelOrder=order-3',
    ]);
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
  });

  it('a tab that has not seen the order: the refused Remove shows the order and asks, the confirmed one says it is cancelled', async () => {
    // This tab read the cart before another tab checked it out (QA 28 F2).
    let cart: CartWithOrder = serverCart([{ id: 1, price: 5000 }]);
    const api = installFakeApi({
      'GET /user/profile': ok(sampleSession),
      'GET /cart': () => ok(cart),
      'POST /cart/validate': () => ok(allValid(...cart.productIds)),
      'DELETE /cart/item/item-1': (_body, call) => {
        if (!call.path.endsWith('?cancelOrder=order-3')) {
          return fail(409, 'Order VN-20261125-ABCD2345 holds this for you', {
            code: 'ORDER_HOLDS_NUMBER',
            order: { id: 'order-3', reference: 'VN-20261125-ABCD2345' },
          });
        }
        cart = { ...serverCart([]), openOrder: null };
        return ok(cart);
      },
    });
    renderStore('/cart', <CartPage />);
    expect(await screen.findAllByTestId('cart-item')).toHaveLength(1);
    cart = { ...cart, openOrder: orderHoldingNumberOne };
    fireEvent.click(screen.getByRole('button', { name: 'Remove 98765 00001' }));
    const ask = await screen.findByRole('button', {
      name: 'Cancel order VN-20261125-ABCD2345 and remove 98765 00001',
    });
    await waitFor(() => expect(ask).toHaveFocus());
    // The cart read again: the page now shows the order as a fresh one would.
    expect(
      await screen.findByText(/held for you in order VN-20261125-ABCD2345/),
    ).toBeInTheDocument();
    expect(screen.queryByText(CART_MESSAGES.removed)).not.toBeInTheDocument();
    expect(screen.getAllByTestId('cart-item')).toHaveLength(1);

    fireEvent.click(ask);
    expect(
      await toast(removedCancellingMessage('removed', 'VN-20261125-ABCD2345')),
    ).toBeInTheDocument();
    expect(api.callsTo('DELETE /cart/item/item-1')).toHaveLength(1);
    expect(api.callsTo('DELETE /cart/item/item-1?cancelOrder=order-3')).toHaveLength(1);
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
  });

  it('shows the order a checkout made when its answer was lost', async () => {
    let cart: CartWithOrder = serverCart([{ id: 1, price: 5000 }]);
    installFakeApi({
      'GET /user/profile': ok(buyerWithAddress),
      'GET /cart': () => ok(cart),
      'POST /cart/validate': () => ok({ ...allValid(1), cart }),
      // The order was made; its answer never arrived (QA 28 F6).
      'POST /cart/checkout': () => {
        cart = { ...cart, openOrder: orderHoldingNumberOne };
        throw new TypeError('Failed to fetch');
      },
    });
    const { queryClient } = renderStore('/cart', <CartPage />);
    queryClient.setQueryData([queryRoots.orders, 'list'], { orders: [] });
    fireEvent.click(await screen.findByRole('button', { name: 'Checkout' }));
    expect(await toast('No response received from server')).toBeInTheDocument();
    expect(await screen.findByText(/held for you in order VN-20261125-ABCD2345/)).toHaveTextContent(
      'Pay for order VN-20261125-ABCD2345',
    );
    expect(queryClient.getQueryState([queryRoots.orders, 'list'])?.isInvalidated).toBe(true);
    expect(screen.getByTestId('location')).toHaveTextContent('/cart');
  });

  it('checks out with the saved campaign record and opens the order page', async () => {
    const record = {
      gclid: 'g-1',
      utm_source: 'google',
      utm_campaign: 'diwali',
      timestamp: '2026-11-20T10:00:00.000Z',
      landing_page: '/offer-zone',
      expires_at: '2027-02-18T10:00:00.000Z',
    };
    localStorage.setItem(CAMPAIGN_TRACKING_KEY, JSON.stringify(record));
    const valid = ok({
      validationResults: [{ productId: 1, valid: true, priceChanged: false, newPrice: null }],
      cart: serverCart([{ id: 1, price: 5000 }]),
    });
    const api = installFakeApi({
      'GET /user/profile': ok(buyerWithAddress),
      'GET /cart': ok(serverCart([{ id: 1, price: 5000 }])),
      'POST /cart/validate': valid,
      'POST /cart/checkout': {
        status: 201,
        body: {
          success: true,
          data: { order: { id: 'order-9', reference: 'VN-1' }, validationResults: [] },
        },
      },
    });
    const { queryClient } = renderStore('/cart', <CartPage />);
    // A listing the buyer saw the number in, still fresh in the cache.
    queryClient.setQueryData(numbersKeys.list({}), listingWith(product(1, 5000)));
    fireEvent.click(await screen.findByRole('button', { name: 'Checkout' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/orders/order-9'),
    );
    // Billed as the profile says, the form prefilled from it.
    expect(api.callsTo('POST /cart/checkout')[0]!.body).toEqual({
      attribution: record,
      billing: sampleBilling,
    });
    // The numbers just reserved must not show in it any more: the listings are read again.
    expect(queryClient.getQueryState(numbersKeys.list({}))?.isInvalidated).toBe(true);
  });

  it('shows the new total and the info toast when the server stops the checkout for a risen price', async () => {
    let cart = serverCart([{ id: 1, price: 5000 }]);
    const api = installFakeApi({
      'GET /user/profile': ok(buyerWithAddress),
      'GET /cart': () => ok(cart),
      'POST /cart/validate': () =>
        ok({
          validationResults: [{ productId: 1, valid: true, priceChanged: false, newPrice: null }],
          cart,
        }),
      // The offer ended between the validation and the checkout (decision 0084).
      'POST /cart/checkout': () => {
        cart = serverCart([{ id: 1, price: 6000, from: 5000 }]);
        return fail(
          409,
          'Prices for some items in your cart have changed. Please check the new total before checkout.',
          {
            code: 'PRICE_CHANGED',
            validationResults: [{ productId: 1, valid: true, priceChanged: true, newPrice: 6000 }],
          },
        );
      },
    });
    renderStore('/cart', <CartPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Checkout' }));
    expect(await toast(CART_MESSAGES.pricesChanged)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('cart-totals')).toHaveTextContent('₹6,000'));
    expect(screen.getByTestId('location')).toHaveTextContent('/cart');
    expect(api.callsTo('POST /cart/checkout')).toHaveLength(1);
    // The line says what changed as a guest's does, then the one price (decision 0086).
    const line = screen.getByTestId('cart-item');
    expect(line).toHaveTextContent('Price changed from ₹5,000 to ₹6,000.');
    expectOnePrice(line, '₹6,000');
  });

  it("stops before cancelling the buyer's order awaiting payment for other numbers, until confirmed", async () => {
    // A Buy now of number 1 in another tab: this tab's cart (number 2) never heard of it.
    const open = ok({
      ...allValid(2),
      cart: { ...serverCart([{ id: 2, price: 7000 }]), openOrder: orderHoldingNumberOne },
    });
    const api = installFakeApi({
      'GET /user/profile': ok(buyerWithAddress),
      'GET /cart': ok(serverCart([{ id: 2, price: 7000 }])),
      'POST /cart/validate': open,
      'POST /cart/checkout': {
        status: 201,
        body: {
          success: true,
          data: { order: { id: 'order-9', reference: 'VN-1' }, validationResults: [] },
        },
      },
    });
    renderStore('/cart', <CartPage />);
    await waitFor(() => expect(api.callsTo('POST /cart/validate')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    const confirm = await screen.findByRole('button', {
      name: 'Cancel order VN-20261125-ABCD2345 and check out the cart',
    });
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(api.callsTo('POST /cart/checkout')).toHaveLength(0);
    // Kept: nothing is ordered, the focus goes back to Checkout.
    fireEvent.click(screen.getByRole('button', { name: 'Keep order VN-20261125-ABCD2345' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Checkout' })).toHaveFocus());
    expect(screen.queryByRole('button', { name: /Cancel order/ })).not.toBeInTheDocument();
    // Checkout again stops again; the confirmation goes on with the billing details.
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Cancel order VN-20261125-ABCD2345 and check out the cart',
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/orders/order-9'),
    );
    expect(api.callsTo('POST /cart/checkout')).toHaveLength(1);
    expect(api.callsTo('POST /cart/checkout')[0]!.body).toMatchObject({
      billing: { line1: '1 MG Road', state: 'Maharashtra' },
    });
  });

  it('stops once and shows the cart when another tab or device changed its numbers', async () => {
    let validations = 0;
    const api = installFakeApi({
      'GET /user/profile': ok(buyerWithAddress),
      'GET /cart': ok(serverCart([{ id: 1, price: 5000 }])),
      // Number 1 removed and number 2 added in another tab after this page opened.
      'POST /cart/validate': () =>
        (validations += 1) === 1
          ? ok({ ...allValid(1), cart: serverCart([{ id: 1, price: 5000 }]) })
          : ok({ ...allValid(2), cart: serverCart([{ id: 2, price: 7000 }]) }),
      'POST /cart/checkout': {
        status: 201,
        body: {
          success: true,
          data: { order: { id: 'order-9', reference: 'VN-1' }, validationResults: [] },
        },
      },
    });
    renderStore('/cart', <CartPage />);
    await waitFor(() => expect(api.callsTo('POST /cart/validate')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await toast(CART_MESSAGES.changedElsewhere)).toBeInTheDocument();
    expect(api.callsTo('POST /cart/checkout')).toHaveLength(0);
    await waitFor(() =>
      expect(screen.getByTestId('cart-item')).toHaveAttribute('data-number', '9876500002'),
    );
    // Pressed again, with the new cart on screen: the order is placed.
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/orders/order-9'),
    );
  });

  it('reads the totals for the billing state again when the checkout finds a new price', async () => {
    let price = 50000;
    let validations = 0;
    installFakeApi({
      'GET /user/profile': ok({ ...sampleSession, address: sampleAddress }),
      'GET /cart': () => ok(serverCart([{ id: 1, price }])),
      'POST /cart/validate': () => {
        // The page validates as it opens; staff change the price before the buyer checks out.
        validations += 1;
        if (validations > 1) price = 60000;
        return ok({
          validationResults: [
            { productId: 1, valid: true, priceChanged: validations > 1, newPrice: null },
          ],
          cart: serverCart([{ id: 1, price }]),
        });
      },
    });
    renderStore('/cart', <CartPage />);
    // 50,000 + 18% GST.
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('₹59,000'));
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await toast(CART_MESSAGES.pricesChanged)).toBeInTheDocument();
    // The total on screen is the one the next click would order at: 60,000 + 18% GST.
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('₹70,800'));
  });

  it('puts the billing fields before Checkout, which submits them, in the focus order', async () => {
    installFakeApi({
      'GET /user/profile': ok(buyerWithAddress),
      'GET /cart': ok(serverCart([{ id: 1, price: 50000 }])),
      'POST /cart/validate': ok({
        validationResults: [{ productId: 1, valid: true, priceChanged: false, newPrice: null }],
      }),
    });
    renderStore('/cart', <CartPage />);
    const form = await screen.findByRole('region', { name: 'Billing details' });
    await userEvent.click(within(form).getByLabelText('PIN code'));
    // The privacy notice's link sits between the fields and Checkout (decision 0057).
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Privacy Policy (opens in a new tab)' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Checkout' })).toHaveFocus();
  });

  it('asks for the billing address, taxes by the state chosen, and sends it with the checkout', async () => {
    // No address in the profile; a Corporate buyer whose GSTIN (27) is from Maharashtra.
    const api = installFakeApi({
      'GET /user/profile': ok(sampleSession),
      'GET /cart': (_body, call) =>
        ok(
          call.path.includes('billingState=Karnataka')
            ? {
                ...serverCart([{ id: 1, price: 50000 }]),
                gst: { cgst: 0, sgst: 0, igst: 18 },
                placeOfSupply: 'Karnataka',
                cgstAmount: 0,
                sgstAmount: 0,
                igstAmount: 9000,
              }
            : serverCart([{ id: 1, price: 50000 }]),
        ),
      'POST /cart/validate': ok({
        validationResults: [{ productId: 1, valid: true, priceChanged: false, newPrice: null }],
        cart: serverCart([{ id: 1, price: 50000 }]),
      }),
      'POST /cart/checkout': {
        status: 201,
        body: {
          success: true,
          data: { order: { id: 'order-7', reference: 'VN-7' }, validationResults: [] },
        },
      },
    });
    renderStore('/cart', <CartPage />);
    const form = await screen.findByRole('region', { name: 'Billing details' });
    expect(within(form).getByLabelText('Billing name')).toHaveValue('asha verma');
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await within(form).findByText('Enter the first address line.')).toBeInTheDocument();
    expect(api.callsTo('POST /cart/checkout')).toHaveLength(0);

    // A PIN code of another state's zone is refused in the API's words.
    fillAddress(form, 'Karnataka', 'Bengaluru', '110001');
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(
      await within(form).findByText(
        'PIN code 110001 is in the Delhi zone (1), not Karnataka: check the PIN code or the state.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /cart/checkout')).toHaveLength(0);

    fillAddress(form, 'Karnataka', 'Bengaluru', '560025');
    // The totals follow the state chosen: IGST for a state other than the store's.
    await waitFor(() => expect(screen.getByTestId('cart-totals')).toHaveTextContent('IGST (18%)'));
    expect(screen.getByTestId('cart-totals')).not.toHaveTextContent('CGST');

    // The GSTIN is from another state: the buyer must confirm it.
    const confirm = within(form).getByRole('checkbox', {
      name: 'My GSTIN 27AAPFU0939F1ZV is registered in Maharashtra; bill this order to Karnataka all the same.',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await within(form).findByText(GSTIN_STATE_CONFIRM_REQUIRED)).toBeInTheDocument();
    expect(api.callsTo('POST /cart/checkout')).toHaveLength(0);
    // The focus takes the buyer there.
    await waitFor(() => expect(confirm).toHaveFocus());

    const profileReads = api.callsTo('GET /user/profile').length;
    fireEvent.click(confirm);
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/orders/order-7'),
    );
    // The server keeps the first address billed as the profile's: it is read again.
    await waitFor(() =>
      expect(api.callsTo('GET /user/profile').length).toBeGreaterThan(profileReads),
    );
    expect(api.callsTo('POST /cart/checkout')[0]!.body).toEqual({
      billing: {
        name: 'asha verma',
        line1: '12 Residency Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pinCode: '560025',
      },
      confirmGstinStateMismatch: true,
    });
  });
});

describe('adding once the access token has lapsed', () => {
  beforeEach(() => setSessionHintCookie());
  const expired = fail(401, 'Your session has expired. Please sign in again.');
  const cartWithFive = serverCart([{ id: 5, price: 7000 }]);
  const cartWithPack = serverCart([
    { id: 5, price: 7000 },
    { id: 6, price: 8000 },
  ]);

  /** A refresh the server grants; `refreshed` says one was asked for since it was last unset. */
  function grantedRefresh() {
    const session = {
      refreshed: false,
      refresh: () => {
        session.refreshed = true;
        return ok({ accessTokenExpiresAt: '2026-11-25T09:00:00.000Z' });
      },
    };
    return session;
  }

  /** The signed-in store; adds are answered by `add` and `addPack`, refreshes by `refresh`. */
  async function signedInStore(routes: Parameters<typeof installFakeApi>[0]) {
    const api = installFakeApi({
      'GET /user/profile': ok(sampleSession),
      'GET /cart': ok(serverCart([])),
      ...routes,
    });
    renderStore(
      '/',
      <>
        <AddAgain />
        <AddPack />
      </>,
    );
    await waitFor(() => expect(api.callsTo('GET /cart')).toHaveLength(1));
    return api;
  }

  it("refreshes and adds to the account's cart when the add was answered 401", async () => {
    const session = grantedRefresh();
    const api = await signedInStore({
      'POST /auth/refresh-token': session.refresh,
      'POST /cart/add/5': () =>
        session.refreshed ? ok({ ...cartWithFive, product: product(5, 7000) }) : expired,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add again' }));
    expect(await toast(CART_MESSAGES.added)).toBeInTheDocument();
    expect(screen.getByTestId('count')).toHaveTextContent('1');
    expect(api.callsTo('POST /cart/add/5')).toHaveLength(2);
    expect(readGuestCart().productIds).toEqual([]);
  });

  it("answered as for a guest (no access cookie went), refreshes and adds to the account's cart", async () => {
    const session = grantedRefresh();
    const api = await signedInStore({
      'POST /auth/refresh-token': session.refresh,
      'POST /cart/add/5': () =>
        session.refreshed
          ? ok({ ...cartWithFive, product: product(5, 7000) })
          : ok({ product: product(5, 7000) }),
      'POST /cart/add-pack': () =>
        session.refreshed
          ? ok({ ...cartWithPack, products: [product(5, 7000), product(6, 8000)] })
          : ok({ products: [product(5, 7000), product(6, 8000)] }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add again' }));
    expect(await toast(CART_MESSAGES.added)).toBeInTheDocument();
    expect(screen.getByTestId('count')).toHaveTextContent('1');
    expect(api.callsTo('POST /auth/refresh-token')).toHaveLength(1);
    expect(api.callsTo('POST /cart/add/5')).toHaveLength(2);

    session.refreshed = false;
    fireEvent.click(screen.getByRole('button', { name: 'Add pack' }));
    expect(await toast(CART_MESSAGES.packAdded)).toBeInTheDocument();
    expect(screen.getByTestId('count')).toHaveTextContent('2');
    expect(api.callsTo('POST /cart/add-pack')).toHaveLength(2);
    expect(readGuestCart().productIds).toEqual([]);
  });

  it('puts the number in the guest cart when the session has ended (the refresh is refused)', async () => {
    let ended = false;
    const api = await signedInStore({
      'POST /auth/refresh-token': () => {
        ended = true;
        return fail(401, 'Your session has ended. Please sign in again.');
      },
      // Once the refused refresh has cleared the cookies, the add is a guest's.
      'POST /cart/add/5': () => (ended ? ok({ product: product(5, 7000) }) : expired),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add again' }));
    expect(await toast(CART_MESSAGES.added)).toBeInTheDocument();
    expect(readGuestCart().productIds).toEqual([5]);
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('1'));
    expect(api.callsTo('POST /cart/add/5')).toHaveLength(2);
  });
});

describe('Buy now', () => {
  function BuyNow() {
    const { buyNow } = useCartActions();
    return (
      <button type="button" onClick={() => void buyNow(product(3, 9000))}>
        Buy now
      </button>
    );
  }

  const ordered = {
    status: 201,
    body: {
      success: true,
      data: { order: { id: 'order-3', reference: 'VN-3' }, validationResults: [] },
    },
  };

  it("shows a Corporate buyer the TDS rate the order deducts (the cart's) and lets it change", async () => {
    setSessionHintCookie();
    const cart = { ...serverCart([{ id: 1, price: 5000 }]), tdsRates: [0, 1, 2] };
    const api = installFakeApi({
      'GET /user/profile': ok({ ...sampleSession, address: sampleAddress }),
      'GET /cart': ok(cart),
      'PUT /cart/tds': ok({ ...cart, tdsPercent: 2 }),
    });
    renderStore('/numbers/9876500003', <BuyNow />);
    fireEvent.click(await screen.findByRole('button', { name: 'Buy now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy 98765 00003' });
    const tds = within(dialog).getByLabelText('TDS deducted by your company');
    expect(tds).toHaveValue('0');
    fireEvent.change(tds, { target: { value: '2' } });
    await waitFor(() => expect(tds).toHaveValue('2'));
    expect(api.callsTo('PUT /cart/tds')[0]!.body).toEqual({ tdsPercent: 2 });
  });

  it('asks for the billing details, then orders that number alone', async () => {
    setSessionHintCookie();
    const api = installFakeApi({
      'GET /user/profile': ok(sampleSession),
      'GET /cart': ok(serverCart([{ id: 1, price: 5000 }])),
      'POST /cart/checkout': ordered,
    });
    renderStore('/numbers/9876500003', <BuyNow />);
    fireEvent.click(await screen.findByRole('button', { name: 'Buy now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy 98765 00003' });
    expect(dialog).toHaveTextContent('₹9,000 before GST');

    // The profile has no address: nothing is ordered until the form is complete.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Address line 1')).toHaveFocus());
    expect(api.callsTo('POST /cart/checkout')).toHaveLength(0);

    fillAddress(dialog, 'Maharashtra', 'Pune', '411001');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/orders/order-3'),
    );
    expect(api.callsTo('POST /cart/checkout')[0]!.body).toEqual({
      numberId: 3,
      expectedPrice: 9000,
      billing: {
        name: 'asha verma',
        line1: '12 Residency Road',
        city: 'Pune',
        state: 'Maharashtra',
        pinCode: '411001',
      },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the details typed when the order fails, to place it again', async () => {
    setSessionHintCookie();
    let tries = 0;
    const api = installFakeApi({
      'GET /user/profile': ok(sampleSession),
      'GET /cart': ok(serverCart([{ id: 1, price: 5000 }])),
      'POST /cart/checkout': () =>
        (tries += 1) === 1 ? fail(500, 'No response received from server') : ordered,
    });
    renderStore('/numbers/9876500003', <BuyNow />);
    fireEvent.click(await screen.findByRole('button', { name: 'Buy now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy 98765 00003' });
    fillAddress(dialog, 'Maharashtra', 'Pune', '411001');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'No response received from server',
    );
    expect(within(dialog).getByLabelText('Address line 1')).toHaveValue('12 Residency Road');
    expect(within(dialog).getByLabelText('City')).toHaveValue('Pune');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/orders/order-3'),
    );
    expect(api.callsTo('POST /cart/checkout')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the new price when it rose since the page showed it, and buys at it next', async () => {
    setSessionHintCookie();
    let tries = 0;
    const api = installFakeApi({
      'GET /user/profile': ok({ ...sampleSession, address: sampleAddress }),
      'GET /cart': ok(serverCart([{ id: 1, price: 5000 }])),
      'POST /cart/checkout': () =>
        (tries += 1) === 1
          ? fail(
              409,
              'The price of this number has changed. Please check the new price before you buy.',
              {
                code: 'PRICE_CHANGED',
                validationResults: [
                  { productId: 3, valid: true, priceChanged: true, newPrice: 9500 },
                ],
              },
            )
          : ordered,
    });
    renderStore('/numbers/9876500003', <BuyNow />);
    fireEvent.click(await screen.findByRole('button', { name: 'Buy now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy 98765 00003' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
    // The server's words, about this number: the buyer may never have used the cart.
    expect(
      await toast(
        'The price of this number has changed. Please check the new price before you buy.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(dialog).toHaveTextContent('₹9,500 before GST'));
    expect(screen.getByTestId('location')).toHaveTextContent('/numbers/9876500003');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/orders/order-3'),
    );
    expect(api.callsTo('POST /cart/checkout').map((call) => call.body)).toMatchObject([
      { numberId: 3, expectedPrice: 9000 },
      { numberId: 3, expectedPrice: 9500 },
    ]);
  });

  it("says that ordering replaces the buyer's order awaiting payment for another number", async () => {
    setSessionHintCookie();
    installFakeApi({
      'GET /user/profile': ok({ ...sampleSession, address: sampleAddress }),
      'GET /cart': ok({
        ...serverCart([{ id: 1, price: 5000 }]),
        openOrder: orderHoldingNumberOne,
      }),
      'POST /cart/checkout': ordered,
    });
    renderStore('/numbers/9876500003', <BuyNow />);
    fireEvent.click(await screen.findByRole('button', { name: 'Buy now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy 98765 00003' });
    const note = await within(dialog).findByRole('note');
    expect(note).toHaveTextContent(
      'Your order VN-20261125-ABCD2345 is awaiting payment until 25 Nov 2026, 2:30 pm IST. Placing this order cancels it and releases its number. Paid for it already? Tell us on order VN-20261125-ABCD2345 instead.',
    );
    expect(
      within(note).getByRole('link', { name: 'Tell us on order VN-20261125-ABCD2345' }),
    ).toHaveAttribute('href', '/orders/order-3');
  });

  it('clicked while the session is still being restored, asks no signed-in buyer to sign in', async () => {
    setSessionHintCookie();
    let answerProfile: () => void = () => {};
    const profile = new Promise<void>((resolve) => {
      answerProfile = resolve;
    });
    installFakeApi({
      'GET /user/profile': async () => {
        await profile;
        return ok({ ...sampleSession, address: sampleAddress });
      },
      'GET /cart': ok(serverCart([])),
    });
    renderStore('/numbers/9876500003', <BuyNow />);
    fireEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    answerProfile();
    expect(await screen.findByRole('dialog', { name: 'Buy 98765 00003' })).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.queryByText(CART_MESSAGES.signInToCheckout)).not.toBeInTheDocument();
  });

  it('clicked while the session is still being restored, asks a guest to sign in once it is known', async () => {
    setSessionHintCookie();
    installFakeApi({
      'GET /user/profile': fail(401, 'Please sign in.'),
      'POST /auth/refresh-token': fail(401, 'Please sign in.'),
      'GET /cart': ok(serverCart([])),
    });
    renderStore('/numbers/9876500003', <BuyNow />);
    fireEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(await toast(CART_MESSAGES.signInToCheckout)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Buy 98765 00003' })).not.toBeInTheDocument();
  });

  it('gives the focus back to Buy now when its dialog closes', async () => {
    setSessionHintCookie();
    installFakeApi({
      'GET /user/profile': ok({ ...sampleSession, address: sampleAddress }),
      'GET /cart': ok(serverCart([])),
    });
    renderStore('/numbers/9876500003', <BuyNow />);
    const buy = await screen.findByRole('button', { name: 'Buy now' });
    buy.focus();
    fireEvent.click(buy);
    const dialog = await screen.findByRole('dialog', { name: 'Buy 98765 00003' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Buy now' }));
  });

  it('says nothing of an order awaiting payment for this same number', async () => {
    setSessionHintCookie();
    installFakeApi({
      'GET /user/profile': ok({ ...sampleSession, address: sampleAddress }),
      'GET /cart': ok({
        ...serverCart([]),
        openOrder: { ...orderHoldingNumberOne, productIds: [3] },
      }),
    });
    renderStore('/numbers/9876500003', <BuyNow />);
    fireEvent.click(await screen.findByRole('button', { name: 'Buy now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy 98765 00003' });
    expect(within(dialog).getByRole('button', { name: 'Place order' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('note')).not.toBeInTheDocument();
  });

  it('opens the billing step once the guest who asked signs in', async () => {
    const api = installFakeApi({
      'GET /cart': ok(serverCart([])),
      'POST /cart/checkout': ordered,
    });
    renderStore('/numbers/9876500003', <BuyNow />, { ...sampleSession, address: sampleAddress });
    fireEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(await toast(CART_MESSAGES.signInToCheckout)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Buy 98765 00003' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Sign in now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy 98765 00003' });
    expect(within(dialog).getByLabelText('City')).toHaveValue('Pune');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/orders/order-3'),
    );
    expect(api.callsTo('POST /cart/checkout')[0]!.body).toMatchObject({
      numberId: 3,
      billing: { city: 'Pune', state: 'Maharashtra' },
    });
  });
});
