import { type Lang, parseLang } from '@heliline/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageBody } from '../../http/errors.ts';
import { hmac, randomToken, safeEqual } from '../../lib/crypto.ts';
import { ZMessageBody } from '../../http/schemas.ts';
import type { BankChoice, DecideResult } from './sandbox/bank.ts';
import { renderMessagePage, renderPaymentPage } from './sandbox/page.ts';
import { DECLINE_CODES, type DeclineCode } from './sandbox/texts.ts';
import { NotificationRefused, type PaymentsService } from './service.ts';
import { SIGNATURE_HEADER } from './signature.ts';

export interface PaymentsRoutesOptions {
  payments: PaymentsService;
}

export const NOTIFY_PATH = '/api/payments/sandbox/notify';
const FORM_COOKIE = 'sandbox_bank_form';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

const ZOrderParams = z.object({ orderId: z.string().regex(/^sbo_[\w-]{10,40}$/) });
const ZLangQuery = z.object({ lang: z.enum(['it', 'en']).optional() });
// Loose on purpose: a browser form that does not fit gets the bank's HTML page, not a JSON 422.
const ZChoice = z.object({
  _token: z.string().max(200).default(''),
  choice: z.unknown().optional(),
  /** The cancel button (a submit button of its own, so the checked radio does not matter). */
  action: z.unknown().optional(),
});

function bankChoice(body: { choice?: unknown; action?: unknown }): BankChoice | null {
  if (body.action === 'cancel') return { kind: 'cancel' };
  if (body.action !== undefined) return null;
  if (body.choice === 'approve' || body.choice === undefined) return { kind: 'approve' };
  const code = typeof body.choice === 'string' && body.choice.startsWith('decline-') ? body.choice.slice('decline-'.length) : '';
  return (DECLINE_CODES as string[]).includes(code) ? { kind: 'decline', code: code as DeclineCode } : null;
}
const ZRetry = z.object({ _token: z.string().max(200).default('') });

