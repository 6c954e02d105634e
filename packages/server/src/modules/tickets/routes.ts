import { decodeSingleTicketParam, isTicketNumber, isValidEmail, issue, type Lang } from '@heliline/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, messageBody } from '../../http/errors.ts';
import { ZErrorBody, ZMessageBody } from '../../http/schemas.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { ThrottleService } from '../throttle/service.ts';
import { mailFailed, SingleTicketError } from './errors.ts';
import { consumeTicketMail } from './mail-limits.ts';
import { bookingPdfName, pdfName, type Reader, type TicketsService } from './service.ts';

export interface TicketsRoutesOptions {
  tickets: TicketsService;
  /** Per-user and per-ticket limits of the ticket e-mails (not a mail relay). */
  throttle: ThrottleService;
}

const MINUTE = 60_000;
/** Sending tickets writes mail to any address: keep one client from using it as a mail cannon. */
const SEND_LIMIT = { max: 20, timeWindow: MINUTE };

const ZTicketNr = z.string().trim().refine(isTicketNumber, { message: 'ticketRequestInvalid' });
const ZSubmitTicket = z.object({
  email: z.string().max(255).optional(),
  tickets: z.union([z.array(ZTicketNr).min(1).max(4), ZTicketNr]).optional(),
});
const ZLangQuery = z.object({ lang: z.enum(['it', 'en']).optional() });
const ZSingleAnswer = ZMessageBody.extend({ status: z.enum(['success', 'error']), error: z.string().nullable() });

const submitTicket = {
  config: { access: 'user', rateLimit: SEND_LIMIT, answers: [404] } as const,
  schema: {
    tags: ['tickets'],
    summary: "Receipt: e-mails one passenger's ticket(s) to the address typed next to them",
    description:
      'A response without an `errors` key means success. Checked by the handler (422): email a valid address; tickets 1 to 4 ticket numbers, all of one booking. Tickets the caller may not read → 404.',
    body: ZSubmitTicket,
    response: {
      200: ZMessageBody.extend({ email: z.string(), tickets: z.array(z.string()) }),
      502: ZMessageBody.extend({ errors: z.record(z.string(), z.array(z.string())) }),
    },
  },
};

const sendSingleTicket = {
  // base64 of a ticket number and an e-mail address
  config: { access: 'user', rateLimit: SEND_LIMIT, answers: [403, 404], secretParams: ['param'] } as const,
  schema: {
    tags: ['tickets'],
    summary: 'E-mails one ticket; the parameter is base64(ticketNr:email). POST only: a GET (a link, an image tag) never sends mail',
    description:
      'Checked by the handler: a parameter that does not decode to a ticket number and an address, or an invalid address → 422; a request marked cross-site (Sec-Fetch-Site) → 403; a ticket the caller may not read → 404.',
    params: z.object({ param: z.string().max(600) }),
    // 422: the parameter's own refusal (status, error) or the API's input checks (control characters) before it.
    response: { 200: ZSingleAnswer, 422: z.union([ZSingleAnswer.extend({ errors: z.record(z.string(), z.array(z.string())) }), ZErrorBody]), 502: ZSingleAnswer },
  },
};

const ticketPdf = {
  config: { access: 'user', answers: [404] } as const,
  schema: {
    tags: ['tickets'],
    summary: 'One ticket as PDF (owner, or staff with the payment area)',
    description: 'Not a ticket number, unknown or not readable by the caller → 404.',
    params: z.object({ ticketNr: z.string().max(16) }),
    querystring: ZLangQuery,
  },
};

const boardingPassSvg = {
  config: { access: 'user', answers: [404] } as const,
  schema: {
    tags: ['tickets'],
    summary: "A ticket's boarding pass as an SVG QR code (owner, or staff with the payment area): the receipt page shows it",
    description: 'The code is the ticket number signed with the operator’s key (decision 024). Not a ticket number, unknown or not readable by the caller → 404.',
    params: z.object({ ticketNr: z.string().max(16) }),
  },
};

const bookingPdf = {
  config: { access: 'user', answers: [404] } as const,
  schema: {
    tags: ['tickets'],
    summary: 'All tickets of a booking as one PDF (8-character booking code, or the 6-character group code for the whole group)',
    params: z.object({ code: z.string().max(16) }),
    querystring: ZLangQuery,
  },
};

