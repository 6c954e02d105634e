import 'dotenv/config';
import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_CONTENT_ROOT } from '@heliline/content';
import { DEFAULT_PUSHER_APP_KEY, HOLD_SEATS_PER_BUYER } from '@heliline/domain';

/**
 * The only place that reads process.env. Parsed once at start; a bad value stops the
 * process with a message naming the variable (see main.ts).
 */
const UNSET_ENV_ON_NETWORK =
  'is unset while HOST is not a loopback address: set NODE_ENV=production (real secrets, no demo logins, no developer mailbox) or NODE_ENV=development to expose a development server on purpose';

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function validTrustProxy(value: string): boolean {
  if (value.trim() === '' || /^\d{1,2}$/.test(value.trim())) return true;
  return value.split(',').every((part) => {
    const [address, bits, extra] = part.trim().split('/');
    if (extra !== undefined || !address || !isIP(address)) return false;
    return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128));
  });
}

/** Fastify's trustProxy: false (none), a hop count, or the list of trusted proxy addresses. */
function parseTrustProxy(value: string): false | number | string[] {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === '0') return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return trimmed.split(',').map((part) => part.trim());
}

/** Fastify's trustProxy for the configured value: a hop count trusts that many proxies nearest to the server. */
export function fastifyTrustProxy(trust: false | number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/**
 * The secrets development runs with when none is set, and the placeholders of .env.example:
 * public in this repository, so production refuses each of them in every secret setting.
 */
const DEVELOPMENT_SECRETS = {
  SESSION_SECRET: 'development-only-secret-change-me-0123456789',
  ALTCHA_HMAC_SECRET: 'development-only-altcha-secret-0123456789',
  HELILINE_BOARDING_PASS_KEY: 'development-only-boarding-pass-key-0123456789',
  PAYMENTS_SANDBOX_SECRET: 'development-only-sandbox-bank-secret-0123456789',
  NEXI_MAC_KEY: 'development-only-nexi-mac-key-0123456789',
  PAYPAL_CLIENT_SECRET: 'development-only-paypal-secret-0123456789',
} as const;
const PUBLIC_SECRETS: ReadonlySet<string> = new Set([
  ...Object.values(DEVELOPMENT_SECRETS),
  'at-least-32-random-characters-please-change',
  'at-least-32-random-characters-too',
  'at-least-32-random-characters-as-well',
  'at-least-32-random-characters-again',
]);
/** Every setting that holds a secret. */
const SECRET_SETTINGS = [...(Object.keys(DEVELOPMENT_SECRETS) as (keyof typeof DEVELOPMENT_SECRETS)[]), 'PUSHER_APP_SECRET'] as const;

const blankAsUnset = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);

