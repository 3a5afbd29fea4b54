import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartWithActions } from '../../../test-support/cart-actions';
import { renderAt } from '../../../test-support/render';
import { CartActionsContext, type CartActions } from '../cart';
import type { NumberItem } from './api/get-numbers';
import { digitSegments, NumberCard } from './number-card';

afterEach(cleanup);

export function makeItem(overrides: Partial<NumberItem> = {}): NumberItem {
  return {
    id: 101,
    number: '9876543210',
    display: '98765 43210',
    category: { slug: 'counting-numbers', name: 'Counting Numbers' },
    pricing: { nwFinalPrice: 12000, nwBasePrice: 12000, discountPercent: 0 },
    sum: 45,
    mid: 9,
    total: 9,
    spans: [[0, 10]],
    ...overrides,
  };
}

describe('digitSegments', () => {
  it('splits highlighted runs and the gap after the fifth digit', () => {
    expect(digitSegments('9812341234', [[2, 10]])).toEqual([
      { text: '98', highlighted: false, group: 0 },
      { text: '123', highlighted: true, group: 0 },
      { text: '41234', highlighted: true, group: 1 },
    ]);
    expect(
      digitSegments('9060481010', [
        [6, 8],
        [8, 10],
      ]),
    ).toEqual([
      { text: '90604', highlighted: false, group: 0 },
      { text: '8', highlighted: false, group: 1 },
      { text: '1010', highlighted: true, group: 1 },
    ]);
    expect(digitSegments('9876543210', [])).toEqual([
      { text: '98765', highlighted: false, group: 0 },
      { text: '43210', highlighted: false, group: 1 },
    ]);
  });
});

