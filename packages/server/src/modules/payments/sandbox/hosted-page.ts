import { type Lang, parseLang } from '@heliline/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hmac, randomToken, safeEqual } from '../../../lib/crypto.ts';
import { NOTIFY_PATH, SIGNATURE_HEADER } from '../signature.ts';
import type { BankChoice, SandboxBank } from './bank.ts';
import { renderMessagePage, renderPaymentPage } from './page.ts';
import { DECLINE_CODES, type DeclineCode } from './texts.ts';

const FORM_COOKIE = 'sandbox_bank_form';
const ORDER_ID = /^sbo_[\w-]{10,40}$/;

type LangQuery = { lang?: Lang | undefined };
type PageOrder = NonNullable<Awaited<ReturnType<SandboxBank['find']>>>;

/** The bank's form fields as posted: the cancel button, or the checked radio (approve / decline-<code>). */
function bankChoice(body: { choice?: unknown; action?: unknown }): BankChoice | null {
  if (body.action === 'cancel') return { kind: 'cancel' };
  if (body.action !== undefined) return null;
  if (body.choice === 'approve' || body.choice === undefined) return { kind: 'approve' };
  const code = typeof body.choice === 'string' && body.choice.startsWith('decline-') ? body.choice.slice('decline-'.length) : '';
  return (DECLINE_CODES as string[]).includes(code) ? { kind: 'decline', code: code as DeclineCode } : null;
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send(body);

/**
 * The sandbox bank's hosted payment page: shows an order, takes the buyer's decision, tells the
 * merchant through its real notify endpoint and sends the buyer back. Every answer is an HTML page.
 */
export class HostedPage {
  private readonly formSecret: string;

  constructor(
    private readonly app: FastifyInstance,
    private readonly bank: SandboxBank,
  ) {
    this.formSecret = `${app.config.paymentsSandboxSecret}:bank-form`;
  }

  /** GET: the payment form, or the page that says the order is unknown, expired or done. */
  async show(req: FastifyRequest, reply: FastifyReply, params: { orderId: string }, query: LangQuery) {
    const order = await this.findOrder(params);
    const lang = pageLang(query, order);
    if (!order) return html(reply, 404, renderMessagePage(lang, 'notFound'));
    const state = await this.bank.state(order.id);
    if (state === 'expired') return html(reply, 410, renderMessagePage(lang, 'expired', { order, backUrl: this.returnUrl(order.return_url) }));
    if (state !== 'open') {
      const refunds = await this.bank.refunds(order.id);
      return html(reply, 200, renderMessagePage(lang, 'done', { order, backUrl: this.returnUrl(order.return_url), refunds }));
    }
    return html(reply, 200, renderPaymentPage(lang, order, this.tokenFor(order.id, this.formNonce(req, reply))));
  }

  /** POST: the buyer's decision. */
  async choose(req: FastifyRequest, reply: FastifyReply, params: { orderId: string }, query: LangQuery, body: { _token: string; choice?: unknown; action?: unknown }) {
    const { order, lang, refused } = await this.formOrder(req, reply, params, query, body._token);
    if (!order) return refused;
    const choice = bankChoice(body);
    if (!choice) return html(reply, 400, renderMessagePage(lang, 'badToken', { reloadUrl: `/sandbox-bank/pay/${order.id}?lang=${lang}` }));
    const result = await this.bank.decide(order.id, choice);
    if (result === 'expired') return html(reply, 410, renderMessagePage(lang, 'expired', { order, backUrl: this.returnUrl(order.return_url) }));
    // 'decided' or 'already' (a double click, a second tab): either way the merchant hears the one outcome.
    return this.finish(reply, lang, order.id, req.cookies[FORM_COOKIE]!);
  }

  /** POST: try the notification again after the merchant did not take it. */
  async retry(req: FastifyRequest, reply: FastifyReply, params: { orderId: string }, query: LangQuery, token: string) {
    const { order, lang, refused } = await this.formOrder(req, reply, params, query, token);
    if (!order) return refused;
    return this.finish(reply, lang, order.id, req.cookies[FORM_COOKIE]!);
  }

  private async findOrder(params: { orderId: string }): Promise<PageOrder | undefined> {
    return ORDER_ID.test(params.orderId) ? await this.bank.find(params.orderId) : undefined;
  }

  private returnUrl(path: string) {
    return `${this.app.config.appUrl}${path}`;
  }

  /** Form token bound to the order and to a cookie only this browser has (double submit, signed). */
  private formNonce(req: FastifyRequest, reply: FastifyReply) {
    const existing = req.cookies[FORM_COOKIE];
    if (existing && /^[\w-]{16,64}$/.test(existing)) return existing;
    const nonce = randomToken(18);
    reply.setCookie(FORM_COOKIE, nonce, { path: '/sandbox-bank', httpOnly: true, sameSite: 'strict', secure: this.app.config.appUrl.startsWith('https:') });
    return nonce;
  }

  private tokenFor(orderId: string, nonce: string) {
    return hmac(this.formSecret, `${orderId}.${nonce}`);
  }

  private tokenValid(req: FastifyRequest, orderId: string, token: string) {
    const nonce = req.cookies[FORM_COOKIE];
    return Boolean(nonce && token && safeEqual(token, this.tokenFor(orderId, nonce)));
  }

  /** The order a bank form posts to, once its token checks out; otherwise the page that says why. */
  private async formOrder(req: FastifyRequest, reply: FastifyReply, params: { orderId: string }, query: LangQuery, token: string) {
    const found = await this.findOrder(params);
    const lang = pageLang(query, found);
    if (!found) return { lang, refused: html(reply, 404, renderMessagePage(lang, 'notFound')) };
    if (!this.tokenValid(req, found.id, token)) {
      return { lang, refused: html(reply, 403, renderMessagePage(lang, 'badToken', { reloadUrl: `/sandbox-bank/pay/${found.id}?lang=${lang}` })) };
    }
    return { order: found, lang, refused: null };
  }

  /** After a decision (or a repeated post): notify the merchant, then send the buyer back. */
  private async finish(reply: FastifyReply, lang: Lang, orderId: string, nonce: string) {
    const order = (await this.bank.find(orderId))!;
    if (await this.deliver(orderId)) return reply.redirect(this.returnUrl(order.return_url), 303);
    const retry = { action: `/sandbox-bank/pay/${orderId}/notify?lang=${lang}`, token: this.tokenFor(orderId, nonce) };
    return html(reply, 502, renderMessagePage(lang, 'notifyFailed', { order, retry }));
  }

  /** Delivers the order's signed notification through the merchant's real endpoint (signature checked there). */
  private async deliver(orderId: string): Promise<boolean> {
    const notification = await this.bank.notificationFor(orderId);
    if (!notification) return false;
    const res = await this.app.inject({
      method: 'POST',
      url: NOTIFY_PATH,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: notification.signature },
      payload: notification.raw,
    });
    if (res.statusCode !== 200) this.app.log.error({ orderId, status: res.statusCode, body: res.body }, 'sandbox bank: merchant refused the notification');
    return res.statusCode === 200;
  }
}

const pageLang = (query: LangQuery, order?: { lang: string }) => query.lang ?? parseLang(order?.lang);