const ZConfig = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test'], 'must be development, production or test').optional(),
    HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
    PORT: z.coerce.number('must be a port number').int('must be a port number').min(0, 'must be 0-65535').max(65535, 'must be 0-65535').default(3000),
    APP_URL: z.url('must be an absolute http(s) URL').optional(),
    DATABASE_URL: z
      .string()
      .default('sqlite:./data/heliline.sqlite')
      .refine((v) => /^(sqlite:|postgres(ql)?:\/\/)/.test(v), 'must start with sqlite: or postgres://'),
    SMTP_URL: z
      .string()
      .optional()
      .refine((v) => !v || /^smtps?:\/\//.test(v), 'must start with smtp:// or smtps://'),
    MAIL_FROM: z.string().default('Heliline <noreply@heliline.test>'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** The live staff channel's Pusher app key: public, the browser connects to /app/{key} (the web build's VITE_PUSHER_APP_KEY must match). */
    PUSHER_APP_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, _ or -')
      .default(DEFAULT_PUSHER_APP_KEY),
    /** Signs the channel authorisations; unset, it is derived from SESSION_SECRET (so production needs nothing new). */
    PUSHER_APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** An external Pusher-compatible server (soketi, Pusher) to publish to through its HTTP API instead of our own socket (docs/decisions/053). */
    PUSHER_HOST: z.string().min(1, 'must not be empty').optional(),
    PUSHER_PORT: z.coerce.number('must be a port number').int('must be a port number').min(1, 'must be 1-65535').max(65535, 'must be 1-65535').optional(),
    PUSHER_SCHEME: z.enum(['http', 'https'], 'must be http or https').default('https'),
    PUSHER_APP_ID: z.string().min(1, 'must not be empty').optional(),
    /** Signs the sandbox bank's server-to-server notifications (HMAC-SHA256 over the raw body). */
    PAYMENTS_SANDBOX_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** The card gateway of the booking wizard: the built-in sandbox bank or Nexi XPay (docs/decisions/013). */
    PAYMENTS_GATEWAY: z.enum(['sandbox', 'nexi'], 'must be sandbox or nexi').default('sandbox'),
    /** Staging only: lets a production build run the sandbox bank (no money moves; its page says so). */
    PAYMENTS_SANDBOX_IN_PRODUCTION: z.enum(['true', 'false'], 'must be true or false').default('false'),
    /** Nexi XPay merchant alias, MAC key and base URL; outside production by default the in-app stand-in. */
    NEXI_ALIAS: z.string().min(1, 'must not be empty').max(30, 'must be at most 30 characters').optional(),
    NEXI_MAC_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
    NEXI_API_URL: z.url('must be an absolute http(s) URL').optional(),
    /** Comma-separated client IPs exempt from per-IP rate limits (the browser-test runner). */
    RATE_LIMIT_ALLOW_LIST: z.string().default(''),
    /**
     * Which reverse proxies may set X-Forwarded-For: a hop count (1 = the one proxy in front) or a
     * comma list of addresses/CIDRs. Unset: none, the socket's address is the client's.
     */
    TRUST_PROXY: z
      .string()
      .default('')
      .refine(validTrustProxy, 'must be a hop count or a comma list of IP addresses/CIDRs (never true: anyone could then choose their address)'),
    /** Serve Swagger UI and the OpenAPI JSON in production too (always served outside production). */
    OPENAPI_PUBLIC: z.enum(['true', 'false'], 'must be true or false').default('false'),
    /** Seats one buyer (account or IP) may hold unpaid at once; the roles that hold seats for their work are exempt (domain exemptFromHoldLimit). */
    HOLD_SEATS_PER_BUYER: z.coerce
      .number('must be a whole number')
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(1000, 'must be at most 1000')
      .optional(),
    /** PostgreSQL: how long a write transaction waits for a lock, and runs one statement, before it gives up (503, nothing written). */
    DB_LOCK_TIMEOUT_MS: z.coerce.number('must be a number').int('must be whole milliseconds').min(1, 'must be at least 1').default(5_000),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number('must be a number').int('must be whole milliseconds').min(1, 'must be at least 1').default(15_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'must be a pino level or silent').default('info'),
    /** One log line for every request; by default a successful quick GET is left to the proxy's access log (decision 019). */
    LOG_ALL_REQUESTS: z.enum(['true', 'false'], 'must be true or false').default('false'),
    /** HMAC key that signs the contact form's ALTCHA challenges (public site). */
    ALTCHA_HMAC_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** HMAC key that signs the boarding passes' QR codes (the check-in desk refuses any other code; decision 024). */
    HELILINE_BOARDING_PASS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Where contact requests go: request_type contatto → company, voli → flight assistance. */
    CONTACT_EMAIL: z.email('must be an e-mail address').default('info@heliline.test'),
    FLIGHT_ASSISTANCE_EMAIL: z.email('must be an e-mail address').default('voli@heliline.test'),
    /** How often each instance runs the hold sweeper (one at a time across instances) and polls the mail queue. */
    HOLD_SWEEP_INTERVAL_SECONDS: z.coerce.number('must be a number').int('must be whole seconds').min(1, 'must be at least 1').default(30),
    MAIL_QUEUE_POLL_SECONDS: z.coerce.number('must be a number').int('must be whole seconds').min(1, 'must be at least 1').default(10),
    /** How long a mail being delivered stays with the instance that claimed it; past it (the instance died) another takes it. */
    MAIL_LEASE_SECONDS: z.coerce.number('must be a number').int('must be whole seconds').min(1, 'must be at least 1').default(120),
    /** Folder of the public site's Markdown (tests point it at fixtures). */
    CONTENT_ROOT: z.string().min(1, 'must not be empty').optional(),
    /** PayPal REST API (Orders v2) credentials and base URL; by default the in-app stand-in (not in production). */
    PAYPAL_ENABLED: z.enum(['true', 'false'], 'must be true or false').default('true'),
    // Blank counts as unset: compose.yaml passes PAYPAL_* through as '' when the operator opted out.
    PAYPAL_CLIENT_ID: blankAsUnset(z.string().optional()),
    PAYPAL_CLIENT_SECRET: blankAsUnset(z.string().optional()),
    PAYPAL_API_URL: blankAsUnset(z.url('must be an absolute http(s) URL').optional()),
    /** Seed demo users and flights on an empty database (never in production). */
    SEED_DEMO: z
      .enum(['true', 'false'], 'must be true or false')
      .optional()
      .transform((v) => (v === undefined ? undefined : v === 'true')),
  })
  .transform((env, ctx) => {
    if (!env.NODE_ENV && !isLoopback(env.HOST)) {
      ctx.addIssue({ code: 'custom', path: ['NODE_ENV'], message: UNSET_ENV_ON_NETWORK });
      return z.NEVER;
    }
    const production = env.NODE_ENV === 'production';
    const published = production ? SECRET_SETTINGS.filter((name) => env[name] !== undefined && PUBLIC_SECRETS.has(env[name])) : [];
    if (published.length > 0) {
      for (const name of published)
        ctx.addIssue({ code: 'custom', path: [name], message: 'is a development default, known to anyone: set a secret of its own in production' });
      return z.NEVER;
    }
    if (production && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'required in production' });
      return z.NEVER;
    }
    if (production && !env.ALTCHA_HMAC_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['ALTCHA_HMAC_SECRET'], message: 'required in production' });
      return z.NEVER;
    }
    if (production && !env.HELILINE_BOARDING_PASS_KEY) {
      ctx.addIssue({ code: 'custom', path: ['HELILINE_BOARDING_PASS_KEY'], message: 'required in production' });
      return z.NEVER;
    }
    const paymentIssues = [...paymentsIssues(env), ...paypalIssues(env)];
    if (paymentIssues.length > 0) {
      for (const issue of paymentIssues) ctx.addIssue({ code: 'custom', ...issue });
      return z.NEVER;
    }
    if (env.PUSHER_HOST && (!env.PUSHER_APP_ID || !env.PUSHER_APP_SECRET)) {
      for (const name of ['PUSHER_APP_ID', 'PUSHER_APP_SECRET'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required with PUSHER_HOST (the external server’s app)' });
      }
      return z.NEVER;
    }
    // Development gets a fixed secret so sessions survive restarts; production must set one.
    const sessionSecret = env.SESSION_SECRET ?? DEVELOPMENT_SECRETS.SESSION_SECRET;
    return {
      env: env.NODE_ENV ?? 'development',
      production,
      host: env.HOST,
      port: env.PORT,
      appUrl: (env.APP_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/$/, ''),
      databaseUrl: env.DATABASE_URL,
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      sessionSecret,
      pusher: {
        key: env.PUSHER_APP_KEY,
        secret: env.PUSHER_APP_SECRET ?? derivedPusherSecret(sessionSecret),
        external: externalPusher(env),
      },
      altchaHmacSecret: env.ALTCHA_HMAC_SECRET ?? DEVELOPMENT_SECRETS.ALTCHA_HMAC_SECRET,
      boardingPassKey: env.HELILINE_BOARDING_PASS_KEY ?? DEVELOPMENT_SECRETS.HELILINE_BOARDING_PASS_KEY,
      contactEmail: env.CONTACT_EMAIL,
      flightAssistanceEmail: env.FLIGHT_ASSISTANCE_EMAIL,
      contentRoot: env.CONTENT_ROOT ?? DEFAULT_CONTENT_ROOT,
      holdSweepIntervalMs: env.HOLD_SWEEP_INTERVAL_SECONDS * 1000,
      mailQueuePollMs: env.MAIL_QUEUE_POLL_SECONDS * 1000,
      mailLeaseMs: env.MAIL_LEASE_SECONDS * 1000,
      paymentsSandboxSecret: env.PAYMENTS_SANDBOX_SECRET ?? DEVELOPMENT_SECRETS.PAYMENTS_SANDBOX_SECRET,
      payments: paymentsSettings(env),
      paypal: paypalSettings(env),
      logLevel: env.LOG_LEVEL,
      logAllRequests: env.LOG_ALL_REQUESTS === 'true',
      rateLimitAllowList: env.RATE_LIMIT_ALLOW_LIST.split(',')
        .map((ip) => ip.trim())
        .filter(Boolean),
      seedDemo: env.SEED_DEMO ?? !production,
      trustProxy: parseTrustProxy(env.TRUST_PROXY),
      openApiPublic: !production || env.OPENAPI_PUBLIC === 'true',
      holdSeatsPerBuyer: env.HOLD_SEATS_PER_BUYER ?? HOLD_SEATS_PER_BUYER,
      writeTimeouts: { lockTimeoutMs: env.DB_LOCK_TIMEOUT_MS, statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS },
    };
  });

