import { randomBytes } from 'node:crypto';
import { type Lang, parseLang } from '@heliline/domain';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/database.ts';
import { sha256 } from '../../../lib/crypto.ts';
import type { FinalPaymentStatus } from '../contract.ts';
import * as q from '../queries.ts';
import { NotificationRefused } from '../refusal.ts';
import type { NotificationResult, VerifiedOutcome } from '../verified.ts';
import { type NexiClient, type OrderState } from './client.ts';
import { bankMessage, CANCELLED, DENIED, statusOfEsito, statusOfStato, TIMED_OUT } from './codes.ts';
import { macMatches, requestMacFields, resultMacFields, xpayMac } from './mac.ts';

/** Where XPay sends the buyer back (url, url_back) and posts its server-to-server notification (urlpost). */
export const NEXI_RETURN_PATH = '/api/payments/nexi/return';
export const NEXI_BACK_PATH = '/api/payments/nexi/back';
export const NEXI_NOTIFY_PATH = '/api/payments/nexi/notify';
/** The hosted payment page ("pagamento semplice"): a signed GET redirect. */
export const NEXI_PAY_PATH = '/ecomm/ecomm/DispatcherServlet';

/** The outcome fields XPay sends to `url` (query) and `urlpost` (form); extra fields are ignored. */
const ZNexiResult = z.object({
  codTrans: z.string().min(2).max(30),
  esito: z.string().max(16),
  importo: z.string().regex(/^\d{1,9}$/),
  divisa: z.string().max(3),
  data: z.string().regex(/^\d{8}$/),
  orario: z.string().regex(/^\d{6}$/),
  codAut: z.string().max(32).default(''),
  mac: z.string().regex(/^[0-9a-fA-F]{40}$/),
  codiceEsito: z.string().max(8).optional(),
  messaggio: z.string().max(255).optional(),
});
export type NexiResult = z.infer<typeof ZNexiResult>;

/** What url_back carries when the buyer cancels: no MAC, so it decides nothing by itself. */
const ZNexiBack = z.object({ codTrans: z.string().min(2).max(30), esito: z.string().max(16).optional() });

export interface NexiDeps {
  db: Db;
  appUrl: string;
  alias: string;
  macKey: string;
  client: NexiClient;
  log: FastifyBaseLogger;
  record: (v: VerifiedOutcome) => Promise<NotificationResult>;
}

/**
 * Nexi XPay, hosted payment page (docs/decisions/013). The buyer's browser carries a signed
 * request to XPay and a signed result back, but only the signed server-to-server notification
 * or XPay's own status API (situazioneOrdine) decides an outcome.
 */
export class NexiPayments {
  /** A page left this long without an outcome is asked about by the sweep (longer than the seat hold). */
  static readonly PAGE_MINUTES = 15;

  constructor(private readonly deps: NexiDeps) {}

  /** A new codTrans and the signed redirect to the hosted page. */
  open(p: { amountCents: number; description: string; lang: Lang; customerEmail: string }): { codTrans: string; redirectUrl: string } {
    const { alias, macKey, client, appUrl } = this.deps;
    const codTrans = `HL${randomBytes(12).toString('hex').toUpperCase()}`;
    const request = { codTrans, divisa: 'EUR', importo: p.amountCents };
    const params = new URLSearchParams({
      alias,
      importo: String(p.amountCents),
      divisa: 'EUR',
      codTrans,
      url: `${appUrl}${NEXI_RETURN_PATH}`,
      url_back: `${appUrl}${NEXI_BACK_PATH}`,
      urlpost: `${appUrl}${NEXI_NOTIFY_PATH}`,
      mac: xpayMac(requestMacFields(request), macKey),
      languageId: p.lang === 'en' ? 'ENG' : 'ITA',
      descrizione: p.description,
      mail: p.customerEmail,
    });
    return { codTrans, redirectUrl: `${client.apiUrl}${NEXI_PAY_PATH}?${params.toString()}` };
  }

  /** urlpost: the MAC-checked outcome, recorded once (a replay changes nothing). */
  async handleNotification(body: unknown): Promise<NotificationResult> {
    const result = this.verified(body);
    const status = statusOfEsito(result.esito);
    if (status === 'pending') throw new NotificationRefused(400, 'paymentNotificationInvalid', `esito ${result.esito} is not an outcome`);
    return this.record(result, status);
  }

  /**
   * url: the buyer is back with a signed result. XPay's status API has to confirm it before
   * anything is written; either way the buyer goes on to the booking's status page.
   */
  async handleReturn(query: unknown): Promise<string> {
    const result = this.verified(query);
    const payment = await this.paymentOf(result.codTrans);
    const claimed = statusOfEsito(result.esito);
    const state = await this.stateOf(result.codTrans);
    const confirmed = state ? this.statusFrom(state, payment.amount_cents) : 'pending';
    if (claimed !== 'pending' && confirmed === claimed) await this.record(result, claimed);
    else this.deps.log.warn({ codTrans: result.codTrans, claimed, confirmed }, 'nexi: return not confirmed by the status API; waiting for the notification');
    return payment.return_path;
  }

