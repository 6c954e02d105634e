import { type Ability, can } from '@heliline/domain';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/errors.ts';
import type { Auth, AuthUser, SessionService } from '../modules/sessions/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

/** Resolves who is calling on every request; routes then state what they need. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { sessions: SessionService }) => {
  app.decorateRequest('auth', null);
  app.addHook('preHandler', async (req) => {
    req.auth = await opts.sessions.resolve(req);
  });
});

export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.auth) throw new AppError('unauthenticated', 'unauthenticated');
  return req.auth.user;
}

export const requireUser: preHandlerAsyncHookHandler = async (req) => {
  currentUser(req);
};

export function requireAbility(ability: Ability): preHandlerAsyncHookHandler {
  return async (req) => {
    if (!can(currentUser(req).roles, ability)) throw new AppError('forbidden', 'forbidden');
  };
}
