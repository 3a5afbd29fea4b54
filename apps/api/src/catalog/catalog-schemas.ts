import {
  digitMatches,
  filterKeys,
  isCategorySlug,
  MAX_PHRASE_LENGTH,
  MAX_PRICE_RUPEES,
  mobileNumberProblem,
  type NumberSort,
  normalizeMobile,
} from '@store/domain';
import { z } from 'zod';
import { plainDigits, wholeNumber } from '../http/query-numbers';

/** The domain's listing orders, in the order the API documents them. */
const numberSorts = ['price_asc', 'price_desc', 'newest'] as const satisfies readonly NumberSort[];
/** Where a number stands for a buyer: `reserved` is a live hold (a lapsed one is available). */
const numberPageStatuses = ['available', 'reserved', 'sold', 'hidden', 'coming_soon'] as const;
export type NumberPageStatus = (typeof numberPageStatuses)[number];

export const numberItemSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  display: z.string().describe('The number grouped for reading: 98765 43210'),
  category: z.object({ slug: z.string(), name: z.string() }),
  pricing: z.object({
    nwFinalPrice: z.number().describe('What the buyer pays before tax, in rupees'),
    nwBasePrice: z.number().describe('The list price, in rupees'),
    discountPercent: z
      .number()
      .int()
      .describe('Whole percent off the list price, rounded down; 0 when not on offer or under 1%'),
  }),
  sum: z.number().int(),
  mid: z.number().int(),
  total: z.number().int(),
  spans: z
    .array(z.tuple([z.number().int(), z.number().int()]))
    .describe('Digit positions [start, end) that make the category, for highlighting'),
});

export type NumberItem = z.infer<typeof numberItemSchema>;

/** An empty query parameter (`?q=`, left by a cleared form field) counts as absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

const withDefault = <T extends z.ZodType>(schema: T, fallback: z.output<T>) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional().transform((value) => value ?? fallback),
  );

const digitListTakes = 'must be single digits separated by commas, e.g. 2,4,8';
const digitList = z
  .string(digitListTakes)
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d(,\d)*$/, digitListTakes)
      .transform((s) => [...new Set(s.split(','))].sort()),
  );

/** Digits only, as the store's own links write it: "1,00,000" is for the words (`text`). */
const rupees = plainDigits(
  z.coerce
    .number('must be an amount in rupees, digits only, e.g. 100000')
    .min(0, 'must be 0 or more rupees')
    .max(1_000_000_000, 'must be at most 1000000000 rupees'),
  true,
);

const maskTakes = 'must be exactly 10 places, each a digit or ? (e.g. 98??54????)';

/** The storefront's filters, shared by the storefront listing and the console's inventory. */
const numberFilterFields = {
  category: optional(
    z
      .string('must be one category slug, such as mirror-numbers, or all')
      .trim()
      .toLowerCase()
      .superRefine((slug, ctx) => {
        if (slug !== 'all' && !isCategorySlug(slug)) {
          ctx.addIssue({
            code: 'custom',
            message: `unknown category "${slug.slice(0, 60)}"; use a category slug such as mirror-numbers, or all`,
          });
        }
      }),
  ).describe('A category slug; `all` or absent: every category'),
  offer: optional(
    z
      .enum(['true', 'false', '1', '0'], 'must be true or false')
      .transform((v) => v === 'true' || v === '1'),
  ).describe('true: numbers on offer only (final price below list price)'),
  q: optional(
    z
      .string('must be 1 to 10 digits')
      .transform((s) => s.replace(/[\s-]+/g, ''))
      .pipe(z.string().regex(/^\d{1,10}$/, 'must be 1 to 10 digits')),
  ).describe('Digits to find, where `match` says'),
  match: optional(z.enum(digitMatches, 'must be anywhere, start or end')).describe(
    'Where q must appear: anywhere (default), start or end',
  ),
  mustContain: optional(digitList).describe('Digits that must all appear, e.g. 2,4,8'),
  notContain: optional(digitList).describe('Digits that must not appear, e.g. 2,4,8'),
  mask: optional(
    z
      .string(maskTakes)
      .trim()
      .transform((s) => s.replace(/[xX*_]/g, '?'))
      .pipe(z.string().regex(/^[\d?]{10}$/, maskTakes)),
  ).describe('10 places, each a digit or ? for any digit: 98??54????'),
  sum: optional(wholeNumber(1, 90)).describe('The plain digit sum'),
  mid: optional(wholeNumber(1, 18)).describe('The digit sum of the sum'),
  total: optional(wholeNumber(1, 90)).describe(
    'The total: 1..9 the root (reduced to one digit); 10 and over the plain sum',
  ),
  minPrice: optional(rupees).describe('Lowest final price, rupees'),
  maxPrice: optional(rupees).describe('Highest final price, rupees'),
};