export type Config = z.output<typeof ZConfig>;

/** A secret of its own for the channel signatures, from the session secret: knowing one does not give the other. */
function derivedPusherSecret(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret).update('heliline pusher app secret').digest('hex');
}

/** The external Pusher-compatible server, when PUSHER_HOST names one (its app id and secret checked above). */
function externalPusher(env: {
  PUSHER_HOST?: string | undefined;
  PUSHER_PORT?: number | undefined;
  PUSHER_SCHEME: 'http' | 'https';
  PUSHER_APP_ID?: string | undefined;
  PUSHER_APP_KEY: string;
  PUSHER_APP_SECRET?: string | undefined;
}) {
  if (!env.PUSHER_HOST || !env.PUSHER_APP_ID || !env.PUSHER_APP_SECRET) return null;
  const useTLS = env.PUSHER_SCHEME === 'https';
  return {
    appId: env.PUSHER_APP_ID,
    key: env.PUSHER_APP_KEY,
    secret: env.PUSHER_APP_SECRET,
    host: env.PUSHER_HOST,
    port: env.PUSHER_PORT ?? (useTLS ? 443 : 80),
    useTLS,
  };
}

type PaymentsEnv = {
  NODE_ENV?: string | undefined;
  HOST: string;
  PORT: number;
  APP_URL?: string | undefined;
  PAYMENTS_SANDBOX_SECRET?: string | undefined;
  PAYMENTS_GATEWAY: 'sandbox' | 'nexi';
  PAYMENTS_SANDBOX_IN_PRODUCTION: 'true' | 'false';
  NEXI_ALIAS?: string | undefined;
  NEXI_MAC_KEY?: string | undefined;
  NEXI_API_URL?: string | undefined;
};

