import { expect, test } from '@playwright/test';
import { fillBillingAddress, header, newAccount, registerByApi } from '../support/accounts';
import { publicBase, type ApiNumber } from '../support/store-pages';

/**
 * Finding the right number, end to end: a buyer types a phrase, opens a number from the listing,
 * shares it (the WhatsApp link and the copied link), and buys it now, billed to the address given
 * at its billing step: the order holds only that number and the cart keeps what it had.
 */

test('a buyer types a phrase, opens a number, shares it and buys it now', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  // Two numbers away from the other specs' picks: the fifth and sixth most expensive.
  const listing = await request.get('/api/v1/numbers?sort=price_desc&pageSize=6');
  const items = ((await listing.json()) as { data: { items: ApiNumber[] } }).data.items;
  const [target, other] = [items[4]!, items[5]!];
  const budget = Math.ceil(target.pricing.nwFinalPrice / 1000);
  const phrase = `ending ${target.number.slice(-4)} under ${budget}k xyzzy`;

  await test.step('the phrase becomes filters, shown as chips, with the words not understood', async () => {
    await page.goto('/');
    const box = page
      .getByRole('search', { name: 'Search in your own words' })
      .getByRole('searchbox', { name: 'Describe the number you want' });
    await box.fill(phrase);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/premium-numbers\?text=/);
    expect(new URL(page.url()).searchParams.get('text')).toBe(phrase);
    await expect(
      page.getByRole('link', { name: `Remove filter: Ends with ${target.number.slice(-4)}` }),
    ).toBeVisible();
    await expect(
      page.getByRole('link', {
        name: `Remove filter: Up to ₹${(budget * 1000).toLocaleString('en-IN')}`,
      }),
    ).toBeVisible();
    await expect(page.getByTestId('ignored-words')).toHaveText('We did not understand: “xyzzy”');
    const cards = page.getByTestId('number-card');
    await expect(cards.first()).toBeVisible();
    for (const number of await cards.evaluateAll((all) =>
      all.map((card) => card.getAttribute('data-number') ?? ''),
    )) {
      expect(number.endsWith(target.number.slice(-4))).toBe(true);
    }
  });

  await test.step('the card opens the number’s page', async () => {
    await page
      .locator(`[data-testid="number-card"][data-number="${target.number}"]`)
      .getByRole('link', { name: [...target.number].join(' ') })
      .click();
    await expect(page).toHaveURL(new RegExp(`/numbers/${target.number}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName(
      [...target.number].join(' '),
    );
    await expect(page.getByTestId('offer-price')).toHaveAttribute(
      'data-price',
      String(target.pricing.nwFinalPrice),
    );
  });

  await test.step('sharing: a WhatsApp link and the copied link name the page', async () => {
    const url = `${publicBase}/numbers/${target.number}`;
    const share = page.getByRole('group', { name: 'Share this number' });
    const whatsapp = new URL(
      (await share.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href'))!,
    );
    expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/');
    expect(whatsapp.searchParams.get('text')).toMatch(
      new RegExp(`^VIP mobile number ${target.display} at .+: ${url.replace(/[.]/g, '\\.')}$`),
    );
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await share.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('status').getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  });

  await test.step('Buy now orders this number alone and leaves the cart as it was', async () => {
    // Signed in (through the page's own cookies), with another number in the cart.
    await registerByApi(page.request, newAccount('buy now tester'));
    expect((await page.request.post(`/api/v1/cart/add/${other.id}`)).ok()).toBe(true);
    await page.reload();
    await expect(header(page).getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

    await page.getByRole('button', { name: 'Buy now' }).click();
    // Its billing step: the invoice's name and address, the state deciding the GST.
    const dialog = page.getByRole('dialog', { name: `Buy ${target.display}` });
    await expect(dialog).toBeVisible();
    await fillBillingAddress(page, 'Karnataka', 'Bengaluru');
    await dialog.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    const main = page.getByRole('main');
    await expect(main).toContainText(target.display);
    await expect(main).not.toContainText(other.display);
    await expect(main).toContainText('Awaiting payment');
    await expect(main).toContainText('Bengaluru');
    await expect(main).toContainText('IGST');
    await expect(header(page).getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    const cart = await page.request.get('/api/v1/cart');
    const cartNumbers = (
      (await cart.json()) as { data: { items: { product: ApiNumber }[] } }
    ).data.items.map((item) => item.product.number);
    expect(cartNumbers).toEqual([other.number]);

    // The number's page now says it is held, for this buyer, by the order just placed.
    await page.goto(`/numbers/${target.number}`);
    await expect(page.getByTestId('number-status')).toContainText(
      /^Held for you in order VN-[\dA-Z-]+: pay now to keep it\.$/,
    );
  });
});
