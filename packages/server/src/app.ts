import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { type Config, fastifyTrustProxy } from './config.ts';
import { type DbHandle, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { buildLogger, OneLinePerRequest } from './http/logging.ts';
import { SecretPaths } from './lib/log-redaction.ts';
import { openApiTransform } from './http/openapi.ts';
import { registerModules } from './modules/index.ts';
import { databaseRateLimitStore } from './modules/throttle/rate-limit-store.ts';
import { tooManyRequests } from './modules/throttle/service.ts';
import { Mailer } from './modules/mail/mailer.ts';
import { authPlugin } from './plugins/auth.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { frameworkErrors } from './plugins/framework-errors.ts';
import { errorsPlugin, notFoundJson } from './plugins/errors.ts';
import { jsonBodyPlugin } from './plugins/json-body.ts';
import { noStorePlugin } from './plugins/no-store.ts';
import { langPlugin } from './plugins/lang.ts';
import { type WebPluginOptions, webPlugin } from './plugins/web.ts';
import { createServices, type Services } from './services.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: DbHandle['db'];
    dialect: DbHandle['dialect'];
    mailer: Mailer;
    /** Every service, built once (services.ts); tests reach them here. */
    services: Services;
  }
}

export interface BuildOptions {
  /** An already open database (tests pass one per file); otherwise opened from config. */
  database?: DbHandle;
  /** Serve the built web app (off in API tests; tests may point it at a folder of their own). */
  serveWeb?: boolean | WebPluginOptions;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
}

/** Builds the whole application; main.ts only listens, tests call app.inject(). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const secretPaths = new SecretPaths();
  const loggerInstance = buildLogger(config, secretPaths, options.logStream);
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger: false }),
    // At most one line per request, written when the answer has gone (decision 019).
    logController: new OneLinePerRequest(config.logAllRequests),
    // Only the configured proxies may name the client (TRUST_PROXY); by default nobody can.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    genReqId: () => crypto.randomUUID(),
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = options.database ?? (await openDatabase(config.databaseUrl));
  if (!options.database) {
    await migrateToLatest(database.db);
    app.addHook('onClose', () => database.close());
  }
  const mailer = new Mailer(database.db, config.smtpUrl, config.mailFrom, { log: app.log, policy: { leaseMs: config.mailLeaseMs } });
  app.addHook('onClose', async () => mailer.close());
  app.decorate('config', config);
  app.decorate('secretPaths', secretPaths);
  // Before any route: every route that declares a secret path parameter is redacted in the log.
  app.addHook('onRoute', (route) => {
    if (route.config?.secretParams) secretPaths.add(route.url, route.config.secretParams);
  });
  // Session and CSRF cookies are Secure only on an https APP_URL: tell the operator who forgot it.
  if (config.production && !config.appUrl.startsWith('https:')) app.log.warn({ appUrl: config.appUrl }, 'APP_URL is not https: cookies are sent without Secure');
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  app.decorate('mailer', mailer);
  const services = createServices({ db: database.db, dialect: database.dialect, config, mailer, log: app.log });
  app.decorate('services', services);
  app.addHook('onClose', () => services.sweeper.stop());
  app.addHook('onClose', () => services.refundWorker.stop());

  await app.register(cookie);
  await app.register(formbody);
  await app.register(jsonBodyPlugin);
  // CSP (decision 007): no inline scripts app-wide; prerendered pages get their own script
  // hashes from the web plugin, swagger-ui and the dev mailbox keep a relaxed policy.
  await app.register(securityHeadersPlugin);
  await app.register(noStorePlugin);
  await app.register(rateLimit, {
    global: false,
    // Counted in the database, so the limits hold across every instance behind the proxy.
    store: databaseRateLimitStore(services.throttle),
    // By address, not by key: route groups (one login bucket) add their name to the key.
    allowList: (req) => config.rateLimitAllowList.includes(req.ip),
    errorResponseBuilder: (_req, context) => tooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Heliline API', version: '1.0.0', description: 'Bookings, accounts and public data of Heliline.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          session: { type: 'apiKey', in: 'cookie', name: 'heliline_session' },
        },
      },
    },
    // Every operation's error answers and security, derived from the route's declaration (decision 018).
    transform: openApiTransform,
  });
  // Outside production always; in production only with OPENAPI_PUBLIC=true (the routes' schemas still validate).
  if (config.openApiPublic) await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(langPlugin);
  await app.register(errorsPlugin);
  await app.register(csrfPlugin);
  await app.register(authPlugin, { sessions: services.sessions });
  await registerModules(app, services);
  // One not-found handler for the app: the web app's SPA fallback when it is served.
  if (options.serveWeb) await app.register(webPlugin, options.serveWeb === true ? {} : options.serveWeb);
  else app.setNotFoundHandler(notFoundJson);

  return app;
}