/** The receipt's request: a valid address and readable tickets, all of one booking. */
async function receiptTickets(tickets: TicketsService, reader: Reader, body: z.infer<typeof ZSubmitTicket>) {
  const { email, tickets: raw } = body;
  if (!email || !isValidEmail(email)) throw new AppError('validation', 'receiptEmailInvalid', { email: ['receiptEmailInvalid'] });
  if (!raw) throw new AppError('validation', 'ticketRequestInvalid', { tickets: ['ticketRequestInvalid'] });
  const rows = await tickets.readableTickets(reader, Array.isArray(raw) ? raw : [raw]);
  if (new Set(rows.map((r) => r.booking_code)).size !== 1) throw new AppError('validation', 'ticketRequestInvalid', { tickets: ['ticketRequestInvalid'] });
  return { email, rows };
}

/** send-single-ticket's parameter, decoded and checked. */
function singleTicketRequest(param: string) {
  const decoded = decodeSingleTicketParam(param);
  if (!decoded) throw new SingleTicketError('validation', 'ticketRequestInvalid', 'param');
  if (!isValidEmail(decoded.email)) throw new SingleTicketError('validation', 'receiptEmailInvalid', 'email');
  return decoded;
}

/** The success message names the ticket ({n}) in every language. */
const singleTicketSent = (lang: Lang, n: string) => messageBody(issue('singleTicketSent', { n }), lang, { status: 'success' as const, error: null });

/** Sends mail: besides the CSRF header, refuse what a browser marks as coming from another site. */
function sameSite(req: FastifyRequest) {
  if (req.headers['sec-fetch-site'] === 'cross-site') throw new AppError('forbidden', 'forbidden');
}

const sendPdf = (reply: FastifyReply, pdf: Buffer, filename: string) =>
  reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${filename}"`).header('cache-control', 'private, no-store').send(pdf);

/** Receipt e-mails and single-ticket e-mails. */
function registerMailRoutes(fastify: FastifyInstance, { tickets, throttle }: TicketsRoutesOptions): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/api/submit-ticket', submitTicket, async (req) => {
    const reader = currentUser(req);
    const { email, rows } = await receiptTickets(tickets, reader, req.body);
    const ticketNrs = rows.map((r) => r.ticket_nr);
    await consumeTicketMail(throttle, reader.id, ticketNrs);
    const failed = new AppError('badGateway', 'ticketSendFailed', { email: ['ticketSendFailed'] });
    await tickets.sendTicketsTo(rows, email, req.lang).catch(mailFailed(failed, 'receipt ticket e-mail failed'));
    return messageBody('ticketSent', req.lang, { email, tickets: ticketNrs });
  });
  app.post('/api/send-single-ticket/:param', sendSingleTicket, async (req) => {
    sameSite(req);
    const reader = currentUser(req);
    const { ticketNr, email } = singleTicketRequest(req.params.param);
    const rows = await tickets.readableTickets(reader, [ticketNr]);
    await consumeTicketMail(throttle, reader.id, [ticketNr]);
    const failed = new SingleTicketError('badGateway', 'singleTicketFailed');
    await tickets.sendTicketsTo(rows, email, req.lang).catch(mailFailed(failed, 'single ticket e-mail failed'));
    return singleTicketSent(req.lang, ticketNr);
  });
}

/** Tickets as PDF: one ticket, or every ticket of a booking or group. */
function registerPdfRoutes(fastify: FastifyInstance, tickets: TicketsService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // A path that is not a ticket number is as unknown as a ticket someone else owns.
  const readable = async (req: FastifyRequest, ticketNr: string) => {
    if (!isTicketNumber(ticketNr)) throw new AppError('notFound', 'notFound');
    return (await tickets.readableTickets(currentUser(req), [ticketNr]))[0]!;
  };
  app.get('/api/tickets/:ticketNr/pdf', ticketPdf, async (req, reply) => {
    const row = await readable(req, req.params.ticketNr);
    return sendPdf(reply, await tickets.pdf([row], req.query.lang ?? req.lang), pdfName(row));
  });
  app.get('/api/tickets/:ticketNr/boarding-pass.svg', boardingPassSvg, async (req, reply) => {
    const row = await readable(req, req.params.ticketNr);
    return reply.header('content-type', 'image/svg+xml').header('cache-control', 'private, no-store').send(tickets.passes.svg(row.ticket_nr));
  });
  app.get('/api/bookings/:code/pdf', bookingPdf, async (req, reply) => {
    const code = req.params.code.trim().toUpperCase();
    const rows = await tickets.readableBookingTickets(currentUser(req), code);
    return sendPdf(reply, await tickets.pdf(rows, req.query.lang ?? req.lang), bookingPdfName(code));
  });
}

/** Tickets: receipt e-mails, single-ticket e-mails and PDFs, for their owner or booking staff. */
export async function ticketsRoutes(fastify: FastifyInstance, opts: TicketsRoutesOptions): Promise<void> {
  registerMailRoutes(fastify, opts);
  registerPdfRoutes(fastify, opts.tickets);
}
