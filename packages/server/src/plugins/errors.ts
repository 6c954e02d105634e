import { findControlCharacter, t } from '@heliline/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/database.ts';
import { AppError, messageBody } from '../http/errors.ts';

/** Retry-After of a 429 whose limit did not say when it ends (every 429 carries one). */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** Seconds a client is asked to wait when the database is unreachable (decision 017). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * One error handler for the whole API: known errors become clear 4xx answers in the
 * request's language; anything unexpected is logged and answered as a bare 500.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // Last of the route's preValidation hooks: after the access check (plugins/auth.ts), before zod.
  // A route that validates no body, query or params has nothing to check: no hook at all.
  app.addHook('onRoute', (route) => {
    const fields = REQUEST_PARTS.filter(([part]) => route.schema?.[part]).map(([, field]) => field);
    if (!fields.length) return;
    const check = rejectControlCharacters(fields, new Set(route.config?.multiline ?? []));
    route.preValidation = [...(route.preValidation === undefined ? [] : [route.preValidation].flat()), check];
  });
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        (errors[field] ??= []).push(t(issue.message ?? 'invalidValue', req.lang));
      }
      return reply.status(422).send(messageBody('invalidInput', req.lang, { errors }));
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
      return reply.status(429).send(messageBody('tooManyRequests', req.lang));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type, body too large…)
      return reply.status(error.statusCode).send({ ...messageBody('invalidInput', req.lang), detail: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: a clear 503 the client may retry (an unfinished transaction did not commit).
      req.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send(messageBody('databaseUnavailable', req.lang));
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(messageBody('serverError', req.lang));
  });
});

const REQUEST_PARTS = [
  ['body', 'body'],
  ['querystring', 'query'],
  ['params', 'params'],
] as const;

/**
 * NUL and other control characters answer 422 on every endpoint, before zod and long before a
 * database (PostgreSQL refuses a NUL in text with a 500). A server hook rather than a zod
 * building block: one place covers every route, today's and tomorrow's, and every schema (the
 * domain's wire schemas, z.unknown() bodies a service checks later) without each text field having
 * to remember it. Single-line is the default; a route names its multi-line fields
 * (`config.multiline`), which may keep line breaks and tabs. Only the parts a route validates
 * are checked: the rest is never read.
 */
function rejectControlCharacters(fields: readonly (typeof REQUEST_PARTS)[number][1][], multiline: ReadonlySet<string>) {
  const isMultiline = (path: string) => multiline.has(path);
  // A callback hook, not an async one: a clean request goes on in the same tick.
  return (req: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void => {
    for (const field of fields) {
      const path = findControlCharacter(req[field], isMultiline);
      if (path !== null) return done(new AppError('validation', 'controlCharacter', { [path]: ['controlCharacter'] }));
    }
    done();
  };
}

const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The methods a known path answers (the static files' catch-all route does not make a path known). */
function allowedMethods(app: FastifyInstance, url: string): HTTPMethods[] {
  const path = url.split('?')[0] ?? '/';
  return METHODS.filter((method) => {
    const route = app.findRoute({ method, url: path });
    return route !== null && !('*' in (route.params as Record<string, unknown>));
  });
}

/** Unknown paths answer a JSON 404 in the request's language; a known path called with another method 405 with Allow. */
export const notFoundJson = (req: FastifyRequest, reply: FastifyReply) => {
  const allowed = allowedMethods(req.server, req.url);
  if (allowed.length && !allowed.includes(req.method as HTTPMethods)) {
    return reply.status(405).header('allow', allowed.join(', ')).send(messageBody('methodNotAllowed', req.lang));
  }
  return reply.status(404).send(messageBody('notFound', req.lang));
};
