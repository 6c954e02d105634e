import {
  ZCancelFlightAnswer,
  ZCancelFlightBody,
  ZCancellableFlightsAnswer,
  ZCancellableFlightsQuery,
  ZCancellationAnswers,
  ZCancellationIdParams,
  ZCancellationsList,
  ZFlightChangeBody,
  ZFlightChangeParams,
  ZFlightChangeView,
} from '@heliline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SECURITY_USER } from '../../http/schemas.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { FlightChangeService } from './passenger-link.ts';
import type { CancellationsService } from './service.ts';

const STAFF = 'Admin, Prenotazioni, PrenotaFull; others 403.';

const flights = {
  config: { access: 'flights.cancel' } as const,
  schema: {
    tags: ['cancellations'],
    summary: `Flights of a date with their legs, live tickets and cancellations (the staff cancel screen): ${STAFF}`,
    security: SECURITY_USER,
    querystring: ZCancellableFlightsQuery,
    response: { 200: ZCancellableFlightsAnswer },
  },
};

const cancel = {
  config: { access: 'flights.cancel', answers: [404, 409] } as const,
  schema: {
    tags: ['cancellations'],
    summary: `Cancel a flight (legId null) or one leg of its rotation, with a reason: ${STAFF}`,
    description:
      'The flight is no longer sold (search, booking, ticket changes refuse it) and the board and timetable show it cancelled. ' +
      'Every booking group with live tickets on it gets an e-mail in its language with a personal link (move, full refund or voucher). ' +
      'Unknown flight 404; leg not of this flight 422; already cancelled 409 (nothing written).',
    security: SECURITY_USER,
    body: ZCancelFlightBody,
    response: { 200: ZCancelFlightAnswer },
  },
};

const list = {
  config: { access: 'flights.cancel' } as const,
  schema: {
    tags: ['cancellations'],
    summary: `Every cancellation, newest first, with how many bookings answered: ${STAFF}`,
    security: SECURITY_USER,
    response: { 200: ZCancellationsList },
  },
};

const answers = {
  config: { access: 'flights.cancel', answers: [404] } as const,
  schema: {
    tags: ['cancellations'],
    summary: `Who chose what (move, refund, voucher) and who has not answered, with the reminder sent: ${STAFF}`,
    security: SECURITY_USER,
    params: ZCancellationIdParams,
    response: { 200: ZCancellationAnswers },
  },
};

const ZLangQuery = z.object({ lang: z.enum(['it', 'en']).optional() });
/** The token is 256 bits: guessing is hopeless, but a client hammering the lookup is stopped. */
const LINK_LIMIT = { max: 30, timeWindow: 60_000 };

const view = {
  config: { access: 'public', rateLimit: LINK_LIMIT, answers: [404], secretParams: ['token'] } as const,
  schema: {
    tags: ['cancellations'],
    summary: 'The passenger’s choice page by personal link: the cancelled flight, the passengers, flights to move to — or the choice already made',
    description: 'In the booking’s language unless lang is given. A forged or unknown token 404.',
    params: ZFlightChangeParams,
    querystring: ZLangQuery,
    response: { 200: ZFlightChangeView },
  },
};

const choose = {
  config: { access: 'public', rateLimit: LINK_LIMIT, answers: [404, 409], secretParams: ['token'] } as const,
  schema: {
    tags: ['cancellations'],
    summary: 'The passenger’s choice: move to an offered flight (no cost), full refund, or a voucher; once',
    description:
      'Through the same ticket-change service as my-tickets (seats taken atomically; 409 when the flight filled up meanwhile). ' +
      'A flight not offered 422; an answered link 409; a forged token 404. The answer is the page with the choice made.',
    params: ZFlightChangeParams,
    querystring: ZLangQuery,
    body: ZFlightChangeBody,
    response: { 200: ZFlightChangeView },
  },
};

/** Weather cancellations: the staff screens and the passenger's personal link. */
export async function cancellationsRoutes(fastify: FastifyInstance, opts: { cancellations: CancellationsService; flightChange: FlightChangeService }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { cancellations, flightChange } = opts;
  app.get('/api/admin/cancellations/flights', flights, (req) => cancellations.flightsOn(req.query.date, req.lang));
  app.post('/api/admin/cancellations', cancel, (req) => cancellations.cancel(currentUser(req).id, req.body, req.lang));
  app.get('/api/admin/cancellations', list, (req) => cancellations.list(req.lang));
  app.get('/api/admin/cancellations/:id', answers, (req) => cancellations.answers(req.params.id, req.lang));
  app.get('/api/flight-change/:token', view, (req) => flightChange.view(req.params.token, req.query.lang ?? null));
  app.post('/api/flight-change/:token', choose, (req) => flightChange.choose(req.params.token, req.body, req.query.lang ?? null));
}
