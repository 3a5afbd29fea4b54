import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { trackSale } from '../analytics';
import type { ToastApi } from '../../components/toast';
import { answerLost, api, apiErrorMessage, isApiError } from '../../lib/api-client';
import { queryRoots } from '../../lib/query-keys';
import { useAddPack } from './api/add-pack';
import { useAddToCart } from './api/add-to-cart';
import { useEmptyCart } from './api/empty-cart';
import { CART_QUERY_KEY, setServerCart } from './api/get-cart';
import { useRemoveCartItem } from './api/remove-cart-item';
import { useSetTds } from './api/set-tds';
import type { CartLine, OrderRef, RemovalStop } from './cart-context';
import { CART_MESSAGES, packGoneMessage, removedCancellingMessage } from './cart-messages';
import type { CartProduct, ServerCart } from './cart-types';
import { ALREADY_IN_CART, addToGuestCart, emptyGuestCart, removeFromGuestCart } from './guest-cart';
import { readGuestCart, writeGuestCart } from './guest-cart-store';
import { saleItems } from './sale-items';

function hasServerCart(value: object): value is ServerCart {
  return 'items' in value && Array.isArray((value as { items: unknown }).items);
}

/** Why a pack was refused: the numbers of it the answer names as gone, else the API's words. */
function packRefusal(error: unknown, products: readonly CartProduct[]): string {
  const ids = isApiError(error)
    ? (error.body as { numberIds?: unknown } | undefined)?.numberIds
    : [];
  const gone = products.filter((product) => Array.isArray(ids) && ids.includes(product.id));
  return gone.length > 0
    ? packGoneMessage(gone.map((product) => product.display))
    : apiErrorMessage(error, CART_MESSAGES.packFailed);
}

/**
 * A removal refused because it would cancel an order awaiting payment the page did not confirm
 * (409 ORDER_HOLDS_NUMBER, QA pass 28 F2): that order, for the buyer to confirm.
 */
function removalStop(error: unknown): RemovalStop | undefined {
  if (!isApiError(error) || error.code !== 'ORDER_HOLDS_NUMBER') return undefined;
  const order = (error.body as { order?: OrderRef } | undefined)?.order;
  return order ? { cancels: order } : undefined;
}

/**
 * Sends an add, seeing it through a session that lapsed or ended under it:
 * - a 401 left after the client's refresh: the refresh was refused, so the session is over and
 *   the server has cleared its cookies; the add goes again, as a guest's;
 * - a guest's answer to a signed-in buyer (the request went without an access cookie): the
 *   session is refreshed and the add sent again; when the refresh is refused the buyer is a
 *   guest now, and the answer is theirs.
 * So an add by a signed-in buyer never answers "added" for a cart nobody sees.
 */
async function sendAdd<T extends object>(post: () => Promise<T>, signedIn: boolean): Promise<T> {
  let answer: T;
  try {
    answer = await post();
  } catch (error) {
    if (isApiError(error) && error.status === 401) return post();
    throw error;
  }
  if (signedIn && !hasServerCart(answer) && (await api.refreshSession())) return post();
  return answer;
}

/**
 * Add, remove, empty and the TDS percent: on the server cart when signed in, on the guest cart
 * in local storage otherwise, each told in a toast (spec §8).
 */
