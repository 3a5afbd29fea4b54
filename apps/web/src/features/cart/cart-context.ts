import { createContext, useContext } from 'react';
import type { CheckoutDetails } from './api/checkout';
import type { CartProduct } from './cart-types';

/** One line of the cart as the cart page shows it, guest or signed in. */
export interface CartLine {
  id: string;
  product: CartProduct;
  priceAtAdd: number;
  /** The number's current price, when known (the server tells; a guest learns by validating). */
  currentPrice: number;
  available: boolean;
  /**
   * The price the number was added at, when validation has since adopted another into
   * priceAtAdd: a guest's cart keeps it (decision 0086), the server keeps a signed-in buyer's
   * (decision 0093).
   */
  changedFrom?: number;
}

export interface CartTotals {
  subtotal: number;
  tdsPercent: number;
  tdsDeducted: number;
  cgstPercent: number;
  cgstAmount: number;
  sgstPercent: number;
  sgstAmount: number;
  /** To another state than the store's: the whole GST as IGST (then CGST and SGST are 0). */
  igstPercent: number;
  igstAmount: number;
  totalAmount: number;
}

/** The cart's contents, guest or signed in, the same for the cart page either way. */
export interface CartView {
  /** 'loading' until the signed-in cart has arrived. */
  status: 'guest' | 'loading' | 'signed-in';
  lines: CartLine[];
  totals: CartTotals;
  /** TDS percents a Corporate buyer may choose (empty otherwise). */
  tdsRates: number[];
  /** The signed-in buyer's order awaiting payment, whose numbers are to pay there. */
  openOrder: { id: string; reference: string; holdExpiresAt: string; productIds: number[] } | null;
}

/**
 * A checkout stopped: for the buyer to confirm, as it would cancel the order `replaces`; or
 * because validation found these numbers gone (`unavailable`, ids: the cart has dropped them).
 */
export type CheckoutStop =
  { replaces: NonNullable<CartView['openOrder']> } | { unavailable: number[] };

/** An order awaiting payment, as a removal from the cart names it. */
export interface OrderRef {
  id: string;
  reference: string;
}

/**
 * A removal (of a line, or of the whole cart) stopped: it would cancel the order `cancels`
 * awaiting payment, which holds the number (another tab made it, say): for the buyer to confirm.
 */
export interface RemovalStop {
  cancels: OrderRef;
}

export interface CartContextValue extends CartView {
  /** Signed in: the guest cart's numbers whose sync to the account failed (else empty). */
  notSynced: CartProduct[];
  /** Tries that sync again. */
  retrySync(): void;
  /**
   * Resolves to whether it was removed (a failure is told in a toast), or stops when that would
   * cancel an order awaiting payment other than `cancelling` (the one the buyer confirmed).
   */
  removeItem(line: CartLine, cancelling?: OrderRef): Promise<boolean | RemovalStop>;
  /** Empties the cart, as removeItem removes a line. */
  clear(cancelling?: OrderRef): Promise<boolean | RemovalStop>;
  setTdsPercent(percent: number): Promise<void>;
  /**
   * Spec §4: guests drop invalid items and adopt new prices (the server does so for an
   * account's cart); resolves to the ids of the numbers found gone and dropped.
   */
  validate(): Promise<number[]>;
  /**
   * Validates, then reserves the numbers (billed as `details` say) and opens the order page;
   * stops instead when that would cancel the buyer's order awaiting payment for other numbers,
   * unless `replacing` names that order (the buyer confirmed).
   */
  checkout(
    details?: CheckoutDetails,
    options?: { replacing?: string },
  ): Promise<CheckoutStop | undefined>;
  /**
   * A guest asked to check out, then signed in: the cart page's billing form submits itself
   * (which checks out, or shows what the profile left missing) and calls `checkoutResumed`.
   */
  resumeCheckout: boolean;
  checkoutResumed(): void;
}

export const CartContext = createContext<CartContextValue | null>(null);

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used inside <CartProvider>');
  return value;
}
