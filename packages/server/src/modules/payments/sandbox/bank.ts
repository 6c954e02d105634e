import { randomUUID } from 'node:crypto';
import { type Lang, parseLang } from '@heliline/domain';
import type { Insertable } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { SandboxBankOrdersTable, SandboxOrderState } from '../../../db/schema-payments.ts';
import { randomToken } from '../../../lib/crypto.ts';
import type { FinalPaymentStatus } from '../contract.ts';
import { signBody } from '../signature.ts';
import * as q from './queries.ts';
import { APPROVED_TEXT, CANCELLED, DECLINE_REASONS, type DeclineCode, EXPIRED } from './texts.ts';

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

  /** Gives an approved charge back. Idempotent: a refunded order stays refunded. */
  async refund(id: string): Promise<boolean> {
    const order = await q.findOrder(this.db, id);
    if (order?.state === 'refunded') return true;
    if (order?.state !== 'approved') return false;
    return (await q.refundOrder(this.db, id)) || (await q.findOrder(this.db, id))?.state === 'refunded';
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
