import '@testing-library/jest-dom/vitest';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok } from '../../../test-support/fake-api';
import { product } from '../../../test-support/products';
import { renderWithQuery } from '../../../test-support/render';
import { serverCart } from '../../../test-support/server-cart';
import { resetAfterTest, sampleSession, setSessionHintCookie } from '../../../test-support/session';
import { API_ERROR_MESSAGES } from '../../lib/api-client';
import { AuthSessionProvider } from '../auth';
import CartPage, { BILLING_FORM_NOT_LOADED } from './cart-page';
import { CartProvider } from './cart-provider';
import { useCartActions } from './cart-slots';

/** The code-split parts' scripts cannot be fetched until `online` (offline, or a deployment). */
const network = vi.hoisted(() => ({ online: false }));
function fetched<T>(module: () => Promise<T>): Promise<T> {
  if (!network.online) return Promise.reject(new TypeError('Failed to fetch'));
  return module();
}
vi.mock('./buy-now-dialog', (original) => fetched(original));
vi.mock('./billing-form', (original) => fetched(original));

afterEach(() => {
  network.online = false;
  resetAfterTest();
});

function renderStore(path: string, page: React.ReactNode) {
  setSessionHintCookie();
  installFakeApi({
    'GET /user/profile': ok(sampleSession),
    'GET /cart': ok(serverCart([{ id: 1, price: 5000 }])),
  });
  return renderWithQuery(
    path,
    <AuthSessionProvider>
      <CartProvider>{page}</CartProvider>
    </AuthSessionProvider>,
  );
}

function BuyNow() {
  const { buyNow } = useCartActions();
  return (
    <>
      <h1>98765 00003</h1>
      <button type="button" onClick={() => void buyNow(product(3, 9000))}>
        Buy now
      </button>
    </>
  );
}

describe('a code-split part that cannot be loaded', () => {
  // The billing form first: Buy now's dialog holds it, and a module once loaded stays loaded.
  it('keeps the cart when the billing form cannot load, with Retry that loads it', async () => {
    renderStore('/cart', <CartPage />);

    const failed = await screen.findByRole('alert');
    expect(failed).toHaveTextContent(`${BILLING_FORM_NOT_LOADED} Retry`);
    expect(screen.getAllByTestId('cart-item')).toHaveLength(1);

    network.online = true;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Address line 1')).toBeInTheDocument();
    expect(screen.queryByText(BILLING_FORM_NOT_LOADED)).not.toBeInTheDocument();
  });

  it('keeps the number page when Buy now cannot load, says no response came, and loads it next time', async () => {
    renderStore('/numbers/9876500003', <BuyNow />);
    fireEvent.click(await screen.findByRole('button', { name: 'Buy now' }));

    expect(await screen.findByText(API_ERROR_MESSAGES.noResponse)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '98765 00003' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    network.online = true;
    fireEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(await screen.findByRole('dialog', { name: 'Buy 98765 00003' })).toBeInTheDocument();
  });
});