/** minPrice must not be above maxPrice. */
function priceRangeInOrder(query: { minPrice?: number; maxPrice?: number }, ctx: z.RefinementCtx) {
  if (
    query.minPrice !== undefined &&
    query.maxPrice !== undefined &&
    query.minPrice > query.maxPrice
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['minPrice'],
      message: 'must not be more than maxPrice',
    });
  }
}

export const numberListQuery = z
  .object({
    text: optional(
      z
        .string(`must be words, given once, of at most ${MAX_PHRASE_LENGTH} characters`)
        .trim()
        .max(MAX_PHRASE_LENGTH, `must be at most ${MAX_PHRASE_LENGTH} characters`),
    ).describe(
      'What the buyer typed, in plain words ("ending 786 under 20k", "7 ka total"): read into ' +
        'the filters below. A date (14-08-1990, 14/08/1990, 14.08.1990 or 1990-08-14) is a ' +
        'date of birth: `total` of its destiny number, as /numerology lists first (a chip ' +
        '"Date of birth 14-08-1990: total 5"); a date that cannot be one is ignored with a ' +
        'note. Two bare numbers under 1,000 ("10-20") are no price range, nor is a whole ' +
        'mobile number written with +91, 91 or 0, spaces or hyphens ("+91 98765-43210"): it ' +
        'is its 10 digits. A filter also given as its own parameter wins over the words.',
    ),
    ...numberFilterFields,
    status: optional(
      z.enum(['available', 'coming_soon'], 'must be available or coming_soon'),
    ).describe(
      'available (default): numbers for sale; coming_soon: numbers shown before they go on sale (Notify me)',
    ),
    sort: optional(z.enum(numberSorts, 'must be price_asc, price_desc or newest')).describe(
      'price_asc, price_desc or newest (default)',
    ),
    page: withDefault(wholeNumber(1, 100_000), 1).describe('From 1'),
    pageSize: withDefault(wholeNumber(1, 100), 24).describe('1 to 100, default 24'),
  })
  .superRefine(priceRangeInOrder);

export type NumberListQuery = z.output<typeof numberListQuery>;

const understoodSchema = z.object({
  filter: z.enum(filterKeys).describe('The listing parameter this part of the words sets'),
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]),
  label: z.string().describe('As a chip shows it: "Ends with 786", "Up to ₹20,000"'),
  source: z.string().describe('The words it came from, as typed'),
});

export const numberPageSchema = z.object({
  items: z.array(numberItemSchema),
  total: z.number().int().describe('How many numbers match, up to 5,000 (see totalCapped)'),
  totalCapped: z
    .boolean()
    .describe('True when more than `total` numbers match: counting stops at 5,000 ("5,000+")'),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  understood: z
    .array(understoodSchema)
    .optional()
    .describe('With `text`: each part of the words used, in order'),
  ignored: z
    .array(z.string())
    .optional()
    .describe('With `text`: the words not understood, as typed'),
  notes: z
    .array(z.string())
    .optional()
    .describe(
      'With `text`: why a part understood was set aside, and the root number of a date of birth',
    ),
});

const packKinds = ['ending', 'consecutive'] as const;

export const packsQuery = z.object({
  kind: withDefault(z.enum(packKinds, 'must be ending or consecutive'), 'ending').describe(
    'ending (default): numbers sharing their last six digits; consecutive: numbers one apart',
  ),
  page: withDefault(wholeNumber(1, 100_000), 1).describe('From 1'),
  pageSize: withDefault(wholeNumber(1, 50), 12).describe('1 to 50, default 12'),
});
export type PacksQuery = z.output<typeof packsQuery>;

