import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok, type FakeCall } from '../../../test-support/fake-api';
import { renderWithQuery } from '../../../test-support/render';
import NumerologyPage from './numerology-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const item = (id: number, number: string, total: number, price: number) => ({
  id,
  number,
  display: `${number.slice(0, 5)} ${number.slice(5)}`,
  category: { slug: 'unique-numbers', name: 'Unique Numbers' },
  pricing: { nwFinalPrice: price, nwBasePrice: price, discountPercent: 0 },
  sum: total,
  mid: total,
  total,
  spans: [],
});

/** The listing API: numbers of the total asked for, cheapest first. */
function fakeListing() {
  const stock = [
    item(1, '9000000023', 5, 9000),
    item(2, '9000000014', 5, 3000),
    item(3, '9000000010', 1, 1000),
    item(4, '9000000015', 6, 2000),
    item(5, '9000000011', 2, 1500),
    item(6, '9000000012', 3, 800),
  ];
  return installFakeApi({
    'GET /numbers': (_body: unknown, call: FakeCall) => {
      const total = Number(new URL(call.path, 'http://x').searchParams.get('total'));
      const items = stock
        .filter((n) => n.total === total)
        .sort((a, b) => a.pricing.nwFinalPrice - b.pricing.nwFinalPrice);
      return ok({ items, total: items.length, page: 1, pageSize: 24, pageCount: 1 });
    },
  });
}

const location = () => screen.getByTestId('location').textContent;
const shownNumbers = () =>
  within(screen.getByTestId('birth-matches'))
    .getAllByTestId('number-card')
    .map((card) => card.getAttribute('data-number'));

function enterDate(value: string) {
  fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Show my numbers' }));
}

describe('numerology by date of birth', { timeout: 20_000 }, () => {
  it('works out 29 February: root 2, destiny 6, and lists the destiny’s total first', async () => {
    const api = fakeListing();
    renderWithQuery('/numerology', <NumerologyPage />);
    enterDate('2000-02-29');
    expect(screen.getByTestId('mulank')).toHaveTextContent(
      'Root number (mulank)2From the day you were born: 2 + 9 = 11, 1 + 1 = 2',
    );
    expect(screen.getByTestId('bhagyank')).toHaveTextContent(
      'Destiny number (bhagyank)6From every digit of your date of birth: 2 + 9 + 0 + 2 + 2 + 0 + 0 + 0 = 15, 1 + 5 = 6',
    );
    await waitFor(() => expect(location()).toBe('/numerology?total=6&total=2'));
    // Total 6 (the destiny number) first, then total 2; the cheaper first within each.
    await waitFor(() => expect(shownNumbers()).toEqual(['9000000015', '9000000011']));
    // Neither the address nor any call carries the date.
    for (const text of [location()!, ...api.calls.map((call) => call.path)]) {
      expect(text).not.toMatch(/2000|29|02-|date|dob/i);
    }
    expect(api.calls.map((call) => call.path).sort()).toEqual([
      '/numbers?total=2&sort=price_asc',
      '/numbers?total=6&sort=price_asc',
    ]);
  });

  it('shows single-digit sums as they are, and one list when both numbers are the same', async () => {
    fakeListing();
    renderWithQuery('/numerology', <NumerologyPage />);
    // 1 January 2000: the day is 1; 0 + 1 + 0 + 1 + 2 + 0 + 0 + 0 = 4.
    enterDate('2000-01-01');
    expect(screen.getByTestId('mulank')).toHaveTextContent('From the day you were born: 1');
    expect(screen.getByTestId('bhagyank')).toHaveTextContent('0 + 1 + 0 + 1 + 2 + 0 + 0 + 0 = 4');
    await waitFor(() => expect(location()).toBe('/numerology?total=4&total=1'));
    cleanup();

    fakeListing();
    renderWithQuery('/numerology', <NumerologyPage />);
    // 23 May 2002: 2 + 3 = 5, and 2 + 3 + 0 + 5 + 2 + 0 + 0 + 2 = 14, 1 + 4 = 5: one total.
    enterDate('2002-05-23');
    await waitFor(() => expect(location()).toBe('/numerology?total=5'));
    await waitFor(() => expect(shownNumbers()).toEqual(['9000000014', '9000000023']));
  });

  it('refuses a date before 1900, to come or missing, and keeps the address', () => {
    const api = fakeListing();
    renderWithQuery('/numerology', <NumerologyPage />);
    // (A date field holds real dates only: 29 February 2023 cannot be entered at all.)
    enterDate('1899-12-31');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a year from 1900.');
    enterDate(`${new Date().getFullYear() + 1}-01-01`);
    expect(screen.getByRole('alert')).toHaveTextContent('A date of birth cannot be in the future.');
    enterDate('');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your date of birth.');
    expect(location()).toBe('/numerology');
    expect(api.calls).toEqual([]);
  });

  it('clears the results of the previous date when a date is refused', async () => {
    fakeListing();
    renderWithQuery('/numerology', <NumerologyPage />);
    for (const refused of ['1899-12-31', `${new Date().getFullYear() + 1}-01-01`]) {
      enterDate('2000-02-29');
      await waitFor(() => expect(shownNumbers()).toEqual(['9000000015', '9000000011']));
      enterDate(refused);
      expect(screen.getByRole('alert')).toBeInTheDocument();
      await waitFor(() => expect(location()).toBe('/numerology'));
      expect(screen.queryByTestId('mulank')).toBeNull();
      expect(screen.queryByTestId('birth-matches')).toBeNull();
    }
  });

  it('opens a shared link with only the total, without any date', async () => {
    fakeListing();
    renderWithQuery('/numerology?total=5', <NumerologyPage />);
    await waitFor(() => expect(shownNumbers()).toEqual(['9000000014', '9000000023']));
    expect(screen.queryByTestId('mulank')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Numbers with total 5' })).toBeInTheDocument();
  });

  it('keeps the date field nameless, so a form sent without JavaScript carries no date', () => {
    renderWithQuery('/numerology', <NumerologyPage />);
    expect(screen.getByLabelText('Date of birth')).not.toHaveAttribute('name');
  });
});
