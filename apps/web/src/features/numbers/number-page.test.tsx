import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoutesStub, Outlet, type MetaDescriptor } from 'react-router';
import { CartWithActions } from '../../../test-support/cart-actions';
import { fail, installFakeApi, ok } from '../../../test-support/fake-api';
import { product } from '../../../test-support/products';
import { createTestQueryClient, renderWithQuery } from '../../../test-support/render';
import { ToastProvider } from '../../components/toast';
import { siteConfig } from '../../lib/site-config';
import { CartActionsContext, OpenOrderContext, type CartActions } from '../cart';
import { HydratedProvider } from '../../lib/use-hydrated';
import type { NumberDetail } from './api/get-number';
import { NumberDetails } from './number-details';
import { numberMeta } from './number-meta';
import NumberPage, { clientLoader, ErrorBoundary, loader, meta } from './number-page';
import type { Route } from './+types/number-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A number's page data as the API sends it: no price for a sold or hidden one. */
function detail(
  overrides: Partial<Omit<NumberDetail, 'status' | 'pricing'>> & {
    status?: NumberDetail['status'];
    pricing?: NonNullable<NumberDetail['pricing']>;
  } = {},
): NumberDetail {
  const { status = 'available', ...rest } = overrides;
  const data = {
    id: 7,
    number: '9898989898',
    display: '98989 89898',
    category: { slug: 'semi-mirror-numbers', name: 'Semi Mirror Numbers' },
    categories: [
      { slug: 'semi-mirror-numbers', name: 'Semi Mirror Numbers' },
      { slug: 'two-digit-numbers', name: 'Two Digit Numbers' },
      { slug: 'ab-ab-ab-numbers', name: 'AB AB AB Numbers' },
    ],
    pricing: { nwFinalPrice: 45_000, nwBasePrice: 60_000, discountPercent: 25 },
    saving: 15_000,
    sum: 85,
    mid: 13,
    total: 4,
    spans: [
      [0, 4],
      [4, 8],
    ],
    ...rest,
  };
  const priced = status !== 'sold' && status !== 'hidden';
  return (
    priced ? { ...data, status } : { ...data, status, pricing: null, saving: 0 }
  ) as NumberDetail;
}

const similarItem = product(8, 2000, '9000000004');

function renderNumber(number: NumberDetail, actions: Partial<CartActions> = {}) {
  const fake = installFakeApi({
    [`GET /numbers/by-number/${number.number}/similar`]: ok({ items: [similarItem] }),
  });
  const cart: CartActions = {
    addToCart: vi.fn(async () => true),
    addPack: vi.fn(),
    isInCart: () => false,
    buyNow: vi.fn(),
    ...actions,
  };
  renderWithQuery(
    `/numbers/${number.number}`,
    <CartActionsContext.Provider value={cart}>
      <NumberDetails number={number} />
    </CartActionsContext.Provider>,
  );
  return { fake, cart };
}

const pageUrl = `${siteConfig.publicBaseUrl}/numbers/9898989898`;