export const packPageSchema = z.object({
  packs: z.array(
    z.object({
      kind: z.enum(packKinds),
      key: z.string().describe('The shared last six digits, or the first number of the run'),
      numbers: z.array(numberItemSchema).describe('2 to 10 available numbers, in number order'),
      totalPrice: z.number().describe('What the numbers cost together before tax, in rupees'),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
});

export const numberDetailSchema = numberItemSchema.extend({
  status: z
    .enum(numberPageStatuses)
    .describe(
      'available; reserved: held by a checkout for now; sold; hidden by the store; coming_soon: shown, not for sale yet',
    ),
  pricing: numberItemSchema.shape.pricing
    .nullable()
    .describe('null for a sold or hidden number: the store does not publish its price'),
  categories: z
    .array(z.object({ slug: z.string(), name: z.string() }))
    .describe('Every category the number fits, the primary one (`category`) first'),
  saving: z.number().describe('Rupees off the list price; 0 when not on offer or not priced'),
});

export type NumberDetail = z.infer<typeof numberDetailSchema>;

export const similarNumbersSchema = z.object({ items: z.array(numberItemSchema) });

export const categoryCountsSchema = z.object({
  categories: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      count: z.number().int().describe('Available numbers it lists'),
    }),
  ),
});

export const digitsParams = z.object({
  digits: z
    .string()
    .regex(/^[6-9]\d{9}$/, 'must be a 10-digit mobile number starting with 6, 7, 8 or 9'),
});

export const similarQuery = z.object({
  limit: withDefault(wholeNumber(1, 24), 8).describe('1 to 24, default 8'),
});

const notANumberId = "must be a number's id (a whole number)";
/** A number's id (numbers.id, a PostgreSQL integer). */
export const numberId = z
  .number()
  .int(notANumberId)
  .min(1, notANumberId)
  .max(2_147_483_647, notANumberId);

/**
 * A number's id written as text (a path, the cart's product): decimal digits with no sign and
 * no leading zero, so one id has one spelling (Number() also read 0x10, 1e3 and 016).
 */
export const numberIdText = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, notANumberId)
  .transform(Number)
  .pipe(numberId);

export const numberParams = z.object({ id: numberIdText });

/**
 * A number as the console sees it: available (on sale, or a hold that lapsed), held (in an
 * order awaiting payment), sold, hidden (kept off the storefront by staff) or coming_soon (shown
 * with Notify me, not for sale yet).
 */
export const stockStatuses = ['available', 'held', 'sold', 'hidden', 'coming_soon'] as const;
export type StockStatus = (typeof stockStatuses)[number];

export const adminNumberSorts = [
  'newest',
  'oldest',
  'number_asc',
  'number_desc',
  'price_asc',
  'price_desc',
  'category_asc',
  'category_desc',
  'status_asc',
  'status_desc',
] as const;

/** The values of a list in words: `available, held or sold`. */
const inWords = (values: readonly string[]) =>
  values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : values.join('');

/** The console inventory's filters: the storefront's, plus status. */
const stockFilterFields = {
  ...numberFilterFields,
  status: optional(z.enum(stockStatuses, `must be ${inWords(stockStatuses)}`)).describe(
    `${inWords(stockStatuses)}; absent: every status`,
  ),
};

export const stockFilter = z.object(stockFilterFields).superRefine(priceRangeInOrder);
export type StockFilter = z.output<typeof stockFilter>;

export const stockListQuery = z
  .object({
    ...stockFilterFields,
    sort: withDefault(
      z.enum(adminNumberSorts, `must be one of ${adminNumberSorts.join(', ')}`),
      'newest',
    ).describe(`${adminNumberSorts.join(', ')} (default newest)`),
    page: withDefault(wholeNumber(1, 100_000), 1).describe('From 1'),
    pageSize: withDefault(wholeNumber(1, 200), 50).describe('1 to 200, default 50'),
  })
  .superRefine(priceRangeInOrder);
export type StockListQuery = z.output<typeof stockListQuery>;

const prices = z.object({
  price: z.number().describe('The list price, rupees'),
  offerPrice: z
    .number()
    .nullable()
    .describe('What the buyer pays when on offer (below the list price), rupees; null: no offer'),
});

