import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** No form of ours nests deeper than a handful of levels; a deeper body is a probe, not a booking. */
const MAX_JSON_DEPTH = 64;

/**
 * JSON bodies are parsed as before (Fastify's own parser, with its prototype-poisoning guard)
 * and then refused with a 400 when nested deeper than MAX_JSON_DEPTH, before any hook or
 * handler walks them.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    parse(req, body as string, (err: Error | null, value?: unknown) => {
      if (err) return done(err, undefined);
      if (depthExceeds(value, MAX_JSON_DEPTH)) return done(Object.assign(new Error(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`), { statusCode: 400 }), undefined);
      done(null, value);
    });
  });
});

/** Whether arrays and objects nest deeper than `limit` (a scalar is depth 0), with a stack of its own. */
function depthExceeds(root: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (!value || typeof value !== 'object') continue;
    if (depth >= limit) return true;
    for (const item of Object.values(value)) stack.push([item, depth + 1]);
  }
  return false;
}
