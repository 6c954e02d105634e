import type { FastifyContextConfig, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { type Access, isAbility, securityOf } from './access.ts';
import { ZErrorBody } from './schemas.ts';

/**
 * The OpenAPI document's answers of each operation, derived from what the route declares
 * (docs/decisions/018): its access, its CSRF and rate-limit config, whether it validates input,
 * and the few statuses only its handler knows (`config.answers`). The route's own response
 * schemas (2xx, or a special error shape) win over the derived ones.
 */

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const ERROR_TEXT = {
  400: 'Malformed request: the body is not valid JSON (detail says why)',
  401: 'Not logged in (bearer routes: no valid bearer token)',
  403: 'Logged in, but the roles or the account state do not allow it; nothing written',
  404: 'Not found, or not yours (someone else’s answers the same)',
  409: 'Refused by the current state (taken, expired, locked…); nothing written',
  410: 'No longer available',
  413: 'Body too large',
  415: 'Unsupported content type (send application/json)',
  419: 'CSRF token missing or wrong: unsafe calls with the session cookie echo GET /sanctum/csrf-cookie’s XSRF-TOKEN in X-XSRF-TOKEN',
  422: 'Input breaks a rule (constraints below, control characters, rules of the domain); errors lists the messages by field path; nothing written',
  429: 'Too many requests; Retry-After says in how many seconds to try again',
  500: 'Unexpected failure (logged; no detail)',
  502: 'A service we depend on (payment gateway, mail server) did not answer',
  503: 'The database cannot be reached (an outage); Retry-After says in how many seconds to try again; nothing written',
} as const satisfies Record<number, string>;
type ErrorStatus = keyof typeof ERROR_TEXT;

/** Answers without an error body (redirects, not modified). */
const NO_BODY_TEXT = { 302: 'Redirect (Location header)', 304: 'Not modified (ETag matches If-None-Match)' } as const;

/** The statuses a route answers besides its own response schemas, by its declaration. */
function derivedStatuses(method: string, schema: FastifySchema | undefined, config: FastifyContextConfig | undefined): number[] {
  const access: Access = config?.access ?? 'public';
  // Any call may meet a database outage (the caller's session is looked up on every request): 503 (decision 017).
  const statuses = new Set<number>([500, 503, ...(config?.answers ?? [])]);
  if (access !== 'public') statuses.add(401);
  if (isAbility(access)) statuses.add(403);
  if (UNSAFE.has(method) && config?.csrf !== false) statuses.add(419);
  if (schema?.body) [400, 413, 415].forEach((s) => statuses.add(s));
  if (schema?.body || schema?.querystring || schema?.params || schema?.headers) statuses.add(422);
  if (config?.rateLimit) statuses.add(429);
  return [...statuses].sort();
}

const errorResponse = (status: ErrorStatus) => ZErrorBody.describe(ERROR_TEXT[status]);

/** 2xx/3xx without a body schema of the route's own: HTML pages, PDFs, redirects. */
function plainResponses(statuses: number[], schema: FastifySchema): Record<number, object> {
  const out: Record<number, object> = {};
  for (const status of statuses) if (status in NO_BODY_TEXT) out[status] = { type: 'null', description: NO_BODY_TEXT[status as 302 | 304] };
  const response = (schema.response ?? {}) as Record<string, unknown>;
  // A 304 (not modified) comes beside a 200, never instead of it; a redirect can be the only success.
  const hasSuccess = Object.keys(response).some((s) => /^[23]/.test(s)) || 302 in out;
  if (!hasSuccess) out[200] = schema.produces ? { type: 'string', description: 'Success' } : { description: 'Success' };
  return out;
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route: { method: string | string[]; config?: FastifyContextConfig } };

/** fastify-type-provider-zod's transform (zod → JSON schema, so max lengths, enums and patterns show), with the derived answers. */
export function openApiTransform(input: TransformInput) {
  const { schema, route } = input;
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  const method = String(route.method);
  const access = route.config?.access ?? 'public';
  const statuses = derivedStatuses(method, schema, route.config);
  const errors = Object.fromEntries(statuses.filter((s): s is ErrorStatus => s in ERROR_TEXT).map((s) => [s, errorResponse(s)]));
  const security = securityOf(access);
  const withErrors = { ...schema, response: { ...errors, ...(schema.response as object) }, 'x-access': access, ...(security ? { security } : {}) };
  const transformed = jsonSchemaTransform({ ...input, schema: withErrors });
  const response = { ...plainResponses(statuses, schema), ...(transformed.schema.response as object) };
  const tooMany = (response as Record<number, { headers?: object }>)[429];
  if (tooMany) tooMany.headers = { 'retry-after': { type: 'integer', description: 'Seconds until the client may try again' } };
  return { ...transformed, schema: { ...transformed.schema, response } };
}
