import { Link } from 'react-router';
import { CartIcon } from '../../../components/icons';
import { useCartCount } from '../../cart';

function cartLabel(count: number): string {
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

/** Cart icon linking to /cart with an item-count badge. */
export function CartLink() {
  const count = useCartCount();
  return (
    <Link
      to="/cart"
      aria-label={cartLabel(count)}
      className="relative inline-flex size-10 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100 hover:text-slate-950"
    >
      <CartIcon className="size-6" />
      <span
        aria-hidden="true"
        data-testid="cart-count"
        className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-blue-700 px-1 text-xs font-bold text-white"
      >
        {count > 99 ? '99+' : count}
      </span>
    </Link>
  );
}
