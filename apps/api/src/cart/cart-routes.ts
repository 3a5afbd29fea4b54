import { toPaise } from '@store/domain';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionUser } from '../auth/access-token';
import { currentUser, requireUser } from '../auth/guards';
import { ACCESS_COOKIE } from '../auth/session-cookies';
import { invalidateCatalogCache } from '../catalog/listing-cache';
import { numberItemColumns, numberItemSchema, toNumberItem } from '../catalog/number-item';
import { cartItems, carts, numbers } from '../db/schema';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  unauthorized,
} from '../http/app-error';
import { envelope, errorBody, ok, optionalBody } from '../http/envelope';
import { formatIndiaTime } from '../orders/order-messages';
import { orderView } from '../orders/order-view';
import { inTransaction } from '../orders/transactions';
import type { SalesDeps } from '../payments/mark-paid';
import {
  cartSchema,
  checkoutBody,
  checkoutSchema,
  syncBody,
  tdsBody,
  validateBody,
  validationResultSchema,
  type ValidationResult,
} from './cart-schemas';
import {
  accountTypeOf,
  applyValidation,
  buyerCanTake,
  ensureCart,
  findCart,
  lineResult,
  loadCartView,
  lockCart,
  lockExistingCart,
  lookUpNumbers,
  MAX_CART_ITEMS,
  readCartLines,
  validationResult,
} from './cart-store';
import { cancelOrdersForRemovedNumbers, checkout } from './checkout';

const tags = ['cart'];
const security = [{ sessionCookie: [] }];

export const ALREADY_IN_CART_MESSAGE = 'Product already in cart';
export const NOT_IN_CART_MESSAGE = 'Item not found in cart';
export const UNAVAILABLE_MESSAGE =
  'This number is no longer available: it has been sold or is held by another buyer.';
export const CHECKOUT_SIGN_IN_MESSAGE = 'Please log in to checkout';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * For calls that guests and signed-in buyers share: the signed-in user, or null for a guest.
 * An access cookie that is present but no longer valid is a 401, so the client refreshes and
 * retries instead of being treated as a guest (a guest has no access cookie at all).
 */
function userOrGuest(request: FastifyRequest): SessionUser | null {
  if (request.user) return request.user;
  if (request.cookies[ACCESS_COOKIE]) {
    throw unauthorized('Your session has expired. Please sign in again.');
  }
  return null;
}

const productParams = z.object({
  productId: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be a number id')
    .max(2_147_483_647),
});

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

const droppedSchema = z.object({
  productId: z.number().int(),
  number: z.string().nullable(),
  reason: z.enum(['unavailable', 'not_found', 'cart_full']),
});

