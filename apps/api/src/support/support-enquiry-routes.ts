import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff } from '../auth/guards';
import { enquiries, enquiryStatuses, enquiryTopics } from '../db/schema';
import { notFound } from '../http/app-error';
import { envelope, errorBody, ok } from '../http/envelope';
import { paged, pagedSchema, pageQuery } from '../http/paging';

const tags = ['support'];
const security = [{ sessionCookie: [] }];
const staffErrors = { 401: errorBody, 403: errorBody };

const enquirySchema = z.object({
  id: z.string(),
  name: z.string(),
  mobile: z.string(),
  email: z.string(),
  topic: z.enum(enquiryTopics),
  message: z.string(),
  status: z.enum(enquiryStatuses),
  pagePath: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

type EnquiryRow = typeof enquiries.$inferSelect;

const toView = (row: EnquiryRow): z.infer<typeof enquirySchema> => ({
  id: row.id,
  name: row.name,
  mobile: row.mobile,
  email: row.email,
  topic: row.topic,
  message: row.message,
  status: row.status,
  pagePath: row.pagePath,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The support console's enquiry calls: the inbox, newest first, and moving one along. */
export async function supportEnquiryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/enquiries',
    {
      preValidation: requireStaff,
      schema: {
        tags,
        security,
        summary: 'Enquiries and job applications, newest first',
        querystring: z.object({
          status: z.enum(enquiryStatuses).optional(),
          topic: z.enum(enquiryTopics).optional(),
          ...pageQuery(25, 100),
        }),
        response: {
          200: envelope(pagedSchema('enquiries', enquirySchema)),
          400: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      const { status, topic, page, pageSize } = request.query;
      const conditions: SQL[] = [];
      if (status) conditions.push(eq(enquiries.status, status));
      if (topic) conditions.push(eq(enquiries.topic, topic));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const db = app.database.db;
      const rows = await db
        .select()
        .from(enquiries)
        .where(where)
        .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [{ total }] = (await db.select({ total: count() }).from(enquiries).where(where)) as [
        { total: number },
      ];
      reply.header('cache-control', 'no-store');
      return ok(paged('enquiries', rows.map(toView), { total, page, pageSize }));
    },
  );

  app.patch(
    '/admin/enquiries/:id',
    {
      preValidation: requireStaff,
      schema: {
        tags,
        security,
        summary: 'Mark an enquiry in progress or closed (or new again)',
        params: z.object({ id: z.uuid('must be an enquiry id') }),
        body: z.object({ status: z.enum(enquiryStatuses) }),
        response: { 200: envelope(enquirySchema), 400: errorBody, 404: errorBody, ...staffErrors },
      },
    },
    async (request) => {
      const [row] = await app.database.db
        .update(enquiries)
        .set({ status: request.body.status })
        .where(eq(enquiries.id, request.params.id))
        .returning();
      if (!row) throw notFound('That enquiry was not found.');
      return ok(toView(row), `Enquiry marked ${request.body.status.replace('_', ' ')}.`);
    },
  );
}
