import { z } from 'zod';

/**
 * The JSON a route with this response schema sends for `value`: what the zod serializer
 * compiler does (encode, which also checks the value, then JSON.stringify), done once when an
 * answer is cached instead of on every request.
 */
export const serialise = <S extends z.ZodType>(schema: S, value: z.output<S>): string => JSON.stringify(z.encode(schema, value));
