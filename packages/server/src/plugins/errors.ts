import { findControlCharacter, t } from '@heliline/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorBody } from '../http/errors.ts';

/**
 * One error handler for the whole API: known errors become clear 4xx answers in the
 * request's language; anything unexpected is logged and answered as a bare 500.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // Last of the route's preValidation hooks: after the access check (plugins/auth.ts), before zod.
  app.addHook('onRoute', (route) => {
    route.preValidation = [...(route.preValidation === undefined ? [] : [route.preValidation].flat()), rejectControlCharacters];
  });
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
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('serverError', req.lang));
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
async function rejectControlCharacters(req: FastifyRequest): Promise<void> {
  const { schema, config } = req.routeOptions;
  const multiline = new Set(config.multiline ?? []);
  for (const [part, field] of REQUEST_PARTS) {
    if (!schema?.[part]) continue;
    const path = findControlCharacter(req[field], (p) => multiline.has(p));
    if (path !== null) throw new AppError('validation', 'controlCharacter', { [path]: ['controlCharacter'] });
  }
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
    return reply.status(405).header('allow', allowed.join(', ')).send(errorBody('methodNotAllowed', req.lang));
  }
  return reply.status(404).send(errorBody('notFound', req.lang));
};
