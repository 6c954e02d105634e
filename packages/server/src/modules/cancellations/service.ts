import {
  CANCELLATION_REMINDER_HOURS,
  centsToAmount,
  type Lang,
  localizedWith,
  type TCancellableFlightsAnswer,
  type TCancelFlightAnswer,
  type TCancellationAnswers,
  type TCancellationsList,
  type CancellationChoice,
} from '@heliline/domain';
import type { Db } from '../../db/database.ts';
import type { Transactions } from '../../db/transaction.ts';
import { AppError } from '../../http/errors.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { AuditLog } from '../audit/service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { placeName } from '../schedule/journeys.ts';
import { romeTime } from '../schedule/rome-clock.ts';
import type { FlightLegRow, ScheduleService } from '../schedule/service.ts';
import type { TicketRow } from '../tickets/ticket-pdf.ts';
import { noticeMail, reminderMail } from './mail.ts';
import { cancelledLegs, choiceMessages, langOf, noticeFacts, noticeToken, routeOf, ticketLegs, ticketsByNr } from './notices.ts';
import * as q from './queries.ts';

export interface CancellationsDeps {
  db: Db;
  transactions: Pick<Transactions, 'run'>;
  schedule: Pick<ScheduleService, 'flightsOnDate' | 'legsOfFlights' | 'cancel'>;
  mailer: Pick<Mailer, 'enqueue'>;
  audit: Pick<AuditLog, 'record'>;
  appUrl: string;
  /** Keys the personal links (HMAC of each notice's nonce). */
  secret: string;
  now?: () => Date;
}

/**
 * Weather cancellations, the staff side (issue 13 part B, decisions 026 and 027). Staff cancel a
 * flight or one leg with a reason: the schedule marks it (search, booking and change refuse it
 * from then on), and every booking group with live tickets on it gets one notice with a personal
 * link, e-mailed in its language (passenger-link.ts answers it), and a reminder 24 h later.
 */
export class CancellationsService {
  readonly now: () => Date;

