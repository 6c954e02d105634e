import { parseLang } from '@heliline/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { renderApprovePage, renderStandInMessage } from './standin-page.ts';
import { standInRefundRoutes } from './standin-refunds.ts';
import { type StandInOrder, StandInState } from './standin-state.ts';

/**
 * A stand-in for PayPal's REST API and hosted approval page (docs/decisions/012), mounted in
 * the app when not in production, like the sandbox bank. It answers like the real API for the
 * calls we make: OAuth2 client-credentials token, create (idempotent by PayPal-Request-Id),
 * read, capture (INSTRUMENT_DECLINED when the buyer picked the declined card,
 * 422 ORDER_ALREADY_CAPTURED on a second capture, ORDER_NOT_APPROVED before approval), and
 * refunds of a capture (standin-refunds.ts).
 */
export const STANDIN_PREFIX = '/paypal-standin';

export interface StandInOptions {
  clientId: string;
  clientSecret: string;
  /** Absolute base of the stand-in as browsers reach it (links in the answers). */
  publicUrl: string;
  state?: StandInState;
}

const TOKEN_SECONDS = 32_400;
const noCsrf = { config: { access: 'public', csrf: false } as const, schema: { hide: true } };

function paypalError(reply: FastifyReply, status: number, name: string, issue: string, description: string) {
  return reply.status(status).send({ name, message: description, debug_id: randomUUID().slice(0, 13), details: [{ issue, description }], links: [] });
}

const ZCreate = z.object({
  intent: z.literal('CAPTURE'),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().max(256).optional(),
        description: z.string().max(127).optional(),
        amount: z.object({ currency_code: z.literal('EUR'), value: z.string().regex(/^\d{1,10}(\.\d{2})?$/) }),
      }),
    )
    .length(1),
  application_context: z.object({ return_url: z.url(), cancel_url: z.url(), locale: z.string().optional() }).partial().optional(),
});