/**
 * In production a customer must never get tickets from the sandbox bank by accident: it runs
 * there only when PAYMENTS_SANDBOX_IN_PRODUCTION=true says so (staging), and Nexi needs its credentials.
 */
function paymentsIssues(env: PaymentsEnv): { path: string[]; message: string }[] {
  if (env.NODE_ENV !== 'production') return [];
  if (env.PAYMENTS_GATEWAY === 'sandbox') {
    if (env.PAYMENTS_SANDBOX_IN_PRODUCTION !== 'true') {
      return [
        {
          path: ['PAYMENTS_GATEWAY'],
          message:
            'the sandbox bank takes no money: in production set PAYMENTS_GATEWAY=nexi with NEXI_ALIAS, NEXI_MAC_KEY and NEXI_API_URL (or PAYMENTS_SANDBOX_IN_PRODUCTION=true on a staging server)',
        },
      ];
    }
    return env.PAYMENTS_SANDBOX_SECRET ? [] : [{ path: ['PAYMENTS_SANDBOX_SECRET'], message: 'required in production' }];
  }
  const missing = (['NEXI_ALIAS', 'NEXI_MAC_KEY', 'NEXI_API_URL'] as const).filter((name) => !env[name]);
  const issues = missing.map((name) => ({ path: [name], message: 'required in production with PAYMENTS_GATEWAY=nexi' }));
  if (env.NEXI_API_URL && !env.NEXI_API_URL.startsWith('https://')) issues.push({ path: ['NEXI_API_URL'], message: 'must be https in production' });
  return issues;
}