/** The spec's cart calls (§7), the TDS call and checkout. */
export async function cartRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const rates = () => app.config.TDS_RATES;
  const deps = (): SalesDeps => ({
    config: app.config,
    database: app.database,
    notifier: app.notifier,
    log: app.log,
  });
  const view = (userId: string) => loadCartView(db(), userId, rates());

  app.get(
    '/cart',
    {
      preValidation: requireUser,
      schema: {
        tags,
        security,
        summary: "The signed-in buyer's cart with its totals",
        description:
          'Amounts are rupees from the shared priceCart over priceAtAdd; gst holds the CGST and SGST percents (taxPercent is their sum). Items whose number was sold meanwhile stay, with available: false, until validated or removed.',
        response: { 200: envelope(cartSchema), 401: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await view(currentUser(request).id));
    },
  );

  app.post(
    '/cart/add/:productId',
    {
      schema: {
        tags,
        summary: 'Add a number to the cart (signed in), or fetch it for the guest cart',
        description:
          'Guests (no session): answers data.product when the number is available, for the local cart. Signed in: adds it to the server cart and answers the cart plus product. 409 "Product already in cart" for a number already in the cart; 409 when it is no longer available; 404 for an unknown number.',
        params: productParams,
        response: {
          200: envelope(cartSchema.partial().extend({ product: numberItemSchema })),
          400: errorBody,
          401: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request) => {
      const user = userOrGuest(request);
      const id = request.params.productId;
      const [row] = await db()
        .select({ ...numberItemColumns, valid: buyerCanTake(user?.id ?? null) })
        .from(numbers)
        .where(eq(numbers.id, id));
      if (!row) throw notFound(`Number ${id} was not found.`);
      const { valid, ...number } = row;
      const product = toNumberItem(number);
      if (!user) {
        if (!valid) throw conflict(UNAVAILABLE_MESSAGE, 'NUMBER_UNAVAILABLE');
        return ok({ product });
      }
      await inTransaction(app.database, async (tx) => {
        const cart = await lockCart(tx, user.id);
        const [existing] = await tx
          .select({ id: cartItems.id })
          .from(cartItems)
          .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.numberId, id)));
        if (existing) throw conflict(ALREADY_IN_CART_MESSAGE, 'ALREADY_IN_CART');
        if (!valid) throw conflict(UNAVAILABLE_MESSAGE, 'NUMBER_UNAVAILABLE');
        const [{ items }] = (await tx
          .select({ items: count() })
          .from(cartItems)
          .where(eq(cartItems.cartId, cart.id))) as [{ items: number }];
        if (items >= MAX_CART_ITEMS) {
          throw conflict(
            `Your cart is full: it holds at most ${MAX_CART_ITEMS} numbers.`,
            'CART_FULL',
          );
        }
        await tx
          .insert(cartItems)
          .values({ cartId: cart.id, numberId: id, priceAtAdd: number.finalPrice });
      });
      return ok({ ...(await view(user.id)), product }, 'Item added to cart');
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
          'itemId is a cart item id (items[].id); a number id (items[].productId) is accepted too. Only the buyer\'s own cart: anything else is 404 "Item not found in cart". An order awaiting payment that holds the number is cancelled and its numbers are released.',
        params: z.object({ itemId: z.string().max(100) }),
        response: { 200: envelope(cartSchema), 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { itemId } = request.params;
      const match = UUID.test(itemId)
        ? eq(cartItems.id, itemId)
        : /^\d{1,10}$/.test(itemId) && Number(itemId) <= 2_147_483_647
          ? eq(cartItems.numberId, Number(itemId))
          : undefined;
      if (!match) throw new AppError(404, 'ITEM_NOT_FOUND', NOT_IN_CART_MESSAGE);
      const released = await inTransaction(app.database, async (tx) => {
        const cart = await lockExistingCart(tx, userId);
        if (!cart) throw new AppError(404, 'ITEM_NOT_FOUND', NOT_IN_CART_MESSAGE);
        const removed = await tx
          .delete(cartItems)
          .where(and(eq(cartItems.cartId, cart.id), match))
          .returning({ numberId: cartItems.numberId });
        if (removed.length === 0) throw new AppError(404, 'ITEM_NOT_FOUND', NOT_IN_CART_MESSAGE);
        // An open order holding this number no longer stands for the cart: its hold goes now.
        return cancelOrdersForRemovedNumbers(
          tx,
          userId,
          removed.map((row) => row.numberId),
        );
      });
      if (released > 0) invalidateCatalogCache(app.database);
      return ok(await view(userId), 'Item removed from cart');
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
          "The buyer's order awaiting payment, if any, is cancelled and its numbers are released.",
        response: { 200: envelope(cartSchema), 401: errorBody },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const released = await inTransaction(app.database, async (tx) => {
        const cart = await lockExistingCart(tx, userId);
        if (!cart) return 0;
        await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
        return cancelOrdersForRemovedNumbers(tx, userId, 'all');
      });
      if (released > 0) invalidateCatalogCache(app.database);
      return ok(await view(userId), 'Your cart is now empty.');
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
          200: envelope(
            cartSchema.extend({
              dropped: z.array(droppedSchema),
              validationResults: z.array(validationResultSchema),
            }),
          ),
          400: errorBody,
          401: errorBody,
        },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const items = request.body.items;
      const ids = [...new Set(items.map((item) => item.product.id))];
      const found = await lookUpNumbers(db(), ids, userId);
      const dropped = await inTransaction(app.database, async (tx) => {
        const cart = await lockCart(tx, userId);
        const inCart = new Set(
          (await readCartLines(tx, cart.id, userId)).map((line) => line.number.id),
        );
        const gone: z.infer<typeof droppedSchema>[] = [];
        for (const id of ids) {
          if (inCart.has(id)) continue;
          const entry = found.get(id);
          if (!entry || !entry.valid) {
            gone.push({
              productId: id,
              number: entry?.number.number ?? null,
              reason: entry ? 'unavailable' : 'not_found',
            });
            continue;
          }
          if (inCart.size >= MAX_CART_ITEMS) {
            gone.push({ productId: id, number: entry.number.number, reason: 'cart_full' });
            continue;
          }
          await tx
            .insert(cartItems)
            .values({ cartId: cart.id, numberId: id, priceAtAdd: entry.number.finalPrice });
          inCart.add(id);
        }
        return gone;
      });
      const validationResults = items.map((item) => {
        const price = item.priceAtAdd ?? item.product.price;
        return validationResult(
          item.product.id,
          found.get(item.product.id),
          price === undefined ? undefined : toPaise(price),
        );
      });
      const gone = dropped.filter((d) => d.reason !== 'cart_full');
      const full = dropped.length - gone.length;
      const notes: string[] = [];
      if (gone.length > 0) {
        const list = gone.map((d) => d.number ?? `#${d.productId}`).join(', ');
        notes.push(
          gone.length === 1
            ? `One number is no longer available and was removed: ${list}.`
            : `${gone.length} numbers are no longer available and were removed: ${list}.`,
        );
      }
      if (full > 0) notes.push(`Your cart is full: ${full} more could not be added.`);
      const message = ['Your cart has been synced with your account', ...notes].join('. ');
      return ok({ ...(await view(userId)), dropped, validationResults }, message);
    },
  );

  app.post(
    '/cart/validate',
    {
      schema: {
        tags,
        summary: 'Check that every item can still be bought at its price',
        description:
          'Signed in: no body; the server cart is checked, invalid items are removed and new prices adopted, and data.cart is the cart afterwards. Guest: items[{product, priceAtAdd}] (product full or only its id); nothing is stored. newPrice is the current price when priceChanged, otherwise null.',
        body: optionalBody(validateBody),
        response: {
          200: envelope(
            z.object({
              validationResults: z.array(validationResultSchema),
              cart: cartSchema.optional(),
            }),
          ),
          400: errorBody,
          401: errorBody,
        },
      },
    },
    async (request) => {
      const user = userOrGuest(request);
      if (user) {
        const cart = await findCart(db(), user.id);
        const lines = cart ? await readCartLines(db(), cart.id, user.id) : [];
        const validationResults = lines.map(lineResult);
        if (cart) await applyValidation(db(), cart.id, lines);
        return ok(
          { validationResults, cart: await view(user.id) },
          validationMessage(validationResults, true),
        );
      }
      const items = request.body?.items ?? [];
      const found = await lookUpNumbers(
        db(),
        items.map((item) => item.product.id),
        null,
      );
      const validationResults = items.map((item) => {
        const price = item.priceAtAdd ?? item.product.price;
        return validationResult(
          item.product.id,
          found.get(item.product.id),
          price === undefined ? undefined : toPaise(price),
        );
      });
      return ok({ validationResults }, validationMessage(validationResults, false));
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
      const userId = currentUser(request).id;
      if ((await accountTypeOf(db(), userId)) !== 'Corporate') {
        throw forbidden('Only Corporate accounts can deduct TDS.');
      }
      const wanted = request.body.tdsPercent;
      const basisPoints = Math.round(wanted * 100);
      const allowed = rates();
      if (
        Math.abs(wanted * 100 - basisPoints) > 1e-6 ||
        !allowed.some((rate) => Math.round(rate * 100) === basisPoints)
      ) {
        throw badRequest(
          `The TDS percent must be one of: ${allowed.join(', ')}.`,
          'INVALID_TDS_RATE',
          { allowedRates: allowed },
        );
      }
      const cart = await ensureCart(db(), userId);
      await db().update(carts).set({ tdsBasisPoints: basisPoints }).where(eq(carts.id, cart.id));
      return ok(await view(userId), `TDS of ${basisPoints / 100}% will be deducted.`);
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
        summary: 'Reserve every number in the cart for a new order, or none',
        description:
          'Optional body { attribution }: the saved campaign-tracking record. Validates first: 409 with validationResults when an item is gone. Otherwise reserves all numbers (a hold of HOLD_MINUTES) and creates the order at the current prices: 201. Checking out the same cart again while its order holds the numbers returns that order (200); a changed cart cancels the open order first. An empty cart is 400, after the open order (if any) is cancelled and its numbers released. The cart is emptied when the order is paid.',
        body: optionalBody(checkoutBody),
        response: {
          200: envelope(checkoutSchema),
          201: envelope(checkoutSchema),
          400: errorBody,
          401: errorBody,
          409: errorBody,
        },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const result = await checkout(deps(), userId, request.body?.attribution);
      const order = await orderView(deps(), result.order, { createPayment: !result.created });
      const changed = result.validationResults.some((r) => r.priceChanged);
      let message = result.created
        ? `Order ${order.reference} placed. Please pay by ${formatIndiaTime(new Date(order.holdExpiresAt))} to keep your numbers.`
        : `You already have an open order for these numbers: ${order.reference}.`;
      if (changed) message += ' Prices for some items in your cart have changed.';
      reply.status(result.created ? 201 : 200);
      return ok({ order, validationResults: result.validationResults }, message);
    },
  );
}
