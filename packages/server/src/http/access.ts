import type { Ability } from '@heliline/domain';
import { SECURITY_BEARER, SECURITY_USER, type Security } from './schemas.ts';

/**
 * Who may call a route, declared in its options (`config: { access }`) and enforced by the auth
 * plugin before the body is validated (docs/decisions/018):
 * - 'public': anyone (with `readsCaller: true` the handler may still read `req.auth`, e.g. staff see more flights);
 * - 'user': a logged-in user, by session cookie or bearer token (401 otherwise);
 * - 'bearer': the test panel's API: only a bearer token authenticates, never a cookie (401);
 * - an Ability of domain/roles.ts: a logged-in user whose roles grant it (401, then 403).
 * Ownership (someone else's booking or ticket) stays in the services: it needs the row.
 */
export type Access = 'public' | 'user' | 'bearer' | Ability;

/** Statuses a route may add to the derived ones in the OpenAPI document (see http/openapi.ts). */
type ExtraStatus = 302 | 304 | 400 | 401 | 403 | 404 | 409 | 410 | 422 | 429 | 502;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every route: a route without it stops the app at start-up. */
    access?: Access;
    /** Statuses only this route's handler or service answers (404, 409, 410…), for the OpenAPI document. */
    answers?: readonly ExtraStatus[];
    /** Request fields that may keep line breaks and tabs ('form.message'); every other text refuses all control characters. */
    multiline?: readonly string[];
    /**
     * A public route whose answer depends on who calls (staff see more flights, a login replaces
     * the caller's session): the caller is resolved for it too. Other public routes never look
     * a session up, and reading `req.auth` there is a programming error (plugins/auth.ts).
     */
    readsCaller?: boolean;
  }
}

export const isAbility = (access: Access): access is Ability => access !== 'public' && access !== 'user' && access !== 'bearer';

/** The OpenAPI security requirement of a declared access (none for public routes). */
export function securityOf(access: Access): Security | undefined {
  if (access === 'public') return undefined;
  return access === 'bearer' ? SECURITY_BEARER : SECURITY_USER;
}

/** One route as a test or a tool reads it: method, URL pattern and declared access. */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
}
