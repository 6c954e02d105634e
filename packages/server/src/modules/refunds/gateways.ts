import type { Lang } from '@heliline/domain';
import type { DbOrTrx } from '../../db/database.ts';
import type { Transactions } from '../../db/transaction.ts';
import { type NexiClient, NexiApiError } from '../payments/nexi/client.ts';
import { CODICE_ESITO, type CodiceEsito } from '../payments/nexi/codes.ts';
import { PaypalApiError, type PaypalClient } from '../payments/paypal/client.ts';
import type { SandboxBank } from '../payments/sandbox/bank.ts';
import type { RefundGateway, RefundRequest, RefundResult } from './contract.ts';

/**
 * The gateways that took money, behind RefundGateway: each answer mapped to ok, a retryable
 * failure (timeouts, 5xx, rate limits: the worker backs off) or a final refusal with the
 * gateway's own code and text (staff see it and may retry).
 */

/** No answer in this long counts as a timeout: the worker tries again later with the same key. */
const DEFAULT_TIMEOUT_MS = 20_000;

const retry = (code: string, reason: string): RefundResult => ({ ok: false, retryable: true, code, reason: reason.slice(0, 500) });
const refuse = (code: string, reason: string): RefundResult => ({ ok: false, retryable: false, code, reason: reason.slice(0, 500) });

