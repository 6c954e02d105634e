import { t } from '@heliline/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/database.ts';
import { AppError, errorBody } from '../http/errors.ts';

/** Seconds a client is asked to wait when the database is unreachable (decision 017). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * One error handler for the whole API: known errors become clear 4xx answers in the
 * request's language; anything unexpected is logged and answered as a bare 500.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        (errors[field] ??= []).push(t(issue.message ?? 'invalidValue', req.lang));
      }
      return reply.status(422).send(errorBody('invalidInput', req.lang, { errors }));
    }
    if (error instanceof AppError) {
      if (error.logLine) req.log[error.logLine.level]({ code: error.code, ...error.logLine.detail }, error.logLine.msg);
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send(error.body(req.lang));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody('tooManyRequests', req.lang));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type, body too large…)
      return reply.status(error.statusCode).send({ ...errorBody('invalidInput', req.lang), detail: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: a clear 503 the client may retry (an unfinished transaction did not commit).
      req.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send(errorBody('databaseUnavailable', req.lang));
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('serverError', req.lang));
  });
});

/** Unknown API paths answer a JSON 404 in the request's language. */
export const notFoundJson = (req: FastifyRequest, reply: FastifyReply) => reply.status(404).send(errorBody('notFound', req.lang));
