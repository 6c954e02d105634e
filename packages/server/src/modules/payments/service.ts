import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db, DbOrTrx } from '../../db/database.ts';
import type { PaymentStatus } from '../../db/schema-payments.ts';
import type { Transactions } from '../../db/transaction.ts';
import { sha256 } from '../../lib/crypto.ts';
import {
  type FinalPaymentStatus,
  newPaymentId,
  type OpenedPayment,
  type PaymentCreated,
  type PaymentOutcome,
  type PaymentOutcomeHandler,
  type PaymentRequest,
  type Payments,
} from './contract.ts';
import { finalStatusOf, outcomeOf } from './outcome.ts';
import * as q from './queries.ts';
import { insertOrder } from './sandbox/queries.ts';
import { NexiClient } from './nexi/client.ts';
import { NexiPayments } from './nexi/gateway.ts';
import { SandboxBank } from './sandbox/bank.ts';
import { NotificationRefused } from './refusal.ts';
import type { NotificationResult, VerifiedOutcome } from './verified.ts';
import { verifyBody } from './signature.ts';

export type { NotificationResult, VerifiedOutcome };

export interface PaymentsDeps {
  db: Db;
  transactions: Transactions;
  config: Config;
  log: FastifyBaseLogger;
}

const ZNotification = z.strictObject({
  notificationId: z.string().min(8).max(64),
  orderId: z.string().min(8).max(64),
  merchantPaymentId: z.string().min(8).max(40),
  status: z.enum(['approved', 'declined', 'abandoned']),
  amountCents: z.number().int().nonnegative(),
  currency: z.literal('EUR'),
  bankMessage: z.string().max(255).nullable(),
  errorCode: z.string().max(16).nullable(),
  occurredAt: z.iso.datetime(),
});

/**
 * Payments behind one gateway interface (decisions 008, 013): the built-in sandbox bank or
 * Nexi XPay, chosen by PAYMENTS_GATEWAY for new payments (a payment keeps its own). The payment row changes only through a verified notification (or the
 * bank's own state for pages left open), so "paid" always means the bank said so.
 */
export class PaymentsService implements Payments {
  readonly bank: SandboxBank;
  readonly nexi: NexiPayments;
  readonly nexiClient: NexiClient;
  private readonly handlers: PaymentOutcomeHandler[] = [];
  private readonly db: Db;
  private readonly transactions: Transactions;
  private readonly config: Config;
  private readonly log: FastifyBaseLogger;

  constructor(deps: PaymentsDeps) {
    this.db = deps.db;
    this.transactions = deps.transactions;
    this.config = deps.config;
    this.log = deps.log;
    this.bank = new SandboxBank(deps.db, deps.config.paymentsSandboxSecret);
    const nexi = deps.config.payments.nexi;
    this.nexiClient = new NexiClient(nexi);
    this.nexi = new NexiPayments({
      db: deps.db,
      appUrl: deps.config.appUrl,
      alias: nexi.alias,
      macKey: nexi.macKey,
      client: this.nexiClient,
      log: deps.log,
      record: (v) => this.recordVerified(v),
    });
  }

  onOutcome(handler: PaymentOutcomeHandler): void {
    this.handlers.push(handler);
  }

  /** A payment on its own (a payment link): its rows in a transaction of their own. */
  async create(request: PaymentRequest): Promise<PaymentCreated> {
    const opened = this.open(request);
    await this.transactions.run((trx) => this.record(trx, opened));
    return { paymentId: opened.paymentId, redirectUrl: opened.redirectUrl };
  }

