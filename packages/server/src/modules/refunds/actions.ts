import { randomUUID } from 'node:crypto';
import type { Transactions } from '../../db/transaction.ts';
import { afterCommit } from '../../db/transaction.ts';
import type { Mailer } from '../mail/mailer.ts';
import { refundSentMail } from './refund-mail.ts';
import type { RefundWorker } from './worker.ts';

export interface RefundActionsDeps {
  transactions: Pick<Transactions, 'run'>;
  mailer: Pick<Mailer, 'enqueue'>;
  worker: Pick<RefundWorker, 'wake'>;
  now?: () => Date;
}

/**
 * What staff do to a refund (the /admin/refunds routes): send a failed one again, or record
 * that a cash or operator-account refund was paid out. Each answers whether the row changed;
 * false when it was not (or no longer) in the state the action needs.
 */
export class RefundActions {
  private readonly now: () => Date;

  constructor(private readonly deps: RefundActionsDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * failed → pending, due now. A failed refund is one the gateway refused for good, so nothing
   * was refunded under its key: it gets a fresh one, or a gateway that remembers its answer per
   * key (PayPal-Request-Id) would only repeat the refusal.
   */
  async retry(id: string): Promise<boolean> {
    const at = this.now().toISOString();
    return this.deps.transactions.run(async (trx) => {
      const res = await trx
        .updateTable('refunds')
        .set({ state: 'pending', idempotency_key: randomUUID(), next_attempt_at: at, lease_until: null, failure_code: null, failure_reason: null, updated_at: at })
        .where('id', '=', id)
        .where('state', '=', 'failed')
        .executeTakeFirst();
      const changed = Number(res.numUpdatedRows) === 1;
      if (changed) afterCommit(trx, () => this.deps.worker.wake());
      return changed;
    });
  }

  /** A cash or operator-account refund paid out by `staffId` (how: e.g. "contanti allo sportello"): pending → confirmed, and the customer's e-mail. */
  async recordPayout(id: string, staffId: number, how: string): Promise<boolean> {
    const at = this.now().toISOString();
    return this.deps.transactions.run(async (trx) => {
      const res = await trx
        .updateTable('refunds')
        .set({ state: 'confirmed', paid_out_by: staffId, paid_out_how: how.trim().slice(0, 200), sent_at: at, confirmed_at: at, updated_at: at })
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .where('source', 'in', ['cash', 'account'])
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      const row = await trx.selectFrom('refunds').select(['group_code', 'source', 'amount_cents', 'lang', 'email']).where('id', '=', id).executeTakeFirstOrThrow();
      await this.deps.mailer.enqueue(trx, refundSentMail(row));
      return true;
    });
  }
}
