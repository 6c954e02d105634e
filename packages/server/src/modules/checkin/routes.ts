import { ZCheckInBody, ZCheckInFlight, ZCheckInFlights, ZCheckInPassenger, ZCloseFlightBody, ZWeightsBody } from '@heliline/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageBody } from '../../http/errors.ts';
import { ZMessageBody } from '../../http/schemas.ts';
import { currentUser } from '../../plugins/auth.ts';
import { manifestCsv, manifestPdf } from './manifest.ts';
import type { CheckInService } from './service.ts';

const ZFlightParams = z.object({ flightId: z.coerce.number().int().positive().max(2_147_483_647) });
const ZPassengerParams = ZFlightParams.extend({ ticketNr: z.string().max(16) });
const ZLangQuery = z.object({ lang: z.enum(['it', 'en']).optional().describe('language of the manifest (default: the request’s)') });
const WHO = 'Admin, Prenotazioni, PrenotaFull; others 403, anonymous 401.';

const flights = {
  config: { access: 'flights.checkIn' } as const,
  schema: {
    tags: ['check-in'],
    summary: "Check-in desk: today's flights (Rome date) with passengers, checked-in count and whether closed",
    description: WHO,
    response: { 200: ZCheckInFlights },
  },
};

const flight = {
  config: { access: 'flights.checkIn', answers: [404] } as const,
  schema: {
    tags: ['check-in'],
    summary: 'One flight at the desk: check-in window, passengers and their state, forms, masses, the load against the payload',
    description: `${WHO} Unknown flight → 404.`,
    params: ZFlightParams,
    response: { 200: ZCheckInFlight },
  },
};

const checkIn = {
  config: { access: 'flights.checkIn', answers: [404, 409] } as const,
  schema: {
    tags: ['check-in'],
    summary: 'Checks a passenger in by scanned boarding pass (HL1.<ticket>.<signature>) or typed ticket number, once',
    description: `${WHO} A forged or altered boarding pass → 422, nothing written. Unknown ticket → 404. Cancelled or moved ticket, a ticket of another flight, a passenger already checked in, a closed flight, or outside the window (opens 30 min, closes strictly 10 min before take-off) without override_reason → 409. An override is written to the booking's audit log.`,
    params: ZFlightParams,
    body: ZCheckInBody,
    response: { 200: ZMessageBody.extend({ passenger: ZCheckInPassenger }) },
  },
};

const weights = {
  config: { access: 'flights.checkIn', answers: [404, 409] } as const,
  schema: {
    tags: ['check-in'],
    summary: "Records a passenger's mass and each bag's mass (kg, as weighed at the desk)",
    description: `${WHO} Unknown ticket or flight → 404; cancelled, moved, other flight or closed flight → 409.`,
    params: ZPassengerParams,
    body: ZWeightsBody,
    response: { 200: ZMessageBody.extend({ passenger: ZCheckInPassenger }) },
  },
};

const close = {
  config: { access: 'flights.checkIn', answers: [404, 409] } as const,
  schema: {
    tags: ['check-in'],
    summary: "Closes the flight's check-in with the load of the checked-in passengers (standard masses for the not weighed)",
    description: `${WHO} Over the aircraft's maximum payload without a reason → 409, nothing written; already closed → 409.`,
    params: ZFlightParams,
    body: ZCloseFlightBody,
    response: { 200: ZMessageBody.extend({ flight: ZCheckInFlight }) },
  },
};

const manifest = (format: 'PDF' | 'CSV') => ({
  config: { access: 'flights.checkIn', answers: [404] } as const,
  schema: {
    tags: ['check-in'],
    summary: `The flight's manifest as ${format} for the pilot and the ground handler (lang it or en)`,
    description: `${WHO} Passengers, categories, documents, masses, bags, forms, boarded / no-show, totals against the payload. Unknown flight → 404.`,
    params: ZFlightParams,
    querystring: ZLangQuery,
  },
});

const demoFlight = {
  config: { access: 'public' } as const,
  schema: { hide: true, body: z.object({ inMinutes: z.number().int().min(-600).max(600).default(20) }) },
};

const download = (reply: FastifyReply, body: Buffer | string, type: string, filename: string) =>
  reply.header('content-type', type).header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(body);

/** The check-in desk's calls (issue 13 part A): /api/admin/check-in/…. */
export async function checkInRoutes(fastify: FastifyInstance, opts: { checkIn: CheckInService }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const desk = opts.checkIn;

  app.get('/api/admin/check-in/flights', flights, async () => desk.flights());

  app.get('/api/admin/check-in/flights/:flightId', flight, async (req) => desk.flight(req.params.flightId, req.lang));

  app.post('/api/admin/check-in/flights/:flightId/check-in', checkIn, async (req) => {
    const passenger = await desk.checkIn(currentUser(req), req.params.flightId, req.body, req.lang);
    return messageBody('checkedIn', req.lang, { passenger });
  });

  app.put('/api/admin/check-in/flights/:flightId/passengers/:ticketNr/weights', weights, async (req) => {
    const passenger = await desk.weights(currentUser(req), req.params.flightId, req.params.ticketNr, req.body, req.lang);
    return messageBody('weightsSaved', req.lang, { passenger });
  });

  app.post('/api/admin/check-in/flights/:flightId/close', close, async (req) => {
    const view = await desk.close(currentUser(req), req.params.flightId, req.body, req.lang);
    return messageBody('flightClosed', req.lang, { flight: view });
  });

  app.get('/api/admin/check-in/flights/:flightId/manifest.pdf', manifest('PDF'), async (req, reply) => {
    const lang = req.query.lang ?? req.lang;
    const view = await desk.flight(req.params.flightId, lang);
    const pdf = await manifestPdf(view, lang, { compress: desk.compressPdf });
    return download(reply, pdf, 'application/pdf', `heliline-manifest-${view.flight.code}-${view.flight.service_date}-${lang}.pdf`);
  });

  app.get('/api/admin/check-in/flights/:flightId/manifest.csv', manifest('CSV'), async (req, reply) => {
    const lang = req.query.lang ?? req.lang;
    const view = await desk.flight(req.params.flightId, lang);
    return download(reply, manifestCsv(view, lang), 'text/csv; charset=utf-8', `heliline-manifest-${view.flight.code}-${view.flight.service_date}-${lang}.csv`);
  });

  // Outside production: a fresh flight with the demo buyer's tickets and their passes (browser tests).
  if (!fastify.config.production) app.post('/api/dev/check-in/demo-flight', demoFlight, async (req) => desk.demoFlight(req.body.inMinutes));
}
