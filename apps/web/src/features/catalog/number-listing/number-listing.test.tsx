import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { parseSearchPhrase } from '@store/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HydratedProvider } from '../../../lib/use-hydrated';
import { renderAt } from '../../../../test-support/render';
import type { NumberItem, NumberPage } from '../api/get-numbers';
import { budgets } from './advanced-filter-params';
import { NumberListing } from './number-listing';
import { pageWindow } from './pagination';

function item(id: number, number: string, price: number, base = price): NumberItem {
  return {
    id,
    number,
    display: `${number.slice(0, 5)} ${number.slice(5)}`,
    category: { slug: 'mirror-numbers', name: 'Mirror Numbers' },
    pricing: {
      nwFinalPrice: price,
      nwBasePrice: base,
      discountPercent: base > price ? Math.round(((base - price) * 100) / base) : 0,
    },
    sum: 50,
    mid: 5,
    total: 5,
    spans: [[0, 10]],
  };
}

let page: NumberPage;
let fetchMock: ReturnType<typeof vi.fn>;

/** The query strings the listing asked the API for. */
const requested = () =>
  fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://store.test').search);

beforeEach(() => {
  page = {
    items: [item(1, '9876598765', 15000), item(2, '9123491234', 9000, 12000)],
    total: 2,
    totalCapped: false,
    page: 1,
    pageSize: 24,
    pageCount: 1,
  };
  fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ success: true, data: page }), {
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderListing(path: string, props: Parameters<typeof NumberListing>[0] = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderAt(
    path,
    <QueryClientProvider client={client}>
      <NumberListing {...props} />
    </QueryClientProvider>,
  );
}

const location = () => screen.getByTestId('location').textContent;

// Large DOM (25 chips, forms, cards): role queries are slow on a busy machine.
describe('NumberListing', { timeout: 20_000 }, () => {
  it('fetches with the filters of the address and shows the numbers', async () => {
    renderListing('/premium-numbers?category=mirror-numbers&q=98&match=start&sort=price_asc');
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveAccessibleName('9 8 7 6 5 9 8 7 6 5');
    expect(screen.getByTestId('listing-count')).toHaveTextContent('Showing 1–2 of 2 numbers');
    expect(requested()).toEqual(['?category=mirror-numbers&q=98&match=start&sort=price_asc']);
    // The category chip of the address is the current one, and the chips keep the other filters.
    const chips = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(chips).getAllByRole('link')).toHaveLength(25);
    expect(within(chips).getByRole('link', { current: 'page' })).toHaveTextContent(
      'Mirror Numbers',
    );
    expect(within(chips).getByRole('link', { name: 'Triple' })).toHaveAttribute(
      'href',
      '/premium-numbers?category=triple&q=98&match=start&sort=price_asc',
    );
    expect(within(chips).getByRole('link', { name: 'All' })).toHaveAttribute(
      'href',
      '/premium-numbers?q=98&match=start&sort=price_asc',
    );
  });

  it('heads the numbers coming soon as such, not as available ones', async () => {
    renderListing('/premium-numbers?status=coming_soon');
    await screen.findAllByRole('article');
    expect(screen.getByRole('heading', { level: 2, name: 'Numbers coming soon' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Available numbers' })).not.toBeInTheDocument();
    cleanup();
    renderListing('/premium-numbers');
    await screen.findAllByRole('article');
    expect(screen.getByRole('heading', { level: 2, name: 'Available numbers' })).toBeVisible();
  });

  it('says when the address names a category the store does not have, and lists every number', async () => {
    renderListing('/premium-numbers?category=not-a-category');
    expect(await screen.findByTestId('unknown-category')).toHaveTextContent(
      'We have no category called “not-a-category”, so every number is shown.',
    );
    cleanup();
    renderListing('/premium-numbers?category=all');
    await screen.findAllByRole('article');
    expect(screen.queryByTestId('unknown-category')).not.toBeInTheDocument();
  });
  it('shows how many numbers each category lists when asked to', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      const data = String(url).includes('/numbers/categories')
        ? {
            categories: [
              { slug: 'all', name: 'All', count: 12345 },
              { slug: 'mirror-numbers', name: 'Mirror Numbers', count: 321 },
            ],
          }
        : page;
      return new Response(JSON.stringify({ success: true, data }), {
        headers: { 'Content-Type': 'application/json' },
      });
    });
    renderListing('/premium-numbers?category=mirror-numbers', { categoryCounts: true });
    const chips = screen.getByRole('navigation', { name: 'Categories' });
    await waitFor(() =>
      expect(
        within(chips)
          .getAllByTestId('category-count')
          .map((c) => c.textContent),
      ).toEqual(['12,345 numbers', '321 numbers']),
    );
    // The chip's link keeps its name.
    expect(within(chips).getByRole('link', { current: 'page' })).toHaveTextContent(
      /^Mirror Numbers$/,
    );
  });

  it("leaves the whole store's category counts out beside a search, whose chips keep it", async () => {
    fetchMock.mockImplementation(async (url: string) => {
      const data = String(url).includes('/numbers/categories')
        ? { categories: [{ slug: 'mirror-numbers', name: 'Mirror Numbers', count: 315 }] }
        : page;
      return new Response(JSON.stringify({ success: true, data }), {
        headers: { 'Content-Type': 'application/json' },
      });
    });
    renderListing('/premium-numbers?q=786', { categoryCounts: true });
    await screen.findAllByRole('article');
    const chips = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(chips).getByRole('link', { name: 'Mirror Numbers' })).toHaveAttribute(
      'href',
      '/premium-numbers?category=mirror-numbers&q=786',
    );
    expect(within(chips).queryAllByTestId('category-count')).toHaveLength(0);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContainEqual(
      expect.stringContaining('/numbers/categories'),
    );
  });

  it('says "5,000+" when the store stopped counting', async () => {
    page = { ...page, total: 5000, totalCapped: true, pageCount: 209 };
    renderListing('/premium-numbers');
    await screen.findAllByRole('article');
    expect(screen.getByTestId('listing-count')).toHaveTextContent('Showing 1–2 of 5,000+ numbers');
  });

  it('never says fewer numbers than it shows past the count of 5,000', async () => {
    const items = Array.from({ length: 24 }, (_, i) => item(i + 1, `98765${10000 + i}`, 9000));
    page = { items, total: 5000, totalCapped: true, page: 500, pageSize: 24, pageCount: 209 };
    renderListing('/premium-numbers?page=500');
    await screen.findAllByRole('article');
    expect(screen.getByTestId('listing-count')).toHaveTextContent(
      'Showing 11,977–12,000 of 12,000+ numbers',
    );
  });

  it('says "5,000+" on an empty page past the end of an uncounted listing', async () => {
    page = { items: [], total: 5000, totalCapped: true, page: 900, pageSize: 24, pageCount: 209 };
    renderListing('/premium-numbers?page=900');
    expect(await screen.findByRole('link', { name: 'Go to page 209' })).toBeInTheDocument();
    expect(screen.getByTestId('listing-count')).toHaveTextContent(/^5,000\+ numbers$/);
  });

  it("tells crawlers not to index a page past the end of the list in the page's one robots tag", async () => {
    // The served page's tag, which React did not take up, and the route's metadata, written
    // before the list was read.
    const robotsTag = (content: string) => {
      const tag = document.createElement('meta');
      tag.name = 'robots';
      tag.content = content;
      document.head.append(tag);
      return tag;
    };
    robotsTag('noindex, follow');
    const routeTag = robotsTag('index, follow');
    page = { items: [], total: 30, totalCapped: false, page: 7, pageSize: 24, pageCount: 2 };
    const { unmount } = renderListing('/premium-numbers?page=7');
    await screen.findByText('This page is past the end of the list');
    // The notice's effect runs after the notice shows, later on a busy machine.
    await waitFor(() => expect(routeTag).toHaveAttribute('content', 'noindex, follow'));
    const tags = document.head.querySelectorAll('meta[name="robots"]');
    expect([...tags]).toEqual([routeTag]);
    // Left for another page, the route's tag says what it said.
    unmount();
    expect(routeTag).toHaveAttribute('content', 'index, follow');
    routeTag.remove();
  });

  it('says no numbers were found when the first page is empty, though a stale total counts one', async () => {
    // A number held a moment ago: the cached total still counts it, the page has no row.
    page = { items: [], total: 1, totalCapped: false, page: 1, pageSize: 24, pageCount: 1 };
    renderListing('/premium-numbers?q=9876003893');
    await waitFor(() =>
      expect(screen.getByTestId('listing-count')).toHaveTextContent(/^No numbers found$/),
    );
  });

  it('does not offer a last page when the store stopped counting', async () => {
    page = { ...page, total: 5000, totalCapped: true, page: 2, pageCount: 209 };
    renderListing('/premium-numbers?page=2');
    await screen.findAllByRole('article');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).queryByRole('link', { name: 'Page 209' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute(
      'href',
      '/premium-numbers?page=3',
    );
  });

  it('asks for numbers on offer only in offer-zone mode', async () => {
    renderListing('/offer-zone?page=2', { offer: true });
    await screen.findAllByTestId('number-card');
    expect(requested()).toEqual(['?offer=true&page=2']);
    expect(screen.queryByRole('link', { name: /Remove filter: On offer/ })).toBeNull();
  });

  it('shows the empty state with a link that clears the filters', async () => {
    page = { items: [], total: 0, totalCapped: false, page: 1, pageSize: 24, pageCount: 0 };
    renderListing('/premium-numbers?q=000000&sort=price_desc');
    expect(
      await screen.findByRole('heading', { name: 'No numbers match these filters' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clear filters' })).toHaveAttribute(
      'href',
      '/premium-numbers?sort=price_desc',
    );
    expect(screen.getByTestId('listing-count')).toHaveTextContent('No numbers found');
  });

  it('shows an error with a retry', async () => {
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(JSON.stringify({ success: false, message: 'Database unavailable' }), {
          status: 503,
        }),
    );
    renderListing('/premium-numbers');
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
  });

  it('changing the sort updates the address and starts again at page 1', async () => {
    page = { ...page, total: 100, page: 3, pageCount: 5 };
    renderListing('/premium-numbers?category=triple&page=3');
    await screen.findAllByTestId('number-card');
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), {
      target: { value: 'price_asc' },
    });
    await waitFor(() => expect(location()).toBe('/premium-numbers?category=triple&sort=price_asc'));
    await waitFor(() => expect(requested().at(-1)).toBe('?category=triple&sort=price_asc'));
  });

  it('searches digits on submit only, with where they appear', async () => {
    renderListing('/premium-numbers?page=2');
    await screen.findAllByTestId('number-card');
    const input = screen.getByRole('searchbox', { name: 'Search by digits' });
    fireEvent.change(input, { target: { value: '78' } });
    fireEvent.change(input, { target: { value: '786' } });
    expect(location()).toBe('/premium-numbers?page=2');
    fireEvent.click(screen.getByRole('radio', { name: 'Ends with' }));
    await waitFor(() => expect(location()).toBe('/premium-numbers?q=786&match=end'));

    fireEvent.change(input, { target: { value: '12a' } });
    input.focus();
    fireEvent.submit(input);
    expect(screen.getByText('Enter 1 to 10 digits, for example 786.')).toBeInTheDocument();
    expect(location()).toBe('/premium-numbers?q=786&match=end');
    // Nothing searched: the focus stays on the field to mend.
    expect(input).toHaveFocus();

    fireEvent.change(input, { target: { value: '98 76' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location()).toBe('/premium-numbers?q=9876&match=end'));
    // As after another page: the focus goes to the results.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Available numbers' })).toHaveFocus(),
    );
    expect(screen.getByRole('link', { name: 'Remove filter: Ends with 9876' })).toHaveAttribute(
      'href',
      '/premium-numbers',
    );
  });

  it.each(['+91 90924 90924', '+91-90924-90924', '090924 90924'])(
    'reads the whole number %s typed in the digits box as its 10 digits',
    async (typed) => {
      renderListing('/premium-numbers');
      await screen.findAllByTestId('number-card');
      const input = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search by digits' });
      // The box takes the number whole (it used to cut the last digit off).
      expect(typed.length).toBeLessThanOrEqual(input.maxLength);
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
      await waitFor(() => expect(location()).toBe('/premium-numbers?q=9092490924'));
      expect(screen.queryByText('Enter 1 to 10 digits, for example 786.')).toBeNull();
    },
  );

  it('applies advanced filters and budget chips to the address', async () => {
    renderListing('/premium-numbers?sort=price_asc');
    await screen.findAllByTestId('number-card');
    fireEvent.click(screen.getByRole('button', { name: 'More filters' }));
    const panel = within(await screen.findByRole('form', { name: 'More filters' }));
    fireEvent.click(within(panel.getByRole('group', { name: 'Must contain' })).getByLabelText('7'));
    const not = within(panel.getByRole('group', { name: 'Must not contain' }));
    fireEvent.click(not.getByLabelText('8'));
    fireEvent.click(not.getByLabelText('2'));
    fireEvent.change(panel.getByLabelText('Pattern'), { target: { value: '98xx54????' } });
    fireEvent.change(panel.getByLabelText('Total'), { target: { value: '5' } });
    fireEvent.click(panel.getByText('Apply filters'));
    await waitFor(() =>
      expect(location()).toBe(
        '/premium-numbers?mustContain=7&notContain=2%2C8&mask=98%3F%3F54%3F%3F%3F%3F&total=5&sort=price_asc',
      ),
    );

    const budget = panel.getByRole('button', { name: '₹5,000–15,000' });
    fireEvent.click(budget);
    await waitFor(() => expect(location()).toContain('&minPrice=5000&maxPrice=15000&'));
    expect(budget).toHaveAttribute('aria-pressed', 'true');
    // The next band starts above ₹15,000, and only one chip is pressed at a time.
    const next = panel.getByRole('button', { name: '₹15,001–35,000' });
    fireEvent.click(next);
    await waitFor(() => expect(location()).toContain('&minPrice=15001&maxPrice=35000&'));
    expect(next).toHaveAttribute('aria-pressed', 'true');
    expect(budget).toHaveAttribute('aria-pressed', 'false');

    const sum = panel.getByLabelText('Sum');
    fireEvent.change(sum, { target: { value: '200' } });
    fireEvent.click(panel.getByText('Apply filters'));
    expect(sum).toHaveAttribute('aria-invalid', 'true');
    expect(sum).toHaveAccessibleDescription('Sum is a whole number from 1 to 90.');
    expect(sum).toHaveFocus();
  });

  it('keeps the choices not yet applied when a budget chip is chosen', async () => {
    renderListing('/premium-numbers?sort=price_asc');
    await screen.findAllByTestId('number-card');
    fireEvent.click(screen.getByRole('button', { name: 'More filters' }));
    const panel = within(await screen.findByRole('form', { name: 'More filters' }));
    fireEvent.click(within(panel.getByRole('group', { name: 'Must contain' })).getByLabelText('7'));
    fireEvent.change(panel.getByLabelText('Total'), { target: { value: '5' } });
    fireEvent.click(panel.getByRole('button', { name: '₹5,000–15,000' }));
    await waitFor(() =>
      expect(location()).toBe(
        '/premium-numbers?mustContain=7&total=5&minPrice=5000&maxPrice=15000&sort=price_asc',
      ),
    );
    expect(panel.getByLabelText('Total')).toHaveValue('5');
    // A choice with an error stops the chip too, and says why.
    fireEvent.change(panel.getByLabelText('Sum'), { target: { value: '200' } });
    fireEvent.click(panel.getByRole('button', { name: '₹15,001–35,000' }));
    expect(panel.getByLabelText('Sum')).toHaveAccessibleDescription(
      'Sum is a whole number from 1 to 90.',
    );
    expect(location()).toBe(
      '/premium-numbers?mustContain=7&total=5&minPrice=5000&maxPrice=15000&sort=price_asc',
    );
  });

  it.each([
    ['20k', '₹2,00,000', 'minPrice=20000&maxPrice=200000'],
    ['2,00,000', '2 lakh', 'minPrice=200000&maxPrice=200000'],
    ['1,400', '₹ 2,000/-', 'minPrice=1400&maxPrice=2000'],
    // Paise round outward, so a price copied from a card stays in the range.
    ['1400.50', '1400.50', 'minPrice=1400&maxPrice=1401'],
  ])('reads the prices %s to %s as the plain-words search does', async (low, high, query) => {
    renderListing('/premium-numbers');
    await screen.findAllByTestId('number-card');
    fireEvent.click(screen.getByRole('button', { name: 'More filters' }));
    const panel = within(await screen.findByRole('form', { name: 'More filters' }));
    fireEvent.change(panel.getByLabelText('Lowest price (₹)'), { target: { value: low } });
    fireEvent.change(panel.getByLabelText('Highest price (₹)'), { target: { value: high } });
    fireEvent.click(panel.getByText('Apply filters'));
    await waitFor(() => expect(location()).toBe(`/premium-numbers?${query}`));
  });

  it('refuses what is still no price, saying what a price looks like', async () => {
    renderListing('/premium-numbers');
    await screen.findAllByTestId('number-card');
    fireEvent.click(screen.getByRole('button', { name: 'More filters' }));
    const panel = within(await screen.findByRole('form', { name: 'More filters' }));
    const lowest = panel.getByLabelText('Lowest price (₹)');
    const highest = panel.getByLabelText('Highest price (₹)');
    fireEvent.change(lowest, { target: { value: '20k+' } });
    fireEvent.change(highest, { target: { value: '200 crore' } });
    fireEvent.click(panel.getByText('Apply filters'));
    expect(lowest).toHaveAccessibleDescription(
      'Enter an amount in rupees, for example 20000, ₹2,00,000, 20k or 2 lakh.',
    );
    expect(highest).toHaveAccessibleDescription('Prices go up to ₹1,00,00,00,000.');
    expect(lowest).toHaveFocus();
    expect(location()).toBe('/premium-numbers');
  });

  it('searches in plain words and shows what was understood and what was not', async () => {
    page = {
      ...page,
      understood: [
        { filter: 'q', value: '786', label: 'Ends with 786', source: 'ending 786' },
        { filter: 'maxPrice', value: 20000, label: 'Up to ₹20,000', source: 'under 20k' },
      ],
      ignored: ['abcd'],
      notes: [],
    };
    renderListing('/premium-numbers?sort=price_asc');
    await screen.findAllByTestId('number-card');
    const politeBefore = [...document.querySelectorAll('[aria-live="polite"]')];
    const box = screen.getByRole('searchbox', { name: 'Describe the number you want' });
    fireEvent.change(box, { target: { value: '  ending 786  abcd under 20k ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() =>
      expect(location()).toBe('/premium-numbers?text=ending+786+abcd+under+20k&sort=price_asc'),
    );
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Available numbers' })).toHaveFocus(),
    );
    await waitFor(() =>
      expect(requested().at(-1)).toBe('?text=ending+786+abcd+under+20k&sort=price_asc'),
    );
    const ignored = await screen.findByTestId('ignored-words');
    expect(ignored).toHaveTextContent('We did not understand: “abcd”');
    // Announced: it fills a polite live region that was there before the search.
    expect(politeBefore).toContain(ignored.closest('[aria-live="polite"]'));
    // Removing a chip takes its words out of the search.
    expect(screen.getByRole('link', { name: 'Remove filter: Ends with 786' })).toHaveAttribute(
      'href',
      '/premium-numbers?text=abcd+under+20k&sort=price_asc',
    );
    expect(screen.getByRole('link', { name: 'Remove filter: Up to ₹20,000' })).toHaveAttribute(
      'href',
      '/premium-numbers?text=ending+786+abcd&sort=price_asc',
    );
    expect(screen.getByRole('link', { name: 'Clear all' })).toHaveAttribute(
      'href',
      '/premium-numbers?sort=price_asc',
    );
  });

  it('shows a date of birth in the words as its own chip, removable like the others', async () => {
    // The API's reading of the words, as it reads them (packages/domain).
    fetchMock.mockImplementation(async (url: string) => {
      const text = new URL(url, 'http://store.test').searchParams.get('text') ?? '';
      const { understood, ignored, notes } = parseSearchPhrase(text);
      return new Response(
        JSON.stringify({ success: true, data: { ...page, understood, ignored, notes } }),
        { headers: { 'Content-Type': 'application/json' } },
      );
    });
    renderListing('/premium-numbers?text=14-08-1990+under+20k');
    await screen.findAllByTestId('number-card');
    const chip = screen.getByRole('link', {
      name: 'Remove filter: Date of birth 14-08-1990: total 5',
    });
    expect(chip).toHaveAttribute('href', '/premium-numbers?text=under+20k');
    expect(screen.getByRole('link', { name: 'Remove filter: Up to ₹20,000' })).toHaveAttribute(
      'href',
      '/premium-numbers?text=14-08-1990',
    );
    expect(screen.queryByTestId('ignored-words')).toBeNull();
  });

  it('links the pages, marking the current one', async () => {
    page = { ...page, total: 200, page: 2, pageCount: 9 };
    renderListing('/premium-numbers?q=9&page=2');
    await screen.findAllByTestId('number-card');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'href',
      '/premium-numbers?q=9',
    );
    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute(
      'href',
      '/premium-numbers?q=9&page=3',
    );
    expect(within(nav).getByRole('link', { name: 'Page 9' })).toBeInTheDocument();
    fireEvent.click(within(nav).getByRole('link', { name: 'Page 3' }));
    await waitFor(() => expect(location()).toBe('/premium-numbers?q=9&page=3'));
  });
});