  /** url_back (cancel): unsigned, so only the status API may turn it into an outcome. */
  async handleBack(query: unknown): Promise<string> {
    const parsed = ZNexiBack.safeParse(query);
    if (!parsed.success) throw new NotificationRefused(400, 'paymentNotificationInvalid', 'bad url_back fields');
    const payment = await this.paymentOf(parsed.data.codTrans);
    if (payment.status === 'pending') await this.check(payment, CANCELLED.code, true);
    return payment.return_path;
  }

  /** Pending Nexi payments older than the page's life: the status API says what became of them. */
  async sweep(now: Date): Promise<number> {
    const before = new Date(now.getTime() - NexiPayments.PAGE_MINUTES * 60_000).toISOString();
    let marked = 0;
    for (const payment of await q.listPendingBefore(this.deps.db, 'nexi', before)) {
      try {
        if (await this.check(payment, TIMED_OUT, false)) marked++;
      } catch (err) {
        this.deps.log.error({ err, paymentId: payment.id }, 'nexi: abandoned-payment check failed');
      }
    }
    return marked;
  }

  /**
   * Before the booking gives up a pending hold (a crash may have eaten XPay's notification):
   * records an outcome XPay has already decided. An order XPay does not know yet stays pending
   * here (the buyer may still be on the page); the sweep abandons it once the page's life is over.
   */
  async reconcile(payment: q.PaymentRow): Promise<boolean> {
    return this.check(payment, TIMED_OUT, false, { abandonUnknown: false });
  }

  /** Asks XPay about one payment and records what it says is final; true when something was recorded. */
  private async check(payment: q.PaymentRow, abandonCode: string, cancelled: boolean, opts = { abandonUnknown: true }): Promise<boolean> {
    const codTrans = payment.gateway_order_id;
    if (!codTrans) return false;
    const state = await this.stateOf(codTrans);
    if (!state) return false;
    if (state.kind === 'notFound' && !opts.abandonUnknown) return false;
    const status = state.kind === 'notFound' ? 'abandoned' : this.statusFrom(state, payment.amount_cents);
    if (status === 'pending' || status === 'unknown') return false;
    const lang = parseLang(payment.lang);
    const code = status === 'declined' ? DENIED : status === 'abandoned' ? abandonCode : null;
    const message = code === CANCELLED.code ? CANCELLED.text[lang] : bankMessage(code, lang);
    const id = `nexi_check_${codTrans}_${status}`;
    const result = await this.deps.record({
      gateway: 'nexi',
      notificationId: id,
      bodyHash: sha256(`${id}:${cancelled}`),
      orderId: codTrans,
      status,
      amountCents: state.kind === 'found' && state.importo !== null ? state.importo : payment.amount_cents,
      currency: 'EUR',
      bankMessage: message,
      errorCode: code,
      lateApproval: true,
    });
    return !result.replay;
  }

  private statusFrom(state: OrderState, expectedCents: number): FinalPaymentStatus | 'pending' | 'unknown' {
    if (state.kind === 'notFound') return 'pending';
    const status = statusOfStato(state.stato);
    // An authorisation for another amount is not ours to accept: the notification path refuses it too.
    if (status === 'approved' && state.importo !== null && state.importo !== expectedCents) return 'unknown';
    return status;
  }

  private async stateOf(codTrans: string): Promise<OrderState | null> {
    try {
      return await this.deps.client.orderState(codTrans);
    } catch (err) {
      this.deps.log.warn({ err, codTrans }, 'nexi: status API unavailable');
      return null;
    }
  }

  private verified(fields: unknown): NexiResult {
    const parsed = ZNexiResult.safeParse(fields);
    if (!parsed.success) throw new NotificationRefused(400, 'paymentNotificationInvalid', 'bad XPay result fields');
    if (!macMatches(resultMacFields(parsed.data), this.deps.macKey, parsed.data.mac)) {
      throw new NotificationRefused(401, 'paymentSignatureInvalid', 'XPay MAC does not match');
    }
    return parsed.data;
  }

  private async paymentOf(codTrans: string): Promise<q.PaymentRow> {
    const payment = await q.findPaymentByOrder(this.deps.db, 'nexi', codTrans);
    if (!payment) throw new NotificationRefused(400, 'paymentNotificationInvalid', 'unknown codTrans');
    return payment;
  }

  /** The MAC-covered fields decide; codiceEsito and messaggio (not covered) only word the refusal. */
  private async record(result: NexiResult, status: FinalPaymentStatus): Promise<NotificationResult> {
    const payment = await this.paymentOf(result.codTrans);
    const lang = parseLang(payment.lang);
    const code = status === 'approved' ? null : (result.codiceEsito ?? (status === 'abandoned' ? CANCELLED.code : null));
    const message = status === 'approved' ? null : code === CANCELLED.code ? CANCELLED.text[lang] : bankMessage(code, lang, result.messaggio);
    const canonical = [
      result.codTrans,
      result.esito,
      result.importo,
      result.divisa,
      result.data,
      result.orario,
      result.codAut,
      result.codiceEsito ?? '',
      result.messaggio ?? '',
    ].join('|');
    return this.deps.record({
      gateway: 'nexi',
      notificationId: `nexi_${result.mac.toLowerCase()}`,
      bodyHash: sha256(canonical),
      orderId: result.codTrans,
      status,
      amountCents: Number(result.importo),
      currency: result.divisa,
      bankMessage: message,
      errorCode: code,
      lateApproval: true,
    });
  }
}
