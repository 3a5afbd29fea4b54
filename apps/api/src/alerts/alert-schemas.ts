import { z } from 'zod';
import { numberDetailSchema } from '../catalog/catalog-schemas';
import { emailField } from '../users/user-schemas';

/** How many searches a buyer may keep. */
export const SAVED_SEARCH_LIMIT = 20;

export const favouritesSchema = z.object({
  items: z
    .array(numberDetailSchema)
    .describe(
      'The newest favourite first, whatever its status (a sold or hidden one without its price)',
    ),
});

export const mergedFavouritesSchema = favouritesSchema.extend({
  skipped: z
    .array(z.number().int())
    .describe('Ids not kept: unknown, or not on sale or coming soon now'),
});

export const mergeFavouritesBody = z.object({
  ids: z
    .array(z.number().int().min(1).max(2_147_483_647))
    .max(200, 'must be at most 200 numbers')
    .describe(
      'Ids of the numbers a guest kept in the browser; those not on sale or coming soon now are skipped',
    ),
});

export const savedSearchBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(60, 'must be at most 60 characters')
    .describe('What the buyer calls the search'),
  query: z
    .string()
    .trim()
    .max(1000, 'must be at most 1000 characters')
    .describe(
      "The listing's filters as in its address (`category=mirror-numbers&maxPrice=20000`), with the same parameters as GET /numbers: one it does not take is refused (400), named; page, pageSize and utm_ tags are dropped",
    ),
});

export const savedSearchSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  query: z.string().describe('The filters, as GET /numbers takes them'),
  createdAt: z.string(),
});

export const savedSearchesSchema = z.object({
  items: z.array(savedSearchSchema).describe('The newest first'),
  limit: z.number().int().describe('How many searches a buyer may keep'),
  alertsOn: z.boolean().describe('Whether the buyer gets the daily alert e-mail'),
});

export const savedSearchParams = z.object({ id: z.uuid('must be a saved search id') });

export const alertSettingsBody = z.object({
  alertsOn: z.boolean().describe('false: no more alert e-mails (as the unsubscribe link does)'),
});

export const unsubscribeQuery = z.object({
  token: z.string().min(1).max(300).describe('The token of the link in the alert e-mail'),
});

export const notifyMeBody = z.object({
  email: emailField
    .optional()
    .describe("A guest's e-mail; a signed-in buyer's account e-mail is used"),
});

export const notifyMeSchema = z.object({
  pending: z
    .boolean()
    .optional()
    .describe(
      "true: a guest's e-mail, told of the sale only once confirmed from the link sent to it",
    ),
});

export const notifyMeConfirmBody = z.object({
  token: z.string().min(1).max(100).describe('The token of the link in the e-mail'),
});

export const notifyMeConfirmedSchema = z.object({
  number: z.string().describe("The number's 10 digits (its page is /numbers/{number})"),
  display: z.string().describe('The number as shown'),
});
