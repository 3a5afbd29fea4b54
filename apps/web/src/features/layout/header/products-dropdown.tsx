import { useEffect, useId, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { ChevronDownIcon } from '../../../components/icons';
import { productMenuLinks } from '../../../lib/nav';
import { navLinkClass } from './nav-styles';

/** Desktop "Products" disclosure: a button with aria-expanded controlling a list of links. */
export function ProductsDropdown() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const isOutside = (target: EventTarget | null) =>
      !(target instanceof Node && containerRef.current?.contains(target));
    const onPointerDown = (event: PointerEvent) => {
      if (isOutside(event.target)) setOpen(false);
    };
    const onFocusIn = (event: FocusEvent) => {
      if (isOutside(event.target)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex items-center gap-1 rounded-md px-2 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 hover:text-slate-950"
      >
        Products
        <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute top-full left-0 z-50 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-2 shadow-xl"
      >
        {productMenuLinks.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              onClick={() => setOpen(false)}
              className={({ isActive }) => `block ${navLinkClass(isActive)}`}
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
