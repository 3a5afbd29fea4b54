import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useToast } from '../components/toast';
import { apiErrorMessage, isApiError } from '../lib/api-client';
import { useAuth } from '../lib/auth-session';
import { useAuthUi } from '../lib/auth-ui';
import { getAttribution } from '../lib/campaign-tracking';
import { CartActionsProvider, type CartActions, type CartProduct } from '../lib/cart-actions';
import { CartCountProvider } from '../lib/cart-count';
import { numbersKeys } from '../lib/numbers-api';
import {
  CART_QUERY_KEY,
  deleteCart,
  deleteCartItem,
  postAddToCart,
  postCheckout,
  postSync,
  postValidate,
  putTds,
  useServerCart,
  type ServerCart,
} from './cart-api';
import {
  ALREADY_IN_CART,
  addToGuestCart,
  applyValidation,
  emptyGuestCart,
  recalculate,
  removeFromGuestCart,
  toPayload,
  type ValidationResult,
} from './guest-cart';
import { readGuestCart, useGuestCart, writeGuestCart } from './guest-cart-store';

/**
 * The cart feature (spec §4 "Cart"): a guest cart in local storage, the server cart once signed
 * in, the sync between them at sign-in, validation and checkout. Mounted once in root.tsx; it
 * feeds the number cards (CartActionsProvider) and the header badge (CartCountProvider).
 */

export const CART_MESSAGES = {
  added: 'Item added to cart',
  removed: 'Item removed from cart',
  alreadyInCart: 'This product is already in your cart.',
  addFailed: 'Error adding to cart',
  unexpected: 'An unexpected error occurred',
  unavailable: 'Some items in your cart are no longer available',
  pricesChanged: 'Prices for some items in your cart have changed',
  checkoutBlocked:
    'Some items in your cart are no longer available. Please review your cart before checkout.',
  signInToCheckout: 'Please log in to checkout',
  synced: 'Your cart has been synced with your account',
  syncFailed: 'Failed to sync your cart with your account',
} as const;

/** One line of the cart as the cart page shows it, guest or signed in. */
export interface CartLine {
  id: string;
  product: CartProduct;
  priceAtAdd: number;
  /** The number's current price, when known (the server tells; a guest learns by validating). */
  currentPrice: number;
  available: boolean;
}

export interface CartTotals {
  subtotal: number;
  tdsPercent: number;
  tdsDeducted: number;
  cgstPercent: number;
  cgstAmount: number;
  sgstPercent: number;
  sgstAmount: number;
  totalAmount: number;
}

export interface CartContextValue {
  /** 'loading' until the signed-in cart has arrived. */
  status: 'guest' | 'loading' | 'signed-in';
  lines: CartLine[];
  totals: CartTotals;
  /** TDS percents a Corporate buyer may choose (empty otherwise). */
  tdsRates: number[];
  removeItem(line: CartLine): Promise<void>;
  clear(): Promise<void>;
  setTdsPercent(percent: number): Promise<void>;
  /** Spec §4: guests drop invalid items and adopt new prices; resolves whether all were valid. */
  validate(): Promise<boolean>;
  /** Validates, then reserves the numbers and opens the order page. */
  checkout(): Promise<void>;
}

const CartContext = createContext<CartContextValue | null>(null);

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used inside <CartProvider>');
  return value;
}

/** The server cart without the extras of the add and sync answers. */
function serverCartOf(cart: ServerCart): ServerCart {
  return {
    items: cart.items,
    productIds: cart.productIds,
    subtotal: cart.subtotal,
    tdsPercent: cart.tdsPercent,
    tdsDeducted: cart.tdsDeducted,
    taxable: cart.taxable,
    taxPercent: cart.taxPercent,
    gst: cart.gst,
    taxAmount: cart.taxAmount,
    cgstAmount: cart.cgstAmount,
    sgstAmount: cart.sgstAmount,
    totalAmount: cart.totalAmount,
    tdsRates: cart.tdsRates,
  };
}

function hasServerCart(value: object): value is ServerCart {
  return 'items' in value && Array.isArray((value as { items: unknown }).items);
}

function listNumbers(numbers: readonly string[]): string {
  return numbers.length <= 3
    ? numbers.join(', ')
    : `${numbers.slice(0, 3).join(', ')} and ${numbers.length - 3} more`;
}

