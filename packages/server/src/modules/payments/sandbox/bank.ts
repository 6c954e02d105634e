import { randomUUID } from 'node:crypto';
import { type Lang, parseLang } from '@heliline/domain';
import type { Insertable } from 'kysely';
import type { Db, DbOrTrx } from '../../../db/database.ts';
import type { SandboxBankOrdersTable, SandboxOrderState } from '../../../db/schema-payments.ts';
import { randomToken } from '../../../lib/crypto.ts';
import type { FinalPaymentStatus } from '../contract.ts';
import { signBody } from '../signature.ts';
import * as q from './queries.ts';
import { APPROVED_TEXT, CANCELLED, DECLINE_REASONS, type DeclineCode, EXPIRED, REFUND_REFUSALS, type RefundRefusalCode } from './texts.ts';

export type BankChoice = { kind: 'approve' } | { kind: 'decline'; code: DeclineCode } | { kind: 'cancel' };

/** What the bank posts to the merchant: the exact bytes and their signature. */
export interface BankNotification {
  raw: string;
  signature: string;
}

/** The notification body (field names are the bank's). */
interface NotificationBody {
  notificationId: string;
  orderId: string;
  merchantPaymentId: string;
  status: FinalPaymentStatus;
  amountCents: number;
  currency: 'EUR';
  bankMessage: string | null;
  errorCode: string | null;
  occurredAt: string;
}

export interface OpenOrderInput {
  merchantPaymentId: string;
  amountCents: number;
  description: string;
  lang: Lang;
  returnUrl: string;
}

export type DecideResult = 'decided' | 'already' | 'expired' | 'missing';

export type BankRefundResult = { kind: 'done'; refundId: string } | { kind: 'refused'; code: RefundRefusalCode; text: Record<Lang, string> };

const refused = (code: RefundRefusalCode): BankRefundResult => ({ kind: 'refused', code, text: REFUND_REFUSALS[code] });

const STATUS_OF: Record<Exclude<SandboxOrderState, 'open'>, FinalPaymentStatus> = {
  approved: 'approved',
  declined: 'declined',
  cancelled: 'abandoned',
  expired: 'abandoned',
  refunded: 'approved',
};

/**
 * The built-in sandbox bank. It keeps its own books (sandbox_bank_orders) and talks to the
 * merchant only through signed notifications, like a real acquirer: the merchant's payment
 * row is never written here.
 */
export class SandboxBank {
  /** How long the hosted page accepts a choice; longer than the booking's 10-minute hold on purpose. */
  static readonly LIFETIME_MINUTES = 15;
  static readonly MERCHANT = 'Heliline';

  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  /** A new open order, not yet written: the merchant writes it with its payment, in its own transaction. */
  order(input: OpenOrderInput, now = new Date()): Insertable<SandboxBankOrdersTable> & { id: string } {
    return {
      id: `sbo_${randomUUID()}`,
      merchant_payment_id: input.merchantPaymentId,
      merchant: SandboxBank.MERCHANT,
      amount_cents: input.amountCents,
      description: input.description,
      lang: input.lang,
      return_url: input.returnUrl,
      state: 'open',
      bank_message: null,
      error_code: null,
      notification_id: null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SandboxBank.LIFETIME_MINUTES * 60_000).toISOString(),
      decided_at: null,
    };
  }

  find(id: string) {
    return q.findOrder(this.db, id);
  }

  /** The bank's state of an order, as its status API would report it; an open page past its time expires here. */
  async state(id: string, now = new Date()): Promise<SandboxOrderState | null> {
    const order = await q.findOrder(this.db, id);
    if (!order) return null;
    if (order.state === 'open' && order.expires_at <= now.toISOString()) {
      await this.close(id, 'expired', EXPIRED.text[parseLang(order.lang)], EXPIRED.code, now);
      return (await q.findOrder(this.db, id))?.state ?? null;
    }
    return order.state;
  }

  /** The buyer's choice on the hosted page. Only an open, unexpired order can be decided, once. */
  async decide(id: string, choice: BankChoice, now = new Date()): Promise<DecideResult> {
    const order = await q.findOrder(this.db, id);
    if (!order) return 'missing';
    if (order.state !== 'open') return 'already';
    if (order.expires_at <= now.toISOString()) {
      await this.state(id, now);
      return 'expired';
    }
    const lang = parseLang(order.lang);
    const ok =
      choice.kind === 'approve'
        ? await this.close(id, 'approved', APPROVED_TEXT[lang], null, now)
        : choice.kind === 'decline'
          ? await this.close(id, 'declined', DECLINE_REASONS[choice.code][lang], choice.code, now)
          : await this.close(id, 'cancelled', CANCELLED.text[lang], CANCELLED.code, now);
    return ok ? 'decided' : 'already';
  }

  /** The signed notification of a decided order; the same bytes every time (re-delivery is a replay). */
  async notificationFor(id: string): Promise<BankNotification | null> {
    const order = await q.findOrder(this.db, id);
    if (!order || order.state === 'open' || !order.notification_id || !order.decided_at) return null;
    const body: NotificationBody = {
      notificationId: order.notification_id,
      orderId: order.id,
      merchantPaymentId: order.merchant_payment_id,
      status: STATUS_OF[order.state],
      amountCents: order.amount_cents,
      currency: 'EUR',
      bankMessage: order.bank_message,
      errorCode: order.error_code,
      occurredAt: order.decided_at,
    };
    const raw = JSON.stringify(body);
    return { raw, signature: signBody(this.secret, raw) };
  }

  /**
   * Gives back part or all of an approved charge, once per merchant key: the same key answers
   * the refund it made. More than what is left, or an order that was not approved, is refused
   * with the bank's code. Runs in the caller's transaction (`trx`), the order row locked.
   */
  async refund(trx: DbOrTrx, input: { orderId: string; amountCents: number; key: string }, now = new Date()): Promise<BankRefundResult> {
    const known = await q.findRefundByKey(trx, input.key);
    if (known) return known.order_id === input.orderId ? { kind: 'done', refundId: known.id } : refused('12');
    const order = await q.lockOrder(trx, input.orderId);
    if (!order) return refused('25');
    if (order.state !== 'approved') return refused('12');
    const left = order.amount_cents - (await q.refundedCents(trx, order.id));
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0 || input.amountCents > left) return refused('13');
    const refundId = `sbr_${randomUUID()}`;
    await q.insertRefund(trx, {
      id: refundId,
      order_id: order.id,
      idempotency_key: input.key,
      amount_cents: input.amountCents,
      state: 'done',
      created_at: now.toISOString(),
    });
    if (input.amountCents === left) await q.refundOrder(trx, order.id);
    return { kind: 'done', refundId };
  }

  /** The refunds of an order, oldest first (its page lists them). */
  refunds(orderId: string) {
    return q.listRefunds(this.db, orderId);
  }

  private close(id: string, state: SandboxOrderState, message: string | null, code: string | null, now: Date) {
    return q.decideOrder(this.db, id, 'open', {
      state,
      bank_message: message,
      error_code: code,
      notification_id: `ntf_${randomToken(18)}`,
      decided_at: now.toISOString(),
    });
  }
}
