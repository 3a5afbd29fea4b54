import { useState, type MouseEvent } from 'react';
import { useFocusLater } from '../../components/use-focus-later';
import { useCartActions } from './cart-slots';
import type { CartProduct } from './cart-types';

/**
 * A number's Add to cart button (its card, its page) and the "In cart" link that replaces it.
 * While it adds, the button is busy and `aria-disabled` rather than `disabled`, so it keeps the
 * focus (a failure leaves the focus on it). Once added, if the button had the focus, the link
 * given `inCartLink` takes it; a click that left the focus elsewhere moves nothing.
 */
export function useAddButton(product: CartProduct) {
  const { addToCart, isInCart } = useCartActions();
  const [adding, setAdding] = useState(false);
  const { target: inCartLink, focusLater } = useFocusLater<HTMLAnchorElement>();

  const add = async (event: MouseEvent<HTMLButtonElement>) => {
    if (adding) return;
    const hadFocus = event.currentTarget === document.activeElement;
    setAdding(true);
    try {
      if ((await addToCart(product)) && hadFocus) focusLater();
    } finally {
      setAdding(false);
    }
  };

  return {
    inCart: isInCart(product.id),
    adding,
    add: (event: MouseEvent<HTMLButtonElement>) => void add(event),
    inCartLink,
  };
}
