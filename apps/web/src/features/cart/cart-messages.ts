import { listInWords } from '@store/domain';

/** The cart's toasts (spec §8). */
export const CART_MESSAGES = {
  added: 'Item added to cart',
  removed: 'Item removed from cart',
  alreadyInCart: 'This product is already in your cart.',
  addFailed: 'Error adding to cart',
  packAdded: 'Pack added to cart',
  packFailed: 'The pack could not be added to your cart.',
  unexpected: 'An unexpected error occurred',
  unavailable: 'Some items in your cart are no longer available',
  pricesChanged: 'Prices for some items in your cart have changed',
  checkoutBlocked:
    'Some items in your cart are no longer available. Please review your cart before checkout.',
  signInToCheckout: 'Please log in to checkout',
  synced: 'Your cart has been synced with your account',
  syncFailed: 'Failed to sync your cart with your account',
  /** Ours: the account's cart held numbers from an earlier visit, so checkout waits. */
  merged:
    'Your cart now also holds numbers you added on an earlier visit. Please check it before you check out.',
  /** Ours: the cart checked out holds other numbers than the page showed (changed elsewhere). */
  changedElsewhere:
    'Your cart changed in another tab or device: please check it and press Checkout again.',
} as const;

/** A removal the buyer confirmed, which cancelled the order awaiting payment holding the number. */
export const removedCancellingMessage = (what: 'removed' | 'emptied', reference: string) =>
  `${what === 'removed' ? 'Item removed from cart' : 'Your cart is now empty'}. Order ${reference} is cancelled and its numbers are back on sale: please do not pay it.`;

/**
 * A pack refused because some of its numbers are gone, named by the digits the page showed
 * (the API names them by id only, decision 0083).
 */
export const packGoneMessage = (displays: readonly string[]) =>
  `${listInWords(displays)} ${displays.length === 1 ? 'is' : 'are'} no longer available, so the pack was not added. Open Family packs again to see the packs on sale now.`;
