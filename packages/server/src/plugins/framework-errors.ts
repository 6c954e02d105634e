import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { messageBody } from '../http/errors.ts';
import { requestLang } from './lang.ts';

/**
 * Errors Fastify's router raises before any hook or the error handler runs: a path parameter
 * longer than maxParamLength (414) and a malformed %-escape in the path (400). Without this
 * they answer Fastify's own `{ error, code, message }` echoing the path, in no language; here
 * they get the one error body of the API (http/errors.ts) in the caller's language.
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  // No hook runs for them either: the no-store of every error (plugins/no-store.ts) is said here.
  void reply
    .status(status)
    .header('cache-control', 'no-store')
    .send(messageBody('invalidInput', requestLang(req)));
}
