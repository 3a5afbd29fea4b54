import '@testing-library/jest-dom/vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, fail, ok } from '../../../test-support/fake-api';
import { product } from '../../../test-support/products';
import { renderWithQuery } from '../../../test-support/render';
import { resetAfterTest } from '../../../test-support/session';
import { AuthSessionProvider } from '../auth';
import { CartProvider } from '../cart';
import { readGuestCart, writeGuestCart } from '../cart/guest-cart-store';
import { emptyGuestCart } from '../cart/guest-cart';
import PacksPage from './packs-page';

beforeEach(() => {
  writeGuestCart(emptyGuestCart);
  localStorage.clear();
});
afterEach(resetAfterTest);

const pack = {
  kind: 'ending',
  key: '123456',
  numbers: [product(1, 10_000, '9811123456'), product(2, 11_000, '9922123456')],
  totalPrice: 21_000,
};

function renderPage(path = '/family-packs') {
  return renderWithQuery(
    path,
    <AuthSessionProvider>
      <CartProvider>
        <PacksPage />
      </CartProvider>
    </AuthSessionProvider>,
  );
}

describe('/family-packs', () => {
  it('lists packs with their price together and adds a whole pack to a guest cart', async () => {
    const api = installFakeApi({
      'GET /packs': ok({ packs: [pack], total: 1, page: 1, pageSize: 12, pageCount: 1 }),
      'POST /cart/add-pack': ok({ products: pack.numbers }),
    });
    renderPage();
    const card = await screen.findByTestId('pack-card');
    expect(within(card).getByRole('heading')).toHaveTextContent('2 numbers ending 123456');
    expect(within(card).getByTestId('pack-price')).toHaveTextContent('₹21,000');
    fireEvent.click(within(card).getByRole('button', { name: 'Add pack to cart' }));
    expect(await screen.findByText('Pack added to cart')).toBeInTheDocument();
    expect(api.callsTo('POST /cart/add-pack')[0]!.body).toEqual({ numberIds: [1, 2] });
    expect(readGuestCart().productIds).toEqual([1, 2]);
    expect(api.calls[0]!.path).toBe('/packs?kind=ending&page=1');
  });

  it('adds nothing and says which number is gone', async () => {
    installFakeApi({
      'GET /packs': ok({ packs: [pack], total: 1, page: 1, pageSize: 12, pageCount: 1 }),
      'POST /cart/add-pack': fail(
        409,
        'Number 2 is no longer available, so the pack was not added. Open Family packs again to see the packs on sale now.',
        { code: 'PACK_UNAVAILABLE', numberIds: [2] },
      ),
    });
    renderPage('/family-packs?kind=consecutive');
    fireEvent.click(await screen.findByRole('button', { name: 'Add pack to cart' }));
    expect(
      await screen.findByText(/99221 23456 is no longer available, so the pack was not added/),
    ).toBeInTheDocument();
    await waitFor(() => expect(readGuestCart().productIds).toEqual([]));
    expect(screen.getByRole('link', { name: 'Consecutive numbers' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
