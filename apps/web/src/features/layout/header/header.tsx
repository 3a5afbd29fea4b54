import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { CloseIcon, LogoMark, MenuIcon } from '../../../components/icons';
import { mainNavLinks } from '../../../lib/nav';
import { siteConfig } from '../../../lib/site-config';
import { AccountArea } from './account-area';
import { CartLink } from './cart-link';
import { MobileMenu } from './mobile-menu';
import { navLinkClass } from './nav-styles';
import { ProductsDropdown } from './products-dropdown';

const MOBILE_MENU_ID = 'mobile-menu';

/**
 * Site header (spec §2): main navigation, Products dropdown, cart link, Sign In / account,
 * mobile menu. White on the home page, transparent elsewhere (data-variant solid/transparent).
 * The navigation and the account area take one line from 1280 px (xl) up, a signed-in buyer's
 * name and e-mail included; narrower screens get the menu.
 */
export function Header() {
  const { pathname } = useLocation();
  const isHome = pathname === '/';
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        menuButtonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const [home, premium, offer, contact] = mainNavLinks;
  const beforeProducts = [home, premium, offer].filter((link) => link !== undefined);
  const afterProducts = [contact].filter((link) => link !== undefined);

  const renderLink = (link: { label: string; to: string }) => (
    <li key={link.to}>
      <NavLink
        to={link.to}
        end={link.to === '/'}
        className={({ isActive }) => `inline-block ${navLinkClass(isActive, 'px-2')}`}
      >
        {link.label}
      </NavLink>
    </li>
  );

  return (
    <header
      data-variant={isHome ? 'solid' : 'transparent'}
      className={`relative z-40 ${isHome ? 'bg-white shadow-sm' : 'bg-transparent'}`}
    >
      {/* At 400 % zoom (320 px) the name wraps beside the cart and Menu. From 1280 px the row
          fits on one line, and wraps rather than overlap when a reader widens the text's
          spacing (WCAG 1.4.12): the account area then goes below. */}
      <div className="mx-auto flex min-h-16 max-w-7xl items-center justify-between gap-x-3 gap-y-2 px-4 sm:px-6 lg:px-8 xl:flex-wrap">
        <Link
          to="/"
          className="flex min-w-0 items-center gap-2 rounded-md text-lg leading-tight font-bold tracking-tight text-slate-900"
        >
          <LogoMark className="size-8 shrink-0" />
          <span className="min-w-0 sm:whitespace-nowrap">{siteConfig.storeName}</span>
        </Link>

        <nav aria-label="Main" className="hidden xl:block">
          <ul className="flex items-center">
            {beforeProducts.map(renderLink)}
            <li>
              <ProductsDropdown />
            </li>
            {afterProducts.map(renderLink)}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <CartLink />
          <div className="hidden xl:block">
            <AccountArea variant="desktop" />
          </div>
          <button
            ref={menuButtonRef}
            type="button"
            aria-label="Menu"
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            onClick={() => setMenuOpen((value) => !value)}
            className="inline-flex size-10 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 xl:hidden"
          >
            {menuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          </button>
        </div>
      </div>
      <MobileMenu id={MOBILE_MENU_ID} open={menuOpen} onClose={() => setMenuOpen(false)} />
    </header>
  );
}
