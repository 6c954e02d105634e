import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { type DbOrTrx, onPostgres } from '../../db/database.ts';
import type { RefundSource } from '../../db/schema-refunds.ts';
import { afterCommit, type Transactions } from '../../db/transaction.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { RefundGateway, RefundRequest, RefundResult } from './contract.ts';
import type { RefundRow } from './ledger-queries.ts';
import { refundSentMail } from './refund-mail.ts';

/** The sources a gateway pays back; cash and operator-account refunds wait for staff, voucher ones are done by the ledger. */
export const GATEWAY_SOURCES = ['nexi', 'sandbox', 'paypal'] as const;
export type GatewaySource = (typeof GATEWAY_SOURCES)[number];

export interface RefundWorkerOptions {
  /** How long a claim lasts: longer than a gateway call may take, so a live worker keeps it. */
  leaseMs: number;
  /** The first retry's wait; each further one doubles it, up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
  /** Rows one run sends at most (the rest wait for the next run). */
  batch: number;
}

const DEFAULTS: RefundWorkerOptions = { leaseMs: 120_000, backoffMs: 60_000, maxBackoffMs: 6 * 3600_000, batch: 20 };

export interface RefundWorkerDeps {
  db: DbOrTrx;
  transactions: Pick<Transactions, 'run'>;
  mailer: Pick<Mailer, 'enqueue'>;
  gateways: Record<GatewaySource, RefundGateway>;
  log: FastifyBaseLogger;
  now?: () => Date;
  options?: Partial<RefundWorkerOptions>;
}

/** A claimed row and what its gateway needs. */
interface Claimed {
  row: RefundRow;
  leaseUntil: string;
  request: RefundRequest;
}

type ClaimResult = Claimed | 'failed' | 'taken' | 'none';

const iso = (at: Date, plusMs = 0) => new Date(at.getTime() + plusMs).toISOString();

/** The listening workers of this process (each app has one), woken when a refund is requested. */
const listening = new Set<RefundWorker>();

/**
 * Called by the ledger in the transaction that writes pending refunds: once it commits, the
 * workers send them at once instead of at the next sweep. Several apps in one process (tests)
 * each run theirs against their own database; a claim finds nothing where nothing is due.
 */
export function wakeAfterCommit(trx: DbOrTrx): void {
  afterCommit(trx, () => {
    for (const worker of listening) worker.wake();
  });
}

/**
 * Sends pending refunds through the gateway that took the money (issue 51 item 3). Each row is
 * claimed with a lease in a short transaction, the gateway is called outside any transaction
 * with the row's idempotency key, and the answer is written in a second transaction with the
 * customer's "refund sent" e-mail. A worker that dies mid-call leaves its lease to lapse; the
 * next run calls again with the same key and the gateway answers the refund it already made.
 * A payment's refunds go out one at a time, oldest first (Nexi's check of what it already
 * refunded relies on it), and never beyond what the payment captured.
 */
export class RefundWorker {
  private readonly options: RefundWorkerOptions;
  private readonly now: () => Date;
  private running: Promise<number> | null = null;
  private again = false;

  constructor(private readonly deps: RefundWorkerDeps) {
    this.options = { ...DEFAULTS, ...deps.options };
    this.now = deps.now ?? (() => new Date());
  }

  /** Woken by `wakeAfterCommit` until `stop`. */
  listen(): void {
    listening.add(this);
  }

  async stop(): Promise<void> {
    listening.delete(this);
    this.again = false;
    await this.running;
  }

  /** After a commit that created or re-opened a refund: run now (or once more after the run under way). */
  wake(): void {
    if (!listening.has(this)) return;
    if (this.running) this.again = true;
    else void this.runDue();
  }

