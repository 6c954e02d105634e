import { t } from '@heliline/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorBody } from '../http/errors.ts';

/** Retry-After of a 429 whose limit did not say when it ends (every 429 carries one). */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

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
      else if (error.status === 429) reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
      return reply.status(error.status).send(error.body(req.lang));
    }
    if (error.statusCode === 429) {
      // The rate-limit plugin sets its own Retry-After; anything else that says 429 gets the default.
      if (!reply.hasHeader('retry-after')) reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
      return reply.status(429).send(errorBody('tooManyRequests', req.lang));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type, body too large…)
      return reply.status(error.statusCode).send({ ...errorBody('invalidInput', req.lang), detail: error.message });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('serverError', req.lang));
  });
});

/** Unknown API paths answer a JSON 404 in the request's language. */
export const notFoundJson = (req: FastifyRequest, reply: FastifyReply) => reply.status(404).send(errorBody('notFound', req.lang));