export function CartProvider({ children }: { children: ReactNode }) {
  const { status: authStatus, user } = useAuth();
  const signedIn = authStatus === 'authenticated';
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const { openAuthModal } = useAuthUi();
  const guest = useGuestCart();
  const server = useServerCart(signedIn);

  const setServerCart = useCallback(
    (cart: ServerCart) => {
      // A GET /cart still in flight carries an older cart: it must not overwrite this one.
      void queryClient.cancelQueries({ queryKey: CART_QUERY_KEY });
      queryClient.setQueryData(CART_QUERY_KEY, serverCartOf(cart));
    },
    [queryClient],
  );

  // Forget the account's cart once signed out (the guest cart starts empty again).
  useEffect(() => {
    if (authStatus === 'unauthenticated') queryClient.removeQueries({ queryKey: CART_QUERY_KEY });
  }, [authStatus, queryClient]);

  // Spec §4: at sign-in a non-empty guest cart is synced, then emptied. This also picks up a
  // guest cart filled while the session was still being confirmed.
  const syncTried = useRef<string | null>(null);
  useEffect(() => {
    if (!signedIn || !user || guest.items.length === 0 || syncTried.current === user.id) return;
    syncTried.current = user.id;
    const synced = new Set(guest.productIds);
    postSync(toPayload(guest)).then(
      ({ cart }) => {
        // Only what was sent leaves the guest cart: a number added meanwhile syncs next.
        const left = readGuestCart().items.filter((item) => !synced.has(item.product.id));
        writeGuestCart(recalculate(left));
        if (left.length > 0) syncTried.current = null;
        setServerCart(cart);
        toast.success(CART_MESSAGES.synced);
        const gone = cart.dropped.filter((item) => item.reason !== 'cart_full');
        if (gone.length > 0) {
          const numbers = gone.map((item) => item.number ?? `#${item.productId}`);
          toast.warning(
            `${gone.length === 1 ? 'This number is' : 'These numbers are'} no longer available and ${gone.length === 1 ? 'was' : 'were'} removed: ${listNumbers(numbers)}`,
            { duration: 8000 },
          );
        }
      },
      () => {
        toast.error(CART_MESSAGES.syncFailed);
      },
    );
  }, [signedIn, user, guest, setServerCart, toast]);

  useEffect(() => {
    if (!signedIn) syncTried.current = null;
  }, [signedIn]);

  const addToCart = useCallback(
    async (product: CartProduct) => {
      try {
        if (signedIn) {
          const result = await postAddToCart(product.id);
          if (hasServerCart(result)) setServerCart(result);
          else await queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
        } else {
          if (readGuestCart().productIds.includes(product.id)) throw new Error(ALREADY_IN_CART);
          const { product: current } = await postAddToCart(product.id);
          writeGuestCart(addToGuestCart(readGuestCart(), current));
        }
        toast.success(CART_MESSAGES.added);
      } catch (error) {
        const already =
          (isApiError(error) && error.code === 'ALREADY_IN_CART') ||
          (error instanceof Error && error.message === ALREADY_IN_CART);
        if (already) toast.info(CART_MESSAGES.alreadyInCart);
        else toast.error(apiErrorMessage(error, CART_MESSAGES.addFailed));
        // Sold, held or gone: the listings the buyer saw it in are out of date.
        if (isApiError(error) && (error.code === 'NUMBER_UNAVAILABLE' || error.status === 404)) {
          void queryClient.invalidateQueries({ queryKey: numbersKeys.all });
        }
      }
    },
    [signedIn, queryClient, setServerCart, toast],
  );

  const removeItem = useCallback(
    async (line: CartLine) => {
      try {
        if (signedIn) setServerCart(await deleteCartItem(line.id));
        else writeGuestCart(removeFromGuestCart(readGuestCart(), line.id));
        toast.success(CART_MESSAGES.removed);
      } catch (error) {
        toast.error(apiErrorMessage(error, CART_MESSAGES.unexpected));
      }
    },
    [signedIn, setServerCart, toast],
  );

  const clear = useCallback(async () => {
    try {
      if (signedIn) setServerCart(await deleteCart());
      else writeGuestCart(emptyGuestCart);
    } catch (error) {
      toast.error(apiErrorMessage(error, CART_MESSAGES.unexpected));
    }
  }, [signedIn, setServerCart, toast]);

  const setTdsPercent = useCallback(
    async (percent: number) => {
      try {
        setServerCart(await putTds(percent));
      } catch (error) {
        toast.error(apiErrorMessage(error, CART_MESSAGES.unexpected));
      }
    },
    [setServerCart, toast],
  );

  const tellValidation = useCallback(
    (results: readonly ValidationResult[]) => {
      if (results.some((result) => !result.valid)) toast.warning(CART_MESSAGES.unavailable);
      if (results.some((result) => result.priceChanged)) toast.info(CART_MESSAGES.pricesChanged);
      return results.every((result) => result.valid);
    },
    [toast],
  );

  const validate = useCallback(async (): Promise<boolean> => {
    try {
      if (signedIn) {
        const { validationResults, cart } = await postValidate();
        if (cart) setServerCart(cart);
        return tellValidation(validationResults);
      }
      const cart = readGuestCart();
      // Spec §5: an empty guest cart validates to an empty result without a call.
      if (cart.items.length === 0) return true;
      const { validationResults } = await postValidate(toPayload(cart));
      writeGuestCart(applyValidation(readGuestCart(), validationResults).cart);
      return tellValidation(validationResults);
    } catch (error) {
      toast.error(apiErrorMessage(error, CART_MESSAGES.unexpected));
      return false;
    }
  }, [signedIn, setServerCart, tellValidation, toast]);

  const checkout = useCallback(async () => {
    if (!signedIn) {
      toast.info(CART_MESSAGES.signInToCheckout);
      openAuthModal('sign-in');
      return;
    }
    try {
      const { validationResults, cart } = await postValidate();
      if (cart) setServerCart(cart);
      if (validationResults.some((result) => !result.valid)) {
        toast.warning(CART_MESSAGES.checkoutBlocked);
        return;
      }
      if (validationResults.some((result) => result.priceChanged)) {
        // The buyer sees the new prices before any order is made at them.
        toast.info(CART_MESSAGES.pricesChanged);
        return;
      }
      const { order } = await postCheckout(getAttribution());
      // The numbers just reserved leave every listing; the buyer must not see them there.
      void queryClient.invalidateQueries({ queryKey: numbersKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
      await navigate(`/orders/${order.id}`);
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: numbersKeys.all });
        await queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
        toast.warning(apiErrorMessage(error, CART_MESSAGES.checkoutBlocked));
        return;
      }
      toast.error(apiErrorMessage(error, CART_MESSAGES.unexpected));
    }
  }, [signedIn, toast, openAuthModal, setServerCart, queryClient, navigate]);

  const value = useMemo<CartContextValue>(() => {
    if (signedIn) {
      const cart = server.data;
      return {
        status: cart ? 'signed-in' : 'loading',
        lines: (cart?.items ?? []).map((item) => ({
          id: item.id,
          product: item.product,
          priceAtAdd: item.priceAtAdd,
          currentPrice: item.currentPrice,
          available: item.available,
        })),
        totals: {
          subtotal: cart?.subtotal ?? 0,
          tdsPercent: cart?.tdsPercent ?? 0,
          tdsDeducted: cart?.tdsDeducted ?? 0,
          cgstPercent: cart?.gst.cgst ?? 9,
          cgstAmount: cart?.cgstAmount ?? 0,
          sgstPercent: cart?.gst.sgst ?? 9,
          sgstAmount: cart?.sgstAmount ?? 0,
          totalAmount: cart?.totalAmount ?? 0,
        },
        tdsRates: cart?.tdsRates ?? [],
        removeItem,
        clear,
        setTdsPercent,
        validate,
        checkout,
      };
    }
    return {
      status: authStatus === 'loading' ? 'loading' : 'guest',
      lines: guest.items.map((item) => ({
        id: item.id,
        product: item.product,
        priceAtAdd: item.priceAtAdd,
        currentPrice: item.product.pricing.nwFinalPrice,
        available: true,
      })),
      totals: {
        subtotal: guest.subtotal,
        tdsPercent: guest.tdsPercent,
        tdsDeducted: guest.tdsDeducted,
        cgstPercent: guest.taxPercent / 2,
        cgstAmount: guest.cgstAmount,
        sgstPercent: guest.taxPercent / 2,
        sgstAmount: guest.sgstAmount,
        totalAmount: guest.totalAmount,
      },
      tdsRates: [],
      removeItem,
      clear,
      setTdsPercent,
      validate,
      checkout,
    };
  }, [
    signedIn,
    authStatus,
    server.data,
    guest,
    removeItem,
    clear,
    setTdsPercent,
    validate,
    checkout,
  ]);

  const productIds = useMemo(
    () => new Set(value.lines.map((line) => line.product.id)),
    [value.lines],
  );
  const actions = useMemo<CartActions>(
    () => ({ addToCart, isInCart: (id) => productIds.has(id) }),
    [addToCart, productIds],
  );

  return (
    <CartContext.Provider value={value}>
      <CartActionsProvider value={actions}>
        <CartCountProvider value={value.lines.length}>{children}</CartCountProvider>
      </CartActionsProvider>
    </CartContext.Provider>
  );
}
