import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientAddress } from '../http/client-address';
import { envelope, errorBody } from '../http/envelope';
import { idempotencyHeaders } from '../http/idempotency-key';
import { enquiryReference } from './enquiry-reference';
import { ENQUIRY_RECEIVED_MESSAGE, enquiryBody, enquiryCreatedSchema } from './enquiry-schemas';

/** Enquiries from the contact, product and career pages, kept for the support console. */
export async function enquiryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { enquiries } = app.services;

  app.post(
    '/enquiries',
    {
      schema: {
        tags: ['enquiries'],
        summary: 'Send an enquiry or a job application (topic career)',
        description:
          'Stored for the support team and acknowledged by e-mail. Limited per client address an hour (429 with Retry-After). With an Idempotency-Key, a repeat of the same enquiry answers the first one (201, same reference) and nothing is stored or sent again; the key with another enquiry is 422.',
        headers: idempotencyHeaders,
        body: enquiryBody,
        response: {
          201: envelope(enquiryCreatedSchema),
          400: errorBody,
          403: errorBody,
          422: errorBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { id } = await enquiries.create(
        request.body,
        clientAddress(request.ip),
        request.headers['idempotency-key'],
        request.log,
      );
      reply.status(201).header('cache-control', 'no-store');
      return {
        success: true as const,
        message: ENQUIRY_RECEIVED_MESSAGE,
        data: { id, reference: enquiryReference(id) },
      };
    },
  );
}
