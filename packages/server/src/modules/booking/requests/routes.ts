import { centsToAmount, HOLD_MINUTES, ZBookingStoreBody, ZStoreResponse, ZTotals } from '@heliline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageBody } from '../../../http/errors.ts';
import { SECURITY_USER } from '../../../http/schemas.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { ZBookingCodeParams, ZBookingStatusAnswer, ZExtendResponse, ZGrandTotalBody } from './schemas.ts';
import type { BookingRequestsService } from './service.ts';

const store = {
  schema: {
    tags: ['booking'],
    summary: `Store a booking request (type 1 card): validate, price, hold seats ${HOLD_MINUTES} minutes, open the bank payment`,
    description:
      'Every rule of steps 1–4 runs again with the domain functions and every price is recomputed: a tampered price, count, birth date or discount is refused with 422 and nothing is written. ' +
      'Seats no longer free → 409. Answer: bank_link (the hosted payment page), bookingCode, paymentDeadline (ISO). Types -1, 2, 3, 4 (staff) come with a later issue.',
    security: SECURITY_USER,
    body: ZBookingStoreBody,
    response: { 200: ZStoreResponse },
  },
};

const extend = {
  schema: {
    tags: ['booking'],
    summary: `Extend the payment deadline once by ${HOLD_MINUTES} minutes (owner only, while pending and not yet expired)`,
    description: `The status screen shows the ${HOLD_MINUTES}-minute timer; the buyer may add ${HOLD_MINUTES} minutes once. Someone else’s booking → 404; already extended, expired or no longer pending → 409.`,
    security: SECURITY_USER,
    params: ZBookingCodeParams,
    response: { 200: ZExtendResponse },
  },
};

const status = {
  schema: {
    tags: ['booking'],
    summary: 'Outcome of a booking request (owner only; others 404)',
    description:
      'code: the booking code, plain or base64. status 1 = tickets issued, 0 otherwise; pending = true while the bank has not answered (poll); bank = the bank’s message and error code on a failed payment; reason = why it failed when it is not the bank (deadline passed, seats lost and refunded).',
    security: SECURITY_USER,
    querystring: z.object({ code: z.string().min(1).max(64) }),
    response: { 200: ZBookingStatusAnswer },
  },
};

const grandTotal = {
  schema: {
    tags: ['booking'],
    summary: 'Totals of a booking form computed by the server (logged-in users; nothing is written)',
    security: SECURITY_USER,
    body: ZGrandTotalBody,
    response: { 200: z.object({ totals: ZTotals }) },
  },
};

const sweep = {
  schema: {
    tags: ['dev'],
    summary: 'Development and e2e only: run the hold sweeper now; with expireNow, first move a booking’s deadline to now',
    body: z.object({ expireNow: ZBookingCodeParams.shape.code.optional() }).optional(),
    response: { 200: z.object({ expired: z.number() }) },
  },
};

const asAmounts = (t: Awaited<ReturnType<BookingRequestsService['totals']>>) => ({
  tickets: centsToAmount(t.tickets),
  ticketsDiscounted: centsToAmount(t.ticketsDiscounted),
  taxes: centsToAmount(t.taxes),
  landingTaxes: centsToAmount(t.landingTaxes),
  grandTotal: centsToAmount(t.grandTotal),
  grandTotalDiscounted: centsToAmount(t.grandTotalDiscounted),
});

/** Booking requests (type 1 card): store, the one-time extension, status and server totals. */
export async function requestsRoutes(fastify: FastifyInstance, opts: { requests: BookingRequestsService }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { requests } = opts;

  app.post('/api/bookings', store, async (req) => {
    const created = await requests.store(currentUser(req), req.body, req.lang);
    const answer = { status: 'success' as const, type: 1 as const, bank_link: created.bankLink, bookingCode: created.code, paymentDeadline: created.holdExpiresAt };
    return { ...answer, ...messageBody('bookingCreated', req.lang) };
  });

  app.post('/api/bookings/:code/extend', extend, async (req) => {
    const { holdExpiresAt } = await requests.extend(req.params.code, currentUser(req).id);
    return { paymentDeadline: holdExpiresAt, deadlineExtended: true as const, ...messageBody('holdExtended', req.lang) };
  });

  app.get('/api/booking-status', status, async (req) => requests.statusAnswer(req.query.code, currentUser(req).id));

  app.post('/api/guest/grandtotal', grandTotal, async (req) => {
    const totals = await requests.totals(currentUser(req), req.body.form, req.lang);
    req.log.info({ totals }, 'guest grandtotal');
    return { totals: asAmounts(totals) };
  });

  if (!app.config.production) {
    app.post('/api/dev/booking-sweep', sweep, async (req) => {
      if (req.body?.expireNow) await requests.expireNow(req.body.expireNow);
      return { expired: await requests.sweep() };
    });
  }
}