  constructor(private readonly deps: CancellationsDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** GET /api/admin/cancellations/flights: the flights of a date with their legs and live tickets. */
  async flightsOn(date: string, lang: Lang): Promise<TCancellableFlightsAnswer> {
    const legs = await this.deps.schedule.flightsOnDate(date);
    const byFlight = new Map<number, FlightLegRow[]>();
    for (const l of legs) byFlight.set(l.flightId, [...(byFlight.get(l.flightId) ?? []), l]);
    const ids = [...byFlight.keys()];
    const tickets = await q.liveTicketsOfFlights(this.deps.db, ids);
    const cancellations = await q.cancellationsOfFlights(this.deps.db, ids);
    const flights = [...byFlight.values()].map((fl) => {
      fl.sort((a, b) => a.seq - b.seq);
      const f = fl[0]!;
      return {
        flightId: f.flightId,
        code: f.code,
        date: f.serviceDate,
        extra: f.isExtra === 1,
        cancelled: f.status === 'cancelled',
        legs: fl.map((l) => ({
          legId: l.legId,
          seq: l.seq,
          origin: placeName(l.originId, lang),
          destination: placeName(l.destinationId, lang),
          departs: romeTime(l.departsAt),
          arrives: romeTime(l.arrivesAt),
          cancelled: f.status === 'cancelled' || l.legStatus === 'cancelled',
        })),
        tickets: tickets.filter((t) => t.flight_id === f.flightId).length,
        cancellationIds: cancellations.filter((c) => c.flight_id === f.flightId).map((c) => c.id),
      };
    });
    flights.sort((a, b) => a.legs[0]!.departs.localeCompare(b.legs[0]!.departs) || a.code.localeCompare(b.code));
    return { flights };
  }

  /** POST /api/admin/cancellations: cancels, and writes one notice per booking group with its e-mail, in one transaction. */
  async cancel(staffId: number, input: { flightId: number; legId: number | null; reason: string }, lang: Lang): Promise<TCancelFlightAnswer> {
    const legs = await this.deps.schedule.legsOfFlights([input.flightId]);
    if (!legs.length) throw new AppError('notFound', 'notFound');
    if (input.legId !== null && !legs.some((l) => l.legId === input.legId)) {
      throw new AppError('validation', 'cancellationLegUnknown', { legId: ['cancellationLegUnknown'] });
    }
    const at = this.now().toISOString();
    const result = await this.deps.transactions.run(async (trx) => {
      if (!(await this.deps.schedule.cancel(input.flightId, input.legId, trx))) throw new AppError('conflict', 'cancellationAlreadyCancelled');
      const id = await q.insertCancellation(trx, { flight_id: input.flightId, leg_id: input.legId, reason: input.reason, created_by: staffId, created_at: at });
      const affected = (await q.liveTicketsOfFlights(trx, [input.flightId])).filter(
        (t) => input.legId === null || ticketLegs(legs, t).some((l) => l.legId === input.legId),
      );
      const groups = new Map<string, TicketRow[]>();
      for (const t of affected) groups.set(t.booking_code.slice(0, 6), [...(groups.get(t.booking_code.slice(0, 6)) ?? []), t]);
      for (const [group, tickets] of groups) {
        const nonce = randomToken(16);
        const notice = {
          group_code: group,
          token_nonce: nonce,
          lang: langOf(tickets[0]!.lang),
          email: tickets[0]!.contact_email,
          paid_cents: tickets.reduce((a, t) => a + t.total_cents, 0),
        };
        await q.insertNotice(trx, {
          ...notice,
          cancellation_id: id,
          token_hash: sha256(noticeToken(this.deps.secret, nonce)),
          ticket_nrs: JSON.stringify(tickets.map((t) => t.ticket_nr)),
          choice: null,
          choice_detail: null,
          chosen_at: null,
          reminded_at: null,
          created_at: at,
        });
        await this.deps.audit.record(trx, {
          code: tickets[0]!.booking_code,
          actor: `user:${staffId}`,
          action: 'flightCancelled',
          detail: { flightId: input.flightId, legId: input.legId, reason: input.reason, tickets: tickets.map((t) => t.ticket_nr) },
        });
        await this.deps.mailer.enqueue(trx, noticeMail(noticeFacts(notice, { leg_id: input.legId, reason: input.reason }, legs, this.deps)));
      }
      return { id, notified: groups.size };
    });
    const messages = localizedWith('cancellationDone', { flightCode: legs[0]!.code, count: result.notified });
    return { cancellationId: result.id, notified: result.notified, message: messages[lang], messages };
  }

  /** GET /api/admin/cancellations */
  async list(lang: Lang): Promise<TCancellationsList> {
    const rows = await q.listCancellations(this.deps.db);
    const counts = new Map(
      (
        await q.noticeCounts(
          this.deps.db,
          rows.map((r) => r.id),
        )
      ).map((c) => [c.cancellation_id, c]),
    );
    const legs = await this.deps.schedule.legsOfFlights([...new Set(rows.map((r) => r.flight_id))]);
    return {
      cancellations: rows.map((r) => {
        const fl = legs.filter((l) => l.flightId === r.flight_id);
        return {
          cancellationId: r.id,
          flightCode: fl[0]?.code ?? '',
          date: fl[0]?.serviceDate ?? '',
          route: routeOf(cancelledLegs(fl, r.leg_id), lang),
          reason: r.reason,
          createdAt: r.created_at,
          notices: Number(counts.get(r.id)?.n ?? 0),
          answered: Number(counts.get(r.id)?.answered ?? 0),
        };
      }),
    };
  }

  /** GET /api/admin/cancellations/{id}: who chose what, who has not answered. */
  async answers(id: number, lang: Lang): Promise<TCancellationAnswers> {
    const c = await q.findCancellation(this.deps.db, id);
    if (!c) throw new AppError('notFound', 'notFound');
    const legs = await this.deps.schedule.legsOfFlights([c.flight_id]);
    const notices = await q.noticesOf(this.deps.db, id);
    const tickets = await ticketsByNr(
      this.deps.db,
      notices.flatMap((n) => JSON.parse(n.ticket_nrs) as string[]),
    );
    return {
      cancellationId: c.id,
      flightId: c.flight_id,
      flightCode: legs[0]?.code ?? '',
      date: legs[0]?.serviceDate ?? '',
      route: routeOf(cancelledLegs(legs, c.leg_id), lang),
      reason: c.reason,
      createdAt: c.created_at,
      notices: notices.map((n) => {
        const nrs = JSON.parse(n.ticket_nrs) as string[];
        return {
          bookingCode: n.group_code,
          email: n.email,
          lang: langOf(n.lang),
          passengers: nrs.map((nr) => tickets.get(nr)).map((t) => (t ? `${t.lastname} ${t.firstname}` : '')),
          tickets: nrs,
          paid: centsToAmount(n.paid_cents),
          choice: n.choice as CancellationChoice | null,
          choiceText: choiceMessages(n)?.[lang] ?? null,
          chosenAt: n.chosen_at,
          remindedAt: n.reminded_at,
        };
      }),
    };
  }

  /** For the sweeper: one reminder per unanswered notice, CANCELLATION_REMINDER_HOURS after the first e-mail; claimed with its mail, so once. */
  async remindUnanswered(): Promise<number> {
    const now = this.now();
    const due = await q.dueReminders(this.deps.db, new Date(now.getTime() - CANCELLATION_REMINDER_HOURS * 3_600_000).toISOString());
    let sent = 0;
    for (const n of due) {
      const c = (await q.findCancellation(this.deps.db, n.cancellation_id))!;
      const legs = await this.deps.schedule.legsOfFlights([c.flight_id]);
      const claimed = await this.deps.transactions.run(async (trx) => {
        if (!(await q.claimReminder(trx, n.id, now.toISOString()))) return false;
        await this.deps.mailer.enqueue(trx, reminderMail(noticeFacts(n, c, legs, this.deps)));
        return true;
      });
      if (claimed) sent++;
    }
    return sent;
  }
}
