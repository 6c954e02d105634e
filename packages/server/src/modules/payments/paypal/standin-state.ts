import { randomBytes, randomUUID } from 'node:crypto';
import { RefundSwitches } from '../standin-switches.ts';

/**
 * The stand-in PayPal's own books (in memory: it plays an outside provider, whose state is
 * not ours; a restart is a sandbox reset). Orders follow PayPal's life cycle: CREATED →
 * APPROVED (buyer) → COMPLETED (capture); a declined instrument fails the capture with
 * INSTRUMENT_DECLINED and sends the order back for approval, as PayPal does.
 */
export interface StandInOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  /** The buyer chose the card that will be declined at capture. */
  instrumentDeclined: boolean;
  referenceId: string;
  description: string;
  value: string;
  returnUrl: string;
  cancelUrl: string;
  locale: string;
  captureId: string | null;
  /** PayPal-Request-Id → the answer given, for idempotent replays. */
  answers: Map<string, { status: number; body: unknown }>;
  createdAt: string;
}

/** A refund of a capture, as PayPal keeps it. */
export interface StandInRefund {
  id: string;
  captureId: string;
  value: string;
  cents: number;
  status: 'COMPLETED';
  createdAt: string;
}

export class StandInState {
  private readonly tokens = new Map<string, number>();
  readonly orders = new Map<string, StandInOrder>();
  /** PayPal-Request-Id of a create → order id. */
  readonly createKeys = new Map<string, string>();

  readonly refunds = new Map<string, StandInRefund>();
  /** PayPal-Request-Id of a refund → the answer given, for idempotent replays. */
  readonly refundAnswers = new Map<string, { status: number; body: unknown }>();
  /** Refuse with an issue (TRANSACTION_REFUSED …) or hold the answers (tests). */
  readonly refundSwitches = new RefundSwitches();

  constructor(private readonly now: () => number = Date.now) {}

  /** A captured order straight away (tests that start from money already taken). */
  completedCapture(value: string, referenceId = 'default'): { orderId: string; captureId: string } {
    const order: StandInOrder = {
      id: this.newOrderId(),
      status: 'COMPLETED',
      instrumentDeclined: false,
      referenceId,
      description: '',
      value,
      returnUrl: '',
      cancelUrl: '',
      locale: 'it-IT',
      captureId: this.newCaptureId(),
      answers: new Map(),
      createdAt: new Date(this.now()).toISOString(),
    };
    this.orders.set(order.id, order);
    return { orderId: order.id, captureId: order.captureId! };
  }

  captureOrder(captureId: string): StandInOrder | undefined {
    for (const order of this.orders.values()) if (order.captureId === captureId) return order;
    return undefined;
  }

  refundedCents(captureId: string): number {
    let sum = 0;
    for (const r of this.refunds.values()) if (r.captureId === captureId) sum += r.cents;
    return sum;
  }

  newRefundId(): string {
    return randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
  }

  issueToken(lifetimeSeconds: number): string {
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    this.tokens.set(token, this.now() + lifetimeSeconds * 1000);
    return token;
  }

  tokenValid(token: string | undefined): boolean {
    const until = token ? this.tokens.get(token) : undefined;
    return until !== undefined && until > this.now();
  }

  newOrderId(): string {
    return randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
  }

  newCaptureId(): string {
    return randomUUID().replace(/-/g, '').toUpperCase().slice(0, 17);
  }
}
