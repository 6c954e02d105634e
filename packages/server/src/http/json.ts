import type { FastifyReply } from 'fastify';

/**
 * Sends JSON that is already serialised (a cached answer) as it is: Fastify passes a string with
 * a JSON content type straight through, so neither the route's response schema (zod) nor
 * JSON.stringify runs again. The caller vouches for the string: build it from an answer that
 * went through the schema once (`JSON.stringify(Schema.encode(answer))`).
 */
export function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * Sends an answer memory held at once, else the one `read` gives. A hit takes no promise: a
 * handler that awaited a resolved value cost a quick GET ~5 % of its throughput (docs/performance.md).
 */
export function sendRemembered(reply: FastifyReply, remembered: string | undefined, read: () => Promise<string>): Promise<void> | undefined {
  if (remembered !== undefined) {
    sendJson(reply, remembered);
    return undefined;
  }
  return read().then((json) => void sendJson(reply, json));
}
