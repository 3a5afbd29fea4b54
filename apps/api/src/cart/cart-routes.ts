import { toPaise } from '@store/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderPlacedNote } from '../orders/order-service';
import { currentUser, requireUser, userOrGuest } from '../auth/auth-service';
import { unauthorized } from '../http/app-error';
import { clientAddress } from '../http/client-address';
import { optionalSession } from '../plugins/api-docs';
import { envelope, errorBody, ok, optionalBody } from '../http/envelope';
import {
  addedSchema,
  addPackBody,
  packAddedSchema,
  cartQuery,
  cartSchema,
  checkoutBody,
  checkoutSchema,
  itemParams,
  removeQuery,
  productParams,
  syncBody,
  syncedSchema,
  tdsBody,
  validateBody,
  validatedSchema,
  type ValidationResult,
} from './cart-schemas';

const tags = ['cart'];
const security = [{ sessionCookie: [] }];

const CHECKOUT_SIGN_IN_MESSAGE = 'Please log in to checkout';

function validationMessage(results: readonly ValidationResult[], signedIn: boolean): string {
  const invalid = results.some((r) => !r.valid);
  const changed = results.some((r) => r.priceChanged);
  const parts: string[] = [];
  if (invalid) {
    parts.push(
      signedIn
        ? 'Some items in your cart are no longer available; they have been removed from your cart.'
        : 'Some items in your cart are no longer available',
    );
  }
  if (changed) {
    parts.push(
      signedIn
        ? 'Prices for some items in your cart have changed; your cart now holds the new prices.'
        : 'Prices for some items in your cart have changed',
    );
  }
  if (parts.length === 0) return 'All items in your cart are available';
  return parts.join(signedIn ? ' ' : '. ');
}

