import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { ZMessageBody } from '../../http/schemas.ts';
import type { SandboxBank } from './sandbox/bank.ts';
import { nexiRoutes } from './nexi/routes.ts';
import { loopbackTransport, NEXI_STANDIN_PREFIX, nexiStandInRoutes } from './nexi/standin.ts';
import { HostedPage } from './sandbox/hosted-page.ts';
import type { PaymentsService } from './service.ts';
import { NOTIFY_PATH, SIGNATURE_HEADER } from './signature.ts';

export { NOTIFY_PATH };

export interface PaymentsRoutesOptions {
  payments: PaymentsService;
}

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

const ZOrderParams = z.object({ orderId: z.string().regex(/^sbo_[\w-]{10,40}$/) });
/** The hosted page checks the order id itself, so a bad one gets the bank's HTML 404, not a JSON 422. */
const ZPageParams = z.object({ orderId: z.string().max(80) });
const ZLangQuery = z.object({ lang: z.enum(['it', 'en']).optional() });
// Loose on purpose: a browser form that does not fit gets the bank's HTML page, not a JSON 422.
const ZChoice = z.object({
  _token: z.string().max(200).default(''),
  choice: z.unknown().optional(),
  /** The cancel button (a submit button of its own, so the checked radio does not matter). */
  action: z.unknown().optional(),
});
const ZRetry = z.object({ _token: z.string().max(200).default('') });

const notify = {
  config: { access: 'public', csrf: false } as const,
  schema: {
    tags: ['payments'],
    summary: 'Signed outcome notification from the sandbox bank (server to server)',
    description: `HMAC-SHA256 of the raw JSON body with PAYMENTS_SANDBOX_SECRET in the ${SIGNATURE_HEADER} header as sha256=<hex>. Idempotent: a replay answers the same and changes nothing.`,
    headers: z.object({ [SIGNATURE_HEADER]: z.string().max(200).optional() }),
    response: {
      200: z.object({ status: z.literal('ok'), replay: z.boolean(), paymentStatus: z.enum(['approved', 'declined', 'abandoned']) }),
      400: ZMessageBody,
      401: ZMessageBody,
      409: ZMessageBody,
    },
  },
};

// Whoever has the bank page's address can pay or cancel the order: it stays out of the log.
const payPage = { config: { access: 'public', secretParams: ['orderId'] } as const, schema: { hide: true, params: ZPageParams, querystring: ZLangQuery } };
// The bank's own signed form token instead of our CSRF check (our XSRF header cannot ride on a plain form).
const payChoice = {
  config: { access: 'public', csrf: false, secretParams: ['orderId'] } as const,
  schema: { hide: true, params: ZPageParams, querystring: ZLangQuery, body: ZChoice },
};
const payRetry = {
  config: { access: 'public', csrf: false, secretParams: ['orderId'] } as const,
  schema: { hide: true, params: ZPageParams, querystring: ZLangQuery, body: ZRetry },
};

const orderStatus = {
  config: { access: 'public', secretParams: ['orderId'] } as const,
  schema: {
    tags: ['payments'],
    summary: 'Sandbox bank: state of a payment order (open, approved, declined, cancelled, expired, refunded) and its refunds',
    params: ZOrderParams,
    response: {
      200: z.object({
        orderId: z.string(),
        state: z.enum(['open', 'approved', 'declined', 'cancelled', 'expired', 'refunded']),
        decidedAt: z.string().nullable(),
        /** The bank's refunds of the order (partial or whole), oldest first. */
        refunds: z.array(z.object({ id: z.string(), amountCents: z.number().int(), state: z.string(), createdAt: z.string() })),
      }),
      404: ZMessageBody,
    },
  },
};

/** Merchant side: the server-to-server notification, in a scope that keeps the raw body. */
async function notifyRoutes(scope: FastifyInstance, { payments }: PaymentsRoutesOptions): Promise<void> {
  // The signature covers the exact bytes sent, so keep them as received before parsing.
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (req, body, done) => {
    req.rawBody = body as string;
    done(null, {});
  });
  scope.withTypeProvider<ZodTypeProvider>().post(NOTIFY_PATH, notify, async (req) => {
    const signature = req.headers[SIGNATURE_HEADER];
    const result = await payments.handleNotification(req.rawBody ?? '', typeof signature === 'string' ? signature : undefined);
    return { status: 'ok' as const, replay: result.replay, paymentStatus: result.outcome.status };
  });
}

/** The bank's status API: how a merchant learns that a page was left open until it expired. */
async function orderState(bank: SandboxBank, orderId: string) {
  const state = await bank.state(orderId);
  const order = state ? await bank.find(orderId) : undefined;
  if (!state || !order) throw new AppError('notFound', 'notFound');
  const refunds = (await bank.refunds(order.id)).map((r) => ({ id: r.id, amountCents: r.amount_cents, state: r.state, createdAt: r.created_at }));
  return { orderId: order.id, state, decidedAt: order.decided_at, refunds };
}

/** Payment gateways: the built-in sandbox bank's hosted page and its signed notifications. */
export async function paymentsRoutes(fastify: FastifyInstance, opts: PaymentsRoutesOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const bank = opts.payments.bank;
  await app.register(nexiRoutes, opts);
  const config = app.config;
  if (!config.production) {
    const nexi = config.payments.nexi;
    await app.register(nexiStandInRoutes, { alias: nexi.alias, macKey: nexi.macKey, appUrl: config.appUrl });
    if (nexi.apiUrl === `${config.appUrl}${NEXI_STANDIN_PREFIX}`) opts.payments.nexiClient.useTransport(loopbackTransport(fastify, config.appUrl));
  }
  // In production the sandbox bank exists only when PAYMENTS_SANDBOX_IN_PRODUCTION allowed it (config.ts).
  if (config.production && config.payments.gateway !== 'sandbox') return;
  const page = new HostedPage(app, bank);
  await app.register(notifyRoutes, opts);
  app.get('/sandbox-bank/pay/:orderId', payPage, (req, reply) => page.show(req, reply, req.params, req.query));
  app.post('/sandbox-bank/pay/:orderId', payChoice, (req, reply) => page.choose(req, reply, req.params, req.query, req.body));
  app.post('/sandbox-bank/pay/:orderId/notify', payRetry, (req, reply) => page.retry(req, reply, req.params, req.query, req.body._token));
  app.get('/sandbox-bank/api/orders/:orderId', orderStatus, (req) => orderState(bank, req.params.orderId));
}
