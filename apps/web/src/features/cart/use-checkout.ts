import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { ToastApi } from '../../components/toast';
import { answerLost, api, apiErrorMessage, isApiError } from '../../lib/api-client';
import { queryRoots } from '../../lib/query-keys';
import { getAttribution, trackSale } from '../analytics';
import { useAuthUi } from '../auth';
import { useCheckout as useCheckoutCall, type CheckoutDetails } from './api/checkout';
import { CART_QUERY_KEY, setServerCart } from './api/get-cart';
import { clearBillingDraft } from './billing-draft';
import { useValidateCart } from './api/validate-cart';
import type { CheckoutStop } from './cart-context';
import { CART_MESSAGES } from './cart-messages';
import type { CartProduct, ServerCart, ValidationResult } from './cart-types';
import { releasesOpenOrder } from './cart-view';
import { saleItems } from './sale-items';
import { applyValidation, toPayload } from './guest-cart';
import { readGuestCart, writeGuestCart } from './guest-cart-store';

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  const inA = new Set(a);
  return inA.size === new Set(b).size && b.every((id) => inA.has(id));
}

/**
 * The session ended while the buyer was checking out (a logout in another tab, a session revoked
 * elsewhere): the client has refreshed in vain and cleared it. They sign in again and the purchase
 * goes on, as a guest's would.
 */
