import { z } from 'zod';
import { errorBody } from '../http/envelope';

/** The tag that makes a console route administrators-only (support gets 403). */
export const ADMINISTRATORS_ONLY = 'administrators only';

/** What every console route declares in the API document (spread into its schema). */
export const consoleRoute = {
  tags: ['admin'],
  security: [{ sessionCookie: [] }],
};

/** The same for a route only administrators may call: the guard reads the tag. */
export const adminOnlyRoute = {
  ...consoleRoute,
  tags: ['admin', ADMINISTRATORS_ONLY],
};

/** The answers of the console's guard: 401 for visitors, 403 for customers (and support on admin-only calls). */
export const staffErrors = { 401: errorBody, 403: errorBody } as const;

/** The headers of a CSV file the console downloads. */
export const csvDownload = (fileName: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'cache-control': 'no-store',
  'content-disposition': `attachment; filename="${fileName}"`,
});

/** The 200 of a CSV download: a text stream, documented as such (never serialized). */
export const csvBody = z
  .any()
  .describe(
    "A CSV file (text/csv). A cell a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return, spaces before it counted out; a plain number such as -5 excepted) starts with a single quote (').",
  );
