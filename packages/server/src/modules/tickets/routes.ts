import { decodeSingleTicketParam, isGroupCode, isTicketNumber, isValidEmail, type Lang, parseBookingCode } from '@heliline/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, messageBody } from '../../http/errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { SECURITY_USER, ZMessageBody } from '../../http/schemas.ts';
import { bookingPdfName, pdfName, type TicketsService } from './service.ts';
import type { TicketRow } from './ticket-pdf.ts';

export interface TicketsRoutesOptions {
  tickets: TicketsService;
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

/** Tickets: receipt e-mails, single-ticket e-mails and PDFs, for their owner or booking staff. */
export async function ticketsRoutes(fastify: FastifyInstance, opts: TicketsRoutesOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { tickets } = opts;

  /** Unknown and someone else's tickets look the same (404): ticket numbers are not an oracle. */
  const readable = async (req: FastifyRequest, ticketNrs: string[]): Promise<TicketRow[]> => {
    const user = currentUser(req);
    const rows: TicketRow[] = [];
    for (const nr of new Set(ticketNrs)) {
      const row = await tickets.findTicket(nr);
      if (!row || !tickets.canRead(user, row)) throw new AppError('notFound', 'notFound');
      rows.push(row);
    }
    return rows;
  };

  /** GET with a side effect (spec): refuse what a browser marks as coming from another site. */
  const sameSite = (req: FastifyRequest) => {
    const site = req.headers['sec-fetch-site'];
    if (site === 'cross-site') throw new AppError('forbidden', 'forbidden');
  };

  const sendPdf = (reply: FastifyReply, pdf: Buffer, filename: string) =>
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);

  app.post(
    '/api/submit-ticket',
    {
      config: { rateLimit: SEND_LIMIT },
      schema: {
        tags: ['tickets'],
        summary: "Receipt: e-mails one passenger's ticket(s) to the address typed next to them",
        description: 'A response without an `errors` key means success.',
        security: SECURITY_USER,
        body: ZSubmitTicket,
        response: {
          200: ZMessageBody.extend({ email: z.string(), tickets: z.array(z.string()) }),
          502: ZMessageBody.extend({ errors: z.record(z.string(), z.array(z.string())) }),
        },
      },
    },
    async (req, reply) => {
      currentUser(req);
      const { email, tickets: raw } = req.body;
      if (!email || !isValidEmail(email)) throw new AppError('validation', 'receiptEmailInvalid', { email: ['receiptEmailInvalid'] });
      if (!raw) throw new AppError('validation', 'ticketRequestInvalid', { tickets: ['ticketRequestInvalid'] });
      const rows = await readable(req, Array.isArray(raw) ? raw : [raw]);
      if (new Set(rows.map((r) => r.booking_code)).size !== 1) throw new AppError('validation', 'ticketRequestInvalid', { tickets: ['ticketRequestInvalid'] });
      try {
        await tickets.sendTicketsTo(rows, email, req.lang);
      } catch (err) {
        req.log.error({ err }, 'receipt ticket e-mail failed');
        return reply.status(502).send(messageBody('ticketSendFailed', req.lang, { errors: { email: [messageBody('ticketSendFailed', req.lang).message] } }));
      }
      return messageBody('ticketSent', req.lang, { email, tickets: rows.map((r) => r.ticket_nr) });
    },
  );

  app.get(
    '/api/send-single-ticket/:param',
    {
      config: { rateLimit: SEND_LIMIT },
      schema: {
        tags: ['tickets'],
        summary: 'E-mails one ticket; the parameter is base64(ticketNr:email)',
        security: SECURITY_USER,
        params: z.object({ param: z.string().max(600) }),
        response: { 200: ZSingleAnswer, 422: ZSingleAnswer.extend({ errors: z.record(z.string(), z.array(z.string())) }), 502: ZSingleAnswer },
      },
    },
    async (req, reply) => {
      sameSite(req);
      currentUser(req);
      const decoded = decodeSingleTicketParam(req.params.param);
      const lang = req.lang;
      const refuse = (field: string, key: 'ticketRequestInvalid' | 'receiptEmailInvalid') => {
        const body = messageBody(key, lang);
        return reply.status(422).send({ ...body, status: 'error' as const, error: body.message, errors: { [field]: [body.message] } });
      };
      if (!decoded) return refuse('param', 'ticketRequestInvalid');
      if (!isValidEmail(decoded.email)) return refuse('email', 'receiptEmailInvalid');
      const rows = await readable(req, [decoded.ticketNr]);
      try {
        await tickets.sendTicketsTo(rows, decoded.email, lang);
      } catch (err) {
        req.log.error({ err }, 'single ticket e-mail failed');
        const body = messageBody('singleTicketFailed', lang);
        return reply.status(502).send({ ...body, status: 'error' as const, error: body.message });
      }
      const body = messageBody('singleTicketSent', lang);
      const n = decoded.ticketNr;
      return {
        ...body,
        message: body.message.replace('{n}', n),
        messages: { it: body.messages.it.replace('{n}', n), en: body.messages.en.replace('{n}', n) },
        message_it: body.message_it.replace('{n}', n),
        message_en: body.message_en.replace('{n}', n),
        status: 'success' as const,
        error: null,
      };
    },
  );

  app.get(
    '/api/tickets/:ticketNr/pdf',
    {
      schema: {
        tags: ['tickets'],
        summary: 'One ticket as PDF (owner, or staff with the payment area)',
        security: SECURITY_USER,
        params: z.object({ ticketNr: z.string().max(16) }),
        querystring: ZLangQuery,
      },
    },
    async (req, reply) => {
      currentUser(req);
      if (!isTicketNumber(req.params.ticketNr)) throw new AppError('notFound', 'notFound');
      const [row] = await readable(req, [req.params.ticketNr]);
      return sendPdf(reply, await tickets.pdf([row!], pdfLang(req.query.lang, req.lang)), pdfName(row!));
    },
  );

  app.get(
    '/api/bookings/:code/pdf',
    {
      schema: {
        tags: ['tickets'],
        summary: 'All tickets of a booking as one PDF (8-character booking code, or the 6-character group code for the whole group)',
        security: SECURITY_USER,
        params: z.object({ code: z.string().max(16) }),
        querystring: ZLangQuery,
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const code = req.params.code.trim().toUpperCase();
      const rows = parseBookingCode(code) ? await tickets.rowsForBooking(code) : isGroupCode(code) ? await tickets.rowsForGroup(code) : [];
      if (!rows.length || !rows.every((r) => tickets.canRead(user, r))) throw new AppError('notFound', 'notFound');
      return sendPdf(reply, await tickets.pdf(rows, pdfLang(req.query.lang, req.lang)), bookingPdfName(code));
    },
  );
}

const pdfLang = (query: Lang | undefined, request: Lang): Lang => query ?? request;