  /**
   * The payment's page at the gateway and the rows that record it (the merchant row, the sandbox
   * bank's order, the 'created' event), for `record` to write in the caller's transaction (the
   * booking path, decision 021). Neither gateway needs network I/O here: the sandbox bank keeps
   * its books in this database and XPay's order is the signed redirect itself.
   */
  open(request: PaymentRequest): OpenedPayment {
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) throw new RangeError('amountCents must be a positive integer');
    if (!request.returnPath.startsWith('/') || request.returnPath.startsWith('//')) throw new RangeError('returnPath must be an app path');
    const now = new Date();
    const at = now.toISOString();
    const paymentId = request.paymentId ?? newPaymentId();
    const description = request.description.slice(0, 255);
    const gateway = this.config.payments.gateway;
    const opened = gateway === 'nexi' ? this.openNexi(request, description) : this.openSandbox(paymentId, request, description, now);
    const payment = {
      id: paymentId,
      gateway,
      gateway_order_id: opened.orderId,
      reference: request.reference,
      amount_cents: request.amountCents,
      description,
      lang: request.lang,
      customer_email: request.customerEmail,
      return_path: request.returnPath,
      status: 'pending' as const,
      bank_message: null,
      error_code: null,
      created_at: at,
      updated_at: at,
      completed_at: null,
      refunded_at: null,
      refund_reason: null,
    };
    const event = { payment_id: paymentId, kind: 'created', detail: opened.event, created_at: at };
    return { paymentId, redirectUrl: opened.redirectUrl, payment, bankOrder: opened.bankOrder, event };
  }

  /** Writes an opened payment's rows: the payment first, since the order and the event refer to it. */
  async record(trx: DbOrTrx, { payment, bankOrder, event }: OpenedPayment): Promise<void> {
    await q.insertPayment(trx, payment);
    if (bankOrder) await insertOrder(trx, bankOrder);
    await q.insertEvent(trx, event.payment_id, event.kind, event.detail ?? null, event.created_at);
  }

  /** The sandbox bank's order: its id now, its row (the bank's own books) written after the payment's. */
  private openSandbox(paymentId: string, request: PaymentRequest, description: string, now: Date) {
    const order = this.bank.order(
      { merchantPaymentId: paymentId, amountCents: request.amountCents, description, lang: request.lang, returnUrl: request.returnPath },
      now,
    );
    return {
      orderId: order.id,
      redirectUrl: `${this.config.appUrl}/sandbox-bank/pay/${order.id}`,
      event: `sandbox order ${order.id}`,
      bankOrder: order,
    };
  }

  /** XPay needs no call to open a page: the signed redirect is the order (its codTrans is ours). */
  private openNexi(request: PaymentRequest, description: string) {
    const { codTrans, redirectUrl } = this.nexi.open({ amountCents: request.amountCents, description, lang: request.lang, customerEmail: request.customerEmail });
    return { orderId: codTrans, redirectUrl, event: `nexi codTrans ${codTrans}`, bankOrder: null };
  }

  get(paymentId: string) {
    return q.findPayment(this.db, paymentId);
  }

  listForReference(reference: string) {
    return q.listPaymentsForReference(this.db, reference);
  }

  events(paymentId: string) {
    return q.listEvents(this.db, paymentId);
  }

  /**
   * The notify endpoint's work: verify the signature over the raw bytes, check the body
   * against our own record, record the outcome once, then tell the handlers (on replays too:
   * they are idempotent, and a handler that failed the first time gets another chance).
   */
  async handleNotification(rawBody: string, signature: string | undefined): Promise<NotificationResult> {
    if (!verifyBody(this.config.paymentsSandboxSecret, rawBody, signature)) {
      throw new NotificationRefused(401, 'paymentSignatureInvalid', 'bad signature');
    }
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      throw new NotificationRefused(400, 'paymentNotificationInvalid', 'not JSON');
    }
    const parsed = ZNotification.safeParse(json);
    if (!parsed.success) throw new NotificationRefused(400, 'paymentNotificationInvalid', 'bad shape');
    const n = parsed.data;
    return this.recordVerified({
      gateway: 'sandbox',
      notificationId: n.notificationId,
      bodyHash: sha256(rawBody),
      paymentId: n.merchantPaymentId,
      orderId: n.orderId,
      status: n.status,
      amountCents: n.amountCents,
      currency: n.currency,
      bankMessage: n.bankMessage,
      errorCode: n.errorCode,
    });
  }

  /**
   * Records a gateway's verified outcome once, then tells the handlers (on replays too: they
   * are idempotent, and a handler that failed the first time gets another chance). Whatever
   * does not match our own record (payment, order, amount, currency) is refused, nothing written.
   */
  async recordVerified(v: VerifiedOutcome): Promise<NotificationResult> {
    const result = await this.transactions.run(async (trx) => {
      const payment = v.paymentId ? await q.findPayment(trx, v.paymentId) : await q.findPaymentByOrder(trx, v.gateway, v.orderId);
      if (!payment || payment.gateway !== v.gateway || payment.gateway_order_id !== v.orderId) {
        throw new NotificationRefused(400, 'paymentNotificationInvalid', 'unknown payment or order');
      }
      // Signed but not what we asked for: never take an amount from the wire.
      if (payment.amount_cents !== v.amountCents) throw new NotificationRefused(400, 'paymentNotificationInvalid', 'amount mismatch');
      if (v.currency !== 'EUR') throw new NotificationRefused(400, 'paymentNotificationInvalid', 'currency mismatch');

      const seen = await q.findNotification(trx, v.notificationId);
      if (seen) {
        if (seen.body_sha256 !== v.bodyHash || seen.payment_id !== payment.id) {
          throw new NotificationRefused(400, 'paymentNotificationInvalid', 'notification id reused with another body');
        }
        return { payment, replay: true };
      }
      // A gateway that lets the buyer try again after a refusal may approve a payment we recorded as failed.
      const from =
        payment.status === 'pending' || (v.lateApproval && v.status === 'approved' && (payment.status === 'declined' || payment.status === 'abandoned'))
          ? payment.status
          : null;
      if (from) return this.moveTo(trx, payment, from, v);
      // Already final: the same outcome under a new notification id is a replay; another outcome is refused.
      if (finalStatusOf(payment.status) !== v.status) {
        throw new NotificationRefused(409, 'paymentNotificationConflict', `payment is ${payment.status}, notification says ${v.status}`);
      }
      return { payment, replay: true };
    });

    const outcome = outcomeOf(result.payment);
    await this.emit(outcome);
    return { outcome, replay: result.replay };
  }

  private async moveTo(trx: DbOrTrx, payment: q.PaymentRow, from: PaymentStatus, v: VerifiedOutcome) {
    const now = new Date().toISOString();
    const moved = await q.transition(trx, payment.id, from, {
      status: v.status,
      bank_message: v.bankMessage,
      error_code: v.errorCode,
      completed_at: now,
      updated_at: now,
    });
    if (!moved) {
      // A concurrent delivery recorded it first (READ COMMITTED sees its commit now).
      const current = await q.findPayment(trx, payment.id);
      if (current && current.status !== 'pending' && finalStatusOf(current.status) === v.status) return { payment: current, replay: true };
      throw new NotificationRefused(409, 'paymentNotificationConflict', 'payment changed meanwhile');
    }
    await q.insertNotification(trx, { id: v.notificationId, payment_id: payment.id, status: v.status, body_sha256: v.bodyHash, received_at: now });
    await q.insertEvent(trx, payment.id, v.status, [v.errorCode, v.bankMessage].filter(Boolean).join(' ') || null, now);
    return { payment: { ...payment, status: v.status, bank_message: v.bankMessage, error_code: v.errorCode }, replay: false };
  }

  /**
   * Pages left open (the buyer closed the tab) produce no notification. Asks the bank for
   * the state of old pending payments; an order the bank has expired is marked abandoned and
   * reported to the handlers. Safe to run often and on several instances.
   */
  async sweepAbandoned(now = new Date()): Promise<number> {
    return (await this.sweepSandbox(now)) + (await this.nexi.sweep(now));
  }

  private async sweepSandbox(now: Date): Promise<number> {
    const lifetimeAgo = new Date(now.getTime() - SandboxBank.LIFETIME_MINUTES * 60_000).toISOString();
    let marked = 0;
    for (const payment of await q.listPendingBefore(this.db, 'sandbox', now.toISOString())) {
      const orderId = payment.gateway_order_id;
      // No bank order yet: being created right now, or a create cut short (then abandoned after the page's lifetime).
      if (!orderId && payment.created_at >= lifetimeAgo) continue;
      const state = orderId ? await this.bank.state(orderId, now) : 'expired';
      if (state === 'open') continue;
      // Decided at the bank but never notified (a crash between the bank page and the notify call): ask for it now.
      if (orderId && state !== 'expired' && state !== null) {
        await this.fetchNotification(orderId).catch((err: unknown) => this.log.error({ err, paymentId: payment.id }, 'bank notification re-delivery failed'));
        continue;
      }
      const order = orderId ? await this.bank.find(orderId) : undefined;
      const at = now.toISOString();
      const moved = await this.transactions.run(async (trx) => {
        const ok = await q.transition(trx, payment.id, 'pending', {
          status: 'abandoned',
          bank_message: order?.bank_message ?? null,
          error_code: order?.error_code ?? null,
          completed_at: at,
          updated_at: at,
        });
        if (ok) await q.insertEvent(trx, payment.id, 'abandoned', 'bank session expired', at);
        return ok;
      });
      if (!moved) continue;
      marked++;
      try {
        await this.emit({
          paymentId: payment.id,
          gateway: 'sandbox',
          reference: payment.reference,
          status: 'abandoned',
          amountCents: payment.amount_cents,
          bankMessage: order?.bank_message ?? null,
          errorCode: order?.error_code ?? null,
        });
      } catch (err) {
        this.log.error({ err, paymentId: payment.id }, 'abandoned-payment handler failed');
      }
    }
    return marked;
  }

  /**
   * Makes sure the outcome handlers have heard a payment's final outcome, after a crash cut the
   * chain short: a bank decision whose notification never arrived is fetched and recorded now;
   * a payment already final is told to the handlers again (they are idempotent). Returns the
   * final status, or null while the buyer may still decide on the bank page.
   */
  async reconcile(paymentId: string): Promise<FinalPaymentStatus | null> {
    const payment = await q.findPayment(this.db, paymentId);
    if (!payment) return null;
    if (payment.status !== 'pending') {
      const outcome = outcomeOf(payment);
      await this.emit(outcome);
      return outcome.status;
    }
    if (payment.gateway === 'nexi') {
      if (!(await this.nexi.reconcile(payment))) return null;
      const decided = await q.findPayment(this.db, paymentId);
      return decided && decided.status !== 'pending' ? outcomeOf(decided).status : null;
    }
    const state = payment.gateway_order_id ? await this.bank.state(payment.gateway_order_id) : null;
    if (!state || state === 'open') return null;
    return (await this.fetchNotification(payment.gateway_order_id!))?.outcome.status ?? null;
  }

  /** The bank's signed notification of a decided order, taken through the same checks as a delivered one. */
  private async fetchNotification(orderId: string): Promise<NotificationResult | null> {
    const notification = await this.bank.notificationFor(orderId);
    if (!notification) return null;
    const result = await this.handleNotification(notification.raw, notification.signature);
    if (!result.replay) this.log.warn({ orderId, status: result.outcome.status }, 'bank decision recorded by the sweeper (its notification never arrived)');
    return result;
  }

  private async emit(outcome: PaymentOutcome): Promise<void> {
    for (const handler of this.handlers) await handler(outcome);
  }
}

/** Whether the gateway refunded a payment before the refund ledger existed (its row says 'refunded'). */
export async function refundedBeforeLedger(trx: DbOrTrx, paymentId: string): Promise<boolean> {
  return (await q.findPayment(trx, paymentId))?.status === 'refunded';
}