export function useCartChanges(signedIn: boolean, toast: ToastApi) {
  const queryClient = useQueryClient();
  const { mutateAsync: postAdd } = useAddToCart();
  const { mutateAsync: postAddPack } = useAddPack();
  const { mutateAsync: removeServerItem } = useRemoveCartItem();
  const { mutateAsync: emptyServerCart } = useEmptyCart();
  const { mutateAsync: putTds } = useSetTds();
  const readCartAgain = useCallback(
    () => queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }),
    [queryClient],
  );

  const addToCart = useCallback(
    async (product: CartProduct) => {
      try {
        if (!signedIn && readGuestCart().productIds.includes(product.id)) {
          throw new Error(ALREADY_IN_CART);
        }
        const result = await sendAdd(() => postAdd(product.id), signedIn);
        // A guest keeps the number in the guest cart even when a stale session added it on the
        // server too: that is the cart the guest sees, and signing in syncs it.
        if (signedIn && hasServerCart(result)) setServerCart(queryClient, result);
        else writeGuestCart(addToGuestCart(readGuestCart(), result.product));
        toast.success(CART_MESSAGES.added);
        trackSale({ name: 'add_to_cart', items: saleItems([result.product]) });
        return true;
      } catch (error) {
        const already =
          (isApiError(error) && error.code === 'ALREADY_IN_CART') ||
          (error instanceof Error && error.message === ALREADY_IN_CART);
        // Signed in, the cart on screen may be behind the server's (an add whose answer was
        // lost): read it again, so that a number already there shows as in it.
        if (signedIn && (already || answerLost(error))) void readCartAgain();
        if (already) {
          toast.info(CART_MESSAGES.alreadyInCart);
          return true;
        }
        toast.error(apiErrorMessage(error, CART_MESSAGES.addFailed));
        // Sold, held or gone: the listings the buyer saw it in are out of date.
        if (isApiError(error) && (error.code === 'NUMBER_UNAVAILABLE' || error.status === 404)) {
          void queryClient.invalidateQueries({ queryKey: [queryRoots.numbers] });
        }
        return false;
      }
    },
    [signedIn, queryClient, postAdd, toast, readCartAgain],
  );

  /** A family pack, all or none; resolves to whether it was added. */
  const addPack = useCallback(
    async (products: readonly CartProduct[]) => {
      try {
        const ids = products.map((product) => product.id);
        const result = await sendAdd(() => postAddPack(ids), signedIn);
        if (signedIn && hasServerCart(result)) setServerCart(queryClient, result);
        else {
          let cart = readGuestCart();
          for (const product of result.products) {
            if (!cart.productIds.includes(product.id)) cart = addToGuestCart(cart, product);
          }
          writeGuestCart(cart);
        }
        toast.success(CART_MESSAGES.packAdded);
        trackSale({ name: 'add_to_cart', items: saleItems(result.products) });
        return true;
      } catch (error) {
        toast.error(packRefusal(error, products));
        // A number of the pack is gone: the packs and listings shown are out of date.
        void queryClient.invalidateQueries({ queryKey: [queryRoots.numbers] });
        return false;
      }
    },
    [signedIn, queryClient, postAddPack, toast],
  );

  /**
   * A removal the server refused as it would cancel an order unasked: the cart is read again,
   * for the page to show the order it holds, and the stop is answered for the buyer to confirm.
   */
  const stopped = useCallback(
    async (error: unknown) => {
      const stop = removalStop(error);
      if (stop) await readCartAgain();
      return stop;
    },
    [readCartAgain],
  );

  const removeItem = useCallback(
    async (line: CartLine, cancelling?: OrderRef) => {
      try {
        if (signedIn) {
          setServerCart(
            queryClient,
            await removeServerItem({ itemId: line.id, cancelOrder: cancelling?.id }),
          );
        } else writeGuestCart(removeFromGuestCart(readGuestCart(), line.id));
        if (cancelling) toast.success(removedCancellingMessage('removed', cancelling.reference));
        else toast.success(CART_MESSAGES.removed);
        return true;
      } catch (error) {
        const stop = await stopped(error);
        if (stop) return stop;
        if (signedIn && isApiError(error) && error.code === 'ITEM_NOT_FOUND') {
          // Gone already (a remove whose answer was lost, or another tab's): as asked.
          await readCartAgain();
          toast.success(CART_MESSAGES.removed);
          return true;
        }
        if (signedIn && answerLost(error)) void readCartAgain();
        toast.error(apiErrorMessage(error, CART_MESSAGES.unexpected));
        return false;
      }
    },
    [signedIn, queryClient, removeServerItem, toast, readCartAgain, stopped],
  );

  const clear = useCallback(
    async (cancelling?: OrderRef) => {
      try {
        if (signedIn) setServerCart(queryClient, await emptyServerCart(cancelling?.id));
        else writeGuestCart(emptyGuestCart);
        if (cancelling) toast.success(removedCancellingMessage('emptied', cancelling.reference));
        return true;
      } catch (error) {
        const stop = await stopped(error);
        if (stop) return stop;
        toast.error(apiErrorMessage(error, CART_MESSAGES.unexpected));
        return false;
      }
    },
    [signedIn, queryClient, emptyServerCart, toast, stopped],
  );

  const setTdsPercent = useCallback(
    async (percent: number) => {
      try {
        setServerCart(queryClient, await putTds(percent));
      } catch (error) {
        toast.error(apiErrorMessage(error, CART_MESSAGES.unexpected));
      }
    },
    [queryClient, putTds, toast],
  );

  return { addToCart, addPack, removeItem, clear, setTdsPercent };
}