/** The spec's cart calls (§7), the TDS call and checkout. */
export async function cartRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { cart, orders } = app.services;

  app.get(
    '/cart',
    {
      preValidation: requireUser,
      schema: {
        tags,
        security,
        summary: "The signed-in buyer's cart with its totals",
        description:
          "Amounts are rupees from the shared priceSignedInCartPaise over priceAtAdd (GST on the subtotal, TDS on the subtotal, total = subtotal + GST - TDS); gst holds the CGST, SGST and IGST percents by place of supply (taxPercent is their sum): a Corporate buyer's GSTIN state, else the billingState given (checkout's billing form), else the profile's address state. Items whose number was sold meanwhile stay, with available: false, until validated or removed.",
        querystring: cartQuery,
        response: { 200: envelope(cartSchema), 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await cart.view(currentUser(request).id, request.query.billingState));
    },
  );

  app.post(
    '/cart/add/:productId',
    {
      schema: {
        tags,
        summary: 'Add a number to the cart (signed in), or fetch it for the guest cart',
        security: optionalSession,
        description:
          'Guests (no session): answers data.product when the number is available, for the local cart. Signed in: adds it to the server cart and answers the cart plus product. 409 "Product already in cart" for a number already in the cart; 409 when it is no longer available; 404 for an unknown number.',
        params: productParams,
        response: {
          200: envelope(addedSchema),
          400: errorBody,
          401: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request) => {
      const added = await cart.add(userOrGuest(request), request.params.productId);
      if (!added.cart) return ok({ product: added.product });
      return ok({ ...added.cart, product: added.product }, 'Item added to cart');
    },
  );

  app.post(
    '/cart/add-pack',
    {
      schema: {
        tags,
        summary:
          'Add a family pack to the cart, all or none (signed in), or fetch it for the guest cart',
        security: optionalSession,
        description:
          'Guests: answers data.products when every number is available, for the local cart. Signed in: adds the numbers not yet in the cart and answers the cart plus products. 409 PACK_UNAVAILABLE naming the numbers no longer available by id, also as `numberIds` (nothing is added); 409 CART_FULL.',
        body: addPackBody,
        response: {
          200: envelope(packAddedSchema),
          400: errorBody,
          401: errorBody,
          409: errorBody,
        },
      },
    },
    async (request) => {
      const added = await cart.addPack(userOrGuest(request), request.body.numberIds);
      if (!added.cart) return ok({ products: added.products });
      return ok(
        { ...added.cart, products: added.products },
        `Pack of ${added.products.length} numbers added to cart`,
      );
    },
  );

  app.delete(
    '/cart/item/:itemId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        security,
        summary: 'Remove one item from the cart',
        description:
          'itemId is a cart item id (items[].id); a number id (items[].productId) is accepted too. Only the buyer\'s own cart: anything else is 404 "Item not found in cart". An order awaiting payment that holds the number is cancelled and its numbers are released: while its hold runs, only when cancelOrder names it (the buyer confirmed), else 409 ORDER_HOLDS_NUMBER with order { id, reference } and nothing removed. An order whose hold has lapsed is cancelled as lapsed.',
        params: itemParams,
        querystring: removeQuery,
        response: {
          200: envelope(cartSchema),
          400: errorBody,
          401: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request) => {
      const { cancelOrder } = request.query;
      const view = await cart.removeItem(
        currentUser(request).id,
        request.params.itemId,
        cancelOrder,
      );
      return ok(view, 'Item removed from cart');
    },
  );

  app.delete(
    '/cart',
    {
      preValidation: requireUser,
      schema: {
        tags,
        security,
        summary: 'Empty the cart (the TDS setting stays)',
        description:
          "The buyer's order awaiting payment holding the cart's numbers, if any, is cancelled and its numbers are released: while its hold runs, only when cancelOrder names it (the buyer confirmed), else 409 ORDER_HOLDS_NUMBER with order { id, reference } and nothing removed.",
        querystring: removeQuery,
        response: { 200: envelope(cartSchema), 400: errorBody, 401: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const { cancelOrder } = request.query;
      return ok(await cart.empty(currentUser(request).id, cancelOrder), 'Your cart is now empty.');
    },
  );

  app.post(
    '/cart/sync',
    {
      preValidation: requireUser,
      schema: {
        tags,
        security,
        summary: 'Merge the guest cart into the account cart (on login)',
        description:
          'items[].product is a full product or only its id. Numbers still available join the cart at their current price; numbers already in the cart stay; numbers that are gone are dropped and listed in data.dropped. data.validationResults compares each given priceAtAdd with the current price.',
        body: syncBody,
        response: {
          200: envelope(syncedSchema),
          400: errorBody,
          401: errorBody,
        },
      },
    },
    async (request) => {
      const synced = await cart.sync(currentUser(request).id, request.body.items);
      const { dropped, validationResults } = synced;
      const gone = dropped.filter((d) => d.reason !== 'cart_full');
      const full = dropped.length - gone.length;
      const notes: string[] = [];
      if (gone.length > 0) {
        notes.push(
          gone.length === 1
            ? 'One number is no longer available and was removed.'
            : `${gone.length} numbers are no longer available and were removed.`,
        );
      }
      if (full > 0) notes.push(`Your cart is full: ${full} more could not be added.`);
      const message = ['Your cart has been synced with your account', ...notes].join('. ');
      return ok({ ...synced.cart, dropped, validationResults }, message);
    },
  );

  app.post(
    '/cart/validate',
    {
      schema: {
        tags,
        summary: 'Check that every item can still be bought at its price',
        security: optionalSession,
        description:
          'Signed in: no body; the server cart is checked, invalid items are removed and new prices adopted, and data.cart is the cart afterwards. Guest: items[{product, priceAtAdd}] (product full or only its id); nothing is stored. newPrice is the current price when priceChanged, otherwise null.',
        body: optionalBody(validateBody),
        response: {
          200: envelope(validatedSchema),
          400: errorBody,
          401: errorBody,
        },
      },
    },
    async (request) => {
      const user = userOrGuest(request);
      const checked = await cart.validate(user, request.body?.items ?? []);
      return ok(checked, validationMessage(checked.validationResults, user !== null));
    },
  );

  app.put(
    '/cart/tds',
    {
      preValidation: requireUser,
      schema: {
        tags,
        security,
        summary: 'Corporate accounts: choose the TDS percent deducted from the cart',
        description:
          "tdsPercent must be one of the server's allowed rates (TDS_RATES; the cart lists them as tdsRates). 403 for Individual accounts.",
        body: tdsBody,
        response: { 200: envelope(cartSchema), 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const { cart: view, tdsPercent } = await cart.setTds(
        currentUser(request).id,
        request.body.tdsPercent,
      );
      return ok(view, `TDS of ${tdsPercent}% will be deducted.`);
    },
  );

  app.post(
    '/cart/checkout',
    {
      preValidation: async (request) => {
        if (!request.user) throw unauthorized(CHECKOUT_SIGN_IN_MESSAGE);
      },
      schema: {
        tags,
        security,
        summary: 'Reserve every number in the cart (or Buy now: one number) for a new order',
        description:
          "Optional body { attribution, numberId, billing, confirmGstinStateMismatch, expectedPrice }: the saved campaign-tracking record; for Buy now the one number to order alone (the cart is then left as it was; a number not in the store is 404); the billing name and address the invoice is made out to (kept on the order; its state is the place of supply, or a Corporate buyer's GSTIN state when it has one: CGST + SGST within STORE_STATE, IGST otherwise), else the profile's; an account with no saved address keeps this one as its address. A Corporate buyer whose GSTIN was registered in another state than the billing state given is 422 GSTIN_STATE_MISMATCH unless confirmGstinStateMismatch is true. An invoice must name the buyer's address (GST rule 46): with no address given or saved, a buyer with a GSTIN, or one whose taxable value is ₹50,000 or more, is 422 BILLING_ADDRESS_REQUIRED and nothing is held. Validates first: 409 with validationResults when an item is gone. A number that costs more than the buyer last saw (the cart's priceAtAdd, or Buy now's expectedPrice in rupees) stops it once: 409 PRICE_CHANGED with validationResults, nothing held, and the cart adopts the current prices, so the same checkout again goes through (a price that fell is adopted without a stop). Otherwise reserves all numbers (a hold of HOLD_MINUTES) and creates the order at the current prices: 201. Checking out the same cart again while its order holds the numbers returns that order (200); a changed cart cancels the open order first. Limits: at most HOLDS_PER_ACCOUNT numbers (409 HOLD_LIMIT); the holds of one number by one buyer last HOLD_MINUTES in all, then 429 HOLD_COOLDOWN for HOLD_COOLDOWN_MINUTES; at most HOLDS_PER_IP numbers held from one client address (429 HOLD_LIMIT_ADDRESS). An empty cart is 400, after the open order (if any) is cancelled and its numbers released. The cart is emptied when the order is paid. A number that staff's work holds (a stock import applying) for more than 5 s is 503 BUSY_TRY_AGAIN with Retry-After. A closed account, also one closed while this ran, is 401 and nothing is held.",
        body: optionalBody(checkoutBody),
        response: {
          200: envelope(checkoutSchema),
          201: envelope(checkoutSchema),
          400: errorBody,
          401: errorBody,
          404: errorBody,
          409: errorBody,
          422: errorBody,
          429: errorBody,
          503: errorBody,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const result = await orders.checkout(currentUser(request).id, {
        attribution: body?.attribution,
        clientIp: clientAddress(request.ip),
        ...(body?.numberId === undefined
          ? {}
          : { purpose: 'buy_now' as const, numberIds: [body.numberId] }),
        billing: body?.billing,
        confirmGstinStateMismatch: body?.confirmGstinStateMismatch,
        expectedPrice: body?.expectedPrice === undefined ? undefined : toPaise(body.expectedPrice),
      });
      const { order } = result;
      let message = result.created
        ? orderPlacedNote(order)
        : `You already have an open order for these numbers: ${order.reference}.`;
      if (result.validationResults.some((r) => r.priceChanged)) {
        message += ' Prices for some items in your cart have changed.';
      }
      reply.status(result.created ? 201 : 200);
      return ok({ order, validationResults: result.validationResults }, message);
    },
  );
}
