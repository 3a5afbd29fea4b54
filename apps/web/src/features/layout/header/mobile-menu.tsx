import { useId, useState } from 'react';
import { NavLink } from 'react-router';
import { ChevronDownIcon } from '../../../components/icons';
import { mainNavLinks, productMenuLinks } from '../../../lib/nav';
import { AccountArea } from './account-area';
import { navLinkClass } from './nav-styles';

/** Panel of the mobile menu: navigation links, a collapsible Products group, the account area. */
export function MobileMenu({
  id,
  open,
  onClose,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
}) {
  const [productsOpen, setProductsOpen] = useState(false);
  const productsId = useId();

  return (
    <div id={id} hidden={!open} className="border-t border-slate-200 bg-white shadow-lg xl:hidden">
      <nav aria-label="Mobile" className="mx-auto max-w-7xl px-4 py-3 sm:px-6">
        <ul className="flex flex-col gap-1">
          {mainNavLinks.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.to === '/'}
                onClick={onClose}
                className={({ isActive }) => `block ${navLinkClass(isActive)} text-base`}
              >
                {link.label}
              </NavLink>
            </li>
          ))}
          <li>
            <button
              type="button"
              aria-expanded={productsOpen}
              aria-controls={productsId}
              onClick={() => setProductsOpen((value) => !value)}
              className="flex w-full items-center justify-between rounded-md px-3 py-2 text-base font-medium text-slate-800 hover:bg-slate-100"
            >
              Products
              <ChevronDownIcon
                className={`size-5 transition-transform ${productsOpen ? 'rotate-180' : ''}`}
              />
            </button>
            <ul
              id={productsId}
              hidden={!productsOpen}
              className="mt-1 ml-3 border-l border-slate-200 pl-2"
            >
              {productMenuLinks.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    onClick={onClose}
                    className={({ isActive }) => `block ${navLinkClass(isActive)} text-base`}
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </li>
        </ul>
        <div className="mt-3 border-t border-slate-200 pt-3">
          <AccountArea variant="mobile" onNavigate={onClose} />
        </div>
      </nav>
    </div>
  );
}
