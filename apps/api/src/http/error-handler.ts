import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { isDatabaseUnreachable, isLockWaitOver } from '../db/database';
import { AppError } from './app-error';
import { fieldsNotTaken } from './fields-not-taken';

const knownFastifyErrors: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: 'Unsupported content type: send JSON (application/json).',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: 'The Content-Length header is wrong.',
  },
};

/** Turns every error into the failure envelope; bad input is a 4xx with a message, never a 500. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ success: false, message: error.message, code: error.code, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => {
        const where = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const field =
          where || (v.params as { issue?: { path?: unknown[] } }).issue?.path?.join('.');
        return field ? `${field}: ${v.message}` : (v.message ?? 'invalid');
      });
      if (error.validationContext === 'body') {
        const notTaken = fieldsNotTaken(request.routeOptions.schema?.body, request.body);
        if (notTaken.length > 0) {
          issues.push(`has fields this request does not take: ${notTaken.join(', ')}`);
        }
      }
      const place =
        error.validationContext === 'querystring' ? 'query parameter' : error.validationContext;
      return reply.status(400).send({
        success: false,
        message: `Invalid ${place}: ${issues.join('; ')}`,
        code: 'VALIDATION_ERROR',
        errors: issues,
      });
    }
    if (isDatabaseUnreachable(error)) {
      request.log.error({ err: error }, 'database unreachable');
      return reply.status(503).header('retry-after', '5').send({
        success: false,
        message: 'The store cannot reach its database just now. Please try again in a moment.',
        code: 'DATABASE_UNAVAILABLE',
      });
    }
    if (isLockWaitOver(error)) {
      return reply.status(503).header('retry-after', '5').send({
        success: false,
        message:
          'These numbers are being updated by the store just now. Please try again in a moment.',
        code: 'BUSY_TRY_AGAIN',
      });
    }
    const known = error.code ? knownFastifyErrors[error.code] : undefined;
    if (known) {
      return reply
        .status(known.status)
        .send({ success: false, message: known.message, code: error.code });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      if (error.statusCode === 429 && !reply.getHeader('retry-after'))
        reply.header('retry-after', '60');
      return reply.status(error.statusCode).send({
        success: false,
        message: error.message,
        code: error.code ?? 'REQUEST_ERROR',
      });
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    return reply.status(500).send({
      success: false,
      message: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL_ERROR',
    });
  });
}
