import { BOOKING_TYPE, HOLD_MS, isOnSale, type Lang, paymentLinkEmailIssue } from '@heliline/domain';
import type { Db, DbOrTrx } from '../../../db/database.ts';
import type { Transactions } from '../../../db/transaction.ts';
import { AppError, IssuesError } from '../../../http/errors.ts';
import type { AuditLog } from '../../audit/service.ts';
import type { InventoryService, LegNeed } from '../../inventory/service.ts';
import type { ScheduleService } from '../../schedule/service.ts';
import type { AuthUser } from '../../sessions/service.ts';
import type { PaymentLinksService } from '../payment-links/service.ts';
import { insertEvent, lockRequest } from '../requests/queries.ts';
import { HandlingConflict } from './errors.ts';
import * as q from './queries.ts';
import { type FailedRow, isListed } from './queries.ts';
import { inUseBy, staleBefore } from './view.ts';

export interface FailedPaymentLinkDeps {
  db: Db;
  transactions: Transactions;
  inventory: Pick<InventoryService, 'take' | 'holds'>;
  schedule: Pick<ScheduleService, 'legsOfFlights'>;
  paymentLinks: Pick<PaymentLinksService, 'send'>;
  audit: Pick<AuditLog, 'status'>;
  now?: () => Date;
}

/**
 * A new payment link for the row a staff member has selected (spec §2: the recipient input and
 * send-link button of a selected row). Its own path, not the retry store: the server works from
 * the stored booking alone (the browser sends only the address), and the booking keeps its code
 * and its buyer. A pending booking gets the link as it is; a failed or expired one first waits
 * for payment again, with its seats held anew through the inventory (409 when they are gone or
 * the flight is past its sale cut-off). The link itself is the payment-links service's.
 */
export class FailedPaymentLink {
  private readonly now: () => Date;

  constructor(private readonly deps: FailedPaymentLinkDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async send(user: AuthUser, code: string, email: string, lang: Lang) {
    const bad = paymentLinkEmailIssue(email, 'failed');
    if (bad) throw new IssuesError([bad]);
    const row = await q.failedByCode(this.deps.db, code);
    if (!row || row.type === BOOKING_TYPE.block) throw new AppError('notFound', 'notFound');
    if (inUseBy(row, staleBefore(this.now())) !== user.id) throw new HandlingConflict('failedSelectFirst', { code });
    const holdExpiresAt = await this.waitingForPayment(row, user);
    const sent = await this.deps.paymentLinks.send(code, email, lang, user);
    return { link: sent.link, email: sent.email, code, paymentDeadline: holdExpiresAt };
  }

  /** The booking's payment deadline once it waits for payment (held seats), reviving a failed or expired one. */
  private async waitingForPayment(row: FailedRow, user: AuthUser): Promise<string> {
    const now = this.now();
    if (row.status === 'pending' && row.hold_expires_at > now.toISOString()) return row.hold_expires_at;
    const holdExpiresAt = new Date(now.getTime() + HOLD_MS).toISOString();
    await this.deps.transactions.run(async (trx) => {
      const at = now.toISOString();
      const current = await lockRequest(trx, row.code, at);
      if (!current || current.status === 'pending' || !isListed(current.status)) {
        throw new HandlingConflict('failedNoLongerFailed', { code: row.code });
      }
      await this.assertOnSale(trx, row, now);
      if (!(await q.revive(trx, current.id, current.status, holdExpiresAt, at))) throw new HandlingConflict('failedNoLongerFailed', { code: row.code });
      if (!(await this.deps.inventory.take(trx, current.id, await this.needsOf(trx, current.id), 'held', now))) throw new AppError('conflict', 'seatsGone');
      await insertEvent(trx, {
        requestId: current.id,
        from: current.status,
        to: 'pending',
        actor: `user:${user.id}`,
        reason: 'staff: new payment link; seats held again',
        at,
      });
      await this.deps.audit.status(trx, current.code, `user:${user.id}`, 'waitingForPaymentAgain', current.status, 'pending', { hold_expires_at: holdExpiresAt });
    });
    return holdExpiresAt;
  }

  /** Seats each leg it held before (the ledger keeps released holds). */
  private async needsOf(trx: DbOrTrx, requestId: number): Promise<LegNeed[]> {
    const byLeg = new Map<number, number>();
    for (const h of await this.deps.inventory.holds(trx, requestId)) byLeg.set(h.flight_leg_id, Math.max(byLeg.get(h.flight_leg_id) ?? 0, h.seats));
    return [...byLeg].map(([legId, seats]) => ({ legId, seats }));
  }

  /** Every journey still on sale (cut-off before take-off); a past or closing flight cannot be paid for again. */
  private async assertOnSale(trx: DbOrTrx, row: FailedRow, now: Date): Promise<void> {
    const flights = [row.departure_flight_id, ...(row.comeback_flight_id ? [row.comeback_flight_id] : [])];
    const legs = await this.deps.schedule.legsOfFlights(flights, trx);
    const held = new Set((await this.deps.inventory.holds(trx, row.id)).map((h) => h.flight_leg_id));
    for (const flightId of flights) {
      const own = legs.filter((l) => l.flightId === flightId && held.has(l.legId)).sort((a, b) => a.seq - b.seq);
      const first = own[0];
      const last = own.at(-1);
      if (!first || !last || first.status !== 'scheduled' || !isOnSale(first.originId, last.destinationId, new Date(first.departsAt), now)) {
        throw new HandlingConflict('retryNotPossible', { code: row.code });
      }
    }
  }
}
