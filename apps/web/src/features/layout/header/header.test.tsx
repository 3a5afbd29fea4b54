import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../../test-support/render';
import { AuthUiProvider, type AuthModalProps, type AuthUiUser } from '../../auth';
import { CartCountContext } from '../../cart';
import { Header } from './header';

afterEach(cleanup);

function TestModal({ open, onClose }: AuthModalProps) {
  return open ? (
    <div role="dialog" aria-label="Sign In">
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  ) : null;
}

function renderHeader(
  path = '/offer-zone',
  options: { count?: number; user?: AuthUiUser | null; onLogout?: () => Promise<void> } = {},
) {
  return renderAt(
    path,
    <AuthUiProvider modal={TestModal} user={options.user ?? null} onLogout={options.onLogout}>
      <CartCountContext.Provider value={options.count ?? 0}>
        <Header />
      </CartCountContext.Provider>
    </AuthUiProvider>,
  );
}

const hrefs = (links: HTMLElement[]) => links.map((link) => link.getAttribute('href'));

describe('Header', () => {
  it('has the main navigation of spec §2 and a Products dropdown', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(hrefs(within(nav).getAllByRole('link'))).toEqual([
      '/',
      '/premium-numbers',
      '/offer-zone',
      '/contact-us',
    ]);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');

    const products = within(nav).getByRole('button', { name: 'Products' });
    expect(products).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(products);
    expect(products).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(products.getAttribute('aria-controls') ?? '');
    expect(list).not.toBeNull();
    expect(hrefs(within(list as HTMLElement).getAllByRole('link'))).toEqual([
      '/products/smart-ivr',
      '/products/sms-solutions',
      '/products/whatsapp',
      '/family-packs',
    ]);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(products).toHaveAttribute('aria-expanded', 'false');
    expect(products).toHaveFocus();
  });

  it('closes the Products dropdown when a product is chosen', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const products = within(nav).getByRole('button', { name: 'Products' });
    fireEvent.click(products);
    fireEvent.click(within(nav).getByRole('link', { name: 'Smart IVR' }));
    expect(products).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('location')).toHaveTextContent('/products/smart-ivr');
  });

  it('links the cart with the item count', () => {
    renderHeader('/', { count: 3 });
    const cart = screen.getByRole('link', { name: 'Cart, 3 items' });
    expect(cart).toHaveAttribute('href', '/cart');
    expect(within(cart).getByTestId('cart-count')).toHaveTextContent('3');
    cleanup();
    renderHeader('/');
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
  });

  it('opens the authentication modal from Sign In', () => {
    renderHeader();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('is white on the home page and transparent elsewhere', () => {
    const { container } = renderHeader('/');
    const header = container.querySelector('header');
    expect(header).toHaveAttribute('data-variant', 'solid');
    expect(header?.className).toMatch(/bg-white/);
    cleanup();
    const other = renderHeader('/premium-numbers').container.querySelector('header');
    expect(other).toHaveAttribute('data-variant', 'transparent');
    expect(other?.className).toMatch(/bg-transparent/);
  });

  it('has a mobile menu with a collapsible Products group', () => {
    renderHeader();
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu.className).toMatch(/xl:hidden/);
    expect(screen.getByRole('navigation', { name: 'Main' }).className).toMatch(/hidden xl:block/);
    const panel = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    expect(panel).not.toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();

    fireEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    expect(hrefs(within(mobile).getAllByRole('link'))).toEqual([
      '/',
      '/premium-numbers',
      '/offer-zone',
      '/contact-us',
    ]);
    const products = within(mobile).getByRole('button', { name: 'Products' });
    expect(products).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(products);
    expect(products).toHaveAttribute('aria-expanded', 'true');
    expect(hrefs(within(mobile).getAllByRole('link')).slice(4)).toEqual([
      '/products/smart-ivr',
      '/products/sms-solutions',
      '/products/whatsapp',
      '/family-packs',
    ]);

    fireEvent.click(within(mobile).getByRole('link', { name: 'Contact Us' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('location')).toHaveTextContent('/contact-us');
  });

  it('shows the signed-in user and logs out', async () => {
    const onLogout = vi.fn(() => Promise.resolve());
    renderHeader('/cart', {
      user: { name: 'asha', email: 'asha.verylongaddress@example.com' },
      onLogout,
    });
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    const nav = screen.getByRole('link', { name: /Asha/ });
    expect(nav).toHaveAttribute('href', '/profile');
    expect(nav).toHaveTextContent('Asha asha.verylongaddress...');
    expect(nav).toHaveAccessibleName('Your account: Asha asha.verylongaddress@example.com');

    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Logout' })[0] as HTMLElement);
    });
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Successfully Logged Out')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/premium-numbers');
  });
});
