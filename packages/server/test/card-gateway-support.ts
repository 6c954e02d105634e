import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type Config, testConfig } from '../src/config.ts';
import { resultMacFields, xpayMac } from '../src/modules/payments/nexi/mac.ts';

/** Test configuration with Nexi XPay as the card gateway (its in-app stand-in). */
export function nexiConfig(overrides: Partial<Config> = {}): Partial<Config> {
  const base = testConfig();
  return { payments: { ...base.payments, gateway: 'nexi' }, ...overrides };
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** The stand-in's hosted page as the buyer's browser opens it from the bank link. */
export const openNexiPage = (app: FastifyInstance, bankLink: string) => app.inject({ method: 'GET', url: pathOf(bankLink) });

/**
 * Walks the stand-in page to a choice (approve, decline-<codiceEsito>, cancel) and follows
 * the browser back to the app (url or url_back), as a browser does.
 */
export async function payAtNexi(app: FastifyInstance, bankLink: string, choice: string) {
  const page = await openNexiPage(app, bankLink);
  const action = page.body.match(/<form method="post" action="([^"]+)"/)?.[1];
  if (page.statusCode !== 200 || !action) throw new Error(`no stand-in page: ${page.statusCode} ${page.body.slice(0, 200)}`);
  const form: Record<string, string> = choice === 'cancel' ? { action: 'cancel' } : { choice };
  const decided = await app.inject({
    method: 'POST',
    url: action.replaceAll('&amp;', '&'),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
  const back = decided.headers.location ? await app.inject({ method: 'GET', url: pathOf(String(decided.headers.location)) }) : null;
  return { page, decided, back, resultUrl: decided.headers.location ? String(decided.headers.location) : null };
}

export interface ResultFields {
  codTrans: string;
  esito: string;
  importo: string;
  divisa: string;
  data: string;
  orario: string;
  codAut: string;
  codiceEsito?: string;
  messaggio?: string;
}

/** An XPay outcome signed with a key (the configured one, or another to forge it). */
export function signedResult(fields: ResultFields, macKey: string): Record<string, string> {
  const { codiceEsito, messaggio, ...covered } = fields;
  return {
    alias: 'ALIAS_WEB_HELILINE',
    ...covered,
    ...(codiceEsito ? { codiceEsito } : {}),
    ...(messaggio ? { messaggio } : {}),
    mac: xpayMac(resultMacFields(covered), macKey),
  };
}

/** Posts a notification to urlpost the way XPay does (form-encoded, server to server). */
export function postNotification(app: FastifyInstance, fields: Record<string, string>): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/payments/nexi/notify',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}
