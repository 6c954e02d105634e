import { issue, ZMyTicketsAnswer, ZMyTicketsQuery, ZPassengerEditAnswer, ZPassengerEditBody, ZTicketEmailAnswer, ZTicketEmailBody } from '@heliline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageBody } from '../../../http/errors.ts';
import { currentUser } from '../../../plugins/auth.ts';
import type { MyTicketsService } from './service.ts';

export interface MyTicketsRoutesOptions {
  myTickets: MyTicketsService;
}

/** Per client IP, before the per-user and per-ticket throttles of the service. */
const EMAIL_RATE_LIMIT = { max: 20, timeWindow: 60_000 };
const ZTicketParams = z.object({ ticketNr: z.string().max(16) });
const WHO =
  'The logged-in user sees only their own tickets (an agency: the bookings it made); booking staff (Admin, Prenotazioni, PrenotaFull) see every booking. ' +
  "Someone else's ticket or booking answers 404, exactly like an unknown one.";

const list = {
  config: { access: 'user', answers: [404] } as const,
  schema: {
    tags: ['my-tickets'],
    summary: 'My tickets: filtered list, 25 a page, stable order (flight date, booking, passenger)',
    description: `${WHO} At least one of flightDate, bookingCode, ticketNr, lastname, firstname is required (422 'Inserire almeno un filtro di ricerca!'). Cancelled tickets only with includeCancelled. A whole ticket number or booking code that names nothing visible answers 404.`,
    querystring: ZMyTicketsQuery,
    response: { 200: ZMyTicketsAnswer },
  },
};

const editPassenger = {
  config: { access: 'user', answers: [404, 409] } as const,
  schema: {
    tags: ['my-tickets'],
    summary: "Pax modal: saves a passenger's data on the ticket and its linked ticket of a round trip",
    description: `${WHO} Refused with 409 after editable_until or on a cancelled ticket; 422 when a rule breaks or the birth date would change the passenger's category on the flight date. Every change is written to the ticket's event log.`,
    params: ZTicketParams,
    body: ZPassengerEditBody,
    response: { 200: ZPassengerEditAnswer },
  },
};

const sendEmail = {
  config: { access: 'user', rateLimit: EMAIL_RATE_LIMIT, answers: [404, 409, 502] } as const,
  schema: {
    tags: ['my-tickets'],
    summary: "E-mail modal: the ticket's (or its booking's) PDF with the chosen check-in forms to the booking's or the passenger's address",
    description: `${WHO} 422 when the chosen address is missing or invalid; 429 with Retry-After past the per-user and per-ticket limits. Sent through the outbox in the booking's language.`,
    params: ZTicketParams,
    body: ZTicketEmailBody,
    response: { 200: ZTicketEmailAnswer },
  },
};

/** My tickets: the list, the pax modal's save and the e-mail modal's send. */
export async function myTicketsRoutes(fastify: FastifyInstance, opts: MyTicketsRoutesOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { myTickets } = opts;
  app.get('/api/my-tickets', list, async (req) => myTickets.list(currentUser(req), req.query));
  app.put('/api/tickets/:ticketNr/passenger', editPassenger, async (req) => {
    const bookings = await myTickets.editPassenger(currentUser(req), req.params.ticketNr, req.body);
    return messageBody('myTicketsPassengerSaved', req.lang, { bookings });
  });
  app.post('/api/tickets/:ticketNr/email', sendEmail, async (req) => {
    const sent = await myTickets.email.send(currentUser(req), req.params.ticketNr, req.body);
    return {
      ...messageBody(issue('myTicketsEmailSent', { email: sent.email }), req.lang),
      email: sent.email,
      attachments: sent.attachments,
      email_pdf_forms: sent.forms,
    };
  });
}
