import multipart from '@fastify/multipart';
import { pipeline, Transform } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/auth-service';
import { AppError } from '../http/app-error';
import { multipartFile } from '../http/multipart-file';
import { envelope, errorBody, ok } from '../http/envelope';
import { idempotencyHeaders } from '../http/idempotency-key';
import { paged, pagedSchema, pageQuery } from '../http/paging';
import {
  DRY_RUN_ERROR_LIMIT,
  dryRunSchema,
  importParams,
  importQuery,
  importSchema,
  importStartedSchema,
} from '../imports/import-schemas';
import { TEMPLATE_CSV } from '../imports/import-service';
import { consoleRoute, csvBody, csvDownload, staffErrors } from './admin-schemas';

const sizeInWords = (bytes: number) =>
  bytes >= 1_048_576 ? `${Math.floor(bytes / 1_048_576)} MB` : `${Math.floor(bytes / 1024)} KB`;

/**
 * The uploaded CSV (multipart field `file`) as a stream; a file over IMPORT_MAX_BYTES ends the
 * stream with a 413 error.
 */
async function uploadedFile(request: FastifyRequest, maxBytes: number) {
  const upload = await multipartFile(request, { field: 'file', what: 'the CSV file', maxBytes });
  let bytes = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes <= maxBytes) return done(null, chunk);
      done(
        new AppError(
          413,
          'FILE_TOO_LARGE',
          `The file is larger than ${sizeInWords(maxBytes)} (IMPORT_MAX_BYTES): split it into smaller files.`,
        ),
      );
    },
  });
  // Errors reach the reader through `limited`; the callback only keeps them from being unhandled.
  pipeline(upload.stream, limited, () => {});
  return { file: limited, fileName: upload.filename || 'upload.csv' };
}

/** Stock imports: the template, the upload (dry run or job), its progress, its refused rows. */
export async function adminImportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { imports } = app.services;
  // Multipart bodies only here; the rest of the API stays JSON.
  await app.register(multipart, { throwFileSizeLimit: false });

  app.get(
    '/imports/template.csv',
    {
      schema: {
        ...consoleRoute,
        summary: 'A stock file to fill in: the header and two example rows',
        produces: ['text/csv'],
        response: { 200: csvBody, ...staffErrors },
      },
    },
    async (_request, reply) => reply.headers(csvDownload('stock-template.csv')).send(TEMPLATE_CSV),
  );

  app.post(
    '/numbers/import',
    {
      schema: {
        ...consoleRoute,
        summary: 'Import stock from a CSV file (number,price,offer_price), or check it (dryRun)',
        description: `The file goes in the multipart field "file" (at most IMPORT_MAX_BYTES). Header required: number, price, offer_price (optional), status (optional: available, hidden or coming_soon gives a new number or one in the store that status; held and sold, as an export writes them, are taken only for numbers held or sold, a row error otherwise; empty changes no status); column names are read whatever their case, spaces, dashes and underscores (Offer Price is offer_price), in any order. Other columns are ignored: category, line and reason without a word, so an export or an errors.csv loads as it is, the rest listed in a dry run's ignoredColumns; but a column named like one the store reads (mobile, msisdn, amount, mrp, selling price, a slip such as ofer_price) answers 400 naming the column to rename it to. Fields are separated by tabs when the header has a tab (Excel's Text (Tab delimited), and its Unicode Text: UTF-16 with its byte-order mark), else by semicolons when the header has semicolons and no commas (as spreadsheets save CSV in many locales), else by commas. Prices in rupees ("1,25,000" in quotes in a comma-separated file, 25000, 1250.50, 1,50,000/-). The single quote the store's CSV files put before a formula-like cell is taken off ('+91 98200 12345 reads as +91 98200 12345). A number in the store gets the new price, offer and status unless held or sold (a row error); one already at these prices and status is unchanged. With dryRun=true nothing is written and the answer lists the first ${DRY_RUN_ERROR_LIMIT} row errors (invalid counts them all). Otherwise 202 with the import's id: follow GET /admin/imports/{id}; the good rows are applied all together in one transaction, or not at all. A file that is empty, not CSV, or has a missing or wrong header answers 400. An upload the server cannot store (the uploads folder under DATA_DIR not writable, or full) answers 503 UPLOAD_FOLDER_NOT_WRITABLE or 507 UPLOAD_FOLDER_FULL. With an Idempotency-Key (ignored by a dry run), a repeat of the same upload (same file name and contents) by the same staff member answers 202 with the id of the import the key started, and starts no other; the key with another upload is 422.`,
        headers: idempotencyHeaders,
        querystring: importQuery,
        response: {
          200: envelope(dryRunSchema),
          202: envelope(importStartedSchema),
          400: errorBody,
          413: errorBody,
          415: errorBody,
          422: errorBody,
          507: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      const { file, fileName } = await uploadedFile(request, app.config.IMPORT_MAX_BYTES);
      if (request.query.dryRun) return ok(await imports.dryRun(file));
      const started = await imports.start(
        file,
        fileName,
        currentUser(request).id,
        request.headers['idempotency-key'],
      );
      reply.status(202);
      return ok(started, 'Import started.');
    },
  );

  app.get(
    '/imports',
    {
      schema: {
        ...consoleRoute,
        summary: 'Past imports, newest first, with who ran them',
        querystring: z.object(pageQuery(20, 100)),
        response: {
          200: envelope(pagedSchema('imports', importSchema)),
          400: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const { views, total } = await imports.list(page, pageSize);
      reply.header('cache-control', 'no-store');
      return ok(paged('imports', views, { total, page, pageSize }));
    },
  );

  app.get(
    '/imports/:id',
    {
      schema: {
        ...consoleRoute,
        summary: "An import's progress and result",
        description:
          'status running (processed counts the rows checked so far; then the rows are applied), done or failed (failure says why; nothing was applied).',
        params: importParams,
        response: { 200: envelope(importSchema), 400: errorBody, 404: errorBody, ...staffErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await imports.get(request.params.id));
    },
  );

  app.get(
    '/imports/:id/errors.csv',
    {
      schema: {
        ...consoleRoute,
        summary: "An import's refused rows as CSV, with a reason column, ready to fix and upload",
        description:
          "UTF-8 with its byte-order mark (so Excel reads a ₹ right). Columns line (the row's line in the uploaded file, the header being line 1), then number, price, offer_price and status as the file wrote them (a row the apply refused: as the store read them), then reason, in line order. Fixed, it uploads again as it is: the line and reason columns are ignored, and each row keeps the status it had.",
        params: importParams,
        produces: ['text/csv'],
        response: {
          200: csvBody,
          400: errorBody,
          404: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      const csv = await imports.errorsCsv(request.params.id);
      return reply
        .headers(csvDownload(`import-${request.params.id.slice(0, 8)}-errors.csv`))
        .send(csv);
    },
  );
}
