import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { fetchTransport, type HttpTransport } from '../paypal/client.ts';
import { REFUND_PATH, STATUS_PATH } from './client.ts';
import { CODICE_ESITO, type CodiceEsito } from './codes.ts';
import { NEXI_PAY_PATH } from './gateway.ts';
import { apiRequestMacFields, apiResponseMacFields, macMatches, requestMacFields, resultMacFields, xpayMac } from './mac.ts';
import { renderCheckoutPage, renderStandInMessage, STANDIN_DECLINES, standInLang } from './standin-page.ts';
import { NexiStandInState, type StandInOrder } from './standin-state.ts';

/**
 * A stand-in for Nexi XPay (docs/decisions/013), mounted in the app when not in production,
 * like the PayPal one: the hosted page of "pagamento semplice" (signed GET redirect, MAC
 * checked), the signed result to `url`, the signed server-to-server POST to `urlpost`,
 * `url_back` on cancel, and the back-office calls situazioneOrdine (with the refund operations)
 * and storna (partial or whole; more than what is left is refused; test switches refuse or
 * hold the answer).
 */
export const NEXI_STANDIN_PREFIX = '/nexi-standin';

export interface NexiStandInOptions {
  alias: string;
  macKey: string;
  /** The app's own origin: a urlpost there is delivered through app.inject. */
  appUrl: string;
  state?: NexiStandInState;
}

const noCsrf = { config: { access: 'public', csrf: false } as const, schema: { hide: true } };

const ZPayRequest = z.object({
  alias: z.string().min(1),
  importo: z.string().regex(/^\d{1,9}$/),
  divisa: z.string(),
  codTrans: z.string().min(2).max(30),
  url: z.url(),
  url_back: z.url(),
  urlpost: z.url().optional(),
  mac: z.string(),
  languageId: z.string().optional(),
  descrizione: z.string().max(2000).optional(),
  mail: z.string().optional(),
});
const ZChoice = z.object({ choice: z.string().max(32).optional(), action: z.string().max(16).optional() });
const ZApi = z.object({
  apiKey: z.string(),
  codiceTransazione: z.string(),
  timeStamp: z.union([z.string(), z.number()]),
  mac: z.string(),
  importo: z.number().optional(),
  divisa: z.string().optional(),
});

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

/** Reaches the app itself through app.inject (tests and the e2e server need no socket for it). */
export function loopbackTransport(app: FastifyInstance, appUrl: string): HttpTransport {
  const origin = new URL(appUrl).origin;
  return async (r) => {
    if (!r.url.startsWith(`${origin}/`)) return fetchTransport(r);
    const res = await app.inject({ method: r.method, url: r.url.slice(origin.length), headers: r.headers, ...(r.body === undefined ? {} : { payload: r.body }) });
    return { status: res.statusCode, body: res.body };
  };
}

/** The outcome fields XPay sends to url and urlpost, MAC included. */
function resultFields(order: StandInOrder, alias: string, macKey: string): Record<string, string> {
  const esito = order.state === 'approved' ? 'OK' : 'KO';
  const fields = { codTrans: order.codTrans, esito, importo: String(order.importo), divisa: order.divisa, data: order.data, orario: order.orario, codAut: order.codAut };
  const code = (order.codiceEsito ?? '0') as CodiceEsito;
  return {
    alias,
    ...fields,
    codiceEsito: code,
    messaggio: esito === 'OK' ? 'Message OK' : (CODICE_ESITO[code]?.en ?? 'Auth. Denied'),
    brand: 'VISA',
    pan: '453997******0006',
    nazionalita: 'ITA',
    languageId: order.languageId,
    mac: xpayMac(resultMacFields(fields), macKey),
  };
}