export const stockNumberSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  display: z.string(),
  category: z.object({ slug: z.string(), name: z.string() }),
  ...prices.shape,
  status: z.enum(stockStatuses),
  relistable: z
    .boolean()
    .describe(
      'Sold, but its order was cancelled after payment or refunded before any UPC went out: staff may put it back on sale, hide it or mark it coming soon',
    ),
  heldBy: z
    .object({
      orderId: z.string(),
      orderReference: z.string(),
      until: z.string().describe('When the hold ends unless the order is paid'),
    })
    .nullable()
    .describe('Held: the order holding it (its price and status cannot change meanwhile)'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StockNumber = z.infer<typeof stockNumberSchema>;

/** Rupees with at most two decimals, above 0, up to the largest price a number may have. */
export const rupeeAmount = z
  .number('must be an amount in rupees')
  .positive('must be more than 0')
  .max(MAX_PRICE_RUPEES, `must be at most ${MAX_PRICE_RUPEES} rupees`)
  .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), {
    message: 'must have at most two decimals (paise)',
  });

const offerNotAbovePrice = (
  body: { price: number; offerPrice?: number | null },
  ctx: z.RefinementCtx,
) => {
  if (body.offerPrice != null && body.offerPrice > body.price) {
    ctx.addIssue({
      code: 'custom',
      path: ['offerPrice'],
      message: 'must not be above the price',
    });
  }
};

const pricesBody = {
  price: rupeeAmount.describe('The list price, rupees'),
  offerPrice: rupeeAmount
    .nullish()
    .describe('The offer price (what the buyer pays), rupees, at most the price; null: no offer'),
};

export const newNumberBody = z
  .object({
    number: z
      .string()
      .superRefine((value, ctx) => {
        const problem = mobileNumberProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .transform((value) => normalizeMobile(value)!)
      .describe('10 digits starting 6 to 9; a leading +91 or 0 and spaces are dropped'),
    ...pricesBody,
    hidden: z.boolean().default(false).describe('true: kept off the storefront'),
    comingSoon: z
      .boolean()
      .default(false)
      .describe('true: listed as coming soon with Notify me, not for sale yet'),
  })
  .superRefine(offerNotAbovePrice);
export type NewNumberBody = z.output<typeof newNumberBody>;

export const repriceBody = z
  .object({
    ...pricesBody,
    expected: prices
      .optional()
      .describe(
        "The number's price and offer price as the agent saw them (the console always sends them): when it is at other prices now, 409 NUMBER_CHANGED and nothing changes",
      ),
  })
  .superRefine(offerNotAbovePrice);
export type RepriceBody = z.output<typeof repriceBody>;

/** Hide, show or coming soon: optionally, the status the agent saw (the console always sends it). */
export const statusChangeBody = z.object({
  expected: z
    .object({ status: z.enum(stockStatuses) })
    .optional()
    .describe(
      "The number's status as the agent saw it: when it is another now (and not already the one asked for), 409 NUMBER_CHANGED and nothing changes",
    ),
});

const priceChange = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('set'),
    amount: z
      .number()
      .int('must be whole rupees')
      .positive('must be more than 0')
      .max(MAX_PRICE_RUPEES)
      .describe('The new price, whole rupees (offers end)'),
  }),
  z.object({
    mode: z.literal('raise'),
    percent: z.number().positive('must be more than 0').max(500, 'must be at most 500'),
  }),
  z.object({
    mode: z.literal('lower'),
    percent: z.number().positive('must be more than 0').lt(100, 'must be less than 100'),
  }),
]);
export type PriceChange = z.output<typeof priceChange>;

export const bulkPriceBody = z.object({
  filter: stockFilter.describe('The selection: the inventory listing filters (query values)'),
  change: priceChange,
  expectedCount: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('How many numbers the preview said change; another count answers 409'),
  expectedFingerprint: z
    .string()
    .max(64)
    .optional()
    .describe(
      "The preview's fingerprint (the numbers that change and their prices then): when any of them moved since (another agent applied a change, or this one was applied already), 409 SELECTION_CHANGED and nothing changes",
    ),
});
export type BulkPriceBody = z.output<typeof bulkPriceBody>;

export const bulkPricePreviewSchema = z.object({
  selected: z.number().int().describe('Numbers the filter selects'),
  changing: z.number().int().describe('Of those, numbers whose price changes'),
  skipped: z
    .number()
    .int()
    .describe('Held or sold numbers in the selection: their price is never changed'),
  fingerprint: z
    .string()
    .describe(
      "The numbers that change and their prices now, in short: send it back as the apply's expectedFingerprint",
    ),
  sample: z
    .array(
      z.object({
        id: z.number().int(),
        number: z.string(),
        before: prices,
        after: prices,
      }),
    )
    .describe('Up to 10 of the numbers that change, in number order'),
});

export const bulkPriceResultSchema = z.object({
  changed: z.number().int(),
});
