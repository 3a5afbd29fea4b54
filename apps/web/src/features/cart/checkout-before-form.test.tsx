import '@testing-library/jest-dom/vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok } from '../../../test-support/fake-api';
import { renderWithQuery } from '../../../test-support/render';
import { serverCart } from '../../../test-support/server-cart';
import {
  resetAfterTest,
  sampleAddress,
  sampleSession,
  setSessionHintCookie,
  sampleBilling,
} from '../../../test-support/session';
import { AuthSessionProvider } from '../auth';
import CartPage from './cart-page';
import { CartProvider } from './cart-provider';

/** The billing form's script arrives when the test lets it (a slow phone network). */
const script = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrive: () => arrive(), arrived };
});
vi.mock('./billing-form', async (original) => {
  await script.arrived;
  return original();
});

afterEach(resetAfterTest);

describe('Checkout pressed before the billing form has arrived', () => {
  it('says it waits for the form and checks out once the form is there', async () => {
    setSessionHintCookie();
    const cart = serverCart([{ id: 1, price: 5000 }]);
    const api = installFakeApi({
      'GET /user/profile': ok({ ...sampleSession, address: sampleAddress }),
      'GET /cart': ok(cart),
      'POST /cart/validate': ok({
        validationResults: [{ productId: 1, valid: true, priceChanged: false, newPrice: null }],
        cart,
      }),
      'POST /cart/checkout': {
        status: 201,
        body: {
          success: true,
          data: { order: { id: 'order-7', reference: 'VN-7' }, validationResults: [] },
        },
      },
    });
    renderWithQuery(
      '/cart',
      <AuthSessionProvider>
        <CartProvider>
          <CartPage />
        </CartProvider>
      </AuthSessionProvider>,
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Checkout' }));
    const waiting = screen.getByRole('button', { name: 'Loading the billing form…' });
    expect(waiting).toHaveAttribute('aria-busy', 'true');
    expect(api.callsTo('POST /cart/checkout')).toHaveLength(0);

    script.arrive();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/orders/order-7'),
    );
    expect(api.callsTo('POST /cart/checkout')).toHaveLength(1);
    expect(api.callsTo('POST /cart/checkout')[0]!.body).toEqual({
      billing: sampleBilling,
    });
  });
});
