import {
  ATTRIBUTION_FIELD_LIMITS,
  cleanAttributionValue,
  MAX_PRICE_RUPEES,
  type AttributionTextField,
} from '@store/domain';
import { z } from 'zod';
import { numberId, numberIdText, numberItemSchema, rupeeAmount } from '../catalog/catalog-schemas';
import { orderSchema } from '../orders/order-schemas';
import { addressBody, billingBody } from '../users/user-schemas';

const rupees = z.number().describe('Rupees, at most two decimals');

const cartItemSchema = z.object({
  id: z.string().describe('The cart item id (DELETE /cart/item/{itemId})'),
  productId: z.number().int().describe('The number id (product.id)'),
  product: numberItemSchema,
  priceAtAdd: rupees.describe('The price the cart holds, rupees; totals are computed from it'),
  currentPrice: rupees.describe("The number's current final price, rupees"),
  changedFrom: rupees
    .optional()
    .describe(
      'The price first added at, rupees, once validation adopted another into priceAtAdd; absent while they are the same. Words for the line only: totals never read it',
    ),
  available: z
    .boolean()
    .describe('false when the number was sold or taken meanwhile; validate or checkout tells more'),
  addedAt: z.string(),
});

export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  productIds: z.array(z.number().int()),
  subtotal: rupees.describe('Sum of priceAtAdd'),
  tdsPercent: z.number().describe('Set by PUT /cart/tds (Corporate accounts); default 0'),
  tdsDeducted: rupees,
  taxable: rupees.describe('The taxable value: the subtotal (GST is charged on the full value)'),
  taxPercent: z.number().describe('gst.cgst + gst.sgst + gst.igst'),
  gst: z
    .object({ cgst: z.number(), sgst: z.number(), igst: z.number() })
    .describe("Percents: CGST + SGST within the store's state, IGST to another state"),
  placeOfSupply: z
    .string()
    .describe(
      "The billing state (the profile's), else the store's: it decides CGST + SGST or IGST",
    ),
  taxAmount: rupees.describe('GST on the subtotal'),
  cgstAmount: rupees,
  sgstAmount: rupees,
  igstAmount: rupees,
  totalAmount: rupees.describe('subtotal + taxAmount - tdsDeducted (the buyer deducts TDS)'),
  tdsRates: z
    .array(z.number())
    .describe('TDS percents this account may choose (empty unless Corporate)'),
  openOrder: z
    .object({
      id: z.string(),
      reference: z.string(),
      holdExpiresAt: z.string().describe('ISO time'),
      productIds: z.array(z.number().int()).describe('The numbers the order holds'),
    })
    .nullable()
    .optional()
    .describe(
      "GET /cart: the buyer's order awaiting payment with a live hold (its numbers are to pay there, not to buy again); null when none",
    ),
});

export type CartView = z.infer<typeof cartSchema>;

/**
 * Ids only, never digits: a guest may send any id, and the digits of a hidden or sold number
 * are nobody's business (the browser knows the digits of what its own cart holds).
 */
const validationResultSchema = z.object({
  productId: z.number().int(),
  valid: z.boolean().describe('The number can still be bought'),
  priceChanged: z.boolean().describe('Valid, and its price differs from priceAtAdd'),
  newPrice: z
    .number()
    .nullable()
    .describe('The current price in rupees when priceChanged, otherwise null'),
  reason: z.enum(['unavailable', 'not_found']).nullable(),
});

export type ValidationResult = z.infer<typeof validationResultSchema>;

/** Spec §3: a cart item's product is a full product object or only its id. */
const productRef = z
  .union([
    numberId,
    numberIdText,
    z.object({
      id: z.union([numberId, numberIdText]),
      pricing: z.object({ nwFinalPrice: z.number().optional() }).optional(),
    }),
  ])
  .transform((product) =>
    typeof product === 'number'
      ? { id: product, price: undefined }
      : { id: product.id, price: product.pricing?.nwFinalPrice },
  );

export const clientCartItem = z.object({
  product: productRef,
  priceAtAdd: z.number().min(0).max(1_000_000_000).optional(),
});

export const syncBody = z.object({
  items: z
    .array(
      clientCartItem.extend({
        changedFrom: rupeeAmount
          .optional()
          .describe(
            "The guest cart's price first added at, rupees, when validation adopted another: kept as the item's changedFrom unless the account's item has its own. Words for the line only: totals come from the current price",
          ),
      }),
    )
    .max(200),
});

export const validateBody = z.object({
  items: z.array(clientCartItem).max(200).optional(),
});

export const tdsBody = z.object({
  tdsPercent: z.number().min(0).max(100),
});

const text = (field: AttributionTextField) =>
  z
    .string()
    .nullish()
    .transform((value) => (value ? cleanAttributionValue(field, value) : value))
    .describe(`Kept up to ${ATTRIBUTION_FIELD_LIMITS[field]} characters; longer values are cut`);
/** A host name as a browser's address has it: dot-separated labels, no port, no path. */
const HOST_NAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const referrerHost = text('referrer')
  .transform((value) => (value && HOST_NAME.test(value) ? value.toLowerCase() : undefined))
  .describe("The referring site's host name; anything else is dropped");
const instant = z
  .union([
    z.number(),
    z
      .string()
      .max(64)
      .transform((value) => value.replaceAll('\0', '')),
  ])
  .nullish();

