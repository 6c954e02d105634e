import {
  HOLD_MINUTES,
  ZChangeAnswer,
  ZChangeBody,
  ZManageBookingAnswer,
  ZPaypalCaptureAnswer,
  ZPaypalCreateOrderAnswer,
  ZPaypalCreateOrderBody,
  ZRetrieveStatusAnswer,
  ZRetrieveStatusQuery,
} from '@heliline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SECURITY_USER } from '../../http/schemas.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { HttpTransport, PaypalClient } from '../payments/paypal/client.ts';
import { paypalStandInRoutes, STANDIN_PREFIX } from '../payments/paypal/standin.ts';
import type { PaypalCheckout } from './checkout.ts';
import type { TicketChangesService } from './service.ts';

export interface TicketChangesRoutesOptions {
  changes: TicketChangesService;
  checkout: PaypalCheckout;
  paypal: PaypalClient;
}

const ZCodeParams = z.object({ code: z.string().trim().min(6, { message: 'notFound' }).max(8, { message: 'notFound' }) });
const ZOrderParams = z.object({ orderID: z.string().regex(/^[A-Za-z0-9-]{6,64}$/, { message: 'invalidValue' }) });

const show = {
  config: { access: 'user', answers: [404] } as const,
  schema: {
    tags: ['my-tickets'],
    summary: 'The whole booking by the first 6 characters of its code, with its journeys as slots',
    description: 'Owner only; Admin, Prenotazioni and PrenotaFull may open any booking. Someone else’s or unknown → 404.',
    security: SECURITY_USER,
    params: ZCodeParams,
    response: { 200: ZManageBookingAnswer },
  },
};

const update = {
  config: { access: 'user', answers: [403, 404, 409, 502] } as const,
  schema: {
    tags: ['my-tickets'],
    summary: 'Change tickets: move to other flights, cancel with refund; type 0 preview, 1 pay with PayPal, -1 payment link (staff)',
    description:
      `Validated with the spec's messages (422; 409 when a ticket is past its cut-off or a target flight is full; nothing written). ` +
      `type 0: rows and costs, nothing written. type 1: the change is recorded and its new seats held ${HOLD_MINUTES} minutes; paypal true with amount and bookingRequestUuid, ` +
      'or applied at once when nothing is owed. Customers get the refund policy whatever they send; only Admin, Prenotazioni and PrenotaFull set refund settings or waive the admin fee. ' +
      'With PAYPAL_ENABLED=false a type 1 change that costs more answers 409 (pay at the booking office; nothing written).',
    security: SECURITY_USER,
    params: ZCodeParams,
    body: ZChangeBody,
    response: { 200: ZChangeAnswer },
  },
};

const status = {
  config: { access: 'user', answers: [404] } as const,
  schema: {
    tags: ['my-tickets'],
    summary: 'Status of a change request (owner only): status true with type 0 while waiting, type 1 when applied; false when failed or expired',
    security: SECURITY_USER,
    querystring: ZRetrieveStatusQuery,
    response: { 200: ZRetrieveStatusAnswer },
  },
};

/** Each call reaches PayPal: keep one client from hammering it. */
const PAYPAL_LIMIT = { max: 20, timeWindow: 60_000 };

const createOrder = {
  config: { access: 'user', rateLimit: PAYPAL_LIMIT, answers: [404, 409, 502] } as const,
  schema: {
    tags: ['my-tickets'],
    summary: 'Create the PayPal order of a change waiting for payment (owner only; the amount is the server’s, the cart is ignored)',
    security: SECURITY_USER,
    body: ZPaypalCreateOrderBody,
    response: { 200: ZPaypalCreateOrderAnswer },
  },
};

const captureOrder = {
  config: { access: 'user', rateLimit: PAYPAL_LIMIT, answers: [404, 409, 502] } as const,
  schema: {
    tags: ['my-tickets'],
    summary: 'Capture an approved PayPal order and apply the change (idempotent: a replay answers the same, one set of tickets)',
    description: 'INSTRUMENT_DECLINED → 422 with details (create a new order and approve again); not approved → 422; the hold ran out → 409.',
    security: SECURITY_USER,
    params: ZOrderParams,
    response: { 200: ZPaypalCaptureAnswer },
  },
};

/** The stand-in answers through app.inject when PAYPAL_API_URL points at it: no socket needed, same HTTP exchange. */
function loopback(app: FastifyInstance, apiUrl: string): HttpTransport {
  const origin = new URL(apiUrl).origin;
  return async (r) => {
    const res = await app.inject({ method: r.method, url: r.url.slice(origin.length), headers: r.headers, ...(r.body === undefined ? {} : { payload: r.body }) });
    return { status: res.statusCode, body: res.body };
  };
}

/** My-tickets edit mode: the booking, the change, its status and the PayPal calls. */
export async function ticketChangesRoutes(fastify: FastifyInstance, opts: TicketChangesRoutesOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { changes, checkout, paypal } = opts;
  const config = app.config;
  if (!config.production) {
    await app.register(paypalStandInRoutes, {
      clientId: config.paypal.clientId,
      clientSecret: config.paypal.clientSecret,
      publicUrl: `${config.appUrl}${STANDIN_PREFIX}`,
    });
    if (paypal.apiUrl === `${config.appUrl}${STANDIN_PREFIX}`) paypal.useTransport(loopback(fastify, paypal.apiUrl));
  }

  app.get('/api/manage-bookings/:code', show, (req) => changes.show(currentUser(req), req.params.code));
  app.put('/api/bookings/:code', update, (req) => changes.change(currentUser(req), req.params.code, req.body, req.lang));
  app.get('/api/bookings-requests/retrieve-status', status, (req) => changes.retrieveStatus(currentUser(req), req.query.bookingRequestUuid));
  app.post('/api/paypal/api/orders', createOrder, (req) => checkout.createOrder(currentUser(req), req.body.bookingRequestUuid, req.lang));
  app.post('/api/paypal/api/orders/:orderID/capture', captureOrder, (req) => checkout.capture(currentUser(req), req.params.orderID));
}
