import { amountToCents, centsToWire } from '@heliline/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { StandInRefund, StandInState } from './standin-state.ts';

/**
 * The stand-in's Payments v2 refund calls: `POST /v2/payments/captures/{id}/refund` (partial or
 * whole, idempotent by PayPal-Request-Id: the same id answers the first refund again),
 * `GET /v2/payments/refunds/{id}` and `GET /v2/payments/captures/{id}`. It refuses as PayPal
 * does: CAPTURE_FULLY_REFUNDED, REFUND_AMOUNT_EXCEEDED, an unknown capture (404), and whatever
 * the test switch asks (TRANSACTION_REFUSED …); the hold switch takes a refund and keeps its answer.
 */
const ZRefund = z
  .object({
    amount: z.object({ currency_code: z.string(), value: z.string().regex(/^\d{1,10}(\.\d{2})?$/) }).optional(),
    invoice_id: z.string().max(127).optional(),
    note_to_payer: z.string().max(255).optional(),
  })
  .default({});

const UNPROCESSABLE = 'The requested action could not be performed, semantically incorrect, or failed business validation.';

function error(status: number, name: string, issue: string, description: string) {
  return {
    status,
    body: { name, message: status === 422 ? UNPROCESSABLE : description, debug_id: randomUUID().slice(0, 13), details: [{ issue, description }], links: [] },
  };
}

function refundBody(refund: StandInRefund, base: string) {
  return {
    id: refund.id,
    status: refund.status,
    amount: { currency_code: 'EUR', value: refund.value },
    create_time: refund.createdAt,
    links: [
      { href: `${base}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
      { href: `${base}/v2/payments/captures/${refund.captureId}`, rel: 'up', method: 'GET' },
    ],
  };
}

function refund(state: StandInState, captureId: string, body: unknown, base: string): { status: number; body: unknown } {
  const order = state.captureOrder(captureId);
  if (!order) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
  const parsed = ZRefund.safeParse(body ?? {});
  if (!parsed.success) return error(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', 'Request is not well-formed, syntactically incorrect, or violates schema.');
  if (parsed.data.amount && parsed.data.amount.currency_code !== 'EUR') {
    return error(422, 'UNPROCESSABLE_ENTITY', 'CURRENCY_MISMATCH', 'Refund must be in the same currency as the capture.');
  }
  if (state.refundSwitches.refuse) return error(422, 'UNPROCESSABLE_ENTITY', state.refundSwitches.refuse, 'Refund refused (stand-in switch).');
  const captured = amountToCents(order.value) ?? 0;
  const left = captured - state.refundedCents(captureId);
  if (left <= 0) return error(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
  const cents = parsed.data.amount ? amountToCents(parsed.data.amount.value)! : left;
  if (cents <= 0 || cents > left) {
    return error(
      422,
      'UNPROCESSABLE_ENTITY',
      'REFUND_AMOUNT_EXCEEDED',
      'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
    );
  }
  const made: StandInRefund = { id: state.newRefundId(), captureId, value: centsToWire(cents), cents, status: 'COMPLETED', createdAt: new Date().toISOString() };
  state.refunds.set(made.id, made);
  return { status: 201, body: refundBody(made, base) };
}

export function standInRefundRoutes(
  fastify: FastifyInstance,
  state: StandInState,
  { prefix, base }: { prefix: string; base: string },
  bearer: (auth?: string) => boolean,
): void {
  const noCsrf = { config: { access: 'public', csrf: false } as const, schema: { hide: true } };
  const authorised = (reply: FastifyReply, auth?: string) => {
    if (bearer(auth)) return true;
    void reply.status(401).send({ error: 'invalid_token', error_description: 'Token signature verification failed' });
    return false;
  };

  fastify.post<{ Params: { id: string } }>(`${prefix}/v2/payments/captures/:id/refund`, noCsrf, async (req, reply) => {
    if (!authorised(reply, req.headers.authorization)) return reply;
    const key = req.headers['paypal-request-id'];
    const replay = typeof key === 'string' ? state.refundAnswers.get(key) : undefined;
    if (replay) return reply.status(replay.status).send(replay.body);
    const answer = refund(state, req.params.id, req.body, base);
    if (typeof key === 'string' && answer.status < 300) state.refundAnswers.set(key, answer);
    await state.refundSwitches.answer();
    return reply.status(answer.status).send(answer.body);
  });

  fastify.get<{ Params: { id: string } }>(`${prefix}/v2/payments/refunds/:id`, noCsrf, async (req, reply) => {
    if (!authorised(reply, req.headers.authorization)) return reply;
    const found = state.refunds.get(req.params.id);
    const answer = found
      ? { status: 200, body: refundBody(found, base) }
      : error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
    return reply.status(answer.status).send(answer.body);
  });

  fastify.get<{ Params: { id: string } }>(`${prefix}/v2/payments/captures/:id`, noCsrf, async (req, reply) => {
    if (!authorised(reply, req.headers.authorization)) return reply;
    const order = state.captureOrder(req.params.id);
    if (!order) {
      const answer = error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
      return reply.status(answer.status).send(answer.body);
    }
    const refunded = state.refundedCents(req.params.id);
    const status = refunded === 0 ? 'COMPLETED' : refunded >= (amountToCents(order.value) ?? 0) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    return { id: req.params.id, status, amount: { currency_code: 'EUR', value: order.value }, links: [] };
  });
}
