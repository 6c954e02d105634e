import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import type { Config } from '../config.ts';
import type { SecretPaths } from '../lib/log-redaction.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Path parameters that are bearer secrets (a link's token): the request log never holds them. */
    secretParams?: readonly string[];
  }
  interface FastifyInstance {
    /** The routes whose path carries a secret; the web plugin adds the web app's. */
    secretPaths: SecretPaths;
  }
}

/**
 * The application log (decision 019): JSON lines, one per request plus every error, written
 * asynchronously (the event loop never waits for the disk or a slow log pipe) and flushed on
 * shutdown and on exit.
 */
export function buildLogger(config: Pick<Config, 'logLevel'>, secretPaths: SecretPaths, stream?: DestinationStream): FastifyBaseLogger | undefined {
  if (config.logLevel === 'silent') return undefined;
  const requestLine = (req: FastifyRequest) => ({ method: req.method, url: secretPaths.redact(req.url), host: req.host, remoteAddress: req.ip });
  return pino(
    {
      level: config.logLevel,
      // Nothing we log carries headers today; if a line ever does, these never reach the disk.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]'],
      // The request line without the secrets some addresses carry (reset tokens, payment and flight-change links…).
      serializers: { req: requestLine },
    },
    stream ?? pino.destination({ dest: 1, sync: false }),
  );
}

/** An answer that took this long is logged whatever it was. */
const SLOW_REQUEST_MS = 500;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Fastify logs two lines per request (incoming, completed); this writes at most one, when the
 * answer has gone: the request line, the status and the time taken. By default only what is
 * worth a trace: every error and refusal (4xx, 5xx), every change (POST, PUT, PATCH, DELETE) and
 * every slow answer; a quick successful read is in the proxy's access log (decision 019).
 * `all` writes a line for every request.
 */
export class OneLinePerRequest extends LogController {
  constructor(private readonly all = false) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (!error && !this.all && reply.statusCode < 400 && SAFE_METHODS.has(request.method) && reply.elapsedTime < SLOW_REQUEST_MS) return;
    const line = { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Writes out what the log still holds (an asynchronous destination buffers while a write is under way). */
export function flushLog(log: FastifyBaseLogger): Promise<void> {
  const flush = (log as Partial<pino.Logger>).flush;
  if (typeof flush !== 'function') return Promise.resolve();
  return new Promise((resolve) => flush.call(log, () => resolve()));
}
