import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/auth-service';
import { errorBody, envelope, ok } from '../http/envelope';
import { taxRegisterFileName } from '../orders/order-service';
import { adminOnlyRoute, csvBody, csvDownload, staffErrors } from './admin-schemas';
import { taxRegisterQuery, taxRegisterSchema } from './tax-register-schemas';

const periodWords =
  'The period is of India days (Asia/Kolkata), from and to both included, by the day each document was issued (as printed on it); at most a year, from not after to (400 otherwise). Every document issued in it is listed, whatever became of its order since (cancelled, refunded), each with the figures, billing and place of supply it printed, never recomputed.';
const auditWords =
  'Each read is recorded in the audit log (tax_register.export: the period, the format and the number of documents, no personal data), since the register lists buyers and their GSTINs.';

/** The owner's GST register of a period, for the accountant (decision 0077): administrators only. */
export async function adminTaxRegisterRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { orders } = app.services;

  app.get(
    '/tax-register',
    {
      schema: {
        ...adminOnlyRoute,
        summary: "The period's tax invoices and credit notes, their totals and a GSTR-1 summary",
        description: `${periodWords} Money in paise. ${auditWords}`,
        querystring: taxRegisterQuery,
        response: { 200: envelope(taxRegisterSchema), 400: errorBody, ...staffErrors },
      },
    },
    async (request, reply) => {
      const register = await orders.taxRegister(request.query, currentUser(request).id);
      reply.header('cache-control', 'no-store');
      return ok(register);
    },
  );

  app.get(
    '/tax-register.csv',
    {
      schema: {
        ...adminOnlyRoute,
        summary: 'The same tax register as a CSV file for the accountant',
        description: `${periodWords} One row per document with the JSON's fields, after a header row; money in rupees with two decimals (the header says so); the file tax-register-<from>-to-<to>.csv. ${auditWords}`,
        querystring: taxRegisterQuery,
        produces: ['text/csv'],
        response: { 200: csvBody, 400: errorBody, ...staffErrors },
      },
    },
    async (request, reply) =>
      reply
        .headers(csvDownload(taxRegisterFileName(request.query)))
        .send(await orders.taxRegisterCsv(request.query, currentUser(request).id)),
  );
}
