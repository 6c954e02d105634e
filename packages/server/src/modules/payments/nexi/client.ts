import { randomToken } from '../../../lib/crypto.ts';
import { fetchTransport, type HttpTransport } from '../paypal/client.ts';
import { apiRequestMacFields, apiResponseMacFields, macMatches, xpayMac } from './mac.ts';

/**
 * XPay's back-office API (JSON over POST, each request and answer signed with the MAC key):
 * `situazioneOrdine` (an order's state: the server-side check that decides an outcome, never
 * the browser) and `storna` (refund of a captured payment).
 */
export const STATUS_PATH = '/ecomm/api/bo/situazioneOrdine';
export const REFUND_PATH = '/ecomm/api/bo/storna';
/** divisa in back-office calls is ISO 4217 numeric: 978 = EUR. */
const EUR_NUMERIC = '978';

export interface NexiCredentials {
  alias: string;
  macKey: string;
  apiUrl: string;
}

export type OrderState = { kind: 'found'; stato: string; importo: number | null } | { kind: 'notFound' };

/** What storna answered: OK with its operation id, or KO/ERRORE with XPay's error code and text. */
export type StornoAnswer = { ok: true; idOperazione: string } | { ok: false; esito: string; codice: string; messaggio: string };

/** The refund operations (RIMBORSO, STORNO) XPay lists for an order: their sum in cents. */
export type RefundedState = { kind: 'found'; refundedCents: number; operationIds: string[] } | { kind: 'notFound' };

/** The gateway answered something we cannot trust or read: nothing is decided on it. */
export class NexiApiError extends Error {}

interface Operation {
  tipoOperazione?: unknown;
  importo?: unknown;
  idOperazione?: unknown;
}

interface ApiAnswer {
  esito?: unknown;
  idOperazione?: unknown;
  timeStamp?: unknown;
  mac?: unknown;
  errore?: { codice?: unknown; messaggio?: unknown };
  report?: { codiceTransazione?: unknown; dettaglio?: { stato?: unknown; importo?: unknown; operazioni?: Operation[] }[] }[];
}

const REFUND_OPERATIONS = new Set(['RIMBORSO', 'STORNO']);

export class NexiClient {
  private transport: HttpTransport = fetchTransport;

  constructor(private readonly credentials: NexiCredentials) {}

  get apiUrl(): string {
    return this.credentials.apiUrl;
  }

  /** The in-app stand-in is reached through app.inject (same bytes, no socket). */
  useTransport(transport: HttpTransport): void {
    this.transport = transport;
  }

  async orderState(codTrans: string): Promise<OrderState> {
    const answer = await this.call(STATUS_PATH, { codiceTransazione: codTrans });
    if (answer.esito !== 'OK') {
      // "Ordine non presente": the buyer never reached the page, or XPay has nothing of it.
      if (String(answer.errore?.codice) === '20') return { kind: 'notFound' };
      throw new NexiApiError(`situazioneOrdine ${String(answer.esito)} ${String(answer.errore?.codice)}`);
    }
    const order = answer.report?.find((r) => r.codiceTransazione === codTrans);
    const detail = order?.dettaglio?.[0];
    if (!order || !detail) return { kind: 'notFound' };
    if (typeof detail.stato !== 'string') throw new NexiApiError('situazioneOrdine without stato');
    const importo = Number(detail.importo);
    return { kind: 'found', stato: detail.stato, importo: Number.isSafeInteger(importo) ? importo : null };
  }

  /**
   * storna: gives back `amountCents` of a captured payment (part or all). XPay takes no
   * idempotency key here: a caller that does not know whether an earlier call got through asks
   * `refunded` first.
   */
  async storna(codTrans: string, amountCents: number): Promise<StornoAnswer> {
    const answer = await this.call(REFUND_PATH, { codiceTransazione: codTrans, importo: amountCents, divisa: EUR_NUMERIC });
    if (answer.esito === 'OK') return { ok: true, idOperazione: String(answer.idOperazione) };
    return { ok: false, esito: String(answer.esito), codice: String(answer.errore?.codice ?? ''), messaggio: String(answer.errore?.messaggio ?? '').slice(0, 255) };
  }

  /** How much XPay has refunded of an order so far (situazioneOrdine's operations). */
  async refunded(codTrans: string): Promise<RefundedState> {
    const answer = await this.call(STATUS_PATH, { codiceTransazione: codTrans });
    if (answer.esito !== 'OK') {
      if (String(answer.errore?.codice) === '20') return { kind: 'notFound' };
      throw new NexiApiError(`situazioneOrdine ${String(answer.esito)} ${String(answer.errore?.codice)}`);
    }
    const order = answer.report?.find((r) => r.codiceTransazione === codTrans);
    if (!order) return { kind: 'notFound' };
    const operations = (order.dettaglio ?? []).flatMap((d) => d.operazioni ?? []).filter((o) => REFUND_OPERATIONS.has(String(o.tipoOperazione)));
    const cents = operations.map((o) => Number(o.importo));
    if (cents.some((c) => !Number.isSafeInteger(c))) throw new NexiApiError('situazioneOrdine: unreadable operation amount');
    return { kind: 'found', refundedCents: cents.reduce((a, c) => a + c, 0), operationIds: operations.map((o) => String(o.idOperazione ?? '')) };
  }

  private async call(path: string, fields: { codiceTransazione: string; importo?: number; divisa?: string }): Promise<ApiAnswer> {
    const { alias, macKey, apiUrl } = this.credentials;
    const timeStamp = String(Date.now());
    const mac = xpayMac(apiRequestMacFields({ apiKey: alias, timeStamp, ...fields }), macKey);
    const body = JSON.stringify({ apiKey: alias, ...fields, timeStamp, mac });
    const res = await this.transport({ method: 'POST', url: `${apiUrl}${path}`, headers: { 'content-type': 'application/json', 'x-request-id': randomToken(12) }, body });
    if (res.status !== 200) throw new NexiApiError(`${path}: HTTP ${res.status}`);
    let answer: ApiAnswer;
    try {
      answer = JSON.parse(res.body) as ApiAnswer;
    } catch {
      throw new NexiApiError(`${path}: not JSON`);
    }
    const signed = { esito: String(answer.esito), idOperazione: String(answer.idOperazione), timeStamp: String(answer.timeStamp) };
    if (!macMatches(apiResponseMacFields(signed), macKey, typeof answer.mac === 'string' ? answer.mac : undefined)) {
      throw new NexiApiError(`${path}: answer MAC does not match`);
    }
    return answer;
  }
}
