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
