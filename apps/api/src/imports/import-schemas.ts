import { z } from 'zod';

/** How many row errors a dry run lists; `invalid` still counts them all. */
export const DRY_RUN_ERROR_LIMIT = 1_000;

export const importQuery = z.object({
  dryRun: z
    .enum(['true', 'false', '1', '0'], 'must be true or false')
    .optional()
    .transform((value) => value === 'true' || value === '1')
    .describe('true: check the file and say what it would do; nothing is written'),
});

const rowError = z.object({
  line: z.number().int().describe("The file's line (the header is line 1)"),
  number: z.string().describe('The number as the file wrote it'),
  reason: z.string(),
});

export const dryRunSchema = z.object({
  total: z.number().int().describe('Rows under the header (blank lines not counted)'),
  valid: z.number().int().describe('Rows that would go in: new + updated + unchanged'),
  invalid: z.number().int().describe('Rows refused, each with a reason'),
  new: z.number().int().describe('Numbers not in the store yet'),
  newOnSale: z
    .number()
    .int()
    .describe('Of the new numbers, those going on sale (status empty or available)'),
  newHidden: z.number().int().describe('Of the new numbers, those going in hidden'),
  newComingSoon: z.number().int().describe('Of the new numbers, those going in coming soon'),
  updated: z
    .number()
    .int()
    .describe('Numbers in the store whose price, offer or status would change'),
  unchanged: z.number().int().describe('Numbers in the store at these prices and status already'),
  offersEnding: z
    .number()
    .int()
    .describe(
      'Numbers on offer whose offer ends, their offer_price cell being empty (among updated). A file without an offer_price column leaves offers as they are',
    ),
  ignoredColumns: z
    .array(z.string())
    .describe(
      "The header's columns the store does not read, as the file names them (an unnamed one: column 5 (no name)); their cells are left out. The store's own category, line and reason are not listed",
    ),
  errors: z
    .array(rowError)
    .describe(`The first ${DRY_RUN_ERROR_LIMIT} refused rows in line order (invalid counts all)`),
});
export type DryRun = z.infer<typeof dryRunSchema>;

export const importStartedSchema = z.object({ importId: z.uuid() });

export const importSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  total: z.number().int().describe('Rows under the header'),
  processed: z.number().int().describe('Rows checked so far (equals total before the apply)'),
  imported: z
    .number()
    .int()
    .describe('Rows that went in (new + updated + unchanged); 0 until done'),
  new: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.number().int().describe('Rows refused: see errors.csv'),
  failure: z.string().nullable().describe('Why a failed import stopped'),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  startedBy: z.object({ id: z.string(), name: z.string() }),
});
export type ImportView = z.infer<typeof importSchema>;

export const importParams = z.object({ id: z.uuid('must be an import id') });