export async function nexiStandInRoutes(fastify: FastifyInstance, opts: NexiStandInOptions): Promise<void> {
  const state = opts.state ?? new NexiStandInState();
  const deliver = loopbackTransport(fastify, opts.appUrl);

  fastify.get(`${NEXI_STANDIN_PREFIX}${NEXI_PAY_PATH}`, noCsrf, async (req, reply) => {
    const parsed = ZPayRequest.safeParse(req.query ?? {});
    const lang = standInLang((req.query as { languageId?: string } | undefined)?.languageId);
    if (!parsed.success) return html(reply, 400, renderStandInMessage(lang, 'invalid', CODICE_ESITO['101'][lang]));
    const p = parsed.data;
    if (p.alias !== opts.alias || !macMatches(requestMacFields(p), opts.macKey, p.mac))
      return html(reply, 400, renderStandInMessage(lang, 'invalid', CODICE_ESITO['111'][lang]));
    const known = state.orders.get(p.codTrans);
    if (known && known.state !== 'open') return html(reply, 409, renderStandInMessage(lang, 'done'));
    const order: StandInOrder = known ?? {
      codTrans: p.codTrans,
      importo: Number(p.importo),
      divisa: p.divisa,
      url: p.url,
      urlBack: p.url_back,
      urlpost: p.urlpost ?? null,
      languageId: p.languageId ?? 'ITA',
      descrizione: p.descrizione ?? '',
      state: 'open',
      codiceEsito: null,
      codAut: '',
      data: '',
      orario: '',
      openedAt: state.now(),
      refunds: [],
    };
    state.orders.set(order.codTrans, order);
    const declineText = (code: string, l: typeof lang) => CODICE_ESITO[code as CodiceEsito][l];
    return html(reply, 200, renderCheckoutPage(order, `${NEXI_STANDIN_PREFIX}/checkout/${order.codTrans}`, declineText));
  });

  // Whoever has the checkout page's address can pay or cancel the order: it stays out of the log.
  const checkout = { ...noCsrf, config: { ...noCsrf.config, secretParams: ['codTrans'] } };
  fastify.post<{ Params: { codTrans: string } }>(`${NEXI_STANDIN_PREFIX}/checkout/:codTrans`, checkout, async (req, reply) => {
    const order = state.orders.get(req.params.codTrans);
    const form = ZChoice.safeParse(req.body ?? {});
    if (!order || !form.success) return html(reply, 404, renderStandInMessage('it', 'invalid'));
    const lang = standInLang(order.languageId);
    if (form.data.action === 'cancel') {
      if (!state.decide(order, 'cancelled', null)) return html(reply, 409, renderStandInMessage(lang, 'done'));
      return reply.redirect(
        withQuery(order.urlBack, { alias: opts.alias, importo: String(order.importo), divisa: order.divisa, codTrans: order.codTrans, esito: 'ANNULLO' }),
        303,
      );
    }
    const declined = form.data.choice?.startsWith('decline-') ? form.data.choice.slice('decline-'.length) : null;
    if (declined && !(STANDIN_DECLINES as readonly string[]).includes(declined)) return html(reply, 400, renderStandInMessage(lang, 'invalid'));
    if (!state.decide(order, declined ? 'declined' : 'approved', declined ?? '0')) return html(reply, 409, renderStandInMessage(lang, 'done'));
    const fields = resultFields(order, opts.alias, opts.macKey);
    // Server to server first, as XPay does; the buyer goes back to url whatever the merchant answered.
    if (order.urlpost) {
      const res = await deliver({
        method: 'POST',
        url: order.urlpost,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
      if (res.status !== 200) req.log.warn({ codTrans: order.codTrans, status: res.status }, 'nexi stand-in: merchant did not take the notification');
    }
    return reply.redirect(withQuery(order.url, fields), 303);
  });

  fastify.post(`${NEXI_STANDIN_PREFIX}${STATUS_PATH}`, noCsrf, async (req, reply) => {
    const call = verifiedApiCall(req.body, opts, false);
    if (!call) return reply.status(200).send(signedAnswer(opts.macKey, state, 'KO', { errore: { codice: 111, messaggio: 'MAC errato' } }));
    const order = state.orders.get(call.codiceTransazione);
    if (!order) return reply.status(200).send(signedAnswer(opts.macKey, state, 'KO', { errore: { codice: 20, messaggio: 'Ordine non presente' } }));
    const operazioni = order.refunds.map((r) => ({
      tipoOperazione: 'RIMBORSO',
      importo: r.importo,
      divisa: 'EUR',
      stato: 'Effettuato',
      dataOperazione: r.at,
      idOperazione: r.idOperazione,
    }));
    const dettaglio = [{ stato: state.stato(order), importo: order.importo, divisa: order.divisa, codiceAutorizzazione: order.codAut, operazioni }];
    return signedAnswer(opts.macKey, state, 'OK', { report: [{ codiceTransazione: order.codTrans, dettaglio }] });
  });

  fastify.post(`${NEXI_STANDIN_PREFIX}${REFUND_PATH}`, noCsrf, async (req, reply) => {
    const call = verifiedApiCall(req.body, opts, true);
    if (!call) return reply.status(200).send(signedAnswer(opts.macKey, state, 'KO', { errore: { codice: 111, messaggio: 'MAC errato' } }));
    const order = state.orders.get(call.codiceTransazione);
    if (!order) return reply.status(200).send(signedAnswer(opts.macKey, state, 'KO', { errore: { codice: 20, messaggio: 'Ordine non presente' } }));
    const refused = state.refundSwitches.refuse;
    if (refused) {
      const text = CODICE_ESITO[refused as CodiceEsito]?.it ?? 'Errore generico';
      return reply.status(200).send(signedAnswer(opts.macKey, state, 'KO', { errore: { codice: Number(refused), messaggio: text } }));
    }
    const idOperazione = call.divisa === '978' ? state.refund(order, call.importo ?? -1) : null;
    // Taken (or refused) first, answered after: a held answer is a refund whose reply never arrived.
    await state.refundSwitches.answer();
    if (!idOperazione) return reply.status(200).send(signedAnswer(opts.macKey, state, 'KO', { errore: { codice: 404, messaggio: CODICE_ESITO['404'].it } }));
    return signedAnswer(opts.macKey, state, 'OK', {}, idOperazione);
  });
}

function verifiedApiCall(body: unknown, opts: NexiStandInOptions, withAmount: boolean) {
  const parsed = ZApi.safeParse(body ?? {});
  if (!parsed.success || parsed.data.apiKey !== opts.alias) return null;
  const c = parsed.data;
  const fields = apiRequestMacFields({
    apiKey: c.apiKey,
    codiceTransazione: c.codiceTransazione,
    timeStamp: String(c.timeStamp),
    ...(withAmount ? { importo: c.importo ?? -1, divisa: c.divisa ?? '' } : {}),
  });
  return macMatches(fields, opts.macKey, c.mac) ? c : null;
}

function signedAnswer(macKey: string, state: NexiStandInState, esito: 'OK' | 'KO', rest: Record<string, unknown>, idOperazione = state.newOperationId()) {
  const head = { esito, idOperazione, timeStamp: String(state.now()) };
  return { ...head, mac: xpayMac(apiResponseMacFields(head), macKey), ...rest };
}

function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}