function paymentsSettings(env: PaymentsEnv) {
  const appUrl = (env.APP_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/$/, '');
  return {
    gateway: env.PAYMENTS_GATEWAY,
    sandboxInProduction: env.PAYMENTS_SANDBOX_IN_PRODUCTION === 'true',
    nexi: {
      alias: env.NEXI_ALIAS ?? 'ALIAS_WEB_HELILINE',
      macKey: env.NEXI_MAC_KEY ?? DEVELOPMENT_SECRETS.NEXI_MAC_KEY,
      // Outside production, unset: the in-app stand-in (modules/payments/nexi/standin.ts).
      apiUrl: (env.NEXI_API_URL ?? `${appUrl}/nexi-standin`).replace(/\/$/, ''),
    },
  };
}

type PaypalEnv = Pick<PaymentsEnv, 'NODE_ENV' | 'HOST' | 'PORT' | 'APP_URL'> & {
  PAYPAL_ENABLED: 'true' | 'false';
  PAYPAL_CLIENT_ID?: string | undefined;
  PAYPAL_CLIENT_SECRET?: string | undefined;
  PAYPAL_API_URL?: string | undefined;
};
const PAYPAL_SETTINGS = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_API_URL'] as const;

/**
 * Paid ticket changes go through PayPal: production without its credentials would take the
 * change and fail at the payment, so it refuses to start unless PAYPAL_ENABLED=false says that
 * differences are not paid online (the change routes then answer 409).
 */
function paypalIssues(env: PaypalEnv): { path: string[]; message: string }[] {
  if (env.NODE_ENV !== 'production') return [];
  const issues = [];
  if (env.PAYPAL_ENABLED === 'true') {
    for (const name of PAYPAL_SETTINGS.filter((n) => !env[n])) {
      issues.push({ path: [name], message: 'required in production for paid ticket changes (or PAYPAL_ENABLED=false: differences are then not paid online)' });
    }
  }
  if (env.PAYPAL_API_URL && !env.PAYPAL_API_URL.startsWith('https://')) issues.push({ path: ['PAYPAL_API_URL'], message: 'must be https in production' });
  return issues;
}

/**
 * `apiUrl` null: no PayPal to call (production with PAYPAL_ENABLED=false and no PAYPAL_API_URL).
 * Outside production, unset settings mean the in-app stand-in; production never falls back to it.
 */
function paypalSettings(env: PaypalEnv) {
  const production = env.NODE_ENV === 'production';
  const standIn = `${(env.APP_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/$/, '')}/paypal-standin`;
  const apiUrl = env.PAYPAL_API_URL ?? (production ? null : standIn);
  return {
    enabled: env.PAYPAL_ENABLED === 'true',
    apiUrl: apiUrl === null ? null : apiUrl.replace(/\/$/, ''),
    clientId: env.PAYPAL_CLIENT_ID ?? (production ? '' : 'heliline-standin-client'),
    clientSecret: env.PAYPAL_CLIENT_SECRET ?? (production ? '' : DEVELOPMENT_SECRETS.PAYPAL_CLIENT_SECRET),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'config'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export class ConfigError extends Error {}

/** Config for tests: in-memory SQLite unless DATABASE_URL points at PostgreSQL. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const pg = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
  // Other modules' tests book again and again as one buyer from 127.0.0.1: the hold limit has its own tests.
  return { ...base, databaseUrl: pg ?? 'sqlite::memory:', holdSeatsPerBuyer: 1000, ...overrides };
}