/** The call, or a retryable TIMEOUT when it has not answered in time (it may still have reached the gateway). */
async function withTimeout(call: () => Promise<RefundResult>, ms: number): Promise<RefundResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<RefundResult>((resolve) => {
    timer = setTimeout(() => resolve(retry('TIMEOUT', `no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([call(), timeout]);
  } catch (err) {
    return retry('UNREACHABLE', err instanceof Error ? err.message : String(err));
  } finally {
    clearTimeout(timer);
  }
}

/** PayPal issues that a later call may get past; every other 4xx is final. */
const PAYPAL_RETRYABLE = new Set(['RATE_LIMIT_REACHED', 'INTERNAL_SERVER_ERROR', 'INTERNAL_SERVICE_ERROR', 'SERVICE_UNAVAILABLE', 'PAYPAL_NOT_CONFIGURED']);

/**
 * PayPal, Payments v2: POST /v2/payments/captures/{capture_id}/refund with PayPal-Request-Id =
 * our idempotency key, so a call repeated after a timeout or a crash gives the first refund back.
 * COMPLETED means the money has moved (confirmed); PENDING that PayPal is still on it (sent).
 */
export class PaypalRefunds implements RefundGateway {
  constructor(
    private readonly client: PaypalClient,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {}

  refund(request: RefundRequest): Promise<RefundResult> {
    return withTimeout(() => this.call(request), this.timeoutMs);
  }

  private async call({ gatewayRef, amountCents, idempotencyKey }: RefundRequest): Promise<RefundResult> {
    try {
      const refund = await this.client.refundCapture(gatewayRef, amountCents, idempotencyKey);
      if (refund.status === 'COMPLETED' || refund.status === 'PENDING') return { ok: true, gatewayRefundId: refund.id, confirmed: refund.status === 'COMPLETED' };
      return refuse(`REFUND_${refund.status}`, refund.status_details?.reason ?? `PayPal refund ${refund.status}`);
    } catch (err) {
      if (!(err instanceof PaypalApiError)) throw err;
      const reason = err.details[0]?.description ?? err.message;
      if (err.httpStatus >= 500 || err.httpStatus === 429 || PAYPAL_RETRYABLE.has(err.issue)) return retry(err.issue, reason);
      // CAPTURE_FULLY_REFUNDED, REFUND_AMOUNT_EXCEEDED, TRANSACTION_REFUSED, INVALID_RESOURCE_ID …
      return refuse(err.issue, reason);
    }
  }
}

/** XPay error codes of a storna that a later call may get past (technical errors, host not reached). */
const NEXI_RETRYABLE = new Set(['109', '406', '407']);

/** The Italian text of a known XPay code, else XPay's own message. */
const nexiText = (code: string, messaggio: string, lang: Lang = 'it') =>
  (Object.hasOwn(CODICE_ESITO, code) ? CODICE_ESITO[code as CodiceEsito][lang] : '') || messaggio || `XPay ${code}`;

/**
 * Nexi XPay's storna (partial or whole). Its API takes no idempotency key, so a retry first
 * reads the order's refund operations back (situazioneOrdine): when XPay has refunded more than
 * the refunds we have recorded as sent (`recordedCents`, this one excluded), the earlier call
 * got through and its answer was lost, and nothing is sent again. The worker sends one refund
 * of a payment at a time, oldest first, so the difference is this one. A first call reads
 * nothing back (`recordedCents` null): a refund made by hand in XPay's back office is then
 * never mistaken for ours.
 */
export class NexiRefunds implements RefundGateway {
  constructor(
    private readonly client: NexiClient,
    private readonly recordedCents: (request: RefundRequest) => Promise<number | null>,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {}

  refund(request: RefundRequest): Promise<RefundResult> {
    return withTimeout(() => this.call(request), this.timeoutMs);
  }

  private async call(request: RefundRequest): Promise<RefundResult> {
    const { gatewayRef, amountCents } = request;
    try {
      const recorded = await this.recordedCents(request);
      if (recorded !== null) {
        const done = await this.client.refunded(gatewayRef);
        if (done.kind === 'notFound') return refuse('20', nexiText('20', ''));
        if (done.refundedCents - recorded >= amountCents) return { ok: true, gatewayRefundId: done.operationIds.at(-1) || `xpay:${gatewayRef}`, confirmed: false };
      }
      const answer = await this.client.storna(gatewayRef, amountCents);
      if (answer.ok) return { ok: true, gatewayRefundId: answer.idOperazione, confirmed: false };
      const text = nexiText(answer.codice, answer.messaggio);
      return NEXI_RETRYABLE.has(answer.codice) || answer.esito === 'ERRORE' ? retry(answer.codice || answer.esito, text) : refuse(answer.codice || answer.esito, text);
    } catch (err) {
      if (err instanceof NexiApiError) return retry('XPAY_UNREADABLE', err.message);
      throw err;
    }
  }
}

/**
 * Our refunds of an XPay order already sent or confirmed, this one excluded (NexiRefunds'
 * `recordedCents`); null on the first call under this key (its claim counted attempt 1).
 */
export function nexiRecordedCents(db: DbOrTrx) {
  return async ({ gatewayRef, idempotencyKey }: RefundRequest): Promise<number | null> => {
    const own = await db.selectFrom('refunds').select('attempts').where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
    if (!own || own.attempts <= 1) return null;
    const row = await db
      .selectFrom('refunds as r')
      .innerJoin('payments as p', 'p.id', 'r.source_ref')
      .select((eb) => eb.fn.sum<number | string | null>('r.amount_cents').as('sum'))
      .where('r.source', '=', 'nexi')
      .where('p.gateway_order_id', '=', gatewayRef)
      .where('r.state', 'in', ['sent', 'confirmed'])
      .where('r.idempotency_key', '<>', idempotencyKey)
      .executeTakeFirst();
    return Number(row?.sum ?? 0);
  };
}

/**
 * The built-in sandbox bank: its refund is written in its own books (this database), in a
 * transaction of its own as a separate party's would be. Like XPay's, a card refund the bank
 * has taken is 'sent': the cardholder sees it on the card days later, and no answer says when.
 */
export class SandboxRefunds implements RefundGateway {
  constructor(
    private readonly bank: SandboxBank,
    private readonly transactions: Pick<Transactions, 'run'>,
  ) {}

  async refund({ gatewayRef, amountCents, idempotencyKey }: RefundRequest): Promise<RefundResult> {
    const result = await this.transactions.run((trx) => this.bank.refund(trx, { orderId: gatewayRef, amountCents, key: idempotencyKey }));
    if (result.kind === 'done') return { ok: true, gatewayRefundId: result.refundId, confirmed: false };
    return refuse(result.code, result.text.it);
  }
}