describe('NumberCard', () => {
  it('highlights the digits of the pattern and reads the number as digits', () => {
    renderAt(
      '/',
      <NumberCard
        item={makeItem({
          number: '9786012345',
          display: '97860 12345',
          category: { slug: '786-numbers', name: '786 Numbers' },
          spans: [[1, 4]],
        })}
      />,
    );
    const card = screen.getByRole('article', { name: '9 7 8 6 0 1 2 3 4 5' });
    expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent(/^9786012345/);
    const marks = card.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['786']);
    expect(within(card).getByText('786 Numbers')).toBeInTheDocument();
  });

  it('shows the price in rupees with Indian grouping and no struck price when not on offer', () => {
    renderAt(
      '/',
      <NumberCard
        item={makeItem({
          pricing: { nwFinalPrice: 125000, nwBasePrice: 125000, discountPercent: 0 },
        })}
      />,
    );
    const card = screen.getByRole('article');
    expect(within(card).getByText('₹1,25,000')).toBeInTheDocument();
    expect(card.querySelector('s, del')).toBeNull();
    expect(within(card).queryByText(/% off/)).toBeNull();
  });

  it('strikes the base price through and shows the discount when on offer', () => {
    renderAt(
      '/',
      <NumberCard
        item={makeItem({
          pricing: { nwFinalPrice: 10000, nwBasePrice: 12500, discountPercent: 20 },
        })}
      />,
    );
    const card = screen.getByRole('article');
    const struck = card.querySelector('s');
    expect(struck).toHaveTextContent('was ₹12,500');
    expect(within(card).getByText('₹10,000')).toBeInTheDocument();
    expect(within(card).getByText('20% off')).toBeInTheDocument();
  });

  it('gives no badge to an offer under 1%, and still shows the price it was', () => {
    renderAt(
      '/',
      <NumberCard
        item={makeItem({
          pricing: { nwFinalPrice: 4999.99, nwBasePrice: 5000, discountPercent: 0 },
        })}
      />,
    );
    const card = screen.getByRole('article');
    expect(card.querySelector('s')).toHaveTextContent('was ₹5,000');
    expect(card).not.toHaveTextContent(/% off/);
  });

  it('links the number to its own page', () => {
    renderAt('/', <NumberCard item={makeItem()} />);
    expect(screen.getByRole('link', { name: '9 8 7 6 5 4 3 2 1 0' })).toHaveAttribute(
      'href',
      '/numbers/9876543210',
    );
  });

  it('names the category it is listed under when the number fits it, else its own', () => {
    const mirror = makeItem({
      number: '9898989898',
      display: '98989 89898',
      category: { slug: 'semi-mirror-numbers', name: 'Semi Mirror Numbers' },
      spans: [
        [0, 4],
        [4, 8],
      ],
    });
    renderAt('/', <NumberCard item={mirror} listedCategory="two-digit-numbers" />);
    expect(screen.getByTestId('number-category')).toHaveTextContent('Two Digit Numbers');
    // Two Digit Numbers is the whole number.
    expect(document.querySelectorAll('mark')).toHaveLength(2);
    expect([...document.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      '98989',
      '89898',
    ]);
    cleanup();
    renderAt('/', <NumberCard item={mirror} listedCategory="octa" />);
    expect(screen.getByTestId('number-category')).toHaveTextContent('Semi Mirror Numbers');
  });

  it('adds the number to the cart through the cart actions', async () => {
    let resolve: (added: boolean) => void = () => {};
    const actions: CartActions = {
      addToCart: vi.fn(() => new Promise<boolean>((done) => (resolve = done))),
      addPack: vi.fn(),
      isInCart: () => false,
      buyNow: () => {},
    };
    const item = makeItem();
    renderAt(
      '/',
      <CartActionsContext.Provider value={actions}>
        <NumberCard item={item} />
      </CartActionsContext.Provider>,
    );
    const button = screen.getByRole('button', { name: 'Add 98765 43210 to cart' });
    fireEvent.click(button);
    expect(actions.addToCart).toHaveBeenCalledWith(item);
    expect(button).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(button);
    expect(actions.addToCart).toHaveBeenCalledTimes(1);
    resolve(true);
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
  });

  it('gives the focus to the "In cart" link once added from the keyboard', async () => {
    renderAt(
      '/',
      <CartWithActions>
        <NumberCard item={makeItem()} />
      </CartWithActions>,
    );
    screen.getByRole('button', { name: 'Add 98765 43210 to cart' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(
        screen.getByRole('link', { name: '98765 43210 is in your cart: view cart' }),
      ).toHaveFocus(),
    );
  });

  it('moves no focus after a click that left it elsewhere, and keeps it when the add fails', async () => {
    renderAt(
      '/',
      <CartWithActions>
        <NumberCard item={makeItem()} />
      </CartWithActions>,
    );
    const numberLink = screen.getByRole('link', { name: '9 8 7 6 5 4 3 2 1 0' });
    numberLink.focus();
    fireEvent.click(screen.getByRole('button', { name: 'Add 98765 43210 to cart' }));
    await screen.findByRole('link', { name: '98765 43210 is in your cart: view cart' });
    await waitFor(() => expect(numberLink).toHaveFocus());
    cleanup();

    renderAt(
      '/',
      <CartWithActions adds={false}>
        <NumberCard item={makeItem()} />
      </CartWithActions>,
    );
    const button = screen.getByRole('button', { name: 'Add 98765 43210 to cart' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('is safe to press without a cart provider and links to the cart once added', () => {
    renderAt('/', <NumberCard item={makeItem()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add 98765 43210 to cart' }));
    cleanup();
    renderAt(
      '/',
      <CartActionsContext.Provider
        value={{
          addToCart: () => Promise.resolve(false),
          addPack: vi.fn(),
          isInCart: (id) => id === 101,
          buyNow: () => {},
        }}
      >
        <NumberCard item={makeItem()} />
      </CartActionsContext.Provider>,
    );
    expect(screen.queryByRole('button', { name: /to cart/ })).toBeNull();
    expect(
      screen.getByRole('link', { name: '98765 43210 is in your cart: view cart' }),
    ).toHaveAttribute('href', '/cart');
  });
});