/** Payment gateways: the built-in sandbox bank's hosted page and its signed notifications. */
export async function paymentsRoutes(fastify: FastifyInstance, opts: PaymentsRoutesOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { payments } = opts;
  const bank = payments.bank;
  const formSecret = `${app.config.paymentsSandboxSecret}:bank-form`;

  // ---- merchant side: the server-to-server notification ----
  await app.register(async (scope) => {
    // The signature covers the exact bytes sent, so keep them as received before parsing.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (req, body, done) => {
      req.rawBody = body as string;
      done(null, {});
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      NOTIFY_PATH,
      {
        config: { csrf: false },
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
      },
      async (req, reply) => {
        try {
          const signature = req.headers[SIGNATURE_HEADER];
          const result = await payments.handleNotification(req.rawBody ?? '', typeof signature === 'string' ? signature : undefined);
          return { status: 'ok' as const, replay: result.replay, paymentStatus: result.outcome.status };
        } catch (err) {
          if (!(err instanceof NotificationRefused)) throw err;
          req.log.warn({ reason: err.message }, 'payment notification refused');
          return reply.status(err.status).send(messageBody(err.messageKey, req.lang));
        }
      },
    );
  });

  // ---- bank side: the hosted page ----
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send(body);

  /** Form token bound to the order and to a cookie only this browser has (double submit, signed). */
  const formNonce = (req: FastifyRequest, reply: FastifyReply) => {
    const existing = req.cookies[FORM_COOKIE];
    if (existing && /^[\w-]{16,64}$/.test(existing)) return existing;
    const nonce = randomToken(18);
    reply.setCookie(FORM_COOKIE, nonce, {
      path: '/sandbox-bank',
      httpOnly: true,
      sameSite: 'strict',
      secure: app.config.appUrl.startsWith('https:'),
    });
    return nonce;
  };
  const tokenFor = (orderId: string, nonce: string) => hmac(formSecret, `${orderId}.${nonce}`);
  const tokenValid = (req: FastifyRequest, orderId: string, token: string) => {
    const nonce = req.cookies[FORM_COOKIE];
    return Boolean(nonce && token && safeEqual(token, tokenFor(orderId, nonce)));
  };

  const returnUrl = (path: string) => `${app.config.appUrl}${path}`;

  /** Delivers the order's signed notification through the merchant's real endpoint (signature checked there). */
  const deliver = async (orderId: string): Promise<boolean> => {
    const notification = await bank.notificationFor(orderId);
    if (!notification) return false;
    const res = await app.inject({
      method: 'POST',
      url: NOTIFY_PATH,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: notification.signature },
      payload: notification.raw,
    });
    if (res.statusCode !== 200) app.log.error({ orderId, status: res.statusCode, body: res.body }, 'sandbox bank: merchant refused the notification');
    return res.statusCode === 200;
  };

  /** After a decision (or a repeated post): notify the merchant, then send the buyer back. */
  const finish = async (reply: FastifyReply, lang: Lang, orderId: string, nonce: string) => {
    const order = (await bank.find(orderId))!;
    if (await deliver(orderId)) return reply.redirect(returnUrl(order.return_url), 303);
    const retry = { action: `/sandbox-bank/pay/${orderId}/notify?lang=${lang}`, token: tokenFor(orderId, nonce) };
    return html(reply, 502, renderMessagePage(lang, 'notifyFailed', { order, retry }));
  };

  const pageLang = (query: { lang?: Lang | undefined }, order?: { lang: string }) => query.lang ?? parseLang(order?.lang);

  /** The order a bank form posts to, once its token checks out; otherwise the page that says why. */
  const formOrder = async (req: FastifyRequest, reply: FastifyReply, params: { orderId: string }, query: { lang?: Lang | undefined }, token: string) => {
    const orderId = ZOrderParams.safeParse(params).data?.orderId;
    const found = orderId ? await bank.find(orderId) : undefined;
    const lang = pageLang(query, found);
    if (!found) return { lang, refused: html(reply, 404, renderMessagePage(lang, 'notFound')) };
    if (!tokenValid(req, found.id, token)) {
      return { lang, refused: html(reply, 403, renderMessagePage(lang, 'badToken', { reloadUrl: `/sandbox-bank/pay/${found.id}?lang=${lang}` })) };
    }
    return { order: found, lang, refused: null };
  };

  app.get('/sandbox-bank/pay/:orderId', { schema: { hide: true, params: z.object({ orderId: z.string().max(80) }), querystring: ZLangQuery } }, async (req, reply) => {
    const orderId = ZOrderParams.safeParse(req.params).data?.orderId;
    const order = orderId ? await bank.find(orderId) : undefined;
    const lang = pageLang(req.query, order);
    if (!order) return html(reply, 404, renderMessagePage(lang, 'notFound'));
    const state = await bank.state(order.id);
    if (state === 'expired') return html(reply, 410, renderMessagePage(lang, 'expired', { order, backUrl: returnUrl(order.return_url) }));
    if (state !== 'open') return html(reply, 200, renderMessagePage(lang, 'done', { order, backUrl: returnUrl(order.return_url) }));
    return html(reply, 200, renderPaymentPage(lang, order, tokenFor(order.id, formNonce(req, reply))));
  });

  app.post(
    '/sandbox-bank/pay/:orderId',
    {
      config: { csrf: false }, // the bank's own signed form token instead (our XSRF header cannot ride on a plain form)
      schema: { hide: true, params: z.object({ orderId: z.string().max(80) }), querystring: ZLangQuery, body: ZChoice },
    },
    async (req, reply) => {
      const { order, lang, refused } = await formOrder(req, reply, req.params, req.query, req.body._token);
      if (!order) return refused;
      const choice = bankChoice(req.body);
      if (!choice) return html(reply, 400, renderMessagePage(lang, 'badToken', { reloadUrl: `/sandbox-bank/pay/${order.id}?lang=${lang}` }));
      const result: DecideResult = await bank.decide(order.id, choice);
      if (result === 'expired') return html(reply, 410, renderMessagePage(lang, 'expired', { order, backUrl: returnUrl(order.return_url) }));
      // 'decided' or 'already' (a double click, a second tab): either way the merchant hears the one outcome.
      return finish(reply, lang, order.id, req.cookies[FORM_COOKIE]!);
    },
  );

  app.post(
    '/sandbox-bank/pay/:orderId/notify',
    { config: { csrf: false }, schema: { hide: true, params: z.object({ orderId: z.string().max(80) }), querystring: ZLangQuery, body: ZRetry } },
    async (req, reply) => {
      const { order, lang, refused } = await formOrder(req, reply, req.params, req.query, req.body._token);
      if (!order) return refused;
      return finish(reply, lang, order.id, req.cookies[FORM_COOKIE]!);
    },
  );

  // The bank's status API: how a merchant learns that a page was left open until it expired.
  app.get(
    '/sandbox-bank/api/orders/:orderId',
    {
      schema: {
        tags: ['payments'],
        summary: 'Sandbox bank: state of a payment order (open, approved, declined, cancelled, expired, refunded)',
        params: ZOrderParams,
        response: {
          200: z.object({ orderId: z.string(), state: z.enum(['open', 'approved', 'declined', 'cancelled', 'expired', 'refunded']), decidedAt: z.string().nullable() }),
          404: ZMessageBody,
        },
      },
    },
    async (req, reply) => {
      const state = await bank.state(req.params.orderId);
      const order = state ? await bank.find(req.params.orderId) : undefined;
      if (!state || !order) return reply.status(404).send(messageBody('notFound', req.lang));
      return { orderId: order.id, state, decidedAt: order.decided_at };
    },
  );
}