/**
 * The campaign-tracking record the client saved (spec §3, "Tracking record"; an untagged visit
 * from another site carries its `referrer` host instead, decision 0045). A parameter the
 * landing address did not carry may be null or absent; empty fields are not stored. Attribution
 * is a nice-to-have and a sale is not: it never fails a checkout. Text longer than the shared
 * limits (ATTRIBUTION_FIELD_LIMITS) is cut, control characters (NUL, which PostgreSQL refuses,
 * among them) and bidirectional overrides are removed, a `referrer` that is no host name and a
 * `referrer_medium` that is neither 'organic' nor 'referral' are dropped (decision 0048), and
 * a record that is not of this shape at all is dropped (null) while the checkout goes on.
 */
const attributionSchema = z
  .object({
    gclid: text('gclid'),
    utm_source: text('utm_source'),
    utm_campaign: text('utm_campaign'),
    utm_medium: text('utm_medium'),
    fbclid: text('fbclid'),
    gbraid: text('gbraid'),
    wbraid: text('wbraid'),
    /** An untagged visit's referring site (its host) and 'organic' or 'referral'. */
    referrer: referrerHost,
    referrer_medium: z
      .enum(['organic', 'referral'])
      .nullish()
      .catch(undefined)
      .describe(
        "'organic' (a search engine) or 'referral' (another site); any other value is dropped",
      ),
    timestamp: instant,
    landing_page: text('landing_page'),
    expires_at: instant,
  })
  .transform(
    (record) =>
      Object.fromEntries(
        Object.entries(record).filter(
          ([, value]) => value !== null && value !== undefined && value !== '',
        ),
      ) as { [K in keyof typeof record]?: NonNullable<(typeof record)[K]> },
  )
  .nullish()
  .catch(null);

export const checkoutBody = z
  .object({
    attribution: attributionSchema,
    numberId: z
      .number()
      .int()
      .min(1)
      .max(2_147_483_647)
      .optional()
      .describe('Buy now: an order for this one number alone; the cart is left as it was'),
    billing: billingBody
      .optional()
      .describe(
        "Who and where the invoice is made out to; it decides the place of supply. Absent: the profile's name and address",
      ),
    confirmGstinStateMismatch: z
      .boolean()
      .optional()
      .describe(
        'A Corporate buyer whose GSTIN was registered in another state than the billing state confirms it is right (else 422 GSTIN_STATE_MISMATCH)',
      ),
    expectedPrice: z
      .number()
      .min(0)
      .max(MAX_PRICE_RUPEES)
      .optional()
      .describe(
        "Buy now: the number's price in rupees as shown to the buyer; when it costs more now, 409 PRICE_CHANGED. Absent: the cart's priceAtAdd if the cart holds the number, else today's price",
      ),
  })
  .refine((body) => body.expectedPrice === undefined || body.numberId !== undefined, {
    message: 'expectedPrice is for Buy now: send it with numberId',
    path: ['expectedPrice'],
  });

/** GET /cart: the tax preview for the billing state chosen at checkout. */
export const cartQuery = z.object({
  billingState: addressBody.shape.state
    .optional()
    .describe(
      "The billing state chosen at checkout: the place of supply of the totals (else the profile's)",
    ),
});

/** The billing name and address given at checkout. */
export type CheckoutBilling = z.output<typeof checkoutBody>['billing'] & {};

export const checkoutSchema = z.object({
  order: orderSchema,
  validationResults: z.array(validationResultSchema),
});

export const productParams = z.object({ productId: numberIdText });

const droppedSchema = z.object({
  productId: z.number().int(),
  reason: z.enum(['unavailable', 'not_found', 'cart_full']),
});

export type Dropped = z.infer<typeof droppedSchema>;

/** DELETE /cart/item/{itemId}: a cart item id, or a number id. */
export const itemParams = z.object({ itemId: z.string().max(100) });

/** DELETE /cart/item/{id} and DELETE /cart: the open order the buyer confirmed cancelling. */
export const removeQuery = z.object({
  cancelOrder: z
    .uuid('cancelOrder must be an order id')
    .optional()
    .describe(
      "The id of the buyer's order awaiting payment that the removal cancels, sent once the buyer confirmed it (the 409 ORDER_HOLDS_NUMBER names it)",
    ),
});

/** POST /cart/add: the number, and the cart when signed in. */
export const addedSchema = cartSchema.partial().extend({ product: numberItemSchema });

/** POST /cart/add-pack: the numbers, and the cart when signed in. */
export const packAddedSchema = cartSchema.partial().extend({ products: z.array(numberItemSchema) });

export const addPackBody = z.object({
  numberIds: z
    .array(z.number().int().min(1).max(2_147_483_647))
    .min(2, 'a pack has at least 2 numbers')
    .max(10, 'a pack has at most 10 numbers')
    .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a number')
    .describe("The pack's numbers (GET /packs)"),
});

/** POST /cart/sync: the cart, what was dropped, and the given prices compared. */
export const syncedSchema = cartSchema.extend({
  dropped: z.array(droppedSchema),
  validationResults: z.array(validationResultSchema),
});

/** POST /cart/validate: the results, and the cart afterwards when signed in. */
export const validatedSchema = z.object({
  validationResults: z.array(validationResultSchema),
  cart: cartSchema.optional(),
});
