import { randomBytes, randomUUID } from 'node:crypto';

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

export class StandInState {
  private readonly tokens = new Map<string, number>();
  readonly orders = new Map<string, StandInOrder>();
  /** PayPal-Request-Id of a create → order id. */
  readonly createKeys = new Map<string, string>();

  constructor(private readonly now: () => number = Date.now) {}

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
