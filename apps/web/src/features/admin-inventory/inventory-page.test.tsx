import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, installFakeApi, ok, type FakeReply } from '../../../test-support/fake-api';
import { renderWithQuery } from '../../../test-support/render';
import InventoryPage from './inventory-page';
import type { StockNumber } from './stock-types';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function stockNumber(overrides: Partial<StockNumber> = {}): StockNumber {
  return {
    id: 1,
    number: '9820098200',
    display: '98200 98200',
    category: { slug: 'mirror-numbers', name: 'Mirror Numbers' },
    price: 25_000,
    offerPrice: 20_000,
    status: 'available',
    relistable: false,
    heldBy: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const sold = stockNumber({
  id: 2,
  number: '7770009991',
  display: '77700 09991',
  category: { slug: 'aaa-bbb-numbers', name: 'AAA BBB Numbers' },
  price: 30_000,
  offerPrice: null,
  status: 'sold',
});

const page = (numbers: StockNumber[], total = numbers.length, pageCount = 1): FakeReply =>
  ok({ numbers, total, page: 1, pageSize: 50, pageCount });

/** Opens the bulk price change, previews a 10% raise and applies it to its 15 numbers. */
async function applyRaiseOfTenPercent(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Bulk price change' }));
  const dialog = screen.getByRole('dialog', { name: 'Bulk price change' });
  await user.type(within(dialog).getByLabelText('Percent (%)'), '10');
  await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
  await user.click(await within(dialog).findByRole('button', { name: 'Apply to 15 numbers' }));
  return dialog;
}

function renderInventory(routes: Parameters<typeof installFakeApi>[0], path = '/admin/inventory') {
  const api = installFakeApi({ 'GET /admin/numbers': page([stockNumber(), sold], 2), ...routes });
  const user = userEvent.setup();
  renderWithQuery(path, <InventoryPage />);
  return { api, user };
}

const location = () => screen.getByTestId('location').textContent;
const table = () => screen.getByRole('table', { name: 'Numbers in stock' });

describe('the inventory page', () => {
  it('lists the numbers of every status with prices and the actions allowed', async () => {
    renderInventory({});
    const row = (await screen.findByRole('cell', { name: '98200 98200' })).closest('tr')!;
    expect(row).toHaveTextContent('Mirror Numbers');
    expect(row).toHaveTextContent('₹20,000was ₹25,000');
    expect(row).toHaveTextContent('Available');
    expect(within(row).getByRole('button', { name: 'Edit price of 98200 98200' })).toBeEnabled();
    const soldRow = screen.getByRole('cell', { name: '77700 09991' }).closest('tr')!;
    const hideSold = within(soldRow).getByRole('button', { name: 'Hide 77700 09991' });
    expect(hideSold).toHaveAttribute('aria-disabled', 'true');
    expect(hideSold).toHaveAccessibleDescription('Sold: its price and status cannot change.');
    expect(
      within(soldRow).queryByRole('button', { name: 'Put back on sale 77700 09991' }),
    ).not.toBeInTheDocument();
    expect(screen.getByText('2 numbers')).toBeInTheDocument();
  });

  it('writes each status in words', async () => {
    const statuses = ['available', 'held', 'sold', 'hidden', 'coming_soon'] as const;
    renderInventory({
      'GET /admin/numbers': page(
        statuses.map((status, id) =>
          stockNumber({ id, status, number: `982009820${id}`, display: `98200 9820${id}` }),
        ),
      ),
    });
    await screen.findByRole('cell', { name: '98200 98200' });
    const column = within(table())
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[3]!.firstElementChild!.textContent);
    expect(column).toEqual(['Available', 'Held', 'Sold', 'Hidden', 'Coming soon']);
  });

  it('shows the price the buyer pays first, as it sorts, the list price struck beside an offer', async () => {
    renderInventory({});
    const headers = within(await screen.findByRole('table'))
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Number↕', 'Category↕', 'Price↕', 'Status↕', 'Added▼', 'Actions']);
    const offerRow = screen.getByRole('cell', { name: '98200 98200' }).closest('tr')!;
    const price = within(offerRow).getAllByRole('cell')[2]!;
    expect(price).toHaveTextContent(/^₹20,000was ₹25,000$/);
    expect(price.querySelector('s')).toHaveTextContent('was ₹25,000');
    const soldRow = screen.getByRole('cell', { name: '77700 09991' }).closest('tr')!;
    expect(within(soldRow).getAllByRole('cell')[2]).toHaveTextContent(/^₹30,000$/);
  });

  it('says when no number matches the search', async () => {
    renderInventory({ 'GET /admin/numbers': page([]) }, '/admin/inventory?q=12345');
    expect(await screen.findByText('No number matches.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('0 numbers')).not.toBeInTheDocument();
  });

  it('puts back on sale a sold number whose sale was undone before any UPC went out', async () => {
    const undone = { ...sold, relistable: true };
    const { api, user } = renderInventory({
      'GET /admin/numbers': page([undone]),
      'POST /admin/numbers/2/unhide': ok({ ...undone, status: 'available', relistable: false }),
    });
    const row = (await screen.findByRole('cell', { name: '77700 09991' })).closest('tr')!;
    expect(
      within(row).getByRole('button', { name: 'Edit price of 77700 09991' }),
    ).toHaveAccessibleDescription('Its sale was undone: put it back on sale to change its price.');
    expect(within(row).getByRole('button', { name: 'Hide 77700 09991' })).not.toHaveAttribute(
      'aria-disabled',
    );
    await user.click(within(row).getByRole('button', { name: 'Put back on sale 77700 09991' }));
    await vi.waitFor(() => expect(api.callsTo('POST /admin/numbers/2/unhide')).toHaveLength(1));
  });

  it('says which order holds a held number and until when, its actions focusable and explained', async () => {
    const held = stockNumber({
      id: 3,
      number: '9812345005',
      display: '98123 45005',
      status: 'held',
      heldBy: {
        orderId: 'b31959e2-0000-4000-8000-000000000000',
        orderReference: 'VN-20261130-5G1V4C1S',
        until: '2026-11-30T03:54:00.000Z',
      },
    });
    const { api, user } = renderInventory({ 'GET /admin/numbers': page([held]) });
    const row = (await screen.findByRole('cell', { name: '98123 45005' })).closest('tr')!;
    const reason =
      'Held for order VN-20261130-5G1V4C1S until 30 Nov 2026, 9:24 am IST, awaiting payment: its price and status cannot change meanwhile.';
    expect(row).toHaveTextContent(reason);
    expect(within(row).getByRole('link', { name: 'VN-20261130-5G1V4C1S' })).toHaveAttribute(
      'href',
      '/admin/orders/b31959e2-0000-4000-8000-000000000000',
    );
    const buttons = ['Edit price of', 'Coming soon', 'Hide'].map((name) =>
      within(row).getByRole('button', { name: `${name} 98123 45005` }),
    );
    for (const button of buttons) {
      expect(button).not.toBeDisabled();
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription(reason);
    }
    // Reached by the keyboard, and pressing one changes nothing.
    buttons[2]!.focus();
    await user.keyboard('{Enter}');
    await user.click(buttons[0]!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('scrolls the table sideways in its own box, with its screen-reader words', async () => {
    renderInventory({});
    await screen.findByRole('cell', { name: '98200 98200' });
    // The Actions heading is a screen-reader word, absolutely placed: a box that is not
    // positioned lets it out past a phone's screen, and the whole page scrolls sideways.
    expect(within(table()).getByText('Actions')).toHaveClass('sr-only');
    expect(table().parentElement).toHaveClass('relative', 'overflow-x-auto');
  });

  it('filters, searches by digits and sorts on the server, through the URL', async () => {
    const { api, user } = renderInventory({});
    await screen.findByRole('cell', { name: '98200 98200' });
    await user.type(screen.getByLabelText('Digits'), '98200');
    await user.selectOptions(screen.getByLabelText('Status'), 'held');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(location()).toBe('/admin/inventory?q=98200&match=anywhere&status=held');
    // The filters are drawn anew for the new address; the control used keeps the focus.
    expect(screen.getByRole('button', { name: 'Apply filters' })).toHaveFocus();
    await user.type(screen.getByLabelText('Digits'), '1{Enter}');
    expect(location()).toBe('/admin/inventory?q=982001&match=anywhere&status=held');
    expect(screen.getByLabelText('Digits')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(location()).toBe('/admin/inventory');
    expect(screen.getByRole('button', { name: 'Clear' })).toHaveFocus();
    await user.type(screen.getByLabelText('Digits'), '98200');
    await user.selectOptions(screen.getByLabelText('Status'), 'held');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await vi.waitFor(() =>
      expect(api.calls.at(-1)!.path).toBe(
        '/admin/numbers?q=98200&match=anywhere&status=held&sort=newest&page=1&pageSize=50',
      ),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/v1/admin/numbers/export.csv?q=98200&match=anywhere&status=held',
    );

    const priceHeader = within(table()).getByRole('columnheader', { name: /Price/ });
    await user.click(within(priceHeader).getByRole('button'));
    expect(location()).toContain('sort=price_asc');
    expect(priceHeader).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(priceHeader).getByRole('button'));
    expect(location()).toContain('sort=price_desc');
    await vi.waitFor(() => expect(api.calls.at(-1)!.path).toContain('sort=price_desc'));
  });

  it('pages through the inventory', async () => {
    const { api, user } = renderInventory({ 'GET /admin/numbers': page([stockNumber()], 120, 3) });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(location()).toBe('/admin/inventory?page=2');
    await vi.waitFor(() => expect(api.calls.at(-1)!.path).toContain('page=2'));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('hides a number and says so', async () => {
    const { api, user } = renderInventory({
      'POST /admin/numbers/1/hide': ok(stockNumber({ status: 'hidden' })),
    });
    await user.click(await screen.findByRole('button', { name: 'Hide 98200 98200' }));
    expect(await screen.findByText('98200 98200 is hidden from the storefront.')).toBeVisible();
    expect(api.callsTo('POST /admin/numbers/1/hide')).toEqual([
      expect.objectContaining({ body: { expected: { status: 'available' } } }),
    ]);
  });

  it('adds a number, and shows why the API refused a duplicate', async () => {
    let attempts = 0;
    const { api, user } = renderInventory({
      'POST /admin/numbers': () =>
        ++attempts === 1
          ? fail(409, '9820098200 is already in the store (sold).')
          : {
              status: 201,
              body: {
                success: true,
                data: stockNumber({ id: 9, number: '9876598765', display: '98765 98765' }),
              },
            },
    });
    await user.click(await screen.findByRole('button', { name: 'Add number' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a number' });
    expect(within(dialog).getByLabelText('Mobile number')).toHaveFocus();

    await user.type(within(dialog).getByLabelText('Mobile number'), '58200');
    await user.type(within(dialog).getByLabelText('Price (₹)'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Add number' }));
    expect(
      await within(dialog).findByText('The number must have 10 digits (it has 5).'),
    ).toBeVisible();
    expect(within(dialog).getByText('This must be more than 0.')).toBeVisible();
    expect(api.callsTo('POST /admin/numbers')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Mobile number'));
    await user.type(within(dialog).getByLabelText('Mobile number'), '+91 98200 98200');
    await user.clear(within(dialog).getByLabelText('Price (₹)'));
    await user.type(within(dialog).getByLabelText('Price (₹)'), '1,25,000');
    await user.click(within(dialog).getByRole('button', { name: 'Add number' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '9820098200 is already in the store (sold).',
    );
    expect(api.callsTo('POST /admin/numbers')[0]!.body).toEqual({
      number: '9820098200',
      price: 125_000,
      offerPrice: null,
      hidden: false,
      comingSoon: false,
    });

    await user.clear(within(dialog).getByLabelText('Mobile number'));
    await user.type(within(dialog).getByLabelText('Mobile number'), '9876598765');
    await user.click(within(dialog).getByRole('button', { name: 'Add number' }));
    expect(await screen.findByText('98765 98765 added as Mirror Numbers.')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('edits a price and its offer; a blank offer ends it', async () => {
    const { api, user } = renderInventory({
      'PATCH /admin/numbers/1': ok(stockNumber({ price: 30_000, offerPrice: null })),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit price of 98200 98200' }));
    const dialog = screen.getByRole('dialog', { name: 'Price of 98200 98200' });
    expect(within(dialog).getByLabelText('Price (₹)')).toHaveValue('25,000');
    expect(within(dialog).getByLabelText('Offer price (₹)')).toHaveValue('20,000');
    await user.clear(within(dialog).getByLabelText('Offer price (₹)'));
    await user.type(within(dialog).getByLabelText('Offer price (₹)'), '40000');
    await user.click(within(dialog).getByRole('button', { name: 'Save price' }));
    expect(
      await within(dialog).findByText('The offer price must not be above the price.'),
    ).toBeVisible();

    await user.clear(within(dialog).getByLabelText('Price (₹)'));
    await user.type(within(dialog).getByLabelText('Price (₹)'), '30000');
    await user.clear(within(dialog).getByLabelText('Offer price (₹)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText('Price of 98200 98200 saved.')).toBeVisible();
    expect(api.callsTo('PATCH /admin/numbers/1')[0]!.body).toEqual({
      price: 30_000,
      offerPrice: null,
      expected: { price: 25_000, offerPrice: 20_000 },
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Edit price of 98200 98200' })).toHaveFocus(),
    );
  });

  it("gives the focus back to the row's Edit price when the dialog closes", async () => {
    const { user } = renderInventory({});
    const edit = await screen.findByRole('button', { name: 'Edit price of 98200 98200' });
    await user.click(edit);
    expect(screen.getByRole('dialog', { name: 'Price of 98200 98200' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit price of 98200 98200' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Edit price of 98200 98200' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit price of 98200 98200' })).toHaveFocus();
  });

  it('previews a bulk price change on the filtered selection, then applies it', async () => {
    const { api, user } = renderInventory(
      {
        'POST /admin/numbers/bulk-price/preview': ok({
          selected: 120,
          changing: 118,
          skipped: 2,
          fingerprint: 'f-118',
          sample: [
            {
              id: 1,
              number: '9820098200',
              before: { price: 25_000, offerPrice: 20_000 },
              after: { price: 27_500, offerPrice: 22_000 },
            },
          ],
        }),
        'POST /admin/numbers/bulk-price': ok({ changed: 118 }),
      },
      '/admin/inventory?category=mirror-numbers&status=available',
    );
    await user.click(await screen.findByRole('button', { name: 'Bulk price change' }));
    const dialog = screen.getByRole('dialog', { name: 'Bulk price change' });
    expect(dialog).toHaveTextContent('Selection: status available, category Mirror Numbers.');
    await user.type(within(dialog).getByLabelText('Percent (%)'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const preview = await within(dialog).findByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('118 of 120 selected numbers change; 2 held or sold stay');
    expect(within(preview).getByRole('row', { name: /9820098200/ })).toHaveTextContent(
      '₹20,000 (offer; ₹25,000)₹22,000 (offer; ₹27,500)',
    );
    expect(api.callsTo('POST /admin/numbers/bulk-price/preview')[0]!.body).toEqual({
      filter: { status: 'available', category: 'mirror-numbers' },
      change: { mode: 'raise', percent: 10 },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Apply to 118 numbers' }));
    expect(await screen.findByText('118 numbers repriced.')).toBeVisible();
    expect(api.callsTo('POST /admin/numbers/bulk-price')[0]!.body).toEqual({
      filter: { status: 'available', category: 'mirror-numbers' },
      change: { mode: 'raise', percent: 10 },
      expectedCount: 118,
      expectedFingerprint: 'f-118',
    });
  });

  it('checks the bulk change before asking the server, and shows a refusal', async () => {
    const { api, user } = renderInventory({
      'POST /admin/numbers/bulk-price/preview': ok({
        selected: 2,
        changing: 1,
        skipped: 1,
        fingerprint: 'f-1',
        sample: [],
      }),
      'POST /admin/numbers/bulk-price': fail(
        409,
        'The selection changed since the preview: 3 numbers would change now, not 1. Preview again.',
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Bulk price change' }));
    const dialog = screen.getByRole('dialog', { name: 'Bulk price change' });
    await user.click(within(dialog).getByLabelText('Lower by'));
    await user.type(within(dialog).getByLabelText('Percent (%)'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Lower by less than 100%.');
    expect(api.callsTo('POST /admin/numbers/bulk-price/preview')).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('Set the price to'));
    await user.type(within(dialog).getByLabelText(/New price/), '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Apply to 1 number' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The selection changed since the preview',
    );
    expect(api.callsTo('POST /admin/numbers/bulk-price/preview')[0]!.body).toMatchObject({
      change: { mode: 'set', amount: 5000 },
    });
  });

  it('tells the agent that the prices moved since the preview and shows a fresh one', async () => {
    let previews = 0;
    const { api, user } = renderInventory({
      'POST /admin/numbers/bulk-price/preview': () =>
        ++previews === 1
          ? ok({
              selected: 15,
              changing: 15,
              skipped: 0,
              fingerprint: 'seen',
              sample: [
                {
                  id: 1,
                  number: '9876543219',
                  before: { price: 25_000, offerPrice: null },
                  after: { price: 27_500, offerPrice: null },
                },
              ],
            })
          : ok({
              selected: 15,
              changing: 15,
              skipped: 0,
              fingerprint: 'now',
              sample: [
                {
                  id: 1,
                  number: '9876543219',
                  before: { price: 27_500, offerPrice: null },
                  after: { price: 30_250, offerPrice: null },
                },
              ],
            }),
      'POST /admin/numbers/bulk-price': {
        status: 409,
        body: {
          success: false,
          code: 'SELECTION_CHANGED',
          message: "These numbers' prices changed since your preview: preview again.",
          changing: 15,
        },
      },
    });
    const dialog = await applyRaiseOfTenPercent(user);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "These numbers' prices changed since your preview: preview again.",
    );
    // The fresh preview shows the prices as they are now, to be applied (or not) from there.
    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    await vi.waitFor(() =>
      expect(within(preview).getByRole('row', { name: /9876543219/ })).toHaveTextContent(
        '₹27,500₹30,250',
      ),
    );
    expect(api.callsTo('POST /admin/numbers/bulk-price')).toHaveLength(1);
    expect(api.callsTo('POST /admin/numbers/bulk-price')[0]!.body).toMatchObject({
      expectedCount: 15,
      expectedFingerprint: 'seen',
    });
    expect(api.callsTo('POST /admin/numbers/bulk-price/preview')).toHaveLength(2);
    expect(screen.queryByText(/repriced/)).not.toBeInTheDocument();
  });

  it('retries a bulk apply whose answer was lost with the same Idempotency-Key, keeping the preview', async () => {
    let applies = 0;
    const { api, user } = renderInventory({
      'POST /admin/numbers/bulk-price/preview': ok({
        selected: 15,
        changing: 15,
        skipped: 0,
        fingerprint: 'seen',
        sample: [],
      }),
      'POST /admin/numbers/bulk-price': () => {
        // The first reaches the server, its answer is lost.
        if (++applies === 1) throw new TypeError('Failed to fetch');
        return ok({ changed: 15 });
      },
    });
    const dialog = await applyRaiseOfTenPercent(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'No response received from server: press Apply again to retry (a change already made is not made twice).',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Apply to 15 numbers' }));
    expect(await screen.findByText('15 numbers repriced.')).toBeVisible();

    const keys = api.fetchMock.mock.calls
      .filter(([input]) => String(input).endsWith('/admin/numbers/bulk-price'))
      .map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\w-]{8,}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(api.callsTo('POST /admin/numbers/bulk-price/preview')).toHaveLength(1);
  });

  it('refuses a price saved from a stale dialog, naming the current prices, and shows them', async () => {
    const current = stockNumber({ price: 25_000, offerPrice: 15_000 });
    let saves = 0;
    const { api, user } = renderInventory({
      'PATCH /admin/numbers/1': () =>
        ++saves === 1
          ? fail(
              409,
              'This number was changed by someone else since you opened it: 98200 98200 is now ₹25,000 with offer ₹15,000, on sale (last changed by Anil Admin, 29 Nov 2026, 5:02 pm IST). Check it and try again.',
              { code: 'NUMBER_CHANGED', current },
            )
          : ok(stockNumber({ price: 30_000, offerPrice: 15_000 })),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit price of 98200 98200' }));
    const dialog = screen.getByRole('dialog', { name: 'Price of 98200 98200' });
    await user.clear(within(dialog).getByLabelText('Price (₹)'));
    await user.type(within(dialog).getByLabelText('Price (₹)'), '30000');
    await user.click(within(dialog).getByRole('button', { name: 'Save price' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This number was changed by someone else since you opened it: 98200 98200 is now ₹25,000 with offer ₹15,000',
    );
    // The dialog now holds the number as it is; the next save starts from there.
    expect(within(dialog).getByLabelText('Price (₹)')).toHaveValue('25,000');
    expect(within(dialog).getByLabelText('Offer price (₹)')).toHaveValue('15,000');
    await user.clear(within(dialog).getByLabelText('Price (₹)'));
    await user.type(within(dialog).getByLabelText('Price (₹)'), '30000');
    await user.click(within(dialog).getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText('Price of 98200 98200 saved.')).toBeVisible();
    expect(api.callsTo('PATCH /admin/numbers/1').map((call) => call.body)).toEqual([
      { price: 30_000, offerPrice: 20_000, expected: { price: 25_000, offerPrice: 20_000 } },
      { price: 30_000, offerPrice: 15_000, expected: { price: 25_000, offerPrice: 15_000 } },
    ]);
  });

  it('says when a number was changed by someone else before a status change', async () => {
    const { api, user } = renderInventory({
      'POST /admin/numbers/1/coming-soon': fail(
        409,
        'This number was changed by someone else since you opened it: 98200 98200 is now ₹25,000 with offer ₹20,000, hidden. Check it and try again.',
        { code: 'NUMBER_CHANGED' },
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Coming soon 98200 98200' }));
    expect(
      await screen.findByText(/changed by someone else since you opened it: .* hidden\./),
    ).toBeVisible();
    // The list is read again, to show the number as it is now.
    const listReads = () =>
      api.calls.filter((call) => call.method === 'GET' && call.path.startsWith('/admin/numbers?'));
    await vi.waitFor(() => expect(listReads()).toHaveLength(2));
  });
});
