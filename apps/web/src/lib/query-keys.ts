/**
 * The first element of every query key: one root per kind of server data in the cache. A
 * feature builds its keys under its root; another feature that must invalidate them (checkout
 * invalidates the listings and the orders, a paid order the cart) uses the root, so no feature
 * imports another for a key. Only `numbers` is public: the rest belongs to the signed-in
 * account and is forgotten when the session ends.
 */
export const queryRoots = {
  numbers: 'numbers',
  cart: 'cart',
  orders: 'orders',
  profile: 'profile',
  /** Favourites and saved searches of the account. */
  saved: 'saved',
  /** Everything the staff console reads: any change made in the console refreshes it all. */
  console: 'console',
} as const;