function orderBody(order: StandInOrder, base: string) {
  const self = `${base}/v2/checkout/orders/${order.id}`;
  const links = [{ href: self, rel: 'self', method: 'GET' }];
  if (order.status === 'CREATED') links.push({ href: `${base}/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' });
  if (order.status !== 'COMPLETED') links.push({ href: `${self}/capture`, rel: 'capture', method: 'POST' });
  const captures = order.captureId ? [{ id: order.captureId, status: 'COMPLETED', amount: { currency_code: 'EUR', value: order.value } }] : undefined;
  return {
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    purchase_units: [
      {
        reference_id: order.referenceId,
        description: order.description,
        amount: { currency_code: 'EUR', value: order.value },
        ...(captures ? { payments: { captures } } : {}),
      },
    ],
    create_time: order.createdAt,
    links,
  };
}

export async function paypalStandInRoutes(fastify: FastifyInstance, opts: StandInOptions): Promise<void> {
  const state = opts.state ?? new StandInState();
  const base = opts.publicUrl;
  const bearer = (auth: string | undefined) => state.tokenValid(auth?.replace(/^Bearer\s+/i, ''));
  const unauthorised = (reply: FastifyReply) => reply.status(401).send({ error: 'invalid_token', error_description: 'Token signature verification failed' });

  fastify.post(`${STANDIN_PREFIX}/v1/oauth2/token`, noCsrf, async (req, reply) => {
    const expected = `Basic ${Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64')}`;
    const grant = (req.body as Record<string, unknown> | undefined)?.grant_type;
    if (req.headers.authorization !== expected) return reply.status(401).send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    if (grant !== 'client_credentials') return reply.status(400).send({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    return { scope: 'https://uri.paypal.com/services/payments/payment', access_token: state.issueToken(TOKEN_SECONDS), token_type: 'Bearer', expires_in: TOKEN_SECONDS };
  });

  fastify.post(`${STANDIN_PREFIX}/v2/checkout/orders`, noCsrf, async (req, reply) => {
    if (!bearer(req.headers.authorization)) return unauthorised(reply);
    const key = req.headers['paypal-request-id'];
    const known = typeof key === 'string' ? state.createKeys.get(key) : undefined;
    if (known) return reply.status(200).send(orderBody(state.orders.get(known)!, base));
    const parsed = ZCreate.safeParse(req.body);
    if (!parsed.success)
      return paypalError(reply, 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', 'Request is not well-formed, syntactically incorrect, or violates schema.');
    const unit = parsed.data.purchase_units[0]!;
    const ctx = parsed.data.application_context ?? {};
    const order: StandInOrder = {
      id: state.newOrderId(),
      status: 'CREATED',
      instrumentDeclined: false,
      referenceId: unit.reference_id ?? 'default',
      description: unit.description ?? '',
      value: unit.amount.value,
      returnUrl: ctx.return_url ?? '',
      cancelUrl: ctx.cancel_url ?? '',
      locale: ctx.locale ?? 'it-IT',
      captureId: null,
      answers: new Map(),
      createdAt: new Date().toISOString(),
    };
    state.orders.set(order.id, order);
    if (typeof key === 'string') state.createKeys.set(key, order.id);
    return reply.status(201).send(orderBody(order, base));
  });

  fastify.get<{ Params: { id: string } }>(`${STANDIN_PREFIX}/v2/checkout/orders/:id`, noCsrf, async (req, reply) => {
    if (!bearer(req.headers.authorization)) return unauthorised(reply);
    const order = state.orders.get(req.params.id);
    if (!order) return paypalError(reply, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
    return orderBody(order, base);
  });

  fastify.post<{ Params: { id: string } }>(`${STANDIN_PREFIX}/v2/checkout/orders/:id/capture`, noCsrf, async (req, reply) => {
    if (!bearer(req.headers.authorization)) return unauthorised(reply);
    const order = state.orders.get(req.params.id);
    if (!order) return paypalError(reply, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
    const key = req.headers['paypal-request-id'];
    const replay = typeof key === 'string' ? order.answers.get(key) : undefined;
    if (replay) return reply.status(replay.status).send(replay.body);
    const answer = capture(order, state, base);
    if (typeof key === 'string' && answer.status < 300) order.answers.set(key, answer);
    return reply.status(answer.status).send(answer.body);
  });

  standInRefundRoutes(fastify, state, { prefix: STANDIN_PREFIX, base }, bearer);
  await standInPageRoutes(fastify, state);
}

function capture(order: StandInOrder, state: StandInState, base: string): { status: number; body: unknown } {
  const err = (issue: string, description: string) => ({
    status: 422,
    body: {
      name: 'UNPROCESSABLE_ENTITY',
      message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
      debug_id: randomUUID().slice(0, 13),
      details: [{ issue, description }],
      links: [],
    },
  });
  if (order.status === 'COMPLETED') return err('ORDER_ALREADY_CAPTURED', 'Order already captured. If intent=CAPTURE only one capture per order is allowed.');
  if (order.status !== 'APPROVED') return err('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
  if (order.instrumentDeclined) {
    // PayPal: the buyer must approve again with another funding source.
    order.status = 'CREATED';
    order.instrumentDeclined = false;
    return err('INSTRUMENT_DECLINED', "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.");
  }
  order.status = 'COMPLETED';
  order.captureId = state.newCaptureId();
  return { status: 201, body: orderBody(order, base) };
}

const ZPageQuery = z.object({ token: z.string().max(64).default(''), lang: z.enum(['it', 'en']).optional() });
const ZPageForm = z.object({ token: z.string().max(64).default(''), choice: z.string().max(32).default('') });

/** The hosted approve page and its form (the buyer's browser; redirects back to the merchant). */
async function standInPageRoutes(fastify: FastifyInstance, state: StandInState): Promise<void> {
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send(body);
  const langOf = (order: StandInOrder, asked?: string) => parseLang(asked ?? order.locale.slice(0, 2));

  fastify.get(`${STANDIN_PREFIX}/checkoutnow`, noCsrf, async (req, reply) => {
    const q = ZPageQuery.parse(req.query ?? {});
    const order = state.orders.get(q.token);
    if (!order) return html(reply, 404, renderStandInMessage(parseLang(q.lang), 'notFound'));
    const lang = langOf(order, q.lang);
    if (order.status !== 'CREATED') return html(reply, 409, renderStandInMessage(lang, 'done'));
    const pageUrl = (l: string) => `${STANDIN_PREFIX}/checkoutnow?token=${order.id}&lang=${l}`;
    return html(reply, 200, renderApprovePage(lang, order, `${STANDIN_PREFIX}/checkoutnow?lang=${lang}`, pageUrl));
  });

  fastify.post(`${STANDIN_PREFIX}/checkoutnow`, noCsrf, async (req, reply) => {
    const form = ZPageForm.safeParse(req.body ?? {});
    const order = form.success ? state.orders.get(form.data.token) : undefined;
    if (!form.success || !order) return html(reply, 404, renderStandInMessage('it', 'notFound'));
    if (order.status !== 'CREATED') return html(reply, 409, renderStandInMessage(langOf(order), 'done'));
    if (form.data.choice === 'cancel') return reply.redirect(withQuery(order.cancelUrl, { token: order.id }), 303);
    order.status = 'APPROVED';
    order.instrumentDeclined = form.data.choice === 'decline-instrument';
    return reply.redirect(withQuery(order.returnUrl, { token: order.id, PayerID: 'STANDINPAYER01' }), 303);
  });
}

function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}