describe('NumberListing served with its numbers (decision 0044)', { timeout: 20_000 }, () => {
  /** As it renders on the server and while it hydrates: useHydrated false. */
  function renderServed(path: string, served: { search: string; page: NumberPage }) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return renderAt(
      path,
      <HydratedProvider value={false}>
        <QueryClientProvider client={client}>
          <NumberListing served={served} />
        </QueryClientProvider>
      </HydratedProvider>,
    );
  }

  it('shows the numbers and the links of its pages from the first render, fetching nothing', () => {
    page = { ...page, total: 200, page: 2, pageCount: 9 };
    renderServed('/premium-numbers?page=2&category=mirror-numbers', {
      search: 'category=mirror-numbers&page=2',
      page,
    });
    expect(screen.getAllByTestId('number-card')).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: /9 8 7 6 5 9 8 7 6 5/ })[0]).toHaveAttribute(
      'href',
      '/numbers/9876598765',
    );
    expect(screen.getByTestId('listing-count')).toHaveTextContent('Showing 25–26 of 200 numbers');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute(
      'href',
      '/premium-numbers?category=mirror-numbers&page=3',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('waits for hydration when it was served the numbers of another address', () => {
    renderServed('/premium-numbers?category=mirror-numbers&sort=price_asc', {
      search: 'category=mirror-numbers',
      page,
    });
    expect(screen.queryByTestId('number-card')).toBeNull();
    expect(screen.getByTestId('listing-count')).toHaveTextContent('Loading numbers…');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('budgets', () => {
  const inBand = (price: number) =>
    budgets.filter((band) => (band.minPrice ?? 0) <= price && price <= (band.maxPrice ?? Infinity));

  it('are disjoint and leave no whole rupee out', () => {
    expect(budgets[0]!.minPrice).toBeUndefined();
    expect(budgets.at(-1)!.maxPrice).toBeUndefined();
    for (let i = 1; i < budgets.length; i++) {
      expect(budgets[i]!.minPrice, budgets[i]!.label).toBe(budgets[i - 1]!.maxPrice! + 1);
    }
    for (const price of [1, 4999, 5000, 15000, 15001, 35000, 35001, 100000, 100001, 250000]) {
      expect(inBand(price), `₹${price}`).toHaveLength(1);
    }
    expect(inBand(15000)[0]!.label).toBe('₹5,000–15,000');
    expect(inBand(35000)[0]!.label).toBe('₹15,001–35,000');
    expect(inBand(100000)[0]!.label).toBe('₹35,001–1 lakh');
    expect(inBand(100001)[0]!.label).toBe('Above ₹1 lakh');
  });
});

describe('pageWindow', () => {
  it('keeps the first, the last and the neighbours of the current page', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 'gap', 5]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 20)).toEqual([1, 'gap', 5, 6, 7, 'gap', 20]);
    expect(pageWindow(20, 20)).toEqual([1, 'gap', 19, 20]);
  });

  it('ends with a gap, not a last page, when more pages follow the count', () => {
    expect(pageWindow(1, 209, true)).toEqual([1, 2, 'gap']);
    expect(pageWindow(6, 209, true)).toEqual([1, 'gap', 5, 6, 7, 'gap']);
    expect(pageWindow(209, 209, true)).toEqual([1, 'gap', 208, 209, 'gap']);
  });
});
