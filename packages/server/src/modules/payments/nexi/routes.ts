import { type Lang, parseLang } from '@heliline/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../http/errors.ts';
import { ZMessageBody } from '../../../http/schemas.ts';
import { escapeHtml } from '../../../lib/html.ts';
import type { PaymentsService } from '../service.ts';
import { NEXI_BACK_PATH, NEXI_NOTIFY_PATH, NEXI_RETURN_PATH } from './gateway.ts';

// Loose on purpose: the gateway's fields are checked (and MAC-verified) by NexiPayments.
const ZFields = z.record(z.string(), z.unknown());

const notify = {
  config: { access: 'public', csrf: false } as const,
  schema: {
    tags: ['payments'],
    summary: 'Nexi XPay server-to-server outcome (urlpost), form-encoded, MAC-signed',
    description:
      'SHA-1 MAC over codTrans, esito, importo, divisa, data, orario, codAut and the MAC key. Idempotent: a replay answers the same and changes nothing; an amount, currency or codTrans that is not ours is refused.',
    body: ZFields,
    response: {
      200: z.object({ status: z.literal('ok'), replay: z.boolean(), paymentStatus: z.enum(['approved', 'declined', 'abandoned']) }),
      400: ZMessageBody,
      401: ZMessageBody,
      409: ZMessageBody,
    },
  },
};
// The buyer's browser coming back from the hosted page: answers are redirects or a small HTML page.
const browserReturn = { config: { access: 'public' } as const, schema: { hide: true, querystring: ZFields } };

const TEXT = {
  it: {
    title: 'Esito del pagamento non verificabile',
    body: 'Non è stato possibile verificare la risposta della banca: nessuna modifica è stata registrata.',
    home: 'Torna al sito',
  },
  en: { title: 'Payment result could not be verified', body: 'The bank’s answer could not be verified: nothing has been recorded.', home: 'Back to the site' },
} as const;

function refusedPage(reply: FastifyReply, lang: Lang, status: number) {
  const t = TEXT[lang];
  const html =
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(t.title)} – Heliline</title></head>` +
    `<body><main><h1>${escapeHtml(t.title)}</h1><p role="status">${escapeHtml(t.body)}</p><p><a href="/">${escapeHtml(t.home)}</a></p></main></body></html>`;
  return reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/** Runs a return step; a refused result gets the HTML page (nothing written), anything else propagates. */
async function returning(req: FastifyRequest, reply: FastifyReply, appUrl: string, step: () => Promise<string>) {
  try {
    return reply.redirect(`${appUrl}${await step()}`, 303);
  } catch (err) {
    if (err instanceof AppError && (err.status === 400 || err.status === 401)) {
      req.log.warn({ reason: err.message }, 'nexi: browser return refused');
      return refusedPage(reply, parseLang(req.lang), err.status);
    }
    throw err;
  }
}

/** Nexi XPay's three calls into the app: url (return), url_back (cancel) and urlpost (notification). */
export async function nexiRoutes(fastify: FastifyInstance, { payments }: { payments: PaymentsService }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const appUrl = app.config.appUrl;
  app.post(NEXI_NOTIFY_PATH, notify, async (req) => {
    const result = await payments.nexi.handleNotification(req.body);
    return { status: 'ok' as const, replay: result.replay, paymentStatus: result.outcome.status };
  });
  app.get(NEXI_RETURN_PATH, browserReturn, (req, reply) => returning(req, reply, appUrl, () => payments.nexi.handleReturn(req.query)));
  app.get(NEXI_BACK_PATH, browserReturn, (req, reply) => returning(req, reply, appUrl, () => payments.nexi.handleBack(req.query)));
}
