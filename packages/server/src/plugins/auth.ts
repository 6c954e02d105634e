import { can } from '@heliline/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { type Access, type DeclaredRoute, isAbility } from '../http/access.ts';
import { AppError } from '../http/errors.ts';
import { type Auth, type AuthUser, SessionService } from '../modules/sessions/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
  interface FastifyInstance {
    /** Every route registered after the auth plugin with its declared access (tests build the authorisation matrix on it). */
    declaredRoutes(): DeclaredRoute[];
  }
}

const unauthenticated = () => new AppError('unauthenticated', 'unauthenticated');

/** The route's declared access, checked before its body, query and params are validated. */
async function enforceAccess(req: FastifyRequest): Promise<void> {
  const access = req.routeOptions.config.access;
  if (access === undefined || access === 'public') return;
  if (access === 'bearer') {
    if (req.auth?.via !== 'token') throw unauthenticated();
    return;
  }
  const user = currentUser(req);
  if (isAbility(access) && !can(user.roles, access)) throw new AppError('forbidden', 'forbidden');
}

const asList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/** Public routes neither look the caller up nor check access, unless they read the caller. */
const needsCaller = (config: { access?: Access; readsCaller?: boolean } | undefined) => config?.access !== 'public' || config.readsCaller === true;

/** Where a resolved caller lives; undefined until the route's hook resolved it. */
const kAuth = Symbol('auth');
type WithAuth = FastifyRequest & { [kAuth]?: Auth | null };

/**
 * Resolves who is calling and enforces what each route declares (`config: { access }`, see
 * http/access.ts) in preValidation: an anonymous or unauthorised call learns 401/403, never the
 * field rules (422). A route that declares nothing stops the app at start-up. Only routes that
 * need the caller pay for the look-up, and only when the request carries a credential.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { sessions: SessionService }) => {
  app.decorateRequest('auth', {
    getter(this: WithAuth) {
      const auth = this[kAuth];
      if (auth === undefined) throw new Error(`${this.method} ${this.routeOptions.url ?? this.url} reads req.auth: declare config.readsCaller`);
      return auth;
    },
    setter(this: WithAuth, value: Auth | null) {
      this[kAuth] = value;
    },
  });

  // Before any other route-level hook: the guard and the handlers read req.auth.
  function resolveCaller(req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
    // Declared by a later onRoute hook (web.ts): decided here, once the route is complete.
    if (!needsCaller(req.routeOptions.config)) return done();
    if (!SessionService.presentsCredential(req)) {
      req.auth = null;
      return done();
    }
    opts.sessions.resolve(req).then((auth) => {
      req.auth = auth;
      done();
    }, done);
  }

  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
    if (route.config?.access === 'public' && !route.config.readsCaller) return;
    route.preValidation = [resolveCaller, enforceAccess, ...asList(route.preValidation)];
  });
  // Checked once every route is in: a plugin's own routes get their access from a later onRoute hook (web.ts).
  app.addHook('onReady', async () => {
    const undeclared = routes.filter((r) => r.config?.access === undefined).map((r) => `${String(r.method)} ${r.url}`);
    if (undeclared.length) throw new Error(`Routes without a declared access (config.access): ${undeclared.join(', ')}`);
  });
  app.decorate('declaredRoutes', () => routes.map((r) => ({ method: String(r.method), url: r.url, access: r.config!.access as Access })));
});

/**
 * For a third-party plugin's routes, which take no config of ours: an onRoute hook that declares
 * `access` for the routes `owned` picks (added before the plugin is registered).
 */
export function declareAccessOf(owned: (route: RouteOptions) => boolean, access: Access) {
  return (route: RouteOptions) => {
    if (owned(route) && route.config?.access === undefined) route.config = { ...route.config, access };
  };
}

export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.auth) throw unauthenticated();
  return req.auth.user;
}