function signedOutMeanwhile(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/** The numbers a validation found gone, by id (the answer names no digits, spec §4). */
const unavailableIds = (results: readonly ValidationResult[]) =>
  results.filter((result) => !result.valid).map((result) => result.productId);

/** A 409 PRICE_CHANGED's new prices (rupees) by number id, from its validation results. */
function changedPrices(body: unknown): Map<number, number> {
  const results = (body as { validationResults?: ValidationResult[] } | undefined)
    ?.validationResults;
  return new Map(
    (results ?? []).flatMap((result) =>
      result.priceChanged && result.newPrice !== null ? [[result.productId, result.newPrice]] : [],
    ),
  );
}

type AskedBeforeSignIn = { product: CartProduct } | { product?: undefined; cartIds: number[] };

/**
 * Validation (when the cart page opens, spec §4) and checkout: the cart is validated again,
 * a changed price or a cart changed elsewhere (numbers the page did not show) stops it once so
 * the buyer sees the new cart, an order awaiting payment for other numbers stops it until the
 * buyer confirms its cancelling (`replacing`: its id), then the numbers are reserved
 * and the order page opens, billed as the billing form says. Buy now does the same for one
 * number, without the cart, after its own billing step (`buying`: the number whose billing
 * details are being asked).
 * A guest is asked to sign in first; once signed in, and once `cartSynced` (the guest cart has
 * reached the account's), the purchase goes on at its billing step: Buy now opens it, and the
 * cart page is told (`resumeCheckout`) to submit its billing form, which checks out when the
 * profile's details complete it and otherwise shows what is missing; when the account's cart
 * then holds other numbers than the guest's, the cart page stops there for the buyer to check. Asked before the session
 * is known (a click as the page opens), sign-in is asked for only once it is known there is none.
 */
export function useCheckout(
  signedIn: boolean,
  sessionKnown: boolean,
  toast: ToastApi,
  cartSynced: boolean,
) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { openAuthModal } = useAuthUi();
  const { mutateAsync: postValidate } = useValidateCart();
  const { mutateAsync: postCheckout } = useCheckoutCall();
  /**
   * What the guest asked for before signing in: Buy now of a number, or the checkout of the
   * cart that held `cartIds`.
   */
  const afterSignIn = useRef<AskedBeforeSignIn | null>(null);
  /** Asked while the session was still being restored: sign-in is asked for only if none is. */
  const askedBeforeSession = useRef(false);
  const [resumeCheckout, setResumeCheckout] = useState(false);
  const [buying, setBuying] = useState<CartProduct | null>(null);

  const tellValidation = useCallback(
    (results: readonly ValidationResult[]) => {
      if (results.some((result) => !result.valid)) toast.warning(CART_MESSAGES.unavailable);
      if (results.some((result) => result.priceChanged)) toast.info(CART_MESSAGES.pricesChanged);
      return unavailableIds(results);
    },
    [toast],
  );

  const validate = useCallback(async (): Promise<number[]> => {
    try {
      if (signedIn) {
        const { validationResults, cart } = await postValidate(undefined);
        if (cart) setServerCart(queryClient, cart);
        return tellValidation(validationResults);
      }
      const cart = readGuestCart();
      // Spec §5: an empty guest cart validates to an empty result without a call.
      if (cart.productIds.length === 0) return [];
      const { validationResults } = await postValidate(toPayload(cart));
      writeGuestCart(applyValidation(readGuestCart(), validationResults).cart);
      return tellValidation(validationResults);
    } catch (error) {
      toast.error(apiErrorMessage(error, CART_MESSAGES.unexpected));
      return [];
    }
  }, [signedIn, queryClient, postValidate, tellValidation, toast]);

  const placeOrder = useCallback(
    async (input: Parameters<typeof postCheckout>[0], products: readonly CartProduct[]) => {
      const { order } = await postCheckout(input);
      clearBillingDraft();
      trackSale({ name: 'begin_checkout', items: saleItems(products) });
      // The numbers just reserved leave every listing; the buyer must not see them there.
      void queryClient.invalidateQueries({ queryKey: [queryRoots.numbers] });
      await queryClient.invalidateQueries({ queryKey: [queryRoots.orders] });
      // The cart knows the buyer's order awaiting payment (its number pages say it is theirs).
      void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
      // The first address billed becomes the profile's (when it had none): read it again.
      if (input.billing) void queryClient.invalidateQueries({ queryKey: [queryRoots.profile] });
      await navigate(`/orders/${order.id}`);
    },
    [postCheckout, queryClient, navigate],
  );

  /**
   * Why a checkout failed, to tell the buyer; a refusal (409: a number gone or held, or a price
   * risen since the buyer saw it) reads the listings and the cart again first, so the cart shows
   * the new total. A lost answer (the order may have been made all the same) reads the cart and
   * the orders again, so the cart shows the order holding its numbers (QA pass 28, F6).
   */
  const checkoutProblem = useCallback(
    async (error: unknown) => {
      if (answerLost(error)) {
        void queryClient.invalidateQueries({ queryKey: [queryRoots.orders] });
        void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
      }
      if (isApiError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: [queryRoots.numbers] });
        await queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
        return {
          refused: true,
          message: apiErrorMessage(error, CART_MESSAGES.checkoutBlocked),
          newPrices: error.code === 'PRICE_CHANGED' ? changedPrices(error.body) : undefined,
        };
      }
      return { refused: false, message: apiErrorMessage(error, CART_MESSAGES.unexpected) };
    },
    [queryClient],
  );

  /** A purchase asked for by someone not (or not yet known to be) signed in. */
  const askToSignIn = useCallback(
    (asked: AskedBeforeSignIn) => {
      afterSignIn.current = asked;
      if (!sessionKnown) {
        askedBeforeSession.current = true;
        return;
      }
      toast.info(CART_MESSAGES.signInToCheckout);
      openAuthModal('sign-in');
    },
    [sessionKnown, toast, openAuthModal],
  );

  useEffect(() => {
    if (!askedBeforeSession.current || !sessionKnown) return;
    askedBeforeSession.current = false;
    // Signed in after all: the effect below goes on with the purchase.
    if (signedIn) return;
    toast.info(CART_MESSAGES.signInToCheckout);
    openAuthModal('sign-in');
  }, [sessionKnown, signedIn, toast, openAuthModal]);

  const checkout = useCallback(
    async (
      details: CheckoutDetails = {},
      { replacing }: { replacing?: string } = {},
    ): Promise<CheckoutStop | undefined> => {
      if (!signedIn) {
        askToSignIn({ cartIds: readGuestCart().productIds });
        return;
      }
      // The numbers the page shows: another tab or device may have changed the cart since.
      const shown = queryClient.getQueryData<ServerCart>(CART_QUERY_KEY)?.productIds ?? [];
      try {
        let { validationResults, cart } = await postValidate(undefined);
        if (!cart) {
          // A guest's answer: the request went without an access cookie. The session is
          // refreshed and the cart validated again, or, when it has ended, the buyer signs in.
          if (!(await api.refreshSession())) {
            askToSignIn({ cartIds: shown });
            return;
          }
          ({ validationResults, cart } = await postValidate(undefined));
        }
        if (cart) setServerCart(queryClient, cart);
        if (validationResults.some((result) => !result.valid)) {
          toast.warning(CART_MESSAGES.checkoutBlocked);
          return { unavailable: unavailableIds(validationResults) };
        }
        if (validationResults.some((result) => result.priceChanged)) {
          // The buyer sees the new prices before any order is made at them.
          toast.info(CART_MESSAGES.pricesChanged);
          return;
        }
        if (
          !sameNumbers(
            shown,
            validationResults.map((result) => result.productId),
          )
        ) {
          // Nor is an order made for numbers this page never showed.
          toast.info(CART_MESSAGES.changedElsewhere, { duration: 8000 });
          return;
        }
        // The buyer's order awaiting payment for other numbers (a Buy now in another tab, say)
        // is cancelled by this checkout: only once the buyer has said so for that order.
        const open = cart?.openOrder;
        if (open && releasesOpenOrder(open, cart?.productIds ?? []) && replacing !== open.id) {
          return { replaces: open };
        }
        const ordered = cart?.items.map((item) => item.product) ?? [];
        await placeOrder({ attribution: getAttribution(), ...details }, ordered);
      } catch (error) {
        if (signedOutMeanwhile(error)) {
          askToSignIn({ cartIds: shown });
          return;
        }
        const { refused, message, newPrices } = await checkoutProblem(error);
        // The server's own stop (decision 0084): a price rose after the validation above.
        if (newPrices) toast.info(CART_MESSAGES.pricesChanged);
        else if (refused) toast.warning(message);
        else toast.error(message);
      }
    },
    [signedIn, askToSignIn, toast, postValidate, placeOrder, checkoutProblem, queryClient],
  );

  /**
   * Buy now (a number's page): its billing step, then an order for this one number alone,
   * straight to its page; the cart is left as it was (docs/decisions/0013).
   */
  const buyNow = useCallback(
    (product: CartProduct) => {
      if (!signedIn) {
        askToSignIn({ product });
        return;
      }
      setBuying(product);
    },
    [signedIn, askToSignIn],
  );

  /**
   * Buy now's billing step submitted: the order, or the reason there is none, for the dialog
   * to show while it stays open with the details typed.
   */
  const placeBuyNow = useCallback(
    async (details: CheckoutDetails): Promise<string | undefined> => {
      if (!buying) return;
      try {
        await placeOrder(
          {
            attribution: getAttribution(),
            numberId: buying.id,
            expectedPrice: buying.pricing.nwFinalPrice,
            ...details,
          },
          [buying],
        );
        setBuying(null);
      } catch (error) {
        if (signedOutMeanwhile(error)) {
          setBuying(null);
          askToSignIn({ product: buying });
          return;
        }
        const { message, newPrices } = await checkoutProblem(error);
        const newPrice = newPrices?.get(buying.id);
        if (newPrice === undefined) return message;
        // The dialog shows the new price; buying again is at it. The server's words name this
        // number, not a cart the buyer may never have used.
        toast.info(message);
        setBuying({ ...buying, pricing: { ...buying.pricing, nwFinalPrice: newPrice } });
      }
    },
    [buying, placeOrder, checkoutProblem, askToSignIn, toast],
  );

  useEffect(() => {
    const asked = afterSignIn.current;
    if (!signedIn || !cartSynced || !asked) return;
    afterSignIn.current = null;
    if (asked.product) {
      setBuying(asked.product);
      return;
    }
    // The sync merged the guest cart into the account's: the checkout goes on by itself only
    // for the numbers the guest saw, at the total they saw. A number the sync dropped has its
    // own warning; numbers from an earlier visit are told here.
    const seen = new Set(asked.cartIds);
    const now = queryClient.getQueryData<ServerCart>(CART_QUERY_KEY)?.productIds ?? [];
    if (now.length === seen.size && now.every((id) => seen.has(id))) setResumeCheckout(true);
    else if (now.some((id) => !seen.has(id))) toast.info(CART_MESSAGES.merged, { duration: 8000 });
  }, [signedIn, cartSynced, queryClient, toast]);

  const checkoutResumed = useCallback(() => setResumeCheckout(false), []);
  const stopBuying = useCallback(() => setBuying(null), []);

  /** What the cart page calls, as one value that changes only when one of them does. */
  const steps = useMemo(
    () => ({ validate, checkout, resumeCheckout, checkoutResumed }),
    [validate, checkout, resumeCheckout, checkoutResumed],
  );
  return { steps, buyNow, buying, placeBuyNow, stopBuying };
}