describe('a number on sale', { timeout: 20_000 }, () => {
  it('shows the number, every category, the numerology and the offer', async () => {
    renderNumber(detail());
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('9 8 9 8 9 8 9 8 9 8');
    const categories = within(screen.getByTestId('number-categories')).getAllByRole('link');
    expect(categories.map((link) => link.textContent)).toEqual([
      'Semi Mirror Numbers',
      'Two Digit Numbers',
      'AB AB AB Numbers',
    ]);
    expect(categories[1]).toHaveAttribute('href', '/premium-numbers?category=two-digit-numbers');
    expect(screen.getByTestId('total-note')).toHaveTextContent(
      'Total 4: Ruled by Rahu: hard work, discipline and steady results.',
    );
    expect(screen.getByTestId('offer-price')).toHaveTextContent('Price ₹45,000was ₹60,000');
    expect(screen.getByText('You save ₹15,000 (25% off)')).toBeInTheDocument();
    // Similar numbers come from the API once the page runs in the browser.
    expect(
      await within(screen.getByTestId('similar-numbers')).findByRole('article'),
    ).toHaveAccessibleName('9 0 0 0 0 0 0 0 0 4');
  });

  it('says what an offer under 1% saves, without a percentage', () => {
    renderNumber(
      detail({
        pricing: { nwFinalPrice: 4999.99, nwBasePrice: 5000, discountPercent: 0 },
        saving: 0.01,
      }),
    );
    expect(screen.getByTestId('offer-price')).toHaveTextContent('Price ₹4,999.99was ₹5,000');
    expect(screen.getByText('You save ₹0.01')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/% off/);
  });

  it('adds it to the cart, or buys it now', async () => {
    const { cart } = renderNumber(detail());
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(cart.addToCart).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }));
    const buy = screen.getByRole('button', { name: 'Buy now' });
    buy.focus();
    fireEvent.click(buy);
    expect(cart.buyNow).toHaveBeenCalledWith(
      expect.objectContaining({ id: 7, number: '9898989898' }),
    );
    // It only opens the billing step: never disabled, it keeps the focus the dialog gives back.
    expect(buy).toBeEnabled();
    expect(buy).toHaveFocus();
  });

  it('gives the focus to "In cart: view cart" once added from the keyboard', async () => {
    installFakeApi({ 'GET /numbers/by-number/9898989898/similar': ok({ items: [] }) });
    renderWithQuery(
      '/numbers/9898989898',
      <CartWithActions>
        <NumberDetails number={detail()} />
      </CartWithActions>,
    );
    screen.getByRole('button', { name: 'Add to cart' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'In cart: view cart' })).toHaveFocus(),
    );
  });

  it('shares the page: WhatsApp, the copied link, and the phone’s share sheet', async () => {
    const writeText = vi.fn(async () => {});
    const share = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText }, share });
    renderNumber(detail());
    const group = within(screen.getByRole('group', { name: 'Share this number' }));
    expect(group.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`VIP mobile number 98989 89898 at ${siteConfig.storeName}: ${pageUrl}`)}`,
    );
    fireEvent.click(group.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(pageUrl));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    fireEvent.click(group.getByRole('button', { name: 'Share…' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: pageUrl }));
  });

  it('prefills the enquiry with the number', () => {
    renderNumber(detail());
    expect(screen.getByRole('heading', { name: 'Ask about this number' })).toBeInTheDocument();
    expect(screen.getByLabelText('Your message')).toHaveValue(
      'I am interested in the number 98989 89898. Please tell me more.',
    );
  });
});

describe('a number no longer on sale', { timeout: 20_000 }, () => {
  it('says a sold number is no longer available, offers no buying and shows similar ones', async () => {
    renderNumber(detail({ status: 'sold' }));
    expect(screen.getByTestId('number-status')).toHaveTextContent(
      'This number is no longer availableIt has been sold.',
    );
    expect(screen.queryByRole('button', { name: 'Buy now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    expect(screen.queryByTestId('offer-price')).toBeNull();
    expect(
      await within(screen.getByTestId('similar-numbers')).findAllByRole('article'),
    ).toHaveLength(1);
  });

  it('says a hidden number is not on sale, not that it was taken off sale (it may never have been on sale)', async () => {
    renderNumber(detail({ status: 'hidden' }));
    const status = screen.getByTestId('number-status');
    expect(status).toHaveTextContent(
      'This number is not on saleIt is not for sale now. Numbers like it are listed below.',
    );
    expect(status).not.toHaveTextContent(/no longer|taken off/);
    expect(screen.queryByRole('button', { name: 'Buy now' })).toBeNull();
    expect(
      await within(screen.getByTestId('similar-numbers')).findAllByRole('article'),
    ).toHaveLength(1);
  });

  it('says a coming number is not on sale yet in place, not as a live status around its Notify me form', () => {
    renderNumber(detail({ status: 'coming_soon' }));
    const status = screen.getByTestId('number-status');
    expect(status).toHaveTextContent(/^Coming soon: not on sale yet\./);
    expect(status).not.toHaveAttribute('role');
    expect(
      within(status).getByRole('button', { name: 'Notify me when 98989 89898 goes on sale' }),
    ).toBeVisible();
  });

  it('says a held number may come back, without buying buttons', () => {
    renderNumber(detail({ status: 'reserved' }));
    expect(screen.getByTestId('number-status')).toHaveTextContent(/^On hold/);
    expect(screen.queryByRole('button', { name: 'Buy now' })).toBeNull();
  });

  it("says the buyer's own order holds it, with a link to pay, once the page runs", () => {
    const held = detail({ status: 'reserved' });
    const openOrder = { id: 'order-3', reference: 'VN-20261125-ABCD2345', productIds: [held.id] };
    installFakeApi({
      [`GET /numbers/by-number/${held.number}/similar`]: ok({ items: [] }),
    });
    const { unmount } = renderWithQuery(
      `/numbers/${held.number}`,
      <HydratedProvider value={false}>
        <OpenOrderContext.Provider value={openOrder}>
          <NumberDetails number={held} />
        </OpenOrderContext.Provider>
      </HydratedProvider>,
    );
    // As rendered on the server (and hydrated): the same words for anyone.
    expect(screen.getByTestId('number-status')).toHaveTextContent(/^On hold: another buyer/);
    unmount();
    renderWithQuery(
      `/numbers/${held.number}`,
      <OpenOrderContext.Provider value={openOrder}>
        <NumberDetails number={held} />
      </OpenOrderContext.Provider>,
    );
    expect(screen.getByTestId('number-status')).toHaveTextContent(
      'Held for you in order VN-20261125-ABCD2345: pay now to keep it.',
    );
    expect(screen.getByRole('link', { name: 'pay now to keep it' })).toHaveAttribute(
      'href',
      '/orders/order-3',
    );
  });
});

describe('numberMeta', () => {
  const find = (meta: MetaDescriptor[], key: string, value: string) =>
    meta.find((tag) => (tag as Record<string, unknown>)[key] === value) as
      Record<string, string> | undefined;
  const product = (meta: MetaDescriptor[]) =>
    meta
      .map((tag) => (tag as { 'script:ld+json'?: Record<string, unknown> })['script:ld+json'])
      .find((block) => block?.['@type'] === 'Product');

  it('indexes a number on sale with its Product offer', () => {
    const meta = numberMeta({ kind: 'number', number: detail() });
    expect(meta).toContainEqual({
      title: `98989 89898: Semi Mirror Numbers VIP number | ${siteConfig.storeName}`,
    });
    expect(find(meta, 'name', 'robots')?.content).toBe('index, follow');
    expect(find(meta, 'rel', 'canonical')?.href).toBe(pageUrl);
    expect(find(meta, 'property', 'og:url')?.content).toBe(pageUrl);
    expect(find(meta, 'name', 'description')?.content).toBe(
      // Its sentences as far as results show them whole (160 characters).
      'Buy the VIP mobile number 98989 89898 for ₹45,000 (was ₹60,000, you save ₹15,000). Semi Mirror Numbers, Two Digit Numbers, AB AB AB Numbers; total 4.',
    );
    expect(product(meta)).toMatchObject({
      name: 'VIP mobile number 98989 89898',
      sku: '9898989898',
      offers: { price: '45000', availability: 'https://schema.org/InStock', url: pageUrl },
    });
  });

  it('says a held number is on hold, not "Buy", as its OutOfStock offer says (QA 24 F10)', () => {
    const meta = numberMeta({ kind: 'number', number: detail({ status: 'reserved' }) });
    expect(find(meta, 'name', 'robots')?.content).toBe('index, follow');
    expect(find(meta, 'name', 'description')?.content).toBe(
      'The VIP mobile number 98989 89898 (₹45,000) is on hold for another buyer; it may be back on sale within minutes.',
    );
  });

  it('keeps a coming number out of search results until it goes on sale, as the sitemap does', () => {
    const meta = numberMeta({ kind: 'number', number: detail({ status: 'coming_soon' }) });
    expect(find(meta, 'name', 'robots')?.content).toBe('noindex, follow');
    expect(find(meta, 'rel', 'canonical')?.href).toBe(pageUrl);
  });

  it('keeps a sold or hidden number out of search results; a sold one still leads to similar numbers', () => {
    for (const [status, robots, standing] of [
      ['sold', 'noindex, follow', 'is no longer available'],
      ['hidden', 'noindex, nofollow', 'is not on sale'],
    ] as const) {
      const meta = numberMeta({ kind: 'number', number: detail({ status }) });
      expect(find(meta, 'name', 'robots')?.content, status).toBe(robots);
      expect(meta).toContainEqual({
        title: `98989 89898 ${standing} | ${siteConfig.storeName}`,
      });
      expect(find(meta, 'name', 'description')?.content, status).toContain(
        `98989 89898 (Semi Mirror Numbers) ${standing} at`,
      );
    }
  });

  it('publishes no price of a sold or hidden number, whose page shows none', () => {
    for (const status of ['sold', 'hidden'] as const) {
      const meta = numberMeta({ kind: 'number', number: detail({ status }) });
      expect(product(meta), status).toBeUndefined();
      expect(JSON.stringify(meta), status).not.toContain('45000');
    }
  });

  it('offers a held number and a coming one (Notify me) OutOfStock, at its price before GST', () => {
    for (const status of ['reserved', 'coming_soon'] as const) {
      const meta = numberMeta({ kind: 'number', number: detail({ status }) });
      expect(product(meta), status).toMatchObject({
        offers: {
          price: '45000',
          availability: 'https://schema.org/OutOfStock',
          priceSpecification: { price: '45000', valueAddedTaxIncluded: false },
        },
      });
    }
  });

  it('carries the visible breadcrumb, then the page, as BreadcrumbList JSON-LD', () => {
    for (const status of ['available', 'reserved', 'sold', 'hidden', 'coming_soon'] as const) {
      renderNumber(detail({ status }));
      const visible = within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
        .getAllByRole('link')
        .map((link) => ({
          name: link.textContent,
          item: `${siteConfig.publicBaseUrl}${link.getAttribute('href')}`,
        }));
      cleanup();
      expect(visible).toEqual([
        { name: 'Premium Numbers', item: `${siteConfig.publicBaseUrl}/premium-numbers` },
        {
          name: 'Semi Mirror Numbers',
          item: `${siteConfig.publicBaseUrl}/premium-numbers?category=semi-mirror-numbers`,
        },
      ]);
      const list = numberMeta({ kind: 'number', number: detail({ status }) })
        .map((tag) => (tag as { 'script:ld+json'?: Record<string, unknown> })['script:ld+json'])
        .find((block) => block?.['@type'] === 'BreadcrumbList');
      expect(list, status).toEqual({
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [...visible, { name: '98989 89898', item: pageUrl }].map(
          (crumb, index) => ({ '@type': 'ListItem', position: index + 1, ...crumb }),
        ),
      });
    }
  });

  it('marks an unknown number and the lookup noindex, without an offer', () => {
    for (const meta of [
      numberMeta({ kind: 'unknown', digits: '9000000001' }),
      numberMeta({ kind: 'lookup' }),
    ]) {
      expect(find(meta, 'name', 'robots')?.content).toBe('noindex, nofollow');
      expect(product(meta)).toBeUndefined();
    }
  });
});

describe('an address under /numbers/ that is no number', () => {
  const words = 'Our store moved to evil-example.in pay there';
  const args = { params: { number: words }, context: { get: () => null } };

  it('is the same not-found page on the server and in the browser, never echoing the address', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const served = loader(args as unknown as Parameters<typeof loader>[0]);
    const followed = await clientLoader(args as unknown as Parameters<typeof clientLoader>[0]);
    expect(served).toEqual({ kind: 'not-a-number' });
    expect(followed).toEqual(served);
    expect(fetch).not.toHaveBeenCalled();

    renderWithQuery(
      `/numbers/${encodeURIComponent(words)}`,
      <NumberPage {...({ loaderData: served } as unknown as Route.ComponentProps)} />,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'We do not have that number',
    );
    // The page (the test's location display aside) says nothing of the address.
    const location = screen.getByTestId('location').textContent ?? '';
    expect(document.body.textContent?.replace(location, '')).not.toMatch(/evil/);

    const tags = meta({ data: served } as unknown as Route.MetaArgs) ?? [];
    expect(JSON.stringify(tags)).not.toMatch(/evil/);
    const canonical = tags.find((tag) => 'rel' in tag && tag.rel === 'canonical');
    expect(canonical).toMatchObject({ href: expect.stringMatching(/\/numbers$/) });
    const robots = tags.find((tag) => 'name' in tag && tag.name === 'robots');
    expect(robots).toEqual({ name: 'robots', content: 'noindex, nofollow' });
  });

  it('still answers a mobile number the store never had by its digits, 404', () => {
    const served = loader({
      params: { number: '9000000001' },
      context: { get: () => null },
    } as unknown as Parameters<typeof loader>[0]);
    expect(served).toMatchObject({
      data: { kind: 'unknown', digits: '9000000001' },
      init: { status: 404 },
    });
  });
});

describe("a number's page while the store's database is away (QA 23 F9)", () => {
  it('says so in the store frame with Try again, which loads the number once it answers', async () => {
    let answer = fail(503, 'The store cannot reach its database just now.', {
      code: 'DATABASE_UNAVAILABLE',
    });
    const number = detail();
    installFakeApi({
      [`GET /numbers/by-number/${number.number}`]: () => answer,
      [`GET /numbers/by-number/${number.number}/similar`]: ok({ items: [] }),
    });
    const Stub = createRoutesStub([
      {
        // The storefront layout's part that must stay: its header.
        Component: () => (
          <>
            <header>Store header</header>
            <Outlet />
          </>
        ),
        children: [
          {
            path: '/numbers/:number',
            HydrateFallback: () => null,
            loader: ({ params }) =>
              clientLoader({ params } as unknown as Parameters<typeof clientLoader>[0]),
            Component: NumberPage as never,
            ErrorBoundary: ErrorBoundary as never,
          },
        ],
      },
    ]);
    const cart: CartActions = {
      addToCart: vi.fn(async () => true),
      addPack: vi.fn(),
      isInCart: () => false,
      buyNow: vi.fn(),
    };
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <ToastProvider>
          <CartActionsContext.Provider value={cart}>
            <Stub initialEntries={[`/numbers/${number.number}`]} />
          </CartActionsContext.Provider>
        </ToastProvider>
      </QueryClientProvider>,
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'The store is busy for a moment' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Store header');

    answer = ok(number);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: '9 8 9 8 9 8 9 8 9 8' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Store header');
  });
});