  /** Sends the due rows; overlapping calls share the run under way. Returns how many rows were decided. */
  runDue(): Promise<number> {
    this.running ??= this.drain()
      .catch((err: unknown) => {
        this.deps.log.error({ err }, 'refund worker run failed');
        return 0;
      })
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          void this.runDue();
        }
      });
    return this.running;
  }

  private async drain(): Promise<number> {
    let decided = 0;
    for (let i = 0; i < this.options.batch; i++) {
      const claim = await this.claim();
      if (claim === 'none') break;
      if (claim === 'taken') continue;
      decided++;
      if (claim === 'failed') continue;
      const result = await this.call(claim);
      await this.record(claim, result);
    }
    return decided;
  }

  private async call({ row, request }: Claimed): Promise<RefundResult> {
    try {
      return await this.deps.gateways[row.source as GatewaySource].refund(request);
    } catch (err) {
      // A gateway adapter that throws did not say no: try again later.
      return { ok: false, retryable: true, code: 'ERROR', reason: err instanceof Error ? err.message.slice(0, 500) : 'error' };
    }
  }

  /** The next due row, leased to this run; rows that would refund more than captured fail here. */
  private claim(): Promise<ClaimResult> {
    const now = this.now();
    const at = now.toISOString();
    const leaseUntil = iso(now, this.options.leaseMs);
    return this.deps.transactions.run(async (trx): Promise<ClaimResult> => {
      const row = await nextDue(trx, at);
      if (!row) return 'none';
      const leased = await trx
        .updateTable('refunds')
        .set({ lease_until: leaseUntil, attempts: sql<number>`attempts + 1`, updated_at: at })
        .where('id', '=', row.id)
        .where('state', '=', 'pending')
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
        .executeTakeFirst();
      // Another worker took it between the read and the update: the next claim picks another row.
      if (Number(leased.numUpdatedRows) !== 1) return 'taken';
      const target = await targetOf(trx, row);
      const settled = await settledCents(trx, row.source, row.source_ref, row.id);
      const problem = !target
        ? { code: 'NO_CAPTURE', reason: 'no captured payment to refund' }
        : settled + row.amount_cents > target.capturedCents
          ? { code: 'OVER_CAPTURE', reason: `refunds sent (${settled + row.amount_cents}) would exceed the capture (${target.capturedCents})` }
          : null;
      if (problem) {
        // Defence in depth: the ledger refuses this already; never send more than was captured.
        await finish(trx, row.id, leaseUntil, { state: 'failed', failure_code: problem.code, failure_reason: problem.reason, updated_at: at });
        this.deps.log.error({ refundId: row.id, ...problem }, 'refund not sent');
        return 'failed';
      }
      return {
        row,
        leaseUntil,
        request: { gatewayRef: target!.gatewayRef, amountCents: row.amount_cents, idempotencyKey: row.idempotency_key, capturedCents: target!.capturedCents },
      };
    });
  }

  /** The gateway's answer, written once; the e-mail goes with the state change. */
  private async record({ row, leaseUntil }: Claimed, result: RefundResult): Promise<void> {
    const now = this.now();
    const at = now.toISOString();
    await this.deps.transactions.run(async (trx) => {
      if (result.ok) {
        const moved = await finish(trx, row.id, leaseUntil, {
          state: result.confirmed ? 'confirmed' : 'sent',
          gateway_refund_id: result.gatewayRefundId.slice(0, 64),
          failure_code: null,
          failure_reason: null,
          sent_at: at,
          confirmed_at: result.confirmed ? at : null,
          updated_at: at,
        });
        if (moved) await this.deps.mailer.enqueue(trx, refundSentMail(row));
      } else if (result.retryable) {
        const attempts = row.attempts + 1;
        const wait = Math.min(this.options.maxBackoffMs, this.options.backoffMs * 2 ** (attempts - 1));
        await finish(trx, row.id, leaseUntil, { next_attempt_at: iso(now, wait), failure_code: result.code, failure_reason: result.reason, updated_at: at });
      } else {
        await finish(trx, row.id, leaseUntil, { state: 'failed', failure_code: result.code, failure_reason: result.reason, updated_at: at });
      }
    });
    const level = result.ok ? 'info' : 'warn';
    this.deps.log[level]({ refundId: row.id, source: row.source, result }, 'refund attempt');
  }
}

/**
 * The oldest due row whose payment has no older refund still pending (one at a time per
 * payment, in order). PostgreSQL skips rows another worker has locked this instant.
 */
async function nextDue(trx: DbOrTrx, at: string): Promise<RefundRow | undefined> {
  let query = trx
    .selectFrom('refunds as r')
    .selectAll('r')
    .where('r.state', '=', 'pending')
    .where('r.source', 'in', GATEWAY_SOURCES)
    .where('r.next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('r.lease_until', 'is', null), eb('r.lease_until', '<=', at)]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('refunds as o')
            .select('o.id')
            .whereRef('o.source', '=', 'r.source')
            .whereRef('o.source_ref', '=', 'r.source_ref')
            .where('o.state', '=', 'pending')
            .where((o) => o.or([o('o.created_at', '<', o.ref('r.created_at')), o.and([o('o.created_at', '=', o.ref('r.created_at')), o('o.id', '<', o.ref('r.id'))])])),
        ),
      ),
    )
    .orderBy('r.next_attempt_at')
    .orderBy('r.created_at')
    .limit(1);
  if (onPostgres(trx)) query = query.forUpdate('r').skipLocked();
  return query.executeTakeFirst();
}

/** What the gateway knows the payment by, and how much it captured. */
async function targetOf(trx: DbOrTrx, row: RefundRow): Promise<{ gatewayRef: string; capturedCents: number } | null> {
  if (row.source === 'paypal') {
    const order = await trx.selectFrom('paypal_orders').select(['capture_id', 'amount_cents', 'status']).where('id', '=', row.source_ref).executeTakeFirst();
    return order?.capture_id && order.status === 'COMPLETED' ? { gatewayRef: order.capture_id, capturedCents: order.amount_cents } : null;
  }
  const payment = await trx.selectFrom('payments').select(['gateway', 'gateway_order_id', 'amount_cents', 'status']).where('id', '=', row.source_ref).executeTakeFirst();
  const taken = payment?.status === 'approved' || payment?.status === 'refunded';
  return payment?.gateway === row.source && payment.gateway_order_id && taken ? { gatewayRef: payment.gateway_order_id, capturedCents: payment.amount_cents } : null;
}

/** What the gateway has been told to refund of one payment so far (sent and confirmed rows), this row excluded. */
export async function settledCents(db: DbOrTrx, source: RefundSource | string, sourceRef: string, exceptId: string): Promise<number> {
  const row = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.sum<number | string | null>('amount_cents').as('sum'))
    .where('source', '=', source as RefundSource)
    .where('source_ref', '=', sourceRef)
    .where('state', 'in', ['sent', 'confirmed'])
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  return Number(row?.sum ?? 0);
}

/** Ends this run's claim with `set`, only if the claim is still this run's; true when written. */
async function finish(trx: DbOrTrx, id: string, leaseUntil: string, set: Record<string, unknown>): Promise<boolean> {
  const res = await trx
    .updateTable('refunds')
    .set({ ...set, lease_until: null })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .where('lease_until', '=', leaseUntil)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
