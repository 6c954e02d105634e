import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * The JSON a route with this response schema sends for `value`: what the zod serializer
 * compiler does (encode, which also checks the value, then JSON.stringify), done once when an
 * answer is cached instead of on every request.
 */
export const serialise = <S extends z.ZodType>(schema: S, value: z.output<S>): string => JSON.stringify(z.encode(schema, value));

/**
 * Sends JSON serialised beforehand. With a JSON content type Fastify sends a string payload
 * as it is (the route's serializer runs only on objects); the route keeps its response schema
 * for the OpenAPI document.
 */
export function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
