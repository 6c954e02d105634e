import type { AuditAction, TBookingAuditEntry } from '@heliline/domain';
import type { Db, DbOrTrx } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import * as q from './queries.ts';

/** One change of a booking (or one of its tickets), as the paths that change bookings report it. */
export interface AuditEntry {
  code: string;
  ticketNr?: string | null;
  /** As booking_events writes it: 'user:<id>', 'bank:<gateway>', 'paypal:<order>', 'sweeper' or 'system'. */
  actor: string;
  action: AuditAction;
  /** What changed, from → to. Never card data: the bank's message and code at most. */
  detail?: Record<string, unknown>;
}

/** 'user:12' → user 12; anything else is not a person (the bank, the sweeper, the system). */
function actorOf(actor: string): { actor: string; actor_user_id: number | null } {
  const user = /^user:(\d+)$/.exec(actor);
  if (user) return { actor: 'user', actor_user_id: Number(user[1]) };
  return { actor: actor.startsWith('paypal:') ? 'paypal' : actor.slice(0, 64), actor_user_id: null };
}

/** What the audit needs of an issued ticket (tickets/contract.ts IssuedTicket); structural, so audit depends on no booking module. */
interface IssuedTicketRef {
  ticketNr: string;
  passengerKey: string;
  direction: 'd' | 'c';
}

/** What the audit needs of an applied change (ticket-changes/apply.ts StoredPlan). */
interface AppliedChange {
  moves: { ticketNr: string; journey: { flightCode: string; departsAt: string }; price: { totalCents: number } }[];
  cancels: { ticketNr: string; paidCents: number; refundCents: number }[];
}

/** A status change as an entry: from → to, and what else the caller tells. */
export function statusEntry(code: string, actor: string, action: AuditAction, from: string | null, to: string, extra: Record<string, unknown> = {}): AuditEntry {
  return { code, actor, action, detail: { status: { from, to }, ...extra } };
}

const parsed = (json: string | null) => (json ? (JSON.parse(json) as Record<string, unknown>) : null);

/**
 * The booking audit log (issue 11, item 7): who changed which booking when. Every path that
 * changes a booking or its tickets calls record() with the transaction it already holds, so
 * the row exists exactly when the change does.
 */
export class AuditLog {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async record(trx: DbOrTrx, ...entries: AuditEntry[]): Promise<void> {
    const at = this.now().toISOString();
    const rows = entries.map((e) => ({
      booking_code: e.code,
      ticket_nr: e.ticketNr ?? null,
      ...actorOf(e.actor),
      action: e.action,
      detail: e.detail ? JSON.stringify(e.detail) : null,
      created_at: at,
    }));
    await q.insertAudit(trx, rows);
  }

  /** A status change, the commonest entry: from → to and why. */
  status(trx: DbOrTrx, code: string, actor: string, action: AuditAction, from: string | null, to: string, extra: Record<string, unknown> = {}): Promise<void> {
    return this.record(trx, statusEntry(code, actor, action, from, to, extra));
  }

  /** One row per ticket just issued (inside the issuing transaction). */
  ticketsIssued(trx: DbOrTrx, code: string, actor: string, issued: IssuedTicketRef[]): Promise<void> {
    return this.record(
      trx,
      ...issued.map((t) => ({ code, ticketNr: t.ticketNr, actor, action: 'ticketIssued' as const, detail: { passenger: t.passengerKey, direction: t.direction } })),
    );
  }

  /**
   * A ticket change applied: the change request's row, and one row per moved or cancelled ticket
   * under the ticket's own booking (so its history shows it).
   */
  async changeApplied(trx: DbOrTrx, changeCode: string, actor: string, from: string, plan: AppliedChange): Promise<void> {
    const ticketNrs = [...plan.moves, ...plan.cancels].map((t) => t.ticketNr);
    const bookingOf = await q.bookingCodesOfTickets(trx, ticketNrs);
    const code = (ticketNr: string) => bookingOf.get(ticketNr) ?? changeCode;
    await this.record(
      trx,
      { code: changeCode, actor, action: 'changeApplied', detail: { status: { from, to: 'ticketed' }, moved: plan.moves.length, cancelled: plan.cancels.length } },
      ...plan.moves.map((m) => ({
        code: code(m.ticketNr),
        ticketNr: m.ticketNr,
        actor,
        action: 'ticketMoved' as const,
        detail: { change: changeCode, to_flight: m.journey.flightCode, departs_at: m.journey.departsAt, difference_cents: m.price.totalCents },
      })),
      ...plan.cancels.map((c) => ({
        code: code(c.ticketNr),
        ticketNr: c.ticketNr,
        actor,
        action: 'ticketCancelled' as const,
        detail: { change: changeCode, paid_cents: c.paidCents, refund_cents: c.refundCents },
      })),
    );
  }

  /** GET /api/admin/bookings/{code}/audit: 404 when no booking (and no log) has that code. */
  async list(code: string): Promise<TBookingAuditEntry[]> {
    const rows = await q.auditOf(this.db, code);
    if (!rows.length && !(await q.bookingExists(this.db, code))) throw new AppError('notFound', 'notFound');
    return rows.map((r) => ({
      at: r.created_at,
      action: r.action as AuditAction,
      ticket_nr: r.ticket_nr,
      actor: r.actor,
      actor_user_id: r.actor_user_id,
      actor_email: r.actor_email ?? null,
      detail: parsed(r.detail),
    }));
  }
}
