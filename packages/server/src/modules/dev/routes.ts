import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Mailer } from '../mail/mailer.ts';
import type { ScheduleService } from '../schedule/service.ts';
import { findLinks, renderMail, renderMailbox, renderNotFound } from './view.ts';

/** The HTML mailbox shows this many of the newest messages. */
const MAILBOX_PAGE_SIZE = 100;

/** Recipient filter: exact address, any case. */
const ZTo = z.string().trim().toLowerCase().max(255).optional();

const ZMailboxQuery = z.object({ to: ZTo });

/** Moves a flight so its first leg takes off `inMinutes` from now (legs keep their durations and gaps). */
const ZFlightDepartureBody = z.object({
  flightId: z.number().int().positive(),
  inMinutes: z
    .number()
    .int()
    .min(-24 * 60)
    .max(7 * 24 * 60),
});

const ZMailboxApiQuery = z.object({
  to: ZTo,
  /** 0 is allowed: the web app's test panel probes with it to learn whether dev routes exist. */
  limit: z.coerce.number().int().min(0).max(MAILBOX_PAGE_SIZE).default(20),
});

export interface DevRoutesOptions {
  mailer: Mailer;
  schedule: ScheduleService;
}

const mailbox = { config: { access: 'public' } as const, schema: { hide: true, querystring: ZMailboxQuery } };
const mailboxMail = { config: { access: 'public' } as const, schema: { hide: true, params: z.object({ id: z.string() }) } };
const flightDeparture = { config: { access: 'public' } as const, schema: { hide: true, body: ZFlightDepartureBody } };
const mailboxApi = { config: { access: 'public' } as const, schema: { hide: true, querystring: ZMailboxApiQuery } };

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

type OutboxMail = Awaited<ReturnType<Mailer['outbox']>>[number];
type AttachmentName = Awaited<ReturnType<Mailer['attachmentNames']>>[number];

/** The JSON mailbox's view of one mail; only mails that have files carry the `attachments` key (ticket e-mails). */
function mailJson(m: OutboxMail, files: AttachmentName[]) {
  const mine = files.filter((f) => f.mail_id === m.id).map((f) => ({ filename: f.filename, contentType: f.content_type, size: f.size }));
  const attachments = mine.length ? { attachments: mine } : {};
  return { id: m.id, to: m.to_address, subject: m.subject, kind: m.kind, created_at: m.created_at, html: m.html, text: m.text, links: findLinks(m.text), ...attachments };
}

/** The HTML mailbox: the newest mails, and one mail with its attachments' names. */
function registerMailboxPages(fastify: FastifyInstance, mailer: Mailer): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/dev/mailbox', mailbox, async (req, reply) => {
    const to = req.query.to || undefined;
    return html(reply, 200, renderMailbox(req.lang, await mailer.outbox({ to, limit: MAILBOX_PAGE_SIZE }), to));
  });
  app.get('/dev/mailbox/:id', mailboxMail, async (req, reply) => {
    const id = /^\d{1,9}$/.test(req.params.id) ? Number(req.params.id) : null;
    const mail = id ? await mailer.outboxMail(id) : undefined;
    if (!mail) return html(reply, 404, renderNotFound(req.lang));
    return html(reply, 200, renderMail(req.lang, mail, await mailer.attachmentNames([mail.id])));
  });
}

/**
 * Developer mailbox: reads the mail_outbox table, where every e-mail is written (and, without
 * SMTP_URL, only written). Registered only outside production (modules/index.ts) and left out
 * of the OpenAPI document. The JSON twin lets end-to-end tests pick up verification and reset
 * links without a mail server.
 */
export async function devRoutes(fastify: FastifyInstance, { mailer, schedule }: DevRoutesOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerMailboxPages(fastify, mailer);
  // E2e only: a flight whose purchase cut-off passes while a buyer is on step 4, so the server
  // really refuses the store (422) after the browser's checks passed.
  app.post('/api/dev/flight-departure', flightDeparture, async (req, reply) => {
    const departsAt = await schedule.moveFlight(req.body.flightId, new Date(Date.now() + req.body.inMinutes * 60_000));
    if (!departsAt) return reply.status(404).send({ message: 'flight not found' });
    return reply.header('cache-control', 'no-store').send({ departsAt });
  });
  app.get('/api/dev/mailbox', mailboxApi, async (req, reply) => {
    const mails = await mailer.outbox({ to: req.query.to || undefined, limit: req.query.limit });
    const files = await mailer.attachmentNames(mails.map((m) => m.id));
    return reply.header('cache-control', 'no-store').send({ mails: mails.map((m) => mailJson(m, files)) });
  });
}
